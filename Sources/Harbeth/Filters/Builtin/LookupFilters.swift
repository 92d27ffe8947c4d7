/// Colour lookup tables: Adobe `.cube` files and Harbeth's lookup images,
/// both applied by trilinear interpolation in `pointwise/lut3d.glsl`.
enum LookupFilters {
    static let lut3d = FilterDescriptor(
        name: "lut3d", kind: .pointwise, summary: "Applies a 3D LUT from an Adobe .cube or Autodesk .3dl file.",
        formula: "x = clamp((rgb - domain_min) / (domain_max - domain_min), 0, 1) * (N - 1); trilinear interpolation"
            + " of the N^3 table; mix(rgb, lut, intensity); alpha unchanged"
            + " (Adobe Cube LUT Specification 1.0, Harbeth C7ColorCube); a .3dl file: its shaper's level count"
            + " is N, entries in the smallest of 10/12/14/16 bits that holds them, blue fastest",
        parameters: [
            .text("file", summary: "the .cube (LUT_3D_SIZE 2...65) or .3dl file", structural: false),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_lut3d", file: "pointwise/lut3d.glsl")],
        dataInBuffer: true,
        layout: ["intensity", "size", .init("domain_min", count: 3), .init("domain_max", count: 3), .rest("table")],
        pack: { values, environment in
            let path = try requiredPath(values, filter: "lut3d", example: "lut3d=file=look.cube")
            let bytes = try environment.resources.data(at: path)
            let lut =
                path.lowercased().hasSuffix(".3dl")
                ? try CubeLUT(parsing3DL: bytes, path: path) : try CubeLUT(parsing: bytes, path: path)
            return [Float(values.number("intensity"))] + lut.packed
        })

    static let lookup = FilterDescriptor(
        name: "lookup", kind: .pointwise, summary: "Applies Harbeth's 512x512 lookup image.",
        formula: "the 64^3 table of a 512x512 image of 8x8 tiles of 64x64 (blue picks the tile, row after row; red"
            + " the column, green the row in it), applied as lut3d: trilinear, mix(rgb, lut, intensity)"
            + " (Harbeth C7LookupTable, GPUImage LookupFilter)",
        parameters: [
            .text("file", summary: "the lookup image (decoded by the media layer)", structural: false),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_lut3d", file: "pointwise/lut3d.glsl")],
        dataInBuffer: true,
        layout: ["intensity", "size", .init("domain_min", count: 3), .init("domain_max", count: 3), .rest("table")],
        pack: { values, environment in
            let path = try requiredPath(values, filter: "lookup", example: "lookup=file=lookup.png")
            let lut = try CubeLUT(lookupImage: environment.resources.image(at: path), path: path)
            return [Float(values.number("intensity"))] + lut.packed
        })

    static let haldClut = FilterDescriptor(
        name: "hald_clut", kind: .pointwise, summary: "Applies a Hald CLUT image.",
        formula: "the (L^2)^3 table of an L^3 x L^3 image, red fastest, then green, then blue, applied as lut3d:"
            + " trilinear, mix(rgb, lut, intensity) (FFmpeg haldclut, ImageMagick hald:)",
        parameters: [
            .text("file", summary: "the Hald image, level 2...8 (decoded by the media layer)", structural: false),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_lut3d", file: "pointwise/lut3d.glsl")],
        dataInBuffer: true,
        layout: ["intensity", "size", .init("domain_min", count: 3), .init("domain_max", count: 3), .rest("table")],
        pack: { values, environment in
            let path = try requiredPath(values, filter: "hald_clut", example: "hald_clut=file=hald8.png")
            let lut = try CubeLUT(haldImage: environment.resources.image(at: path), path: path)
            return [Float(values.number("intensity"))] + lut.packed
        })

    static let lookup1D = FilterDescriptor(
        name: "lookup_1d", kind: .pointwise, summary: "Per-channel curves from a lookup image (N x 1).",
        formula: "tables R, G, B = the middle row of the N-wide image, per channel; x = clamp(v, 0, 1) (N - 1),"
            + " linear between entries; mix(rgb, (R(r), G(g), B(b)), intensity) (Harbeth C7LookupTable1D)",
        parameters: [
            .text("file", summary: "the lookup image, 2...4096 wide (decoded by the media layer)", structural: false),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_lookup_1d", file: "pointwise/lookup_1d.glsl")],
        dataInBuffer: true,
        layout: ["intensity", "entries", "shadow", "highlight", "transition", .rest("tables")],
        pack: { values, environment in
            let path = try requiredPath(values, filter: "lookup_1d", example: "lookup_1d=file=curve.png")
            let tables = try oneDimensionalTables(environment.resources.image(at: path), path: path)
            // No zones: the layout is multi_zone_lookup's, whose function shares the file.
            return [Float(values.number("intensity")), Float(tables.count / 3), 0, 0, 0] + tables
        })

    static let multiZoneLookup = FilterDescriptor(
        name: "multi_zone_lookup", kind: .pointwise,
        summary: "Separate 1D lookups for the shadows, midtones and highlights.",
        formula: "three lookup_1d tables weighted by luma l: s = min(shadow, highlight - 0.01), h = max(highlight,"
            + " s + 0.01); shadows below s, highlights above h, midtones between, blended linearly over"
            + " `transition` after s and before h; mix(rgb, weighted, intensity) (Harbeth C7MultiZoneLookup,"
            + " whose blend divides by twice the transition and so jumps at the zone's edge)",
        parameters: [
            .text("shadows", summary: "lookup image for the shadows", structural: false),
            .text("midtones", summary: "lookup image for the midtones", structural: false),
            .text("highlights", summary: "lookup image for the highlights", structural: false),
            .number("shadow", default: 0.3, range: 0...1, summary: "luma where the shadows end"),
            .number("highlight", default: 0.7, range: 0...1, summary: "luma where the highlights begin"),
            .number("transition", default: 0.1, range: 0.001...0.5, summary: "width of the blends"),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_multi_zone_lookup", file: "pointwise/lookup_1d.glsl")],
        dataInBuffer: true,
        layout: ["intensity", "entries", "shadow", "highlight", "transition", .rest("tables")],
        pack: { values, environment in
            var sets: [[Float]] = []
            for zone in ["shadows", "midtones", "highlights"] {
                let path = values.text(zone)
                guard !path.isEmpty else {
                    throw RenderError.invalidFilterSetup(
                        filter: "multi_zone_lookup",
                        reason: "name all three images: shadows=a.png:midtones=b.png:highlights=c.png")
                }
                sets.append(try oneDimensionalTables(environment.resources.image(at: path), path: path))
            }
            guard Set(sets.map(\.count)).count == 1 else {
                throw RenderError.invalidFilterSetup(
                    filter: "multi_zone_lookup", reason: "the three lookup images must be equally wide")
            }
            return [Float(values.number("intensity")), Float(sets[0].count / 3)]
                + ["shadow", "highlight", "transition"].map { Float(values.number($0)) } + sets.flatMap { $0 }
        })

    /// The red, green and blue tables of a 1D lookup image: its middle row.
    private static func oneDimensionalTables(_ image: VideoFrame, path: String) throws -> [Float] {
        guard image.layout == .rgba8 else {
            throw FilterResourceError.malformed(
                path: path, line: nil, reason: "a lookup image must be decoded to RGBA8, not \(image.layout)")
        }
        guard (2...4096).contains(image.width) else {
            throw FilterResourceError.malformed(
                path: path, line: nil, reason: "a 1D lookup image is 2...4096 wide, not \(image.width)")
        }
        let pixels = image.packedBytes(plane: 0)
        let row = (image.height / 2) * image.width * 4
        return (0..<3).flatMap { channel in
            (0..<image.width).map { Float(pixels[row + $0 * 4 + channel]) / 255 }
        }
    }

    private static func requiredPath(_ values: FilterValues, filter: String, example: String) throws -> String {
        let path = values.text("file")
        guard !path.isEmpty else {
            throw RenderError.invalidFilterSetup(filter: filter, reason: "name the file, as in \(example)")
        }
        return path
    }

    static let all: [FilterDescriptor] = [lut3d, lookup, haldClut, lookup1D, multiZoneLookup]
}

extension Filter {
    /// `lut3d`: the Adobe `.cube` file at `file`, mixed by `intensity`
    /// (0...1, clamped). The file is read when the filter is first rendered.
    public static func lut3d(file: String, intensity: Double = 1) -> Filter {
        Filter(clamping: LookupFilters.lut3d, values: ["file": .text(file), "intensity": .number(intensity)])
    }

    /// `hald_clut`: the Hald CLUT image at `file`, mixed by `intensity`
    /// (0...1, clamped); decoded through the renderer's `FilterResourceLoader`.
    public static func haldClut(file: String, intensity: Double = 1) -> Filter {
        Filter(clamping: LookupFilters.haldClut, values: ["file": .text(file), "intensity": .number(intensity)])
    }

    /// `lookup_1d`: per-channel curves from the lookup image at `file`
    /// (its middle row), mixed by `intensity` (0...1, clamped).
    public static func lookup1D(file: String, intensity: Double = 1) -> Filter {
        Filter(clamping: LookupFilters.lookup1D, values: ["file": .text(file), "intensity": .number(intensity)])
    }

    /// `multi_zone_lookup`: 1D lookup images for the shadows, midtones and
    /// highlights, with the zones' edges and blend width; values clamped.
    public static func multiZoneLookup(
        shadows: String, midtones: String, highlights: String, shadow: Double = 0.3, highlight: Double = 0.7,
        transition: Double = 0.1, intensity: Double = 1
    ) -> Filter {
        Filter(
            clamping: LookupFilters.multiZoneLookup,
            values: [
                "shadows": .text(shadows), "midtones": .text(midtones), "highlights": .text(highlights),
                "shadow": .number(shadow), "highlight": .number(highlight), "transition": .number(transition),
                "intensity": .number(intensity),
            ])
    }

    /// `lookup`: Harbeth's 512x512 lookup image at `file`, mixed by
    /// `intensity` (0...1, clamped). Rendering decodes it through the
    /// renderer's `FilterResourceLoader`.
    public static func lookup(file: String, intensity: Double = 1) -> Filter {
        Filter(clamping: LookupFilters.lookup, values: ["file": .text(file), "intensity": .number(intensity)])
    }
}
