import Harbeth
import HarbethTestSupport
import XCTest

/// cas, chromatic_aberration, film_grain, deband and denoise against the
/// numpy references (PSNR >= 45 dB; the random ones at several frame
/// times, with the same integer hash), denoise (both kernels) and its parameter checks, and the
/// Swift initialisers.
final class QualityFiltersTests: XCTestCase {
    func testSharpeningAndFringes() throws {
        for chain in [
            "cas", "cas=1", "cas=0.5", "chromatic_aberration", "chromatic_aberration=amount=-0.03:center=0.3/0.6",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testGrainAndDebandingAtSeveralTimes() throws {
        for time in [0.0, 0.04, 2.5] {
            for chain in [
                "film_grain", "film_grain=strength=0.3:size=4:response=0:color=1", "film_grain=size=1:response=1",
                "deband", "deband=iterations=4:threshold=64:radius=8:grain=0", "deband=threshold=500:grain=32",
            ] {
                try assertMatchesReference(chain, .neighborhood, time: time)
            }
        }
    }

    func testDenoise() throws {
        // The strip kernel with p and r compiled in, up to the defaults' p 7
        // and r 15 (each bound on its own: the numpy reference of both
        // together takes half a minute); the loops past them (p 9).
        for chain in [
            "denoise=p=3:r=5", "denoise=s=8:p=3:r=7", "denoise=s=3:p=5:r=3", "denoise=p=7:r=3", "denoise=p=1:r=15",
            "denoise=p=9:r=3",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
        // A frame whose height is no whole number of strips: the last strip
        // of each column stops at the bottom edge.
        let part = try Fixtures.crop(.rgba8, width: 62, height: 46)
        let chain = try FilterChain(parsing: "denoise=s=2:p=3:r=7")
        let output = try ImageNode(part).applying(chain).makeFrame(on: Fixtures.renderer())
        let reference = try Reference.apply(chain, to: part.packedBytes(plane: 0), width: 62, height: 46)
        XCTAssertGreaterThanOrEqual(Reference.compare(output, with: reference).psnr, 45, "62x46: PSNR in dB")
        let frame = try Fixtures.frame(.rgba8, index: 3)
        XCTAssertThrowsError(try ImageNode(frame).applying(FilterChain(parsing: "denoise=p=4")).makeFrame()) {
            XCTAssertTrue("\($0)".contains("p must be odd, not 4"), "\($0)")
        }
    }

    func testSwiftInitialisersClampAndMatchTheTextForm() {
        XCTAssertEqual(Filter.cas(strength: 3).description, "cas=strength=1")
        XCTAssertEqual(Filter.chromaticAberration(amount: 1).description, "chromatic_aberration=amount=0.1")
        XCTAssertEqual(Filter.filmGrain(color: true).description, "film_grain=color=1")
        XCTAssertEqual(Filter.deband(iterations: 99).description, "deband=iterations=16")
        XCTAssertEqual(Filter.denoise(p: 3, r: 5).description, "denoise=p=3:r=5")
    }
}
