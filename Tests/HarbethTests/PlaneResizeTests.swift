import Harbeth
import HarbethTestSupport
import XCTest

/// A resize written back in the frame's layout runs on the planes, rows
/// then columns, each plane from its own size to its own new size: held
/// within one code of each plane resized here in doubles by the formula
/// (src = (dst + 0.5) in / out - 0.5, the method's taps, clamp to edge),
/// on real decoded frames of the layouts it takes, up and down.
final class PlaneResizeTests: XCTestCase {
    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    private typealias Plane = PlaneSamples.Plane

    /// Output sample `dst`'s taps along an axis: the samples and weights.
    private static func taps(_ method: String, dst: Int, from: Int, to: Int) -> [(Int, Double)] {
        let source = (Double(dst) + 0.5) * Double(from) / Double(to)
        if method == "nearest" { return [(Int(source.rounded(.down)), 1)] }
        let centre = source - 0.5
        let texel = Int(centre.rounded(.down))
        let f = centre - Double(texel)
        switch method {
        case "bilinear":
            return [(texel, 1 - f), (texel + 1, f)]
        case "bicubic":
            let a = -0.5
            func keys(_ x: Double) -> Double {
                let x = abs(x)
                if x <= 1 { return (a + 2) * x * x * x - (a + 3) * x * x + 1 }
                if x < 2 { return a * x * x * x - 5 * a * x * x + 8 * a * x - 4 * a }
                return 0
            }
            return (-1...2).map { (texel + $0, keys(Double($0) - f)) }
        default:
            func lanczos(_ x: Double) -> Double {
                if abs(x) < 1e-9 { return 1 }
                if abs(x) >= 3 { return 0 }
                return 3 * sin(.pi * x) * sin(.pi * x / 3) / (.pi * .pi * x * x)
            }
            let raw = (-2...3).map { (texel + $0, lanczos(Double($0) - f)) }
            let total = raw.reduce(0) { $0 + $1.1 }
            return raw.map { ($0.0, $0.1 / total) }
        }
    }

    /// One plane resized to `width` x `height` samples.
    private static func resized(_ plane: Plane, width: Int, height: Int, method: String, maximum: Double) -> Plane {
        let (h, w) = (plane.count, plane[0].count)
        let across = (0..<width).map { taps(method, dst: $0, from: w, to: width) }
        let down = (0..<height).map { taps(method, dst: $0, from: h, to: height) }
        let rows = plane.map { row in
            across.map { taps in taps.reduce(0.0) { $0 + $1.1 * Double(row[min(max($1.0, 0), w - 1)]) } }
        }
        return down.map { taps in
            (0..<width).map { x in
                let value = taps.reduce(0.0) { $0 + $1.1 * rows[min(max($1.0, 0), h - 1)][x] }
                return UInt32(min(max(value.rounded(), 0), maximum))
            }
        }
    }

    private func assertResizes(_ frame: VideoFrame, width: Int, height: Int, method: String) throws {
        let what = "\(frame.layout) \(frame.width)x\(frame.height) to \(width)x\(height) \(method)"
        let node = ImageNode(frame).applying(
            try FilterChain(parsing: "resize=w=\(width):h=\(height):method=\(method)"))
        XCTAssertEqual(
            try Fixtures.renderer().summary(for: node).passes,
            ["resize rows on the planes", "resize columns on the planes"], what)
        let output = try node.makeFrame(on: Fixtures.renderer())
        XCTAssertEqual([output.width, output.height], [width, height], what)
        XCTAssertEqual(output.layout, frame.layout, what)
        let layout = frame.layout
        let maximum = Double((1 << layout.bitDepth) - 1)
        for (index, (got, plane)) in zip(PlaneSamples.planes(of: output), PlaneSamples.planes(of: frame)).enumerated() {
            let size = layout.planeSize(index, width: width, height: height)
            let want = Self.resized(
                plane, width: size.width, height: size.height, method: method, maximum: maximum)
            let (off, example) = PlaneSamples.misses(got, want)
            XCTAssertEqual(off, 0, "\(what) plane \(index): samples more than one code off, e.g. \(example)")
        }
    }

    func testEveryMethodUpAndDownOnEveryPlane() throws {
        let frame = try Fixtures.crop(.yuv420p, width: 96, height: 54)
        for method in ["bicubic", "bilinear", "lanczos", "nearest"] {
            try assertResizes(frame, width: 150, height: 84, method: method)
            try assertResizes(frame, width: 62, height: 40, method: method)
        }
    }

    func testEveryLayoutAndOddSizes() throws {
        for layout in [PixelLayout.yuv422p, .yuv444p, .yuv420p10, .yuva444p10, .yuv444p12, .gray8] {
            let frame = try Fixtures.crop(layout, width: 90, height: 50)
            try assertResizes(frame, width: 131, height: 77, method: "bicubic")
        }
        try assertResizes(try Fixtures.crop(.yuv420p, width: 90, height: 50), width: 37, height: 23, method: "lanczos")
    }

    func testWhatTheResizeCannotDoOnThePlanesTakesTheRGBPath() throws {
        let renderer = try Fixtures.renderer()
        let cases: [(PixelLayout, String)] = [
            (.yuv420p, "resize=w=32:h=24"),  // a tenth: the taps reach past eight words
            (.yuv420p10, "resize=w=80:h=60"),  // a quarter at 10 bits
            (.yuv420p, "resize=w=480:h=360,gamma=1.2"),  // with a filter off the planes
            (.rgba8, "resize=w=480:h=360"), (.nv12, "resize=w=480:h=360"), (.gray16, "resize=w=480:h=360"),
        ]
        for (layout, text) in cases {
            let node = ImageNode(try Fixtures.frame(layout)).applying(try FilterChain(parsing: text))
            let passes = try renderer.summary(for: node).passes
            XCTAssertFalse(passes.joined().contains("on the planes"), "\(layout) \(text): \(passes)")
        }
    }

    func testAnotherMethodMakesAnotherPlan() throws {
        // The method is compiled in, though not structural on the RGB path.
        let renderer = Renderer(context: try GPUTestEnvironment.context())
        let frame = try Fixtures.frame(.yuv420p)
        let bilinear = ImageNode(frame).applying(try FilterChain(parsing: "resize=w=480:h=360:method=bilinear"))
        let nearest = ImageNode(frame).applying(try FilterChain(parsing: "resize=w=480:h=360:method=nearest"))
        _ = try bilinear.makeFrame(on: renderer)
        let fresh = Renderer(context: try GPUTestEnvironment.context())
        XCTAssertEqual(
            PlaneSamples.planes(of: try nearest.makeFrame(on: renderer)),
            PlaneSamples.planes(of: try nearest.makeFrame(on: fresh)))
        XCTAssertNotEqual(
            PlaneSamples.planes(of: try nearest.makeFrame(on: renderer)),
            PlaneSamples.planes(of: try bilinear.makeFrame(on: renderer)))
    }
}
