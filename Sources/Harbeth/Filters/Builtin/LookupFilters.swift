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
        pack: { values, environment in
            let path = try requiredPath(values, filter: "hald_clut", example: "hald_clut=file=hald8.png")
            let lut = try CubeLUT(haldImage: environment.resources.image(at: path), path: path)
            return [Float(values.number("intensity"))] + lut.packed
        })

    private static func requiredPath(_ values: FilterValues, filter: String, example: String) throws -> String {
        let path = values.text("file")
        guard !path.isEmpty else {
            throw RenderError.invalidFilterSetup(filter: filter, reason: "name the file, as in \(example)")
        }
        return path
    }

    static let all: [FilterDescriptor] = [lut3d, lookup, haldClut]
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

    /// `lookup`: Harbeth's 512x512 lookup image at `file`, mixed by
    /// `intensity` (0...1, clamped). Rendering decodes it through the
    /// renderer's `FilterResourceLoader`.
    public static func lookup(file: String, intensity: Double = 1) -> Filter {
        Filter(clamping: LookupFilters.lookup, values: ["file": .text(file), "intensity": .number(intensity)])
    }
}
