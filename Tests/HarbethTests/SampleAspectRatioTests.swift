import Harbeth
import XCTest

/// `SampleAspectRatio` and `FilterChain.sampleAspectRatio`, by hand: the
/// CLI's tests hold the same to FFmpeg's output.
final class SampleAspectRatioTests: XCTestCase {
    func testRatiosAreReducedAndPositive() {
        XCTAssertEqual(SampleAspectRatio(reducing: 64, 54)?.description, "32:27")
        XCTAssertNil(SampleAspectRatio(reducing: 0, 1))
        XCTAssertNil(SampleAspectRatio(reducing: 4, -3))
        XCTAssertTrue(SampleAspectRatio(reducing: 7, 7)!.isSquare)
        // Terms past 2^31 are brought under it, the ratio kept.
        let huge = SampleAspectRatio(reducing: 3_000_000_001, 2_000_000_000)!
        XCTAssertLessThanOrEqual(max(huge.width, huge.height), Int(Int32.max))
        XCTAssertEqual(Double(huge.width) / Double(huge.height), 1.5, accuracy: 1e-8)
    }

    /// The bounded approximation is FFmpeg's av_reduce: the nearest
    /// fraction whose terms are within the bound.
    func testApproximationsKeepTheirTermsWithinTheBound() {
        XCTAssertEqual(SampleAspectRatio(approximating: 17778, 10000, max: 100)?.description, "16:9")
        XCTAssertEqual(SampleAspectRatio(approximating: 16, 1, max: 9)?.description, "9:1")
        XCTAssertEqual(SampleAspectRatio(approximating: 235, 100, max: 255)?.description, "47:20")
        XCTAssertEqual(SampleAspectRatio(approximating: 9, 10, max: 10)?.description, "9:10")
        // pi to 6 places, both terms within 100: 22:7 (the next convergent, 333:106, is past it).
        XCTAssertEqual(SampleAspectRatio(approximating: 3_141_593, 1_000_000, max: 100)?.description, "22:7")
        // 1.2 within 1: the semiconvergent 1:1, not the convergent 1:0.
        XCTAssertEqual(SampleAspectRatio(approximating: 6, 5, max: 1)?.description, "1:1")
        XCTAssertNil(SampleAspectRatio(approximating: 0, 1, max: 100))
    }

    func testAResizeKeepsThePicturesShapeAndATransposeTurnsThePixels() throws {
        let anamorphic = SampleAspectRatio(reducing: 32, 27)!
        let input = FrameFormat(width: 160, height: 120, layout: .yuv420p)
        func shape(_ chain: String) throws -> String {
            try FilterChain(parsing: chain).sampleAspectRatio(anamorphic, for: input).description
        }
        XCTAssertEqual(try shape("sepia,crop=80:60,pad=w=100:h=100,flip"), "32:27")
        // 32/27 * (80 * 160) / (80 * 120) = 128/81.
        XCTAssertEqual(try shape("resize=w=80:h=80"), "128:81")
        XCTAssertEqual(try shape("transpose=1"), "27:32")
        XCTAssertEqual(try shape("transpose=1,transpose=2"), "32:27")
        // The crop's size, not the input's, goes into the resize: half the
        // rows in the same picture are pixels twice as tall.
        XCTAssertEqual(try shape("crop=80:60,resize=w=80:h=30"), "16:27")
        XCTAssertEqual(try shape("crop=40:60,resize=w=80:h=60"), "16:27")
        XCTAssertEqual(
            try FilterChain(parsing: "resize=w=80:h=80").sampleAspectRatio(.square, for: input).description, "4:3")
    }
}
