import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's pixelize (`width`/`w`, `height`/`h`, `mode`/`m`, by name or in
/// that order) is yuv_pixelize, FFmpeg 5.1's avg mode on the frame's own
/// YUV codes: blocks from the top left (cut short at the right and bottom
/// edges), each the average of its codes rounded down, plane by plane. On
/// 4:4:4 input whose colours RGB holds every sample is within one code of
/// FFmpeg's (measured: 4 to 5% of them one apart); on 4:2:0 FFmpeg's
/// chroma blocks are its own samples and ours the chroma met at each pixel
/// (measured 57.9 and 56.4 dB at the worst frame; held to 45). min and max, which take each plane's extreme on its own
/// and so make colours outside RGB, are refused. Catalog `pixellate`
/// (Harbeth's, the block's middle pixel) is another filter. Before,
/// pixelize was an unknown filter.
final class PixelizeCLITests: XCTestCase {
    private let recipes = [
        "pixelize", "pixelize=w=5:h=7", "pixelize=8:4:avg", "pixelize=width=12:height=10:mode=avg",
        "pixelize=m=avg:w=1",
    ]

    /// testsrc2 made in RGB and stored as 4:4:4: colours RGB holds
    /// (testsrc2's own YUV has some it does not).
    private static func inGamut() throws -> String {
        try TestMedia.clip(
            "pixelize-444.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=100x70:rate=25", "-t", "0.4", "-vf", "format=rgb24", "-c:v", "ffv1",
                "-pix_fmt", "yuv444p",
            ])
    }

    func testFFmpegsPixelizeOn444IsWithinOneCodeOfFFmpegs() throws {
        let folder = try Clips.folder(with: [try Self.inGamut()])
        try FFmpegParity.assertWithinOneCodeOfFFmpegs(recipes, inputs: ["pixelize-444.mkv"], in: folder, fraction: 0.1)
    }

    func testFFmpegsPixelizeOn420IsNearFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try FFmpegParity.assertNearFFmpegs(
            ["pixelize", "pixelize=w=8:h=8"], inputs: ["cli-clip.mp4"], in: folder, minimum: 45)
    }

    func testFFmpegsLimitsAreOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "pixelize=w=0", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'pixelize=w=0': pixelize w='0' is invalid at column 12; expected a whole number 1...1024")
        try Tool.assertUsageError(
            ["-vf", "pixelize=m=max", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'pixelize=m=max': pixelize m='max' is invalid at column 12; expected avg: min and max make"
                + " colours outside RGB here")
    }
}
