import Harbeth
import HarbethTestSupport
import XCTest

/// A deband written back in the frame's layout is one pass on the planes:
/// libplacebo's debanding of Y, U and V each at its own size, offsets in
/// luma pixels divided by the plane's subsampling, with the RGB path's
/// random numbers. Held against the algorithm computed here in doubles on
/// real decoded frames whose sizes end mid-group. Tolerance: one code, and
/// at most one sample in 2,000 beyond it, where the float shader and the
/// double reference fall on either side of the threshold.
final class PlaneDebandTests: XCTestCase {
    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    private struct Values {
        var iterations = 1
        var threshold = 4.0
        var radius = 16.0
        var grain = 6.0
    }

    private static func hash(_ value: UInt32) -> UInt32 {
        var x = value
        x ^= x >> 16
        x = x &* 0x7feb_352d
        x ^= x >> 15
        x = x &* 0x846c_a68b
        x ^= x >> 16
        return x
    }

    private static func random(_ x: Int, _ y: Int, streams: UInt32, stream: UInt32) -> Double {
        Double(hash((UInt32(x) &+ 4096 &* UInt32(y)) ^ hash(streams &+ stream)) >> 8) / 16_777_215
    }

    /// Plane `index` of a still (key 0) debanded: for each iteration the
    /// mean of four bilinear samples of the source at the random offsets
    /// (luma pixels over the plane's subsampling `shift`) replaces the value
    /// within threshold max / (16384 i); then the grain; rounded and
    /// clamped. Also how many samples the means replaced.
    private static func debanded(
        _ plane: PlaneSamples.Plane, index: Int, shift: (x: Int, y: Int), values: Values, maximum: Double
    ) -> (plane: PlaneSamples.Plane, replaced: Int) {
        let (h, w) = (plane.count, plane[0].count)
        func at(_ x: Int, _ y: Int) -> Double { Double(plane[min(max(y, 0), h - 1)][min(max(x, 0), w - 1)]) }
        func bilinear(_ qx: Double, _ qy: Double) -> Double {
            let (fx, fy) = (qx - 0.5, qy - 0.5)
            let (x0, y0) = (Int(fx.rounded(.down)), Int(fy.rounded(.down)))
            let (tx, ty) = (fx - Double(x0), fy - Double(y0))
            let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
            let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
            return top * (1 - ty) + bottom * ty
        }
        let streams = UInt32(1000 * index)
        let (sx, sy) = (1 / Double(1 << shift.x), 1 / Double(1 << shift.y))
        var replaced = 0
        let result = (0..<h).map { y in
            (0..<w).map { x in
                var value = at(x, y)
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                for i in 1...values.iterations {
                    let distance = random(x, y, streams: streams, stream: UInt32(2 * i)) * values.radius * Double(i)
                    let angle = random(x, y, streams: streams, stream: UInt32(2 * i + 1)) * 2 * Double.pi
                    let (ox, oy) = (distance * cos(angle), distance * sin(angle))
                    let average =
                        (bilinear(px + ox * sx, py + oy * sy) + bilinear(px - ox * sx, py - oy * sy)
                            + bilinear(px - oy * sx, py + ox * sy) + bilinear(px + oy * sx, py - ox * sy)) / 4
                    if abs(value - average) <= values.threshold * maximum / 16384 / Double(i) {
                        value = average
                        replaced += 1
                    }
                }
                value += (random(x, y, streams: streams, stream: 100) - 0.5) * values.grain * maximum / 8192
                return UInt32(min(max(value.rounded(), 0), maximum))
            }
        }
        return (result, replaced)
    }

    func testEveryPlaneIsDebandedAtItsOwnSize() throws {
        let cases: [(PixelLayout, Int, Int, Values)] = [
            (.yuv420p, 128, 72, Values()),
            (.yuv420p, 202, 118, Values(iterations: 2, threshold: 200, radius: 8, grain: 12)),
            (.yuv420p10, 90, 50, Values(iterations: 3, threshold: 64, radius: 20, grain: 0)),
            (.yuv422p, 62, 46, Values(iterations: 2, threshold: 300, radius: 6, grain: 6)),
            (.yuv444p12, 62, 34, Values(iterations: 1, threshold: 32, radius: 4, grain: 6)),
            (.gray8, 90, 50, Values(iterations: 4, threshold: 400, radius: 3, grain: 2)),
        ]
        for (layout, width, height, values) in cases {
            let chain =
                "deband=iterations=\(values.iterations):threshold=\(values.threshold):radius=\(values.radius)"
                + ":grain=\(values.grain)"
            let what = "\(layout) \(width)x\(height) \(chain)"
            let frame = try Fixtures.crop(layout, width: width, height: height)
            let node = ImageNode(frame).applying(try FilterChain(parsing: chain))
            XCTAssertEqual(try Fixtures.renderer().summary(for: node).passes, ["deband on the planes"], what)
            let output = try node.makeFrame(on: Fixtures.renderer())
            let maximum = Double((1 << layout.bitDepth) - 1)
            let planes = PlaneSamples.planes(of: frame)
            var replaced = 0
            for (index, got) in PlaneSamples.planes(of: output).enumerated() {
                let shift = index == 0 ? (x: 0, y: 0) : (x: layout.chromaShift.x, y: layout.chromaShift.y)
                let expected = Self.debanded(
                    planes[index], index: index, shift: shift, values: values, maximum: maximum)
                replaced += expected.replaced
                let samples = got.count * got[0].count
                let (off, example) = PlaneSamples.misses(got, expected.plane)
                XCTAssertLessThanOrEqual(
                    off, samples / 2000,
                    "\(what) plane \(index): \(off) samples more than one code off, e.g. \(example)")
            }
            // The means replaced samples: the comparison saw the offsets.
            XCTAssertGreaterThan(replaced, 0, what)
        }
    }

    func testWithOthersOrAsAnotherLayoutItTakesTheRGBPath() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        for (text, output) in [("deband,gamma=1.2", RenderOutput.sameAsSource), ("deband", .rgba8)] {
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            let passes = try renderer.summary(for: node, output: output).passes
            XCTAssertFalse(passes.joined().contains("on the planes"), "\(text): \(passes)")
        }
        for layout in [PixelLayout.rgba8, .yuva444p10] {
            let node = ImageNode(try Fixtures.frame(layout)).applying(try FilterChain(parsing: "deband"))
            XCTAssertFalse(try renderer.summary(for: node).passes.joined().contains("on the planes"), "\(layout)")
        }
    }
}
