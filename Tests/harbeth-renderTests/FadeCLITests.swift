import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's fade written as FFmpeg takes it runs with FFmpeg's timing: by
/// frame numbers (`fade=in:5:10`), by seconds (`fade=t=out:st=0.6:d=0.4`),
/// with a named colour. Each frame's luma is compared with FFmpeg's fade of
/// the same clip: ours mixes in RGB (and goes there and back at the
/// chroma's edges), FFmpeg scales the YUV codes, so their mean difference
/// is under 1 code (1.5 allowed), while a fade one frame early or late is
/// 6 codes away on average.
final class FadeCLITests: XCTestCase {
    private let size = (width: 64, height: 48)

    /// 25 frames per second for 1 s, lossless.
    private func clip() throws -> String {
        try TestMedia.clip(
            "fade-25.mkv",
            ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25", "-t", "1", "-c:v", "ffv1", "-pix_fmt", "yuv420p"])
    }

    /// Every frame's luma plane.
    private func lumaFrames(_ path: String) throws -> [[UInt8]] {
        let bytes = [UInt8](
            try TestMedia.run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"]))
        let frame = size.width * size.height
        return stride(from: 0, to: bytes.count, by: frame).map { Array(bytes[$0..<min($0 + frame, bytes.count)]) }
    }

    func testFFmpegsFadeFormsKeepFFmpegsTiming() throws {
        let folder = try Clips.folder(with: [try clip()])
        let forms = [
            "fade=in:5:10", "fade=t=out:s=12:n=8", "fade=type=in:start_time=0.2:duration=0.4",
            "fade=t=out:st=0.6:d=0.4:c=white", "fade=out:0:5:color=0x808080",
        ]
        for form in forms {
            let run = try Tool.run(["-i", "fade-25.mkv", "-vf", form, "--codec", "ffv1", "-y", "ours.mkv"], in: folder)
            XCTAssertEqual(run.status, 0, "\(form): \(run.stderr)")
            let theirs = folder.appendingPathComponent("theirs.mkv").path
            try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-i", folder.appendingPathComponent("fade-25.mkv").path,
                    "-vf", form, "-c:v", "ffv1", theirs,
                ])
            let ours = try lumaFrames(folder.appendingPathComponent("ours.mkv").path)
            let reference = try lumaFrames(theirs)
            XCTAssertEqual(ours.count, 25, form)
            XCTAssertEqual(ours.count, reference.count, form)
            for (index, (a, b)) in zip(ours, reference).enumerated() {
                let differences = zip(a, b).map { abs(Int($0) - Int($1)) }
                let mean = Double(differences.reduce(0, +)) / Double(differences.count)
                XCTAssertLessThanOrEqual(mean, 1.5, "\(form) frame \(index)")
            }
        }
    }
}
