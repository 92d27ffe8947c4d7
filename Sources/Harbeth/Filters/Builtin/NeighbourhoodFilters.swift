import Foundation

/// Neighbourhood filters: blurs, sharpening, edges and user kernels.
/// Borders clamp to the edge.
enum NeighbourhoodFilters {
    static let boxBlur = FilterDescriptor(
        name: "box_blur", kind: .neighborhood, summary: "Mean of a square around each pixel, separable.",
        formula: "mean of in(p + (x, y)) over |x|, |y| <= r; horizontal then vertical pass (GPUImage BoxBlur);"
            + " on a CPU-class device as running sums along rows and columns, whose cost does not grow with r."
            + " Alone on planar YUV or grey, up to r = 32: each plane at its own size, a subsampled one by a box"
            + " (2r + 1) / 2 samples wide (edge samples weighed by the part covered); there on a CPU-class device"
            + " from r = 8 at any r, as running sums along each plane's rows and columns",
        parameters: [.integer("radius", default: 2, range: 1...100, summary: "half the side of the square, pixels")],
        stages: [
            FilterStage.kernel("hb_box_blur_h", file: "kernels/box_blur.glsl").onCPU(
                .wholeKernel(file: "kernels/box_running_h.glsl", block: FrameSize(width: 64, height: 1))),
            FilterStage.kernel("hb_box_blur_v", file: "kernels/box_blur.glsl").onCPU(
                .wholeKernel(file: "kernels/box_running_v.glsl", block: FrameSize(width: 1, height: 64))),
        ])

    static let bilateral = FilterDescriptor(
        name: "bilateral", kind: .neighborhood, summary: "Edge-preserving blur.",
        formula: "sum(w in) / sum(w) over |x|, |y| <= ceil(2 sigma_space),"
            + " w = exp(-|d|^2 / (2 sigma_space^2) - |rgb - rgb_centre|^2 / (2 sigma_color^2)) (Harbeth C7BilateralBlur)",
        parameters: [
            .number("sigma_space", default: 3, range: 0.5...8, summary: "spatial standard deviation, pixels"),
            .number("sigma_color", default: 0.1, range: 0.01...1, summary: "colour-difference standard deviation"),
        ],
        stages: [.kernel("hb_bilateral", file: "kernels/bilateral.glsl")],
        layout: ["radius", "spatial", "range"],
        pack: { values, _ in
            let sigmaSpace = values.number("sigma_space")
            let sigmaColor = values.number("sigma_color")
            return [
                Float((2 * sigmaSpace).rounded(.up)), Float(1 / (2 * sigmaSpace * sigmaSpace)),
                Float(1 / (2 * sigmaColor * sigmaColor)),
            ]
        })

    static let median = FilterDescriptor(
        name: "median", kind: .neighborhood, summary: "Per-channel median of a 3x3 or 5x5 square; removes specks.",
        formula: "median of in(p + (x, y)) over |x|, |y| <= size / 2, each channel alone (GPUImage MedianFilter)",
        parameters: [.choice("size", ["3", "5"], default: "3", summary: "side of the square")],
        stages: [.kernel("hb_median", file: "kernels/median.glsl")],
        layout: ["side"],
        pack: { values, _ in [values.text("size") == "5" ? 5 : 3] })

    static let motionBlur = FilterDescriptor(
        name: "motion_blur", kind: .neighborhood, summary: "Blur along a line, as a moving camera makes.",
        formula: "mean of n = ceil(length) + 1 bilinear samples at p + t (cos a, sin a), t evenly in"
            + " [-length/2, length/2]; a clockwise from horizontal (after Harbeth C7MotionBlur)",
        parameters: [
            .number("angle", default: 0, range: -360...360, summary: "direction in degrees, clockwise"),
            .number("length", default: 10, range: 0...200, summary: "length of the streak in pixels"),
        ],
        stages: [.kernel("hb_motion_blur", file: "kernels/motion_blur.glsl", samples: true)],
        layout: ["count", "length", .init("direction", count: 2)],
        pack: { values, _ in
            let length = values.number("length")
            let angle = values.number("angle") * Double.pi / 180
            return [Float(length.rounded(.up) + 1), Float(length), Float(cos(angle)), Float(sin(angle))]
        })

    static let zoomBlur = FilterDescriptor(
        name: "zoom_blur", kind: .neighborhood, summary: "Radial blur towards a centre.",
        formula: "sum over k = -4...4 of w_|k| in(p + k o), o = (c - p) strength / 4,"
            + " w = 0.18, 0.15, 0.12, 0.09, 0.05; bilinear (Harbeth C7ZoomBlur, strength = 4 radius / 100)",
        parameters: [
            .list(
                "center", count: 2...2, default: [0.5, 0.5], range: 0...1,
                summary: "centre as fractions of the width and height"),
            .number("strength", default: 0.3, range: 0...1, summary: "fraction of the distance to the centre"),
        ],
        stages: [.kernel("hb_zoom_blur", file: "kernels/zoom_blur.glsl", samples: true)])

    static let sharpen = FilterDescriptor(
        name: "sharpen", kind: .neighborhood, summary: "Sharpens with the 4-neighbour Laplacian.",
        formula: "rgb (1 + 4 s) - s (left + right + top + bottom) (Harbeth C7Sharpen). Alone on planar YUV or"
            + " grey: Y, U and V each at its own size, alpha kept",
        parameters: [.number("amount", default: 1, range: -4...4, summary: "0 leaves the image unchanged")],
        stages: [.kernel("hb_sharpen", file: "kernels/sharpen.glsl")])

    static let unsharpMask = FilterDescriptor(
        name: "unsharp_mask", kind: .neighborhood, summary: "Sharpens by adding back what a Gaussian blur removes.",
        formula: "d = in - gaussian_blur(sigma), out = in + amount sign(d) max(|d| - threshold, 0) per RGB channel"
            + " (GPUImage UnsharpMask, with a soft threshold). Alone on planar YUV or grey with no threshold,"
            + " sigma <= 10.6: on Y, U and V at their own sizes (sigma halved on subsampled chroma), alpha kept; on a"
            + " CPU-class device from sigma 5.33 at any sigma, the blur walked recursively as gaussian_blur's",
        parameters: [
            .number("sigma", default: 2, range: 0.1...20, summary: "the blur's standard deviation in pixels"),
            .number("amount", default: 1, range: 0...5, summary: "how much of the difference is added"),
            .number("threshold", default: 0, range: 0...1, summary: "differences below this are left alone"),
        ],
        stages: [
            .kernel("hb_gaussian_blur_h", file: "kernels/gaussian_blur.glsl"),
            unsharpVertical,
        ],
        layout: ["radius", "amount", "threshold", .rest("weights")],
        pack: { values, _ in
            BlurFilters.blurData(
                sigma: values.number("sigma"), [Float(values.number("amount")), Float(values.number("threshold"))])
        },
        plannedStages: BlurFilters.blurThen(unsharpVertical))

    private static let unsharpVertical = FilterStage.kernel(
        "hb_unsharp_mask_v", file: "kernels/unsharp_mask.glsl", readsFilterInput: true)

    /// The blur's radius, then its weights (gaussian_blur's).
    static let sobel = FilterDescriptor(
        name: "sobel", kind: .neighborhood, summary: "Edge magnitude of luminance.",
        formula: "sqrt(gx^2 + gy^2) strength, gx, gy the 3x3 Sobel gradients of luma (Harbeth C7Sobel)",
        parameters: [.number("strength", default: 1, range: 0...10, summary: "scales the magnitude")],
        stages: [.kernel("hb_sobel", file: "kernels/sobel.glsl")])

    static let laplacian = FilterDescriptor(
        name: "laplacian", kind: .neighborhood, summary: "Absolute Laplacian of each channel: edges and detail.",
        formula: "|4 c - (l + r + t + b)| or |8 c - sum of the 8 neighbours|, times strength"
            + " (Harbeth Matrix3x3 laplance, edgedetect)",
        parameters: [
            .choice("neighbors", ["4", "8"], default: "4", summary: "the 4- or 8-neighbour kernel"),
            .number("strength", default: 1, range: 0...10, summary: "scales the response"),
        ],
        stages: [.kernel("hb_laplacian", file: "kernels/laplacian.glsl")])

    static let emboss = FilterDescriptor(
        name: "emboss", kind: .neighborhood, summary: "Relief effect.",
        formula: "3x3 convolution of RGB with rows (-2i -i 0) (-i 1 i) (0 i 2i), top row first"
            + " (GPUImage EmbossFilter, Harbeth Matrix3x3 embossment)",
        parameters: [.number("intensity", default: 1, range: 0...4, summary: "0 leaves the image unchanged")],
        stages: [.kernel("hb_emboss", file: "kernels/emboss.glsl")])

    static let convolution = FilterDescriptor(
        name: "convolution", kind: .neighborhood, summary: "A user 3x3 or 5x5 kernel.",
        formula: "sum(k[j][i] in(x + i - r, y + j - r)) / divisor + bias on RGB, rows from the top;"
            + " divisor 0 means the kernel's sum (1 when that is 0) (Harbeth C7ConvolutionMatrix3x3)",
        parameters: [
            .list(
                "kernel", count: 1...1000, default: [0, 0, 0, 0, 1, 0, 0, 0, 0], range: -1000...1000,
                summary: "9 (3x3) or 25 (5x5) numbers, row by row; other counts fail when rendered"),
            .number("divisor", default: 0, range: -10000...10000, summary: "0 divides by the kernel's sum"),
            .number("bias", default: 0, range: -1...1, summary: "added after dividing"),
        ],
        stages: [.kernel("hb_convolution", file: "kernels/convolution.glsl")],
        layout: ["side", "scale", "bias", .rest("kernel")],
        pack: { values, _ in
            let kernel = values.list("kernel")
            // The side only sets a loop bound read from the data, so one
            // compiled pass serves both sizes and a new kernel never recompiles.
            guard kernel.count == 9 || kernel.count == 25 else {
                throw RenderError.invalidFilterSetup(
                    filter: "convolution",
                    reason: "the kernel has \(kernel.count) numbers; give 9 (3x3) or 25 (5x5)")
            }
            var divisor = values.number("divisor")
            if divisor == 0 {
                let sum = kernel.reduce(0, +)
                divisor = abs(sum) < 1e-9 ? 1 : sum
            }
            return [kernel.count == 9 ? 3 : 5, Float(1 / divisor), Float(values.number("bias"))]
                + kernel.map(Float.init)
        })

    static let all: [FilterDescriptor] = [
        boxBlur, bilateral, median, motionBlur, zoomBlur, sharpen, unsharpMask, sobel, laplacian, emboss, convolution,
    ]
}

extension Filter {
    /// `box_blur`: the mean of a (2r + 1)² square; radius 1...100 (clamped).
    public static func boxBlur(radius: Int) -> Filter {
        Filter(clamping: NeighbourhoodFilters.boxBlur, values: ["radius": .number(Double(radius))])
    }

    /// `bilateral`: sigma_space 0.5...8 pixels, sigma_color 0.01...1 (clamped).
    public static func bilateral(sigmaSpace: Double = 3, sigmaColor: Double = 0.1) -> Filter {
        Filter(
            clamping: NeighbourhoodFilters.bilateral,
            values: ["sigma_space": .number(sigmaSpace), "sigma_color": .number(sigmaColor)])
    }

    /// Side of the `median` square.
    public enum MedianSize: String, Sendable {
        /// A 3x3 square: the pixel and its 8 neighbours.
        case three = "3"
        /// A 5x5 square: the pixel and its 24 neighbours; removes larger specks.
        case five = "5"
    }

    /// `median` of a 3x3 or 5x5 square, per channel.
    public static func median(_ size: MedianSize = .three) -> Filter {
        Filter(clamping: NeighbourhoodFilters.median, values: ["size": .choice(size.rawValue)])
    }

    /// `motion_blur`: a streak of `length` pixels (0...200) at `angle`
    /// degrees clockwise from horizontal (-360...360); clamped.
    public static func motionBlur(angle: Double, length: Double) -> Filter {
        Filter(
            clamping: NeighbourhoodFilters.motionBlur, values: ["angle": .number(angle), "length": .number(length)])
    }

    /// `zoom_blur` towards `center` (fractions of the frame, 0...1) with
    /// `strength` 0...1 (clamped).
    public static func zoomBlur(center: (x: Double, y: Double) = (0.5, 0.5), strength: Double) -> Filter {
        Filter(
            clamping: NeighbourhoodFilters.zoomBlur,
            values: ["center": .list([center.x, center.y]), "strength": .number(strength)])
    }

    /// `sharpen` with Harbeth's 4-neighbour kernel; amount -4...4 (clamped).
    public static func sharpen(amount: Double) -> Filter {
        Filter(clamping: NeighbourhoodFilters.sharpen, values: ["amount": .number(amount)])
    }

    /// `unsharp_mask`: sigma 0.1...20, amount 0...5, threshold 0...1 (clamped).
    public static func unsharpMask(sigma: Double = 2, amount: Double = 1, threshold: Double = 0) -> Filter {
        Filter(
            clamping: NeighbourhoodFilters.unsharpMask,
            values: ["sigma": .number(sigma), "amount": .number(amount), "threshold": .number(threshold)])
    }

    /// `sobel` edge magnitude; strength 0...10 (clamped).
    public static func sobel(strength: Double = 1) -> Filter {
        Filter(clamping: NeighbourhoodFilters.sobel, values: ["strength": .number(strength)])
    }

    /// `laplacian` with the 4- or 8-neighbour kernel; strength 0...10 (clamped).
    public static func laplacian(eightNeighbors: Bool = false, strength: Double = 1) -> Filter {
        Filter(
            clamping: NeighbourhoodFilters.laplacian,
            values: ["neighbors": .choice(eightNeighbors ? "8" : "4"), "strength": .number(strength)])
    }

    /// `emboss`; intensity 0...4 (clamped).
    public static func emboss(intensity: Double = 1) -> Filter {
        Filter(clamping: NeighbourhoodFilters.emboss, values: ["intensity": .number(intensity)])
    }

    /// `convolution` with a 3x3 or 5x5 kernel given row by row (9 or 25
    /// numbers; another count fails when rendered with
    /// `RenderError.invalidFilterSetup`). A divisor of 0 divides by the
    /// kernel's sum.
    public static func convolution(_ kernel: [Double], divisor: Double = 0, bias: Double = 0) -> Filter {
        Filter(
            clamping: NeighbourhoodFilters.convolution,
            values: ["kernel": .list(kernel), "divisor": .number(divisor), "bias": .number(bias)])
    }
}
