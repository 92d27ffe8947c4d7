import Foundation

/// FFmpeg's gblur, with its options and its recursive filter (Alvarez and
/// Mazorra's, as Getreuer wrote it): each plane blurred along its rows and
/// down its columns by a first-order filter run forwards and backwards
/// `steps` times, scaled once at the end, clipped and truncated to codes.
enum GblurFilter {
    static let descriptor = FilterDescriptor(
        name: "gblur", kind: .neighborhood,
        summary: "Gaussian blur by a recursive filter, each plane in its own samples (FFmpeg gblur).",
        formula: "per plane in its own samples, FFmpeg's gblur: lambda = sigma^2 / (2 steps), nu = (1 + 2 lambda -"
            + " sqrt(1 + 4 lambda)) / (2 lambda); steps times along each row: p[0] *= 1 / (1 - nu),"
            + " p[x] += nu p[x - 1] rightwards, p[w - 1] *= 1 / (1 - nu), p[x - 1] += nu p[x] leftwards; then"
            + " the same down each column with sigmaV's; out = trunc(clip(p (nu / lambda)^steps (nuV /"
            + " lambdaV)^steps, 0, max)), in floats. Planes whose bit of `planes` is 0 are left alone. Alone on"
            + " 8- to 12-bit planar YUV or grey written back as is: on the planes, FFmpeg's frames within one"
            + " code. Elsewhere on RGB: the same filter's response as weights (clamp-to-edge), green, blue, red"
            + " and alpha as FFmpeg's planes 0 to 3 of planar RGB",
        parameters: [
            .number("sigma", default: 0.5, range: 0...1024, summary: "the Gaussian's standard deviation, samples"),
            .integer(
                "steps", default: 1, range: 1...6,
                summary: "times the filter runs each way (more: closer to a Gaussian)"),
            .integer(
                "planes", default: 15, range: 0...15,
                summary: "which planes to blur, a bit each (1: Y, 2: U, 4: V, 8: A)"),
            .number("sigmaV", default: -1, range: -1...1024, summary: "the vertical standard deviation; -1: sigma's"),
        ],
        stages: [
            .kernel("hb_gblur_h", file: "kernels/gblur.glsl"), .kernel("hb_gblur_v", file: "kernels/gblur.glsl"),
        ],
        dataInBuffer: true,
        layout: [.init("mask"), .init("reach", count: 2), .rest("weights")],
        pack: { values, _ in rgbData(values) })

    /// One direction's filter as FFmpeg keeps it, in floats.
    struct Coefficients: Hashable, Sendable {
        /// The feedback of each sample on the next.
        var nu: Float
        /// What the first and last sample are scaled by: 1 / (1 - nu).
        var boundary: Float
        /// What the result is scaled by: (nu / lambda)^steps.
        var postscale: Float

        /// FFmpeg's set_params for `sigma` and `steps`: lambda from the
        /// float sigma squared, the rest in doubles, kept as floats. A sigma
        /// of 0 (FFmpeg divides by it) is the limit: no blur.
        init(sigma: Double, steps: Int) {
            let square = Float(sigma) * Float(sigma)
            guard square > 0 else {
                self.nu = 0
                boundary = 1
                postscale = 1
                return
            }
            let lambda = Double(square) / (2.0 * Double(steps))
            let nu = (1.0 + 2.0 * lambda - (1.0 + 4.0 * lambda).squareRoot()) / (2.0 * lambda)
            self.nu = Float(nu)
            boundary = Float(1.0 / (1.0 - nu))
            postscale = Float(pow(nu / lambda, Double(steps)))
        }
    }

    /// The horizontal and vertical filters of these values.
    static func coefficients(_ values: FilterValues) -> (rows: Coefficients, columns: Coefficients, steps: Int) {
        let sigma = values.number("sigma")
        let sigmaV = values.number("sigmaV")
        let steps = values.integer("steps")
        return (
            Coefficients(sigma: sigma, steps: steps), Coefficients(sigma: sigmaV < 0 ? sigma : sigmaV, steps: steps),
            steps
        )
    }

    /// The RGB path's data: which channels blur (red, green, blue, alpha as
    /// 1, 2, 4, 8, from FFmpeg's plane bits of planar G, B, R, A), how far
    /// the rows' and the columns' weights reach, then those weights from
    /// the centre out (`response`).
    static func rgbData(_ values: FilterValues) -> [Float] {
        let planes = values.integer("planes")
        let mask = (planes & 4 != 0 ? 1 : 0) | (planes & 1 != 0 ? 2 : 0) | (planes & 2 != 0 ? 4 : 0) | (planes & 8)
        let (rows, columns, steps) = coefficients(values)
        let blurs = values.number("sigma") > 0
        let weights = [rows, columns].map { blurs ? response($0, steps: steps) : [1] }
        return [Float(blurs ? mask : 0)] + weights.map { Float($0.count - 1) } + weights.flatMap { $0.map(Float.init) }
    }

    /// The farthest the RGB path's weights reach: a blur wider than this
    /// (a sigma past about 40) loses its tails there.
    static let widestReach = 256

    /// The response from the centre out of `steps` runs of the filter on an
    /// endless line: `steps` times the symmetric nu^|k| convolved, cut
    /// where it falls under 10^-6 of its centre (or at `widestReach`), and
    /// scaled to sum to 1 as the filter does.
    static func response(_ filter: Coefficients, steps: Int) -> [Double] {
        let nu = Double(filter.nu)
        guard nu > 0 else { return [1] }
        let reach = min(widestReach, Int((log(1e-6) / log(nu)).rounded(.up)) * steps)
        let single = (-reach...reach).map { pow(nu, Double(abs($0))) }
        var kernel = single
        for _ in 1..<max(1, steps) {
            kernel = (0..<kernel.count).map { k in
                var sum = 0.0
                for (j, weight) in single.enumerated() {
                    let at = k + reach - j
                    if at >= 0, at < kernel.count { sum += kernel[at] * weight }
                }
                return sum
            }
        }
        let total = kernel.reduce(0, +)
        let half = kernel[reach...].map { $0 / total }
        let cut = half[0] * 1e-6
        return Array(half.prefix { $0 >= cut })
    }
}

extension Filter {
    /// `gblur` (FFmpeg's): each plane blurred in its own samples by FFmpeg's
    /// recursive Gaussian of `sigma` (0...1024), run `steps` times (1...6);
    /// `sigmaV` the vertical one (nil: sigma); `planes` a bit per plane to
    /// blur (1: Y, 2: U, 4: V, 8: A).
    public static func gblur(sigma: Double, steps: Int = 1, planes: Int = 15, sigmaV: Double? = nil)
        throws(FilterChainError) -> Filter
    {
        try Filter(
            GblurFilter.descriptor,
            values: [
                "sigma": .number(sigma), "steps": .number(Double(steps)), "planes": .number(Double(planes)),
                "sigmaV": .number(sigmaV ?? -1),
            ])
    }
}
