import Harbeth
import HarbethTestSupport
import XCTest

/// tilt_shift, local_blur, circle_blur, mean_blur, surface_blur and
/// detail_preserving_blur against the numpy references (PSNR >= 45 dB),
/// the strip and per-pixel blur variants of the masked blurs, and the
/// Swift initialisers.
final class BlurEffectFiltersTests: XCTestCase {
    func testMaskedBlurs() throws {
        for chain in [
            "tilt_shift", "tilt_shift=sigma=3:center=0.3:size=0.2:transition=0", "tilt_shift=mode=radial:size=0.5",
            "tilt_shift=sigma=9:intensity=0.5", "local_blur", "local_blur=center=0.2/0.7:size=0.6:softness=0",
            "local_blur=sigma=2:size=3:softness=0.5:intensity=0.7",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    /// A moving sigma runs the per-pixel horizontal kernel, a constant one
    /// the strip: both give the reference.
    func testAnimatedSigmaTakesThePerPixelPass() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8, index: 3)
        let constant = try ImageNode(frame).applying(FilterChain(parsing: "tilt_shift=sigma=4"))
            .makeFrame(on: renderer).packedBytes(plane: 0)
        let animated = try ImageNode(frame).applying(FilterChain(parsing: "tilt_shift=sigma='4+0*t'"))
            .makeFrame(on: renderer).packedBytes(plane: 0)
        let largest = zip(constant, animated).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(largest, 1)
    }

    func testRingSurfaceAndDetailBlurs() throws {
        for chain in [
            "circle_blur", "circle_blur=radius=2.5:samples=5", "circle_blur=radius=0", "mean_blur",
            "mean_blur=radius=1.7", "mean_blur=radius=60", "surface_blur",
            "surface_blur=radius=1:threshold=0.5", "surface_blur=radius=5:threshold=0.02", "detail_preserving_blur",
            "detail_preserving_blur=strength=0.5:detail=0", "detail_preserving_blur=detail=1",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testSwiftInitialisersClampAndMatchTheTextForm() {
        XCTAssertEqual(Filter.tiltShift(sigma: 50, radial: true).description, "tilt_shift=sigma=20:mode=radial")
        XCTAssertEqual(Filter.localBlur(size: 1).description, "local_blur=size=1")
        XCTAssertEqual(Filter.circleBlur(samples: 0).description, "circle_blur=samples=1")
        XCTAssertEqual(Filter.meanBlur(radius: 200).description, "mean_blur=radius=100")
        XCTAssertEqual(Filter.surfaceBlur(radius: 20).description, "surface_blur=radius=10")
        XCTAssertEqual(Filter.detailPreservingBlur(detail: 2).description, "detail_preserving_blur=detail=1")
    }
}
