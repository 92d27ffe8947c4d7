import Foundation
import Kakapos

/// What each contact-sheet tile applies: for every catalog filter, values
/// that show what it does (many defaults change nothing), and the sample
/// files that filters naming a file need, made here in a temporary folder:
/// a `.cube` LUT, a 512x512 lookup image, a Hald CLUT, a logo with alpha,
/// a mask and a custom shader.
struct GallerySamples {
    /// One tile: its label and the chain text applied after the resize.
    struct Tile {
        let label: String
        let chain: String
        /// Overrides the frame's time, for time-aware filters (`fade`).
        var time: Double?
    }

    let folder: String
    let cube: String
    let lookupImage: String
    let haldImage: String
    /// 1D lookups: a cross-processing curve, and cool, neutral and warm ones for the zones.
    let curves: (cross: String, cool: String, neutral: String, warm: String)
    let logo: String
    let mask: String
    let shader: String

    /// Writes the sample files into a new folder under the system's
    /// temporary folder; `remove()` deletes it.
    init() throws(ToolError) {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("harbeth-gallery-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        folder = base.path
        cube = folder + "/look.cube"
        lookupImage = folder + "/lookup.png"
        haldImage = folder + "/hald.png"
        curves = (folder + "/cross.png", folder + "/cool.png", folder + "/neutral.png", folder + "/warm.png")
        logo = folder + "/logo.png"
        mask = folder + "/mask.png"
        shader = folder + "/stripes.glsl"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(Self.cubeText(size: 9).utf8).write(to: URL(fileURLWithPath: cube))
            try Data(Self.shaderText.utf8).write(to: URL(fileURLWithPath: shader))
        } catch {
            throw .gallerySamplesUnwritable(folder: folder, reason: "\(error)")
        }
        try Self.writePNG(Self.lookup(), to: lookupImage)
        try Self.writePNG(Self.hald(), to: haldImage)
        try Self.writePNG(Self.curve { x in (x * x * (3 - 2 * x), x, 0.2 + 0.6 * x) }, to: curves.cross)
        try Self.writePNG(Self.curve { x in (x * 0.8, x * 0.9, min(1, 0.1 + x)) }, to: curves.cool)
        try Self.writePNG(Self.curve { x in (x, x, x) }, to: curves.neutral)
        try Self.writePNG(Self.curve { x in (min(1, 0.1 + x), x * 0.95, x * 0.8) }, to: curves.warm)
        try Self.writePNG(Self.logoImage(size: 72), to: logo)
        try Self.writePNG(Self.gradient(width: 64, height: 16), to: mask)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The tiles: the frame as it is, every catalog filter, and a custom shader.
    func tiles(catalog: FilterCatalog = .standard, tileWidth: Int, tileHeight: Int) -> [Tile] {
        var tiles = [Tile(label: "original", chain: "")]
        for descriptor in catalog.descriptors {
            let name = descriptor.name
            let arguments = sampleArguments(name, tileWidth: tileWidth, tileHeight: tileHeight)
            // fade reads the frame's time: halfway through a one-second
            // fade in; edge_glow pulses with it: nearly half way.
            let time: Double? = ["fade": 0.5, "xfade": 0.5, "edge_glow": 0.3][name]
            tiles.append(Tile(label: name, chain: arguments.map { "\(name)=\($0)" } ?? name, time: time))
        }
        tiles.append(Tile(label: "shader", chain: "shader=\(shader):amount=0.7"))
        return tiles
    }

    /// Values that show the filter working; nil keeps its defaults, which
    /// already do for the rest.
    private func sampleArguments(_ name: String, tileWidth: Int, tileHeight: Int) -> String? {
        switch name {
        case "brightness": return "0.25"
        case "contrast": return "1.8"
        case "saturation": return "2"
        case "exposure": return "1"
        case "gamma": return "0.5"
        case "vibrance": return "1"
        case "luma_vibrance": return "intensity=0.8"
        case "color_temperature": return "temperature=3500"
        case "yuv_monochrome": return "cb=0.5:cr=-0.3"
        case "yuv_chroma_key": return "color=0x00ff00:similarity=0.15:blend=0.1"
        case "yuv_pixelize": return "width=12:height=12"
        case "white_balance": return "temperature=7500"
        case "opacity": return "0.4"
        case "levels": return "in_black=0.25:in_white=0.75"
        case "curves": return "master=0/0/0.25/0.1/0.75/0.9/1/1"
        case "highlights_shadows": return "shadows=0.8:highlights=0.3"
        case "color_balance": return "midtones=0.3/0/-0.3"
        case "hsl": return "hue=60:saturation=0.3"
        case "posterize": return "levels=4"
        case "color_matrix": return "matrix=0/0/1/0/0/1/0/0/1/0/0/0/0/0/0/1"
        case "channel_mixer": return "r=0/1/0/0:g=1/0/0/0"
        case "vignette": return "start=0.2:end=0.7"
        case "fade": return "in_duration=1"
        case "lut3d": return "file=\(cube)"
        case "lookup": return "file=\(lookupImage)"
        case "gaussian_blur": return "sigma=3"
        case "resize": return "w=\(tileWidth / 2):h=-1"
        case "crop": return "w=\(tileWidth / 2):h=\(tileHeight / 2)"
        case "pad": return "w=\(tileWidth + tileWidth / 4):h=\(tileHeight + tileHeight / 4):color=0.9/0.5/0.1"
        case "rotate": return "angle=20"
        case "box_blur": return "radius=4"
        case "median": return "size=5"
        case "motion_blur": return "length=20"
        case "sharpen": return "amount=3"
        case "unsharp_mask": return "amount=3"
        case "convolution": return "kernel=-2/-1/0/-1/1/1/0/1/2"
        case "dilate": return "radius=3"
        case "erode": return "radius=3"
        case "blend": return "file=\(logo):mode=difference:fit=fit"
        case "overlay": return "file=\(logo):x=\(tileWidth / 12):y=\(tileHeight / 12)"
        case "mask_blend": return "mask=\(mask):color=1/0.5/0"
        // With the frame itself, mirrored and inverted, as the second video.
        case "xfade": return "transition=circleopen:duration=1:offset=0"
        case "hstack", "vstack": return "padding=4:color=1/1/1"
        case "temperature": return "0.7"
        case "warmth": return "0.6"
        case "channel_control": return "red=0.5:blue=-0.5"
        case "color_vector": return "vector=0.2/0/-0.2/0"
        case "highlights": return "-0.6"
        case "shadows": return "0.5"
        case "color_correction": return "levels=0.5:curves=0.8"
        case "vignette_blend": return "start=0.1:end=0.6:color=0.2/0.3/0.8:mode=overlay"
        case "transform": return "corners=0.1/0/0.9/0.1/1/1/0/0.9"
        case "morphology": return "operation=gradient:radius=2"
        case "rgba_dilation": return "radius=6"
        case "chromatic_aberration": return "amount=0.03"
        case "film_grain": return "strength=0.3:size=2"
        case "denoise": return "s=6:p=3:r=7"
        case "cas": return "1"
        case "surface_blur": return "radius=4:threshold=0.2"
        case "clarity": return "1.5"
        case "hald_clut": return "file=\(haldImage)"
        case "lookup_1d": return "file=\(curves.cross)"
        case "multi_zone_lookup":
            return "shadows=\(curves.cool):midtones=\(curves.neutral):highlights=\(curves.warm)"
        case "solid": return "color=0.9/0.5/0.1"
        case "despill": return "type=blue:mix=0.1:blue=-1:green=0.3"
        case "luma_key": return "threshold=0.6:tolerance=0.15:softness=0.1"
        case "dither": return "levels=2"
        case "rgba_shift": return "rh=8:bh=-8:bv=4"
        case "lens_correction": return "k1=-0.5:k2=0.2"
        case "colorspace": return "from_primaries=bt2020:gamut=perceptual"
        case "gradient": return "from=0.1/0.2/0.6:to=1/0.8/0.3:angle=30"
        default: return nil
        }
    }

    // MARK: Sample files

    /// A 3D LUT that cools shadows and warms highlights.
    static func cubeText(size: Int) -> String {
        var text = "TITLE \"harbeth-render gallery\"\nLUT_3D_SIZE \(size)\n"
        for blue in 0..<size {
            for green in 0..<size {
                for red in 0..<size {
                    let (r, g, b) = (Double(red), Double(green), Double(blue))
                    let n = Double(size - 1)
                    let luma = (0.3 * r + 0.59 * g + 0.11 * b) / n
                    let values = [
                        min(1, r / n * 0.8 + luma * 0.3), g / n * 0.9 + 0.05, min(1, b / n * 0.6 + (1 - luma) * 0.3),
                    ]
                    text += values.map { String(format: "%.4f", $0) }.joined(separator: " ") + "\n"
                }
            }
        }
        return text
    }

    /// Harbeth's 512x512 lookup image (8x8 tiles of 64x64: blue picks the
    /// tile, red the column, green the row), with the channels rotated so
    /// the effect is plain to see: red takes green's value, and so on.
    static func lookup() -> Canvas {
        var canvas = Canvas(width: 512, height: 512, fill: (0, 0, 0, 255))
        for blue in 0..<64 {
            let tileX = (blue % 8) * 64
            let tileY = (blue / 8) * 64
            for green in 0..<64 {
                for red in 0..<64 {
                    let value = { (level: Int) in UInt8(level * 255 / 63) }
                    canvas.fillRectangle(
                        x: tileX + red, y: tileY + green, width: 1, height: 1,
                        (value(green), value(blue), value(red), 255))
                }
            }
        }
        return canvas
    }

    /// A Hald CLUT of level 8 (512x512: entry r + 64 g + 4096 b, row after
    /// row), with the channels rotated the other way from `lookup()`'s.
    static func hald() -> Canvas {
        var canvas = Canvas(width: 512, height: 512, fill: (0, 0, 0, 255))
        let value = { (level: Int) in UInt8(level * 255 / 63) }
        for index in 0..<(64 * 64 * 64) {
            let (red, green, blue) = (index % 64, index / 64 % 64, index / 4096)
            canvas.fillRectangle(
                x: index % 512, y: index / 512, width: 1, height: 1, (value(blue), value(red), value(green), 255))
        }
        return canvas
    }

    /// A 256x1 lookup image of the per-channel `function` of 0...1.
    static func curve(_ function: (Double) -> (Double, Double, Double)) -> Canvas {
        var canvas = Canvas(width: 256, height: 1, fill: (0, 0, 0, 255))
        for x in 0..<256 {
            let (r, g, b) = function(Double(x) / 255)
            let byte = { (v: Double) in UInt8((min(max(v, 0), 1) * 255).rounded()) }
            canvas.fillRectangle(x: x, y: 0, width: 1, height: 1, (byte(r), byte(g), byte(b), 255))
        }
        return canvas
    }

    /// An orange disc with a white ring and a soft edge, transparent outside.
    static func logoImage(size: Int) -> Canvas {
        var canvas = Canvas(width: size, height: size, fill: (0, 0, 0, 0))
        let centre = Double(size - 1) / 2
        let radius = Double(size) / 2 - 1
        for y in 0..<size {
            for x in 0..<size {
                let distance =
                    ((Double(x) - centre) * (Double(x) - centre) + (Double(y) - centre) * (Double(y) - centre))
                    .squareRoot()
                let alpha = UInt8(max(0, min(1, radius - distance)) * 255)
                let ring = abs(distance - radius * 0.7) < radius * 0.08
                let colour: Canvas.Colour = ring ? (255, 255, 255, alpha) : (255, 140, 20, alpha)
                canvas.fillRectangle(x: x, y: y, width: 1, height: 1, colour)
            }
        }
        return canvas
    }

    /// A left-to-right ramp from black to white (mask_blend stretches it).
    static func gradient(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height, fill: (0, 0, 0, 255))
        for x in 0..<width {
            let level = UInt8(x * 255 / (width - 1))
            canvas.fillRectangle(x: x, y: 0, width: 1, height: height, (level, level, level, 255))
        }
        return canvas
    }

    /// A pointwise custom shader: diagonal stripes tinted magenta.
    static let shaderText = """
        // The gallery's custom shader: diagonal stripes of tinted luma.
        uniform float amount = 0.6; // range 0...1

        vec4 filter(vec4 rgba, ivec2 pos) {
            float stripe = step(0.5, fract(float(pos.x + pos.y) / 16.0));
            float luma = dot(rgba.rgb, vec3(0.299, 0.587, 0.114));
            vec3 tinted = mix(rgba.rgb, vec3(1.0, 0.25, 0.7) * luma, amount);
            return vec4(mix(rgba.rgb, tinted, stripe), rgba.a);
        }

        """

    /// Writes a canvas as a PNG through the recorder (temporary file, rename).
    static func writePNG(_ canvas: Canvas, to path: String) throws(ToolError) {
        try StillImage.write(canvas.frame(), to: URL(fileURLWithPath: path), overwrite: false)
    }
}
