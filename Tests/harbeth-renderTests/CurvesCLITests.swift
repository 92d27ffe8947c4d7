import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's curves recipes are FFmpeg's curves: its presets
/// (`curves=vintage`), its names (`m`, `red`, `all`, `psfile`), its points
/// (`r='0/0.11 .42/.51 1/0.95'`) and its natural cubic spline into 8-bit
/// tables. On RGB input every frame is FFmpeg's exactly (each frame's
/// MD5); on YUV input FFmpeg converts to RGB with swscale and we convert in
/// floats, so the frames are near (PSNR stated). Before, `curves=vintage`
/// was refused, and FFmpeg's points ran through Harbeth's monotone curve.
final class CurvesCLITests: XCTestCase {
    func testFFmpegsCurvesOnRGBAreFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.testPattern("curves-rgb.mkv", size: "160x120", format: "bgr0")
        ])
        // A Photoshop curves file: version 4, two curves (master, red),
        // each point output then input, big-endian 16-bit words.
        let words: [UInt16] = [4, 2, 3, 0, 0, 140, 100, 255, 255, 2, 30, 0, 255, 230]
        let file = words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let acv = folder.appendingPathComponent("lift.acv").path
        try Data(file).write(to: URL(fileURLWithPath: acv))
        let recipes = [
            "curves=vintage", "curves=preset=increase_contrast", "curves=cross_process", "curves=negative",
            "curves=m='0/0 0.5/0.7 1/1'",
            "curves=r='0/0.11 .42/.51 1/0.95':g='0/0 0.50/0.48 1/1':b='0/0.22 .49/.44 1/0.8'",
            "curves=all='0/0 0.3/0.6 1/1':preset=darker", "curves=psfile=\(acv)",
            "curves=psfile=\(acv):g='0/0.2 1/1'",
        ]
        try FFmpegParity.assertExactlyFFmpegs(recipes, inputs: ["curves-rgb.mkv"], in: folder)
    }

    func testFFmpegsCurvesOnYUVAreNearFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try FFmpegParity.assertNearFFmpegs(
            ["curves=vintage", "curves=preset=strong_contrast"], inputs: ["cli-clip.mp4"], in: folder, minimum: 40)
    }

    func testWhatFFmpegRefusesOrWeDoNotTakeIsOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "curves=vintage:plot=curves.plt", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'curves=vintage:plot=curves.plt': curves has no parameter 'plot' at column 16; valid:"
                + " master, r, g, b, preset, all, interpolation, psfile")
        let close = try Tool.run(["-vf", "curves=r='0/0 0.001/0.5 1/1'", "-o", "out.mp4", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(close.status, 1)
        XCTAssertEqual(
            close.stderrLines,
            [
                "harbeth-render: error: cli-clip.mp4: rendering failed: curves: r: points 1 and 2 are too close or not"
                    + " rising on x (FFmpeg's limit: a table entry apart)"
            ])
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4"])
    }
}
