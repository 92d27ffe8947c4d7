import Harbeth
import HarbethTestSupport
import XCTest

/// Box and Gaussian blurs and the unsharp mask written back in the frame's
/// layout run on the planes, rows then columns, each plane at its own
/// size: held within one code of a separable blur of each plane computed
/// here in doubles (a subsampled plane blurred by the same extent of the
/// picture), on real decoded frames of every layout they take, and close
/// to the RGB path where no colour leaves RGB.
final class PlaneBlurTests: XCTestCase {
    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    private typealias Plane = PlaneSamples.Plane

    /// The taps from the centre out of a box `width` samples wide: the
    /// part of each sample's cell that the box covers, over the width.
    private static func boxTaps(width: Double) -> [Double] {
        (0...Int(width)).map { t in
            let covered = min(Double(t) + 0.5, width / 2) - max(Double(t) - 0.5, -width / 2)
            return max(covered, 0) / width
        }
    }

    /// A Gaussian's taps out to max(1, ceil(3 sigma)), normalised.
    private static func gaussianTaps(sigma: Double) -> [Double] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let raw = (0...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        return raw.map { $0 / total }
    }

    /// One plane blurred along rows with `across` and down columns with
    /// `down`, edges clamped.
    private static func blurred(_ plane: Plane, across: [Double], down: [Double]) -> [[Double]] {
        let (h, w) = (plane.count, plane[0].count)
        let rows = (0..<h).map { y in
            (0..<w).map { x in
                across.indices.reduce(0.0) { sum, t in
                    let left = Double(plane[y][max(x - t, 0)])
                    let right = Double(plane[y][min(x + t, w - 1)])
                    return sum + across[t] * (t == 0 ? left : left + right)
                }
            }
        }
        return (0..<h).map { y in
            (0..<w).map { x in
                down.indices.reduce(0.0) { sum, t in
                    let up = rows[max(y - t, 0)][x]
                    let below = rows[min(y + t, h - 1)][x]
                    return sum + down[t] * (t == 0 ? up : up + below)
                }
            }
        }
    }

    /// Each plane of `frame` through `text` (one blur), from the formulas.
    private static func expected(_ frame: VideoFrame, _ text: String) -> [Plane] {
        let fields = Dictionary(
            uniqueKeysWithValues: text.split(separator: "=", maxSplits: 1).last!.split(separator: ":").map {
                let pair = $0.split(separator: "=")
                return (String(pair[0]), Double(pair[1])!)
            })
        let layout = frame.layout
        let maximum = Double((1 << layout.bitDepth) - 1)
        return PlaneSamples.planes(of: frame).enumerated().map { index, plane in
            let chroma = index == 1 || index == 2
            let scale = (
                x: chroma ? Double(1 << layout.chromaShift.x) : 1, y: chroma ? Double(1 << layout.chromaShift.y) : 1
            )
            let across: [Double]
            let down: [Double]
            if text.hasPrefix("box_blur") {
                let width = 2 * fields["radius"]! + 1
                (across, down) = (boxTaps(width: width / scale.x), boxTaps(width: width / scale.y))
            } else {
                let sigma = fields["sigma"]!
                (across, down) = (gaussianTaps(sigma: sigma / scale.x), gaussianTaps(sigma: sigma / scale.y))
            }
            let blur = blurred(plane, across: across, down: down)
            let amount = text.hasPrefix("unsharp_mask") && index < 3 ? fields["amount"]! : 0
            return plane.indices.map { y in
                plane[y].indices.map { x in
                    let value =
                        text.hasPrefix("unsharp_mask")
                        ? Double(plane[y][x]) + amount * (Double(plane[y][x]) - blur[y][x]) : blur[y][x]
                    return UInt32(min(max(value.rounded(), 0), maximum))
                }
            }
        }
    }

    private func assertMatchesPlanes(
        _ frame: VideoFrame, _ text: String, _ what: String, on given: Renderer? = nil
    ) throws {
        let renderer = try given ?? Fixtures.renderer()
        let node = ImageNode(frame).applying(try FilterChain(parsing: text))
        let name = String(text.prefix { $0 != "=" })
        XCTAssertEqual(
            try renderer.summary(for: node).passes,
            ["\(name) rows on the planes", "\(name) columns on the planes"], what)
        let output = try node.makeFrame(on: renderer)
        XCTAssertEqual([output.width, output.height], [frame.width, frame.height], what)
        XCTAssertEqual(output.layout, frame.layout, what)
        let actual = PlaneSamples.planes(of: output)
        for (index, (got, want)) in zip(actual, Self.expected(frame, text)).enumerated() {
            let (off, worst) = PlaneSamples.misses(got, want)
            XCTAssertEqual(off, 0, "\(what) plane \(index): samples more than one code off, e.g. \(worst)")
        }
    }

    func testEveryPlaneIsItsOwnSeparableBlur() throws {
        let chains = [
            "box_blur=radius=1", "box_blur=radius=6", "gaussian_blur=sigma=1.3", "gaussian_blur=sigma=5",
            "unsharp_mask=sigma=1:amount=1.5",
        ]
        for layout in [PixelLayout.yuv420p, .yuv422p, .yuv444p, .yuv420p10, .yuva444p10, .yuv444p12, .gray8, .gray16] {
            let frame = try Fixtures.crop(layout, width: 128, height: 72)
            for text in chains where layout == .yuv420p || text.hasPrefix("box") || text.hasPrefix("unsharp") {
                try assertMatchesPlanes(frame, text, "\(layout) \(text)")
            }
        }
        // The widest windows: a GPU-class device slides them where a CPU walks.
        let gpu = Renderer(
            context: try GPUTestEnvironment.context(), options: Renderer.Options(deviceClass: .gpu))
        for (layout, text) in [(PixelLayout.yuv420p, "gaussian_blur=sigma=7"), (.gray16, "gaussian_blur=sigma=10")] {
            let frame = try Fixtures.crop(layout, width: 128, height: 72)
            try assertMatchesPlanes(frame, text, "\(layout) \(text) (GPU class)", on: gpu)
        }
    }

    func testOddSizesClampAtEveryPlanesOwnEdge() throws {
        // 202 x 118: luma rows end inside a group of four and inside a
        // run, chroma planes are 101 samples wide (59 rows at 4:2:0).
        for layout in [PixelLayout.yuv420p, .yuv422p10] {
            let frame = try Fixtures.crop(layout, width: 202, height: 118)
            for text in ["box_blur=radius=3", "gaussian_blur=sigma=2.2", "unsharp_mask=sigma=0.8:amount=2"] {
                try assertMatchesPlanes(frame, text, "\(layout) 202x118 \(text)")
            }
        }
    }

    func testPlanesAgreeWithTheRGBPath() throws {
        // A blur keeps colours inside RGB, so the two paths differ only by
        // where chroma is blurred (at its own size here, at the pixels'
        // there) and by rounding.
        let context = try GPUTestEnvironment.context()
        let rgb = Renderer(context: context, options: Renderer.Options(fusion: false))
        let frame = try Fixtures.frame(.yuv420p)
        for text in ["box_blur=radius=2", "gaussian_blur=sigma=2"] {
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            XCTAssertFalse(try rgb.summary(for: node).passes.joined().contains("on the planes"))
            let planes = PlaneSamples.planes(of: try node.makeFrame(on: Fixtures.renderer()))
            let reference = PlaneSamples.planes(of: try node.makeFrame(on: rgb))
            for index in 0..<3 {
                let pairs = zip(planes[index].joined(), reference[index].joined())
                let squared = pairs.reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
                let psnr = 10 * log10(255 * 255 / max(squared / Double(planes[index].joined().count), 1e-12))
                XCTAssertGreaterThan(psnr, 45, "\(text) plane \(index): PSNR against the RGB path")
            }
        }
    }

    func testWhatTheBlurCannotDoOnThePlanesTakesTheRGBPath() throws {
        let renderer = try Fixtures.renderer()
        let cases: [(PixelLayout, String)] = [
            (.yuv420p, "unsharp_mask=sigma=1:threshold=0.05"),  // not linear
            (.yuv420p, "box_blur=radius=2,gamma=1.2"),  // with a filter off the planes
            (.rgba8, "box_blur=radius=2"), (.nv12, "box_blur=radius=2"),
        ]
        for (layout, text) in cases {
            let node = ImageNode(try Fixtures.frame(layout)).applying(try FilterChain(parsing: text))
            let passes = try renderer.summary(for: node).passes
            XCTAssertFalse(passes.joined().contains("on the planes"), "\(layout) \(text): \(passes)")
        }
        // Past the widest window, a GPU-class device takes the pyramid, or
        // a box's running sums on the RGB path.
        let gpu = Renderer(
            context: try GPUTestEnvironment.context(), options: Renderer.Options(deviceClass: .gpu))
        for filter in [Filter.gaussianBlur(sigma: 11), .boxBlur(radius: 33)] {
            let wide = ImageNode(try Fixtures.frame(.yuv420p)).applying(filter)
            XCTAssertFalse(try gpu.summary(for: wide).passes.joined().contains("on the planes"), "\(filter)")
        }
        // Written as another layout, the blur converts.
        let node = ImageNode(try Fixtures.frame(.yuv420p)).applying(try FilterChain(parsing: "box_blur=radius=2"))
        XCTAssertFalse(try renderer.summary(for: node, output: .rgba8).passes.joined().contains("on the planes"))
    }

    func testAWideGaussianWalksThePlanesOnACPUClassDevice() throws {
        // From sigma 5.33 a CPU-class device walks each row and column
        // recursively (Deriche's fourth order); past its widest window a
        // GPU-class device takes the RGB path's pyramid. Both against the
        // exact Gaussian:
        // the walks within 0.5 of a code plus 0.5 of an 8-bit code (one
        // code at 8 bits; the approximation's error is at most about 0.32
        // of one per direction, 0.28 measured here), the pyramid above 50 dB
        // (53 to 63 measured; it blurs chroma at the pixels' size).
        // Sigmas past the frame's side test the edges' steady states.
        let context = try GPUTestEnvironment.context()
        let cpu = Renderer(context: context, options: Renderer.Options(deviceClass: .cpu))
        let gpu = Renderer(context: context, options: Renderer.Options(deviceClass: .gpu))
        let cpuWindow = ImageNode(try Fixtures.frame(.yuv420p)).applying(.gaussianBlur(sigma: 5.3))
        XCTAssertEqual(try cpu.summary(for: cpuWindow).passes.first, "gaussian_blur rows on the planes")
        let cases: [(PixelLayout, Int, Int, Double)] = [
            (.yuv420p, 102, 58, 12), (.yuv422p10, 102, 58, 30), (.gray8, 64, 40, 80), (.yuva444p12, 66, 38, 16),
        ]
        for (layout, width, height, sigma) in cases {
            let frame = try Fixtures.crop(layout, width: width, height: height)
            let text = "gaussian_blur=sigma=\(sigma)"
            let node = ImageNode(frame).applying(.gaussianBlur(sigma: sigma))
            XCTAssertEqual(
                try cpu.summary(for: node).passes,
                ["gaussian_blur recursive rows on the planes", "gaussian_blur recursive columns on the planes"])
            XCTAssertFalse(try gpu.summary(for: node).passes.joined().contains("on the planes"))
            let want = Self.exact(frame, sigma: sigma)
            let walked = PlaneSamples.planes(of: try node.makeFrame(on: cpu))
            let bound = 0.5 + 0.5 * Double(1 << (layout.bitDepth - 8))
            for (index, (got, exact)) in zip(walked, want).enumerated() {
                let worst = zip(got.joined(), exact.joined()).map { abs(Double($0) - $1) }.max()!
                XCTAssertLessThanOrEqual(worst, bound, "\(layout) \(text) plane \(index): the walks' worst error")
            }
            if layout == .yuv420p || layout == .yuva444p12 {
                // An unsharp mask adds the walked blur's difference back
                // (alpha untouched).
                let sharpened = ImageNode(frame).applying(try FilterChain(parsing: "unsharp_mask=sigma=\(sigma)"))
                XCTAssertEqual(
                    try cpu.summary(for: sharpened).passes,
                    ["unsharp_mask recursive rows on the planes", "unsharp_mask recursive columns on the planes"])
                let source = PlaneSamples.planes(of: frame)
                let got = PlaneSamples.planes(of: try sharpened.makeFrame(on: cpu))
                let maximum = Double((1 << layout.bitDepth) - 1)
                for index in got.indices {
                    let amount = index < 3 ? 1.0 : 0
                    let worst = zip(got[index].joined(), zip(source[index].joined(), want[index].joined())).map {
                        let value = Double($1.0) + amount * (Double($1.0) - $1.1)
                        return abs(Double($0) - min(max(value, 0), maximum))
                    }.max()!
                    XCTAssertLessThanOrEqual(worst, bound, "\(layout) unsharp sigma \(sigma) plane \(index)")
                }
            }
            let pyramid = PlaneSamples.planes(of: try node.makeFrame(on: gpu))
            let maximum = Double((1 << layout.bitDepth) - 1)
            for (index, (got, exact)) in zip(pyramid, want).enumerated() where index < 3 {
                let squared = zip(got.joined(), exact.joined()).reduce(0.0) { $0 + pow(Double($1.0) - $1.1, 2) }
                let psnr = 10 * log10(maximum * maximum / max(squared / Double(exact.joined().count), 1e-12))
                XCTAssertGreaterThan(psnr, 50, "\(layout) \(text) plane \(index): the pyramid's PSNR")
            }
        }
    }

    func testAWideBoxRunsAsRunningSumsOnACPUClassDevice() throws {
        // From radius 8 a CPU-class device walks each row and column with
        // a running sum, however wide the box (a subsampled plane's box of
        // (2r + 1) / 2 samples with its edge samples weighed by the part
        // covered); the sums are exact, so every sample is within one code
        // of the box in doubles. Radii past the frame's side test the
        // clamped edges.
        let context = try GPUTestEnvironment.context()
        let cpu = Renderer(context: context, options: Renderer.Options(deviceClass: .cpu))
        let gpu = Renderer(context: context, options: Renderer.Options(deviceClass: .gpu))
        let cases: [(PixelLayout, Int, Int, Int)] = [
            (.yuv420p, 102, 58, 20), (.yuv422p10, 102, 58, 40), (.gray8, 64, 40, 100), (.yuva444p12, 66, 38, 17),
        ]
        for (layout, width, height, radius) in cases {
            let frame = try Fixtures.crop(layout, width: width, height: height)
            let text = "box_blur=radius=\(radius)"
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            XCTAssertEqual(
                try cpu.summary(for: node).passes,
                ["box_blur running-sum rows on the planes", "box_blur running-sum columns on the planes"])
            XCTAssertFalse(try gpu.summary(for: node).passes.joined().contains("running-sum"))
            let actual = PlaneSamples.planes(of: try node.makeFrame(on: cpu))
            for (index, (got, want)) in zip(actual, Self.expected(frame, text)).enumerated() {
                let (off, worst) = PlaneSamples.misses(got, want)
                XCTAssertEqual(
                    off, 0, "\(layout) \(text) plane \(index): samples more than one code off, e.g. \(worst)")
            }
        }
        let narrow = ImageNode(try Fixtures.frame(.yuv420p)).applying(.boxBlur(radius: 7))
        XCTAssertEqual(try cpu.summary(for: narrow).passes.first, "box_blur rows on the planes")
    }

    /// Each plane of `frame` blurred by the exact Gaussian of `sigma` (the
    /// catalog's: truncated at 3 sigma, normalised), in doubles, unrounded.
    private static func exact(_ frame: VideoFrame, sigma: Double) -> [[[Double]]] {
        let layout = frame.layout
        return PlaneSamples.planes(of: frame).enumerated().map { index, plane in
            let chroma = index == 1 || index == 2
            let x = chroma ? Double(1 << layout.chromaShift.x) : 1
            let y = chroma ? Double(1 << layout.chromaShift.y) : 1
            return blurred(plane, across: gaussianTaps(sigma: sigma / x), down: gaussianTaps(sigma: sigma / y))
        }
    }

    func testAThresholdAfterNoneMakesAnotherPlan() throws {
        // The threshold is not structural, yet it decides the path: the
        // plan key holds the blur's shape, so the second frame is not
        // rendered by the first's plan.
        let renderer = Renderer(context: try GPUTestEnvironment.context())
        let frame = try Fixtures.frame(.yuv420p)
        let sharp = ImageNode(frame).applying(try FilterChain(parsing: "unsharp_mask=sigma=1:amount=2"))
        let gated = ImageNode(frame).applying(
            try FilterChain(parsing: "unsharp_mask=sigma=1:amount=2:threshold=0.2"))
        XCTAssertEqual(try renderer.summary(for: sharp).passes.count, 2)
        _ = try sharp.makeFrame(on: renderer)
        XCTAssertFalse(try renderer.summary(for: gated).passes.joined().contains("on the planes"))
        let fresh = Renderer(context: try GPUTestEnvironment.context())
        XCTAssertEqual(
            PlaneSamples.planes(of: try gated.makeFrame(on: renderer)),
            PlaneSamples.planes(of: try gated.makeFrame(on: fresh)))
    }
}
