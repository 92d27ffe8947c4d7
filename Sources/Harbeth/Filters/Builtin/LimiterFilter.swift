/// FFmpeg's limiter: each sample of the planes `planes` picks clamped to
/// min...max, in the plane's own codes (both at most its largest code).
enum LimiterFilter {
    static let descriptor = FilterDescriptor(
        name: "limiter", kind: .pointwise,
        summary: "Each sample clamped to min...max in its own codes (FFmpeg limiter).",
        formula: "per plane in its own samples, FFmpeg's limiter: out = clip(v, min, max), min and max at most the"
            + " plane's largest code; planes not in `planes` kept. Alone on 8- to 12-bit planar YUV or grey written"
            + " back as is: on the planes, FFmpeg's frames exactly. Elsewhere on RGB in 8-bit codes, green, blue and"
            + " red as FFmpeg's planes 0 to 2 of planar RGB, the alpha kept",
        parameters: [
            .integer("min", default: 0, range: 0...65535, summary: "the smallest code kept"),
            .integer("max", default: 65535, range: 0...65535, summary: "the largest code kept"),
            .integer("planes", default: 15, range: 0...15, summary: "the planes limited, a bit each (1: Y or G)"),
        ],
        stages: [.pointwise("hb_limiter", file: "pointwise/limiter.glsl")],
        layout: ["low", "high", "planes"],
        pack: { values, _ in
            let (low, high) = try bounds(values, largest: 255)
            return [Float(low), Float(high), Float(values.integer("planes"))]
        })

    /// min and max at most `largest`; throws where min is above max.
    static func bounds(_ values: FilterValues, largest: Int) throws -> (low: Int, high: Int) {
        let (low, high) = (min(values.integer("min"), largest), min(values.integer("max"), largest))
        guard low <= high else {
            throw RenderError.invalidFilterSetup(
                filter: "limiter", reason: "min (\(values.integer("min"))) is above max (\(values.integer("max")))")
        }
        return (low, high)
    }
}
