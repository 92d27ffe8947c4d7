import Foundation

/// FFmpeg's vignette: natural vignetting, the cos^4 law of a lens. Each
/// sample is scaled by cos^4 of the lens angle times its distance from the
/// centre over the half-diagonal (chroma about 127), FFmpeg's dither added
/// before the truncation.
enum NaturalVignetteFilter {
    static let descriptor = FilterDescriptor(
        name: "natural_vignette", kind: .pointwise,
        summary: "Natural vignetting, the cos^4 law of a lens (FFmpeg vignette).",
        formula: "xx = trunc(x - x0), yy = trunc(y - y0), d = hypot(xx, yy) / hypot(w / 2, h / 2);"
            + " f = d > 1 ? 0 : cos(angle d)^4 (backward: 1 / f), FFmpeg's vignette. On 8-bit planar YUV or"
            + " grey written back as is, on the planes: Y' = trunc(f Y + dv), U' = trunc(f (U - 127) + 127 + dv)"
            + " with f at the sample's luma pixel, clipped to 0...255, dv FFmpeg's dither (its generator,"
            + " s' = 1664525 s + 1013904223 from 0, one draw a sample in FFmpeg's order through the frames, over"
            + " 2^32), FFmpeg's frames within one code. Elsewhere on RGB: rgb f. Square pixels; x0 and y0 are"
            + " expressions of the frame's w and h, the angle may move with t and n (eval=init and eval=frame"
            + " alike)",
        parameters: [
            .number("angle", default: Double.pi / 5, range: 0...(Double.pi / 2), summary: "the lens angle, radians"),
            .sizeExpression("x0", default: "w/2", summary: "the centre's x, pixels"),
            .sizeExpression("y0", default: "h/2", summary: "the centre's y, pixels"),
            .choice(
                "mode", ["forward", "backward"], default: "forward",
                summary: "forward darkens the edges, backward undoes a vignette", numbered: true),
            .choice(
                "eval", ["init", "frame"], default: "init",
                summary: "FFmpeg's; the angle is evaluated each frame here", numbered: true),
            .boolean("dither", default: true, summary: "adds FFmpeg's dither before the truncation"),
        ],
        stages: [.pointwise("hb_natural_vignette", file: "pointwise/natural_vignette.glsl")],
        layout: ["angle", "x0", "y0", "dmax", "backward", "dither", .init("jumps", count: 64)],
        pack: { values, environment in
            let size = environment.inputSize
            let dmax =
                (Double(size.width) / 2 * Double(size.width) / 2 + Double(size.height) / 2
                * Double(size.height) / 2).squareRoot()
            let centre = ExpressionVariables(w: Double(size.width), h: Double(size.height))
            func at(_ name: String) throws -> Float {
                Float(try ParameterExpression(parsing: values.text(name), names: .size).value(centre))
            }
            return [
                Float(values.number("angle")), try at("x0"), try at("y0"), Float(dmax),
                values.text("mode") == "backward" ? 1 : 0, values.bool("dither") ? 1 : 0,
            ] + jumps.flatMap { [Float(bitPattern: $0.multiplier), Float(bitPattern: $0.increment)] }
        })

    /// FFmpeg's dither generator, s' = 1664525 s + 1013904223 (mod 2^32),
    /// run 2^i times, for i = 0...31: a shader reaches any draw in 32 steps.
    static let jumps: [(multiplier: UInt32, increment: UInt32)] = {
        var step: (multiplier: UInt32, increment: UInt32) = (1_664_525, 1_013_904_223)
        var jumps: [(multiplier: UInt32, increment: UInt32)] = []
        for _ in 0..<32 {
            jumps.append(step)
            step = (step.multiplier &* step.multiplier, step.multiplier &* step.increment &+ step.increment)
        }
        return jumps
    }()
}

extension Filter {
    /// `natural_vignette` (FFmpeg's vignette): the cos^4 law of a lens of
    /// `angle` radians (0...pi/2) about the frame's centre; `backward`
    /// undoes such a vignette instead.
    public static func naturalVignette(angle: Double = Double.pi / 5, backward: Bool = false)
        throws(FilterChainError) -> Filter
    {
        try Filter(
            NaturalVignetteFilter.descriptor,
            values: ["angle": .number(angle), "mode": .choice(backward ? "backward" : "forward")])
    }
}
