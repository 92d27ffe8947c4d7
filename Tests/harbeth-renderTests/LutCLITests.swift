import Foundation
import HarbethTestSupport
import XCTest

/// `-vf lutyuv=...` and `-vf lutrgb=...` are FFmpeg's: on 8-bit planar YUV
/// alone lutyuv runs on the planes and decodes to exactly FFmpeg's frames
/// (each frame's MD5), in limited range (minval and maxval 16 and 235 or
/// 240) and full (0 and 255), at an odd size and on 4:4:4; lutrgb, which
/// FFmpeg runs on RGB it converts to, is within a stated PSNR of FFmpeg's
/// as shown. Before, both were unknown filters.
final class LutCLITests: XCTestCase {
    func testLutYUVOnThePlanesIsFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.video(), try Clips.testPattern("lut-odd.mkv", size: "161x121", format: "yuv420p"),
            try Clips.testPattern("lut-444.mkv", size: "160x120", format: "yuv444p"),
            try Clips.testPattern("lut-full.mkv", size: "160x120", format: "yuvj420p"),
        ])
        let recipes = [
            "lutyuv=y=negval", "lutyuv=u=128:v=128", "lutyuv=y='gammaval(0.6)':u='clip(val*1.4-51,16,240)'",
            "lutyuv=y=val*1.3-20:v=maxval", "lutyuv=y=val+0.7:u=minval", "lutyuv=c0=w/2:c2=255-val",
        ]
        try FFmpegParity.assertExactlyFFmpegs(
            recipes, inputs: ["cli-clip.mp4", "lut-odd.mkv", "lut-444.mkv", "lut-full.mkv"], in: folder,
            plan: "lut_yuv on the planes")
    }

    /// FFmpeg 5.1's negate is max - val on the components it names (all
    /// by default): here lut_yuv of 255-val, so on 8-bit planar YUV every
    /// frame is FFmpeg's exactly, in limited and full range. Before, negate
    /// was an unknown filter (`did you mean 'invert'?`). Negating the
    /// alpha is refused in one line.
    func testFFmpegsNegateIsFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.video(), try Clips.testPattern("lut-odd.mkv", size: "161x121", format: "yuv420p"),
            try Clips.testPattern("lut-full.mkv", size: "160x120", format: "yuvj420p"),
        ])
        try FFmpegParity.assertExactlyFFmpegs(
            ["negate", "negate=components=y", "negate=u+v:negate_alpha=0"],
            inputs: ["cli-clip.mp4", "lut-odd.mkv", "lut-full.mkv"], in: folder)
        try Tool.assertUsageError(
            ["-vf", "negate=negate_alpha=1", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'negate=negate_alpha=1': negate negate_alpha='1' is invalid at column 21; expected 0: the"
                + " alpha is kept here")
    }

    /// lutrgb: FFmpeg converts the YUV to RGB, looks its codes up and
    /// converts back; so do we, with our conversions, so the codes are
    /// not FFmpeg's bit for bit: every frame as shown within 38 dB (the
    /// plain round trip, `lutrgb` at its defaults, is 44.7 dB apart; these
    /// recipes measured 38.8 to 41).
    func testLutRGBIsFFmpegsAsShown() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for recipe in [
            "lutrgb", "lutrgb=r=negval:g=negval:b=negval", "lutrgb=r=0:g=val/2+40", "lutrgb=b='gammaval(1.8)'",
        ] {
            let run = try Tool.run(
                ["-vf", recipe, "--codec", "ffv1", "-an", "-y", "-q", "-o", "ours.mkv", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            guard run.status == 0 else { continue }
            let reference = try Clips.ffmpegFiltered(folder, input: "cli-clip.mp4", filter: recipe)
            let values = try Clips.framePSNRs(
                folder.appendingPathComponent("ours.mkv").path, reference, asShown: true)
            XCTAssertFalse(values.isEmpty)
            XCTAssertGreaterThanOrEqual(values.min() ?? 0, 38, "\(recipe): worst frame's PSNR")
        }
    }
}
