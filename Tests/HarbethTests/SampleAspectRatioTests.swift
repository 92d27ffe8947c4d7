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
