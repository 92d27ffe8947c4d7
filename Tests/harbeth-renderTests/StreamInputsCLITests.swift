import Foundation
import HarbethTestSupport
import XCTest

/// Several inputs without a graph, as FFmpeg users give them: one input's
/// video is filtered and the others supply streams, a still looped over a
/// song (`-loop 1 -i cover.png -i song.m4a -shortest`) or a video whose
/// sound is replaced (`-i video.mp4 -i song.m4a --map 0:v --map 1:a`).
/// `-shortest` ends the output with its shortest stream. Before, several
/// inputs always needed a graph, an audio-only input could not be opened,
/// and `-shortest` was an unknown option.
final class StreamInputsCLITests: XCTestCase {
    /// A 2.5 s stereo song at 22050 Hz: its rate and channels tell its
    /// sound from the clip's (mono, 48 kHz).
    private func song() throws -> String {
        try TestMedia.clip(
            "stream-inputs-song.m4a",
            [
                "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=22050:duration=2.5", "-ac", "2", "-c:a", "aac",
            ])
    }

    private func duration(_ path: String, _ stream: String) throws -> Double {
        let text = try Clips.probe("stream=duration", stream: stream, of: path).first ?? ""
        return try XCTUnwrap(Double(text), "\(stream) of \(path): '\(text)'")
    }

    private func audio(_ path: String) throws -> [String] {
        try Clips.probe("stream=sample_rate,channels", stream: "a", of: path)
    }

    func testAStillLoopedOverASongEndsWithTheSong() throws {
        let folder = try Clips.folder(with: [try Clips.png(), try song()])
        let path = folder.appendingPathComponent("cover.mp4").path
        let run = try Tool.run(
            [
                "-loop", "1", "-i", "cli-still.png", "-i", "stream-inputs-song.m4a", "-vf", "sepia", "-shortest",
                "-o", "cover.mp4",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try audio(path), ["22050", "2"])
        // FFmpeg's image demuxer gives 25 frames a second: 2.5 s is 62 or 63 frames.
        let frames = try XCTUnwrap(try Clips.frameCount(path))
        XCTAssertTrue((62...63).contains(frames), "\(frames) frames")
        XCTAssertEqual(try duration(path, "a"), 2.5, accuracy: 0.05)
        // -shortest with no sound that ends leaves the loop without end.
        try Tool.assertUsageError(
            ["-loop", "1", "-i", "cli-still.png", "-vf", "sepia", "-shortest", "-o", "x.mp4"], in: folder,
            "-loop 1 repeats the image without end: -shortest ends it with an audio stream, and no input gives one"
                + " that declares its length (give -t or -frames:v) (see harbeth-render --help)")
        // Without an end, the loop is refused before any work.
        try Tool.assertUsageError(
            ["-loop", "1", "-i", "cli-still.png", "-i", "stream-inputs-song.m4a", "-vf", "sepia", "-o", "x.mp4"],
            in: folder,
            "-loop 1 repeats the image without end: give -t, -frames:v or -shortest (see harbeth-render --help)")
    }

    func testAVideosSoundIsReplacedByTheSongTheMapsName() throws {
        let folder = try Clips.folder(with: [try Clips.video(), try song()])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let mapped = try Tool.run(
            [
                "-i", "cli-clip.mp4", "-i", "stream-inputs-song.m4a", "--map", "0:v", "--map", "1:a", "-vf", "sepia",
                "-shortest", "-o", "mapped.mp4",
            ], in: folder)
        XCTAssertEqual(mapped.status, 0, mapped.stderr)
        XCTAssertEqual(try audio(path("mapped.mp4")), ["22050", "2"])
        XCTAssertEqual(try Clips.frameCount(path("mapped.mp4")), 25)
        XCTAssertEqual(try duration(path("mapped.mp4"), "a"), 1.0, accuracy: 0.05)
        // The video's frames are the same as from the clip alone.
        let alone = try Tool.run(["-i", "cli-clip.mp4", "-vf", "sepia", "-an", "-o", "alone.mp4"], in: folder)
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(try Clips.frameHashes(path("mapped.mp4")), try Clips.frameHashes(path("alone.mp4")))

        // Without maps, FFmpeg's rule: the audio with the most channels, the
        // song; the clip's own sound is named as dropped. Without
        // -shortest the song plays on past the video, as in FFmpeg.
        let chosen = try Tool.run(
            ["-i", "cli-clip.mp4", "-i", "stream-inputs-song.m4a", "-vf", "sepia", "-o", "chosen.mp4"], in: folder)
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertEqual(try audio(path("chosen.mp4")), ["22050", "2"])
        XCTAssertEqual(try duration(path("chosen.mp4"), "a"), 2.5, accuracy: 0.05)
        XCTAssertTrue(
            chosen.stderr.contains(
                "dropped audio stream 1 (aac): the audio comes from input 1 (stream-inputs-song.m4a);"
                    + " --map 0:a keeps this one too"), chosen.stderr)

        // The video may come from the second input; the first gives the sound.
        let second = try Tool.run(
            [
                "-i", "stream-inputs-song.m4a", "-i", "cli-clip.mp4", "--map", "1:v", "--map", "0:a", "-vf", "sepia",
                "-shortest", "-o", "second.mp4",
            ], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try audio(path("second.mp4")), ["22050", "2"])
        XCTAssertEqual(try Clips.frameHashes(path("second.mp4")), try Clips.frameHashes(path("alone.mp4")))
    }

    func testShortestEndsOneInputWithItsShorterStream() throws {
        let longSound = try TestMedia.clip(
            "stream-inputs-long-sound.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-f", "lavfi", "-i",
                "sine=sample_rate=48000:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                "-c:a", "aac",
            ])
        let longVideo = try TestMedia.clip(
            "stream-inputs-long-video.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=2", "-f", "lavfi", "-i",
                "sine=sample_rate=48000:duration=1", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                "-c:a", "aac",
            ])
        let folder = try Clips.folder(with: [longSound, longVideo])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        for (input, output) in [("stream-inputs-long-sound.mp4", "a.mp4"), ("stream-inputs-long-video.mp4", "b.mp4")] {
            let run = try Tool.run(["-i", input, "-vf", "sepia", "-shortest", "-o", output], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try Clips.frameCount(path(output)), 25, input)
            XCTAssertEqual(try duration(path(output), "a"), 1.0, accuracy: 0.05, input)
        }
        // Without it, both streams play to their ends.
        let whole = try Tool.run(["-i", "stream-inputs-long-sound.mp4", "-vf", "sepia", "-o", "c.mp4"], in: folder)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(try duration(path("c.mp4"), "a"), 2.0, accuracy: 0.05)
    }

    /// `-stream_loop N` plays an input N more times (-1: until -t,
    /// -frames:v or -shortest ends the output), each play's frames after
    /// the last's; the looped input's own sound, which would stop after
    /// one play, is left out and named.
    func testStreamLoopPlaysTheVideoAgain() throws {
        let folder = try Clips.folder(with: [try Clips.video(), try song()])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let looped = try Tool.run(
            ["-stream_loop", "2", "-i", "cli-clip.mp4", "-vf", "sepia", "--codec", "ffv1", "-o", "looped.mkv"],
            in: folder)
        XCTAssertEqual(looped.status, 0, looped.stderr)
        XCTAssertTrue(
            looped.stderr.contains(
                "dropped audio stream 1 (aac): -stream_loop repeats the video only; the sound would stop after one"
                    + " play"), looped.stderr)
        let hashes = try Clips.frameHashes(path("looped.mkv")).map { $0.split(separator: " ").last ?? "" }
        XCTAssertEqual(hashes.count, 75)
        XCTAssertEqual(Array(hashes[25..<50]), Array(hashes[0..<25]))
        XCTAssertEqual(Array(hashes[50..<75]), Array(hashes[0..<25]))
        let seconds = try Clips.probe("format=duration", of: path("looped.mkv")).first.flatMap { Double($0) }
        XCTAssertEqual(try XCTUnwrap(seconds), 3.0, accuracy: 0.05)
        XCTAssertEqual(try Clips.probe("stream=codec_type", of: path("looped.mkv")), ["video"])

        // Without end, until the song ends.
        let song = try Tool.run(
            [
                "-stream_loop", "-1", "-i", "cli-clip.mp4", "-i", "stream-inputs-song.m4a", "--map", "0:v", "--map",
                "1:a", "-vf", "sepia", "-shortest", "-o", "song.mp4",
            ], in: folder)
        XCTAssertEqual(song.status, 0, song.stderr)
        let frames = try XCTUnwrap(try Clips.frameCount(path("song.mp4")))
        XCTAssertTrue((62...63).contains(frames), "\(frames) frames")
        XCTAssertEqual(try audio(path("song.mp4")), ["22050", "2"])

        // In a graph, a looped inset under a longer video: the video ends
        // the run with shortest=1 (the inset has no end); by default, the
        // longest input's end, it would have none, which is one line.
        let long = try TestMedia.clip(
            "stream-inputs-long.mp4", ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=3"])
        try FileManager.default.copyItem(atPath: long, toPath: path("long.mp4"))
        let inset = try Tool.run(
            [
                "-i", "long.mp4", "-stream_loop", "-1", "-i", "cli-clip.mp4", "--graph",
                "[0][1]overlay=x=10:y=10:shortest=1[out]",
                "--codec", "ffv1", "-o", "inset.mkv",
            ], in: folder)
        XCTAssertEqual(inset.status, 0, inset.stderr)
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-i", path("inset.mkv"), "-vf", "crop=160:120:10:10", "-c:v", "ffv1",
                path("inset-only.mkv"),
            ])
        let insets = try Clips.frameHashes(path("inset-only.mkv")).map { $0.split(separator: " ").last ?? "" }
        XCTAssertEqual(insets.count, 75)
        XCTAssertEqual(Array(insets[50..<75]), Array(insets[0..<25]))
        try Tool.assertUsageError(
            [
                "-i", "long.mp4", "-stream_loop", "-1", "-i", "cli-clip.mp4", "--graph", "[0][1]overlay[out]", "-o",
                "x.mp4",
            ], in: folder,
            "-stream_loop -1 repeats input 1 without end, and the graph ends with its longest input: give -t,"
                + " -frames:v, a filter's shortest=1 or --end first (see harbeth-render --help)")
        try Tool.assertUsageError(
            ["-stream_loop", "-1", "-i", "cli-clip.mp4", "-vf", "sepia", "-o", "x.mp4"], in: folder,
            "-stream_loop -1 repeats the input without end: give -t, -frames:v or -shortest"
                + " (see harbeth-render --help)")
        try Tool.assertUsageError(
            ["-stream_loop", "twice", "-i", "cli-clip.mp4", "-vf", "sepia", "-o", "x.mp4"], in: folder,
            "-stream_loop takes a count (-1 for no end), not 'twice' (see harbeth-render --help)")
    }

    func testTwoVideosWithoutAGraphOrAMapAreRefused() throws {
        let second = try TestMedia.clip(
            "stream-inputs-second.mp4", ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=1"])
        let folder = try Clips.folder(with: [try Clips.video(), second, try song()])
        try Tool.assertUsageError(
            ["-i", "cli-clip.mp4", "-i", "stream-inputs-second.mp4", "-vf", "sepia", "-o", "x.mp4"], in: folder,
            "inputs 0 and 1 (cli-clip.mp4 stream-inputs-second.mp4) both have video: give a --graph that says how"
                + " they combine, or --map K:v for the one to filter (see harbeth-render --help)")
        try Tool.assertUsageError(
            ["-i", "stream-inputs-song.m4a", "-i", "stream-inputs-song.m4a", "-vf", "sepia", "-o", "x.mp4"],
            in: folder, "no input has video (stream-inputs-song.m4a stream-inputs-song.m4a) (see harbeth-render --help)"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.mp4").path))
    }
}
