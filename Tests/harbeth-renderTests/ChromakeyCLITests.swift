import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's chromakey (`color`, `similarity`, `blend`, `yuv`, by name or
/// in that order) is yuv_chroma_key, FFmpeg 5.1's model on the frame's
/// own YUV codes: the key's chroma by FFmpeg's full-range formula (or the
/// colour's codes with `yuv`), each pixel's distance the mean over its
/// 3x3 neighbours of |chroma - key| / (255 sqrt 2), the alpha replaced by
/// (distance - similarity) / blend (a step where blend is 0). On 4:4:4
/// input the alpha inside the frame's one-pixel border is FFmpeg's within
/// one code (FFmpeg truncates, we round), but for at most 0.1% of it
/// (measured 0.003 to 0.04%): testsrc2's most vivid colours lie outside
/// RGB, and our chroma comes back from RGB clamped, two codes off or, at
/// blend 0, on the other side of the step. At the border FFmpeg reuses the
/// previous pixel's neighbours, which we do not copy (we clamp to the
/// edge). A green-screen composite is FFmpeg's within 36 dB (measured 39.2). Before, chromakey was an unknown
/// filter (`did you mean 'chroma_key'?`, Harbeth's, another formula).
final class ChromakeyCLITests: XCTestCase {
    /// testsrc2 in 4:4:4, whose green and near-green areas key out.
    private static func keyed() throws -> String {
        try TestMedia.clip(
            "chromakey-444.mkv",
            ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=25", "-t", "0.2", "-c:v", "ffv1", "-pix_fmt", "yuv444p"])
    }

    func testFFmpegsChromakeyIsFFmpegsInsideTheBorder() throws {
        let folder = try Clips.folder(with: [try Self.keyed()])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        for recipe in [
            "chromakey=color=0x00ff00:similarity=0.1:blend=0.2", "chromakey=green:0.2", "chromakey=0x10f010:0.12:0.05",
            "chromakey=color=0x508040:similarity=0.02:blend=0.3:yuv=1",
        ] {
            let run = try Tool.run(
                [
                    "-vf", recipe, "--codec", "ffv1", "-pix_fmt", "yuva444p", "-an", "-y", "-q", "-o", "ours.mkv",
                    "chromakey-444.mkv",
                ], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            guard run.status == 0 else { continue }
            let theirs = try Clips.ffmpegFiltered(
                folder, input: "chromakey-444.mkv", filter: recipe + ",format=yuva444p")
            let (ours, reference) = (try FFmpegParity.samples(path("ours.mkv")), try FFmpegParity.samples(theirs))
            XCTAssertEqual(ours.count, reference.count, recipe)
            let (width, height, planes) = (96, 64, 4)
            var (inside, apart, keyedOut) = (0, 0, 0)
            for index in ours.indices where (index / (width * height)) % planes == 3 {
                let (x, y) = (index % width, (index / width) % height)
                guard x > 0, y > 0, x < width - 1, y < height - 1 else { continue }
                inside += 1
                if abs(ours[index] - reference[index]) > 1 { apart += 1 }
                if reference[index] < 128 { keyedOut += 1 }
            }
            XCTAssertLessThanOrEqual(Double(apart), 0.001 * Double(inside), "\(recipe): \(apart) of \(inside) apart")
            XCTAssertGreaterThan(keyedOut, 0, "\(recipe) keys something out")
        }
    }

    func testAGreenScreenCompositeIsNearFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video(), try Self.keyed()])
        let graph = "[1]scale=160:120,chromakey=0x00ff00:0.15:0.1[k];[0][k]overlay"
        let run = try Tool.run(
            [
                "-i", "cli-clip.mp4", "-i", "chromakey-444.mkv", "--graph", graph, "--codec", "ffv1", "-an", "-y",
                "-q", "-o", "ours.mkv",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let theirs = folder.appendingPathComponent("theirs.mkv").path
        try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-filter_threads", "1", "-i",
                folder.appendingPathComponent("cli-clip.mp4").path, "-i",
                folder.appendingPathComponent("chromakey-444.mkv").path, "-filter_complex", graph, "-an", "-c:v",
                "ffv1", theirs,
            ])
        let values = try Clips.framePSNRs(folder.appendingPathComponent("ours.mkv").path, theirs, asShown: true)
        XCTAssertFalse(values.isEmpty)
        XCTAssertGreaterThanOrEqual(values.min() ?? 0, 36, "worst frame's PSNR")
    }
}
