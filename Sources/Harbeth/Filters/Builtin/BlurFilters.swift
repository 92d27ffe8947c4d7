import Foundation

/// Neighbourhood filters: blurs.
enum BlurFilters {
    static let gaussianBlur = FilterDescriptor(
        name: "gaussian_blur", kind: .neighbourhood, summary: "Gaussian blur, separable, clamp-to-edge borders.",
        formula: "sum over |x| <= ceil(3 sigma) of w(x) in(p + x), w(x) ~ exp(-x^2 / (2 sigma^2)) normalised;"
            + " horizontal then vertical pass",
        parameters: [.number("sigma", default: 2, range: 0.1...100, summary: "standard deviation in pixels")],
        stages: [
            .kernel("hb_gaussian_blur_h", file: "kernels/gaussian_blur.glsl"),
            .kernel("hb_gaussian_blur_v", file: "kernels/gaussian_blur.glsl"),
        ],
        pack: { values, _ in gaussianWeights(sigma: values.number("sigma")) })

    /// Radius, then the normalised weights w[0...radius].
    static func gaussianWeights(sigma: Double) -> [Float] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var weights = (0...radius).map { x in exp(-Double(x * x) / (2 * sigma * sigma)) }
        let total = weights[0] + 2 * weights[1...].reduce(0, +)
        weights = weights.map { $0 / total }
        return [Float(radius)] + weights.map(Float.init)
    }

    static let all: [FilterDescriptor] = [gaussianBlur]
}

extension Filter {
    /// `gaussian_blur` of standard deviation `sigma` pixels (0.1...100, clamped).
    public static func gaussianBlur(sigma: Double) -> Filter {
        Filter(clamping: BlurFilters.gaussianBlur, values: ["sigma": .number(sigma)])
    }
}
