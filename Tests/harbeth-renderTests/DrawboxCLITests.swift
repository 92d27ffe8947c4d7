import Foundation
import HarbethTestSupport
import XCTest

/// `-vf drawbox=...` and `-vf drawgrid=...` are FFmpeg's: their options, positional order and
/// expressions (x, y, w, h and t may refer to each other, iw and ih to the
/// frame) become draw_box, which on 8-bit planar YUV alone runs on the
/// planes. Opaque boxes decode to exactly FFmpeg's frames (each frame's
/// MD5) at an even and an odd size and on 4:4:4; a translucent box's luma
/// is FFmpeg's exactly, and its chroma is blended once (FFmpeg 5.1 blends
/// a chroma sample again for each of its luma pixels), checked against
/// the input's own samples. Before, drawbox and drawgrid were unknown filters.
final class DrawboxCLITests: XCTestCase {
    /// FFmpeg rounds a colour's codes in 10-bit fixed point, which is one
    /// code off the exact conversion for some colours (green's Y is 144
    /// there, 145 here, cyan's 169 and 170): these colours' codes agree.
    func testOpaqueBoxesAreFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.video(), try Clips.testPattern("drawbox-odd.mkv", size: "161x121", format: "yuv420p"),
            try Clips.testPattern("drawbox-444.mkv", size: "160x120", format: "yuv444p"),
        ])
        let recipes = [
            "drawbox", "drawbox=x=10:y=20:w=64:h=40:color=red:t=5",
            "drawbox=x=iw-w-10:y=ih-h-10:w=iw/4:h=ih/4:color=yellow:t=fill", "drawbox=11:7:33:21:blue:fill",
            "drawbox=x=-20:y=100:w=50:h=50:c=0xFF00FF:t=2", "drawbox=x=iw-w-10:y=10:color=white",
            "drawbox=x=(iw-w)/2:y=(ih-h)/2:width=81:height=61:color=pink:thickness='max(2,w/20)'",
            "drawbox=x=10.9:y=-0.5:w=20.7:h=15:color=magenta:t=0", "drawbox=x=5:y=5:w=30:h=30:c=orange:t=4:replace=1",
            "drawgrid=w=20:h=10:t=2:c=red", "drawgrid=x=5:y=3:w=20:h=10:c=white",
            "drawgrid=x=-7:y=-4:w=iw/8:h=ih/6:t=3:c=yellow", "drawgrid=width=100:height=100:thickness=2:color=blue",
            "drawgrid=0:0:40:30:magenta:2",
            // Two shapes: segments on the planes, not one pass through RGB,
            // which would halve a thin line's chroma.
            "drawbox=10:10:50:40:red:fill,drawgrid=w=20:h=20:c=blue",
        ]
        try FFmpegParity.assertExactlyFFmpegs(
            recipes, inputs: ["cli-clip.mp4", "drawbox-odd.mkv", "drawbox-444.mkv"], in: folder,
            plan: "on the planes")
    }

    /// A translucent box: luma as FFmpeg's; each chroma sample with a luma
    /// pixel in the box is floor((1 - a) c + a C) once, C the colour's
    /// BT.601 code (the clip is untagged SD, which both read as BT.601),
    /// and every other sample is the input's.
    func testATranslucentBoxBlendsLumaAsFFmpegAndChromaOnce() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let width = 160
        let height = 120
        // x 9 and width 61 leave chroma samples half inside on each side.
        let (x0, y0, boxWidth, boxHeight, thickness) = (9, 10, 61, 40, 6)
        let recipe = "drawbox=x=\(x0):y=\(y0):w=\(boxWidth):h=\(boxHeight):color=0xFF8000@0.5:t=\(thickness)"
        let run = try Tool.run(
            ["-vf", recipe, "--codec", "ffv1", "-an", "-y", "-o", "ours.mkv", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        guard run.status == 0 else { return }
        let ours = folder.appendingPathComponent("ours.mkv").path
        let reference = try Clips.ffmpegFiltered(folder, input: "cli-clip.mp4", filter: recipe)
        let lumaPSNRs = try Clips.framePSNRs(ours, reference, plane: "y")
        XCTAssertEqual(lumaPSNRs.count, 25)
        XCTAssertEqual(lumaPSNRs.min(), 100, "the luma of every frame is FFmpeg's")

        // FFmpeg keeps @0.5 as the byte 127 (255 x 0.5, truncated).
        let alpha = 127.0 / 255
        let (r, g, b) = (1.0, 128.0 / 255, 0.0)
        let codes = [
            (128 + 224 * (-0.168736 * r - 0.331264 * g + 0.5 * b)).rounded(),
            (128 + 224 * (0.5 * r - 0.418688 * g - 0.081312 * b)).rounded(),
        ]
        func drawn(_ x: Int, _ y: Int) -> Bool {
            let inside = x >= x0 && x < x0 + boxWidth && y >= y0 && y < y0 + boxHeight
            return inside
                && (x - x0 < thickness || y - y0 < thickness || x0 + boxWidth - 1 - x < thickness
                    || y0 + boxHeight - 1 - y < thickness)
        }
        let input = try Clips.pixels(
            folder.appendingPathComponent("cli-clip.mp4").path, index: 3, pixelFormat: "yuv420p")
        let output = try Clips.pixels(ours, index: 3, pixelFormat: "yuv420p")
        XCTAssertEqual(input.count, output.count)
        var blended = 0
        for plane in 0..<2 {
            let start = width * height + plane * (width / 2) * (height / 2)
            for cy in 0..<(height / 2) {
                for cx in 0..<(width / 2) {
                    let index = start + cy * (width / 2) + cx
                    let covered = [(0, 0), (1, 0), (0, 1), (1, 1)].contains { drawn(2 * cx + $0.0, 2 * cy + $0.1) }
                    let c = Double(input[index])
                    let expected = covered ? ((1 - alpha) * c + alpha * codes[plane]).rounded(.down) : c
                    if covered { blended += 1 }
                    XCTAssertEqual(
                        Double(output[index]), expected, accuracy: 1, "plane \(plane + 1) sample (\(cx), \(cy))")
                }
            }
        }
        XCTAssertGreaterThan(blended, 500)
    }

    func testBrokenDrawboxesAreOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "drawbox=x=x+5", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'drawbox=x=x+5': drawbox x='x+5': x refers back to itself (x → x) at column 11")
        try Tool.assertUsageError(
            ["-vf", "drawbox=x=iw-w:w=h*2:h=x", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'drawbox=x=iw-w:w=h*2:h=x': drawbox x='iw-w': x refers back to itself (x → w → h → x)"
                + " at column 14")
        try Tool.assertUsageError(
            ["-vf", "drawbox=w=40:h=sar*30", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'drawbox=w=40:h=sar*30': drawbox h='sar*30': unknown name 'sar' (drawbox's variables here"
                + " are x, y, w, h, t, iw (or in_w), ih (or in_h); the constants PI, E, PHI, NAN) at column 16")
        try Tool.assertUsageError(
            ["-vf", "drawgrid=w=20:h=20:t=fill", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'drawgrid=w=20:h=20:t=fill': drawgrid t='fill': unknown name 'fill' (drawgrid's variables"
                + " here are x, y, w, h, t, iw (or in_w), ih (or in_h); the constants PI, E, PHI, NAN) at column 22")
        try Tool.assertUsageError(
            ["-vf", "drawbox=color=invert", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'drawbox=color=invert': drawbox color='invert' is invalid at column 15; expected a colour"
                + " (inverting the luma, color=invert, is not supported)")
        try Tool.assertUsageError(
            ["-vf", "drawbox=x=10:q=3", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'drawbox=x=10:q=3': drawbox has no parameter 'q' at column 14; valid: x, y, width (w),"
                + " height (h), color (c), thickness (t), replace")
    }
}
