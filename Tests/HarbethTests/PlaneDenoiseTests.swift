import Harbeth
import HarbethTestSupport
import XCTest

/// A denoise written back in the frame's layout is one pass on the planes:
/// non-local means on each of Y, U and V at its own size, as FFmpeg's
/// nlmeans works, held within one code of the formula computed here in
/// doubles on real decoded frames, sizes that end mid-group and mid-run
/// included.
final class PlaneDenoiseTests: XCTestCase {
    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    /// One plane denoised: each sample the mean of the samples q of the r x r
    /// window around it inside the plane weighted by exp(-SSD / (h max)^2),
    /// h = 10 s / 255, SSD over the p x p patches in codes (edges clamped),
    /// a weight under 1/255 counting for nothing (FFmpeg 5.1's nlmeans);
    /// rounded.
    private static func denoised(_ plane: PlaneSamples.Plane, s: Double, p: Int, r: Int, maximum: Double)
        -> PlaneSamples.Plane
    {
        let (height, width) = (plane.count, plane[0].count)
        func at(_ x: Int, _ y: Int) -> Double {
            Double(plane[min(max(y, 0), height - 1)][min(max(x, 0), width - 1)])
        }
        let h = 10 * s / 255 * maximum
        let (patch, research) = (p / 2, r / 2)
        return (0..<height).map { y in
            (0..<width).map { x in
                var (sum, total) = (0.0, 0.0)
                for dy in -research...research {
                    for dx in -research...research
                    where (0..<width).contains(x + dx) && (0..<height).contains(y + dy) {
                        var ssd = 0.0
                        for py in -patch...patch {
                            for px in -patch...patch {
                                let d = at(x + px, y + py) - at(x + dx + px, y + dy + py)
                                ssd += d * d
                            }
                        }
                        let distance = ssd / (h * h)
                        let weight = distance < log(255) ? exp(-distance) : 0
                        sum += weight * at(x + dx, y + dy)
                        total += weight
                    }
                }
                return UInt32(min(max((sum / total).rounded(), 0), maximum))
            }
        }
    }

    func testEveryPlaneIsDenoisedAtItsOwnSize() throws {
        // p and r up to their bounds each (7 and 15), sizes that end mid-group and mid-run, 8, 10 and
        // 12 bits, 4:2:0, 4:2:2, 4:4:4 and grey.
        let cases: [(PixelLayout, Int, Int, Double, Int, Int)] = [
            (.yuv420p, 42, 26, 3, 3, 7), (.yuv420p, 38, 22, 8, 7, 3), (.yuv420p, 34, 20, 2, 1, 15),
            (.yuv422p10, 30, 18, 2, 5, 5), (.yuv444p12, 22, 14, 4, 3, 3), (.gray8, 26, 18, 1, 3, 5),
        ]
        for (layout, width, height, s, p, r) in cases {
            try assertOnePassOnThePlanes(
                "denoise=s=\(s):p=\(p):r=\(r)", layout: layout, width: width, height: height,
                pass: "denoise on the planes"
            ) { plane, _, maximum in
                Self.denoised(plane, s: s, p: p, r: r, maximum: maximum)
            }
        }
    }

    func testPastTheBoundsWithOthersOrAsAnotherLayoutItTakesTheRGBPath() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        for (text, output) in [
            ("denoise,gamma=1.2", RenderOutput.sameAsSource), ("denoise", .rgba8),
            ("denoise=p=9:r=3", .sameAsSource), ("denoise=p=3:r=17", .sameAsSource),
            ("denoise=p='if(lt(t,1),3,5)'", .sameAsSource),
        ] {
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            let passes = try renderer.summary(for: node, output: output).passes
            XCTAssertFalse(passes.joined().contains("on the planes"), "\(text): \(passes)")
        }
        let alpha = ImageNode(try Fixtures.frame(.yuva444p10)).applying(try FilterChain(parsing: "denoise"))
        XCTAssertFalse(try renderer.summary(for: alpha).passes.joined().contains("on the planes"))
    }
}
