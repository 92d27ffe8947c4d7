import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's `-c:s` (`-scodec`): `copy` keeps the subtitle packets as they
/// are, a text subtitle encoder's name converts text subtitles to it; by
/// default they are copied, or converted to what the container holds. A
/// container that cannot hold what is asked is one line, with nothing
/// written. Before, `-c:s` was an unknown option.
final class SubtitleCodecCLITests: XCTestCase {
    func testTheSubtitleCodecIsFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try Data("1\n00:00:00,000 --> 00:00:00,800\nHello\n\n".utf8).write(to: URL(fileURLWithPath: path("hello.srt")))
        try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-i", path("cli-clip.mp4"), "-i", path("hello.srt"),
                "-map", "0", "-map", "1", "-c", "copy", "-c:s", "srt", path("subbed.mkv"),
            ])
        for (options, output, codec) in [
            (["-c:s", "copy"], "copied.mkv", "subrip"),
            (["-scodec", "ass"], "ass.mkv", "ass"),
            (["-c:s", "mov_text"], "text.mp4", "mov_text"),
            ([], "default.mp4", "mov_text"),
        ] as [([String], String, String)] {
            let run = try Tool.run(["-i", "subbed.mkv", "-vf", "sepia"] + options + ["-y", output], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try Clips.probe("stream=codec_name", stream: "s:0", of: path(output)), [codec], output)
        }
        for (options, message) in [
            (
                ["-c:s", "copy"],
                "bad.mp4: subtitles refused (mp4 cannot hold subrip subtitles as they are (-c:s copy); leave -c:s out"
                    + " to convert them to mov_text)"
            ),
            (["-c:s", "webvtt"], "bad.mp4: subtitles refused (mp4 cannot hold webvtt subtitles (-c:s webvtt))"),
            (["-c:s", "nosuch"], "bad.mp4: subtitles refused (no subtitle encoder named nosuch is installed)"),
        ] {
            let run = try Tool.run(["-i", "subbed.mkv", "-vf", "sepia"] + options + ["-y", "bad.mp4"], in: folder)
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stderrLines, ["harbeth-render: error: " + message])
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("bad.mp4")))
        }
    }
}
