import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's edgedetect (`high:low:mode:planes`, by name or in that order)
/// is edge_detect, FFmpeg 5.1's whole-number Canny. Its wires mode reads
/// swscale's grey frame (the Y codes stretched to full range) and writes
/// grey: ours is FFmpeg's exactly, frame for frame. Its colormix mode runs
/// on planar RGB: on an RGB video ours is FFmpeg's exactly; from 4:2:0
/// FFmpeg's RGB is swscale's conversion (its own chroma upsampling, up to
/// 138 codes from ours at testsrc2's sharp colour edges) and an edge
/// moves where a code differs (measured 23.1 dB at the worst frame as
/// shown; held to 21). The canny
/// mode (each YUV plane at its own size) and planes that leave one out
/// are refused. Before, edgedetect was an unknown filter.
final class EdgedetectCLITests: XCTestCase {
    func testFFmpegsWiresAreFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try FFmpegParity.assertExactlyFFmpegs(
            [
                "edgedetect,format=yuv420p", "edgedetect=0.3:0.1,format=yuv420p",
                "edgedetect=low=0.02:high=0.1:mode=wires:planes=y,format=yuv420p",
            ], inputs: ["cli-clip.mp4"], in: folder)
    }

    func testFFmpegsColormixOnRGBIsFFmpegsExactly() throws {
        let rgb = try Clips.testPattern("edgedetect-gbrp.mkv", size: "100x70", format: "gbrp")
        let folder = try Clips.folder(with: [rgb])
        try FFmpegParity.assertExactlyFFmpegs(
            ["edgedetect=mode=colormix", "edgedetect=0.1:0.02:colormix"], inputs: ["edgedetect-gbrp.mkv"],
            in: folder)
    }

    func testFFmpegsColormixOn420IsNearFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try FFmpegParity.assertNearFFmpegs(
            ["edgedetect=mode=colormix", "edgedetect=mode=colormix:high=0.1:low=0.02:planes=r+g+b"],
            inputs: ["cli-clip.mp4"], in: folder, minimum: 21, asShown: true)
    }

    func testFFmpegsLimitsAreOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "edgedetect=mode=canny", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'edgedetect=mode=canny': edgedetect mode='canny' is invalid at column 17; expected wires"
                + " or colormix: canny (each YUV plane at its own size) is not taken here")
        try Tool.assertUsageError(
            ["-vf", "edgedetect=planes=u", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'edgedetect=planes=u': edgedetect planes='u' is invalid at column 19; expected y (the grey"
                + " plane): every plane is filtered here")
        try Tool.assertUsageError(
            ["-vf", "edgedetect=high=2", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'edgedetect=high=2': edgedetect high='2' is invalid at column 17; expected a number 0...1")
    }
}
