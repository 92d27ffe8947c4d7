import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's monochrome, told by its options (`cb`, `cr`, `size`, `high`),
/// is yuv_monochrome, FFmpeg 5.1's model on the frame's own YUV codes: the
/// luma scaled by exp(-min(|chroma - spot|^2 / size, 1)) (the spot half of
/// cb, cr), by less in the highlights unless `high`, and the chroma set to
/// grey. On 4:4:4 input every luma sample is within one code of FFmpeg's
/// (at most 2% of the samples differ: FFmpeg reads whole codes, ours come
/// back from RGB as floats; measured 1.05%) and the chroma is FFmpeg's 128; on 4:2:0 input FFmpeg reads each
/// pixel's chroma sample and we the chroma interpolated at the pixel, so
/// the luma differs where the chroma does (the worst frame measured
/// identical, identical and 62.8 dB; held to 50). Catalog
/// `monochrome` stays Harbeth's tint. Before, FFmpeg's options were
/// refused (`monochrome has no parameter 'cb'`).
final class MonochromeCLITests: XCTestCase {
    private let recipes = [
        "monochrome=cb=0:cr=0", "monochrome=cb=0.5:cr=-0.3:size=2", "monochrome=cb=-1:cr=1:size=0.3:high=0.7",
    ]

    func testFFmpegsMonochromeOn444IsWithinOneCodeOfFFmpegs() throws {
        let folder = try Clips.folder(with: [
            try Clips.testPattern("monochrome-444.mkv", size: "160x120", format: "yuv444p")
        ])
        try FFmpegParity.assertWithinOneCodeOfFFmpegs(
            recipes, inputs: ["monochrome-444.mkv"], in: folder, fraction: 0.02)
    }

    func testFFmpegsMonochromeOn420IsNearFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try FFmpegParity.assertNearFFmpegs(recipes, inputs: ["cli-clip.mp4"], in: folder, minimum: 50)
    }

    func testHarbethsMonochromeKeepsItsValuesAndFFmpegsLimitsAreOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "monochrome=cb=0:size=20", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'monochrome=cb=0:size=20': monochrome size='20' is invalid at column 22; expected a number"
                + " 0.1...10")
        let harbeths = try Tool.run(["-vf", "monochrome=intensity=0.5", "--null", "-v", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(harbeths.status, 0, harbeths.stderr)
        XCTAssertTrue(harbeths.stderr.contains("monochrome"), harbeths.stderr)
        XCTAssertFalse(harbeths.stderr.contains("yuv_monochrome"), harbeths.stderr)
    }
}
