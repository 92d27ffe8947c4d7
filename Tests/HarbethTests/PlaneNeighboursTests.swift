import Harbeth
import HarbethTestSupport
import XCTest

/// A sharpen or a cas written back in the frame's layout is one pass on the
/// planes: each of Y, U and V at its own size gets its 4-neighbour
/// Laplacian added back, or is sharpened by cas as FFmpeg's cas does per
/// plane, alpha kept; held within one code of the formulas computed here
/// in doubles on real decoded frames, odd sizes included.
final class PlaneNeighboursTests: XCTestCase {
    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    /// One plane sharpened by `amount`: in (1 + 4s) - s (left + right + top
    /// + bottom), edges clamped, rounded and clamped to the codes.
    private static func sharpened(_ plane: PlaneSamples.Plane, amount: Double, maximum: Double) -> PlaneSamples.Plane {
        let (h, w) = (plane.count, plane[0].count)
        func at(_ x: Int, _ y: Int) -> Double { Double(plane[min(max(y, 0), h - 1)][min(max(x, 0), w - 1)]) }
        return (0..<h).map { y in
            (0..<w).map { x in
                let around = at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1)
                let value = at(x, y) * (1 + 4 * amount) - amount * around
                return UInt32(min(max(value.rounded(), 0), maximum))
            }
        }
    }

    /// One plane sharpened by cas of `strength`, as FFmpeg's cas computes
    /// it in codes: over the square a b c / d e f / g h i, mn = min(b, d, e,
    /// f, h) + min(a...i), mx the same with max, amp = sqrt(clamp(min(mn, 2
    /// max - mx) / mx, 0, 1)), w = -amp / lerp(16, 4.01, strength), out =
    /// ((b + d + f + h) w + e) / (1 + 4 w); edges clamped, rounded.
    private static func cas(_ plane: PlaneSamples.Plane, strength: Double, maximum: Double) -> PlaneSamples.Plane {
        let (h, w) = (plane.count, plane[0].count)
        func at(_ x: Int, _ y: Int) -> Double { Double(plane[min(max(y, 0), h - 1)][min(max(x, 0), w - 1)]) }
        return (0..<h).map { y in
            (0..<w).map { x in
                let square = (-1...1).flatMap { dy in (-1...1).map { dx in at(x + dx, y + dy) } }
                let cross = [square[1], square[3], square[4], square[5], square[7]]
                let mn = cross.min()! + square.min()!
                let mx = cross.max()! + square.max()!
                let amp = min(max(min(mn, 2 * maximum - mx) / max(mx, 1e-6), 0), 1).squareRoot()
                let weight = -amp / (16 + (4.01 - 16) * strength)
                let value = ((square[1] + square[3] + square[5] + square[7]) * weight + square[4]) / (1 + 4 * weight)
                return UInt32(min(max(value.rounded(), 0), maximum))
            }
        }
    }

    func testEveryPlaneGetsItsOwnCas() throws {
        let cases: [(PixelLayout, Int, Int, Double)] = [
            (.yuv420p, 128, 72, 0), (.yuv420p, 202, 118, 1), (.yuv422p10, 90, 50, 0.5),
            (.yuva444p10, 90, 50, 0.8), (.yuv444p12, 62, 34, 0.3), (.gray8, 90, 50, 1),
        ]
        for (layout, width, height, strength) in cases {
            try assertOnePassOnThePlanes(
                "cas=strength=\(strength)", layout: layout, width: width, height: height, pass: "cas on the planes"
            ) { plane, index, maximum in
                index < 3 ? Self.cas(plane, strength: strength, maximum: maximum) : plane
            }
        }
    }

    func testEveryPlaneGetsItsOwnLaplacianBack() throws {
        let cases: [(PixelLayout, Int, Int, Double)] = [
            (.yuv420p, 128, 72, 1), (.yuv420p, 202, 118, -0.7), (.yuv422p10, 90, 50, 2.5),
            (.yuva444p10, 90, 50, 1), (.gray8, 90, 50, 4),
        ]
        for (layout, width, height, amount) in cases {
            try assertOnePassOnThePlanes(
                "sharpen=amount=\(amount)", layout: layout, width: width, height: height,
                pass: "sharpen on the planes"
            ) { plane, index, maximum in
                index < 3 ? Self.sharpened(plane, amount: amount, maximum: maximum) : plane
            }
        }
    }

    func testWithOthersOrAsAnotherLayoutItTakesTheRGBPath() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        for (text, output) in [
            ("sharpen,gamma=1.2", RenderOutput.sameAsSource), ("sharpen", .rgba8), ("cas,gamma=1.2", .sameAsSource),
            ("cas", .rgba8),
        ] {
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            let passes = try renderer.summary(for: node, output: output).passes
            XCTAssertFalse(passes.joined().contains("on the planes"), "\(text): \(passes)")
        }
        for text in ["sharpen", "cas"] {
            let rgba = ImageNode(try Fixtures.frame(.rgba8)).applying(try FilterChain(parsing: text))
            XCTAssertFalse(try renderer.summary(for: rgba).passes.joined().contains("on the planes"), text)
        }
    }
}
