import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's encoder and muxer options in a pasted command do their work:
/// `-profile:v`, `-level`, `-tune`, `-maxrate`, `-bufsize` reach the video
/// encoder, `-movflags` the muxer, `-metadata` the file's tags and
/// `-tag:v` the stream's FourCC, as ffprobe reads FFmpeg's own output of
/// the same options. One the encoder does not take is named in a note; a
/// value it refuses is one line, with nothing written. Before, each was an
/// unknown option.
final class EncoderOptionsCLITests: XCTestCase {
    func testFFmpegsEncoderAndMuxerOptionsReachThem() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let options = [
            "-c:v", "libx264", "-profile:v", "baseline", "-level", "3.0", "-tune", "film", "-maxrate", "400k",
            "-bufsize", "800k", "-movflags", "+faststart", "-metadata", "title=Harbeth test", "-metadata",
            "comment=pasted", "-tag:v", "avc1",
        ]
        let run = try Tool.run(["-i", "cli-clip.mp4", "-vf", "sepia"] + options + ["-y", "ours.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        try TestMedia.run(
            "ffmpeg",
            ["-hide_banner", "-loglevel", "error", "-y", "-i", path("cli-clip.mp4"), "-vf", "format=yuv420p"]
                + options + [path("theirs.mp4")])
        for entries in ["stream=profile,level,codec_tag_string"] {
            XCTAssertEqual(
                try Clips.probe(entries, stream: "v:0", of: path("ours.mp4")),
                try Clips.probe(entries, stream: "v:0", of: path("theirs.mp4")), entries)
        }
        XCTAssertEqual(try Clips.probe("stream=profile", stream: "v:0", of: path("ours.mp4")), ["Constrained Baseline"])
        XCTAssertEqual(
            try Clips.probe("format_tags=title,comment", of: path("ours.mp4")), ["Harbeth test", "pasted"])
        // An empty value removes a tag the input has, as in FFmpeg.
        try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-i", path("cli-clip.mp4"), "-c", "copy", "-metadata",
                "title=Old", "-metadata", "artist=Kept", path("titled.mp4"),
            ])
        let untitled = try Tool.run(
            ["-i", "titled.mp4", "-vf", "sepia", "-metadata", "title=", "-y", "untitled.mp4"], in: folder)
        XCTAssertEqual(untitled.status, 0, untitled.stderr)
        XCTAssertEqual(try Clips.probe("format_tags=title,artist", of: path("untitled.mp4")), ["Kept"])
        // -map_metadata -1 keeps none of the input's tags; -metadata's are written.
        let stripped = try Tool.run(
            ["-i", "titled.mp4", "-vf", "sepia", "-map_metadata", "-1", "-metadata", "comment=new", "-y", "bare.mp4"],
            in: folder)
        XCTAssertEqual(stripped.status, 0, stripped.stderr)
        XCTAssertEqual(try Clips.probe("format_tags=title,artist,comment", of: path("bare.mp4")), ["new"])
        // -map_chapters -1 leaves out the input's chapters, as in FFmpeg.
        let chapters = path("chapters.txt")
        try Data(
            """
            ;FFMETADATA1
            [CHAPTER]
            TIMEBASE=1/1000
            START=0
            END=500
            title=One
            [CHAPTER]
            TIMEBASE=1/1000
            START=500
            END=1000
            title=Two

            """.utf8
        ).write(to: URL(fileURLWithPath: chapters))
        try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-i", path("cli-clip.mp4"), "-i", chapters, "-map", "0",
                "-map_chapters", "1", "-c", "copy", path("chaptered.mp4"),
            ])
        for (options, count) in [([], 2), (["-map_chapters", "-1"], 0)] as [([String], Int)] {
            let run = try Tool.run(
                ["-i", "chaptered.mp4", "-vf", "sepia"] + options + ["-y", "chapters-out.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let listed = try TestMedia.run(
                "ffprobe", ["-v", "error", "-show_entries", "chapter=id", "-of", "csv", path("chapters-out.mp4")])
            XCTAssertEqual(
                String(decoding: listed, as: UTF8.self).split(separator: "\n").count, count, options.description)
        }
        try Tool.assertUsageError(
            ["-i", "titled.mp4", "-vf", "sepia", "-map_chapters", "0:1", "-y", "bare.mp4"], in: folder,
            "-map_chapters takes -1 (none of the input's chapters) or 0 (the filtered video's input's, the default),"
                + " not '0:1' (see harbeth-render --help)")
        try Tool.assertUsageError(
            ["-i", "titled.mp4", "-vf", "sepia", "-map_metadata", "1", "-y", "bare.mp4"], in: folder,
            "-map_metadata takes -1 (none of the input's tags) or 0 (the filtered video's input's, the default),"
                + " not '1' (see harbeth-render --help)")
        // faststart: the index (moov) before the media (mdat).
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path("ours.mp4")))
        let moov = bytes.range(of: Data("moov".utf8))!.lowerBound
        let mdat = bytes.range(of: Data("mdat".utf8))!.lowerBound
        XCTAssertLessThan(moov, mdat)

        // A key the encoder does not take is named; a value it refuses fails.
        let ignored = try Tool.run(
            ["-i", "cli-clip.mp4", "-vf", "sepia", "-c:v", "ffv1", "-tune", "film", "-y", "ffv1.mkv"], in: folder)
        XCTAssertEqual(ignored.status, 0, ignored.stderr)
        XCTAssertTrue(ignored.stderr.contains("ffv1 ignored option(s) tune"), ignored.stderr)
        let refused = try Tool.run(
            ["-i", "cli-clip.mp4", "-vf", "sepia", "-c:v", "libx264", "-maxrate", "fast", "-y", "bad.mp4"],
            in: folder)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(
            refused.stderrLines,
            ["harbeth-render: error: bad.mp4: encoder libx264 with maxrate=fast failed to open (Invalid argument)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("bad.mp4")))
    }
}
