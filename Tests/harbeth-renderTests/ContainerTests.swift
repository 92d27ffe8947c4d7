import Foundation
import HarbethTestSupport
import XCTest

/// Inputs in the containers broadcast and old camcorders leave (MPEG-TS,
/// MPEG-PS, FLV), and timestamps as they come: audio is carried into every
/// output, `--start` counts from the stream's start, the output starts at
/// 0 with the streams' offsets kept, and `--frames` ends the audio with
/// the video.
final class ContainerTests: XCTestCase {
    /// The fixtures: 3 s of 25 fps video with audio, made once.
    private static let inputs = Result { () throws -> URL in
        let folder = try Clips.folder()
        func make(_ name: String, _ arguments: [String]) throws {
            try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    "testsrc2=size=160x120:rate=25:duration=3",
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=3",
                ] + arguments
                    + [folder.appendingPathComponent(name).path])
        }
        let h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25"]
        // A transport stream whose timeline starts at 10 s, as one cut from
        // a broadcast does, with one key frame (x264's default GOP is longer
        // than the clip): seeking in it lands past the only key frame.
        try make(
            "aac.ts",
            [
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
                "-output_ts_offset", "10",
            ])
        try make("mp2.ts", h264 + ["-c:a", "mp2", "-output_ts_offset", "10"])
        try make("program.mpg", ["-c:v", "mpeg2video", "-g", "12", "-c:a", "mp2"])
        try make("flash.flv", h264 + ["-c:a", "aac"])
        return folder
    }

    /// Where a stream ends: the latest end of any of its packets, in seconds.
    private func end(of stream: String, in path: String) throws -> Double {
        let values = try Clips.probe("packet=pts_time,duration_time", stream: stream, of: path)
        return stride(from: 0, to: values.count - 1, by: 2).map {
            (Double(values[$0]) ?? 0) + (Double(values[$0 + 1]) ?? 0)
        }.max() ?? 0
    }

    private func folder(with names: [String]) throws -> URL {
        let inputs = try Self.inputs.get()
        return try Clips.folder(with: names.map { inputs.appendingPathComponent($0).path })
    }

    func testAudioFromTransportProgramAndFlashStreamsIsCarried() throws {
        let cases: [(input: String, audio: String)] = [
            ("aac.ts", "aac"), ("mp2.ts", "mp2"), ("program.mpg", "mp2"), ("flash.flv", "aac"),
        ]
        let folder = try folder(with: cases.map(\.input))
        for (input, audio) in cases {
            for container in ["mp4", "mkv"] {
                let output = "\(input).\(container)"
                let run = try Tool.run(["-vf", "sepia", input, "-o", output], in: folder)
                XCTAssertEqual(run.status, 0, "\(output): \(run.stderr)")
                let path = folder.appendingPathComponent(output).path
                // mp4 files MPEG-1 layer 2 under the same object type as layer 3.
                let named = try Clips.probe("stream=codec_name", stream: "a:0", of: path)
                XCTAssertTrue(named == [audio] || (audio == "mp2" && container == "mp4" && named == ["mp3"]), output)
                XCTAssertEqual(try end(of: "a:0", in: path), 3, accuracy: 0.1, output)
                XCTAssertEqual(try Clips.frameCount(path), 75, output)
            }
            let reencoded = try Tool.run(
                ["-vf", "sepia", "--audio", "reencode", input, "-o", "\(input).re.mp4"], in: folder)
            XCTAssertEqual(reencoded.status, 0, "\(input): \(reencoded.stderr)")
        }
    }

    /// The output starts at 0 where the input's timeline starts (10 s
    /// into a transport stream's clock), as FFmpeg's does;
    /// `--keep-timestamps` keeps the input's.
    func testTheOutputStartsAtZeroUnlessTimestampsAreKept() throws {
        let folder = try folder(with: ["aac.ts"])
        let shifted = try Tool.run(["-vf", "sepia", "aac.ts", "-o", "zero.mkv"], in: folder)
        XCTAssertEqual(shifted.status, 0, shifted.stderr)
        let zero = folder.appendingPathComponent("zero.mkv").path
        let start = Double(try Clips.probe("format=start_time", of: zero).first ?? "") ?? -1
        XCTAssertEqual(start, 0, accuracy: 0.05)
        // The audio keeps its offset to the video.
        let inputs = try Self.inputs.get().appendingPathComponent("aac.ts").path
        let sourceOffset =
            (Double(try Clips.probe("stream=start_time", stream: "a:0", of: inputs).first ?? "") ?? 0)
            - (Double(try Clips.probe("stream=start_time", stream: "v:0", of: inputs).first ?? "") ?? 0)
        let outputOffset =
            (Double(try Clips.probe("stream=start_time", stream: "a:0", of: zero).first ?? "") ?? 0)
            - (Double(try Clips.probe("stream=start_time", stream: "v:0", of: zero).first ?? "") ?? 0)
        XCTAssertEqual(outputOffset, sourceOffset, accuracy: 0.002)

        let kept = try Tool.run(["-vf", "sepia", "--keep-timestamps", "aac.ts", "-o", "kept.mkv"], in: folder)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        let keptStart =
            Double(try Clips.probe("format=start_time", of: folder.appendingPathComponent("kept.mkv").path).first ?? "")
            ?? 0
        // 10 s of offset, and the 1.4 s the transport stream muxer adds.
        let sourceStart = Double(try Clips.probe("format=start_time", of: inputs).first ?? "") ?? 0
        XCTAssertGreaterThan(sourceStart, 10)
        XCTAssertEqual(keptStart, sourceStart, accuracy: 0.05)
    }

    /// `--start` counts from the start of the stream, as `ffmpeg -ss`
    /// does, whatever clock the transport stream's timestamps follow.
    func testStartSeeksWithinATransportStream() throws {
        let folder = try folder(with: ["aac.ts"])
        let run = try Tool.run(["-vf", "brightness=0", "--start", "1", "aac.ts", "-o", "late.mkv"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = folder.appendingPathComponent("late.mkv").path
        XCTAssertEqual(try Clips.frameCount(output), 50)
        // The first frame is the input's frame at 1 s.
        let expected = try Clips.pixels(folder.appendingPathComponent("aac.ts").path, index: 25, pixelFormat: "gray")
        let first = try Clips.pixels(output, index: 0, pixelFormat: "gray")
        XCTAssertLessThan(Clips.meanAbsoluteDifference(expected, first), 3)
        XCTAssertEqual(try end(of: "a:0", in: output), 2, accuracy: 0.1)
        let past = try Tool.run(["-vf", "sepia", "--start", "4", "aac.ts", "-o", "past.mkv"], in: folder)
        XCTAssertEqual(past.status, 1)
        XCTAssertTrue(past.stderr.contains("--start 4 is past the end (3.000 s)"), past.stderr)
    }

    /// `--frames N` ends the audio with the last video frame, as
    /// `--duration` does.
    func testAFrameLimitEndsTheAudioWithTheVideo() throws {
        let folder = try folder(with: ["flash.flv"])
        for (audio, name) in [("copy", "copy.mkv"), ("reencode", "reencoded.mkv")] {
            let run = try Tool.run(
                ["-vf", "sepia", "--frames", "10", "--audio", audio, "flash.flv", "-o", name], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let path = folder.appendingPathComponent(name).path
            XCTAssertEqual(try Clips.frameCount(path), 10)
            // The audio ends within a packet (23 ms of AAC) of the video's end.
            let video = try end(of: "v:0", in: path)
            let sound = try end(of: "a:0", in: path)
            XCTAssertEqual(sound, video, accuracy: 0.025, name)
            XCTAssertLessThan(video, 0.5, name)
        }
    }

    /// A rotation Matroska cannot store (FFmpeg 5.1 writes it no display
    /// matrix) is applied to the pixels with a note, as FFmpeg's
    /// autorotation does; a still made from a rotated video is upright.
    func testARotationTheOutputCannotStoreIsApplied() throws {
        let folder = try Clips.folder(with: [try Clips.rotated()])
        for name in ["upright.mkv", "upright.png"] {
            let run = try Tool.run(["-vf", "brightness=0", "cli-rotated.mp4", "-o", name], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let kind = name.hasSuffix("png") ? "a still has no display matrix" : "mkv stores no display matrix"
            XCTAssertTrue(
                run.stderr.contains("note: rotation 90 applied to the pixels: \(kind)"), run.stderr)
            let path = folder.appendingPathComponent(name).path
            XCTAssertEqual(try Clips.probe("stream=width,height", stream: "v:0", of: path), ["120", "160"], name)
            XCTAssertEqual(try Clips.probe("stream_side_data=rotation", stream: "v:0", of: path), [], name)
            // The pixels are what ffmpeg shows for the tagged input.
            let shown = try Clips.pixels(try Clips.rotated(), index: 0, pixelFormat: "gray")
            XCTAssertLessThan(Clips.meanAbsoluteDifference(shown, try Clips.pixels(path, pixelFormat: "gray")), 3, name)
        }
        // mp4 keeps the tag and the pixels as they are.
        let kept = try Tool.run(["-vf", "brightness=0", "cli-rotated.mp4", "-o", "tagged.mp4"], in: folder)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        let tagged = folder.appendingPathComponent("tagged.mp4").path
        XCTAssertEqual(try Clips.probe("stream=width,height", stream: "v:0", of: tagged), ["160", "120"])
    }

    /// Sizes an encoder refuses and sizes beyond the GPU's limits get
    /// errors that say which number is wrong, and what to do.
    func testSizesTheEncoderOrTheGPUCannotTakeAreNamed() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let odd = try Tool.run(["-vf", "crop=w=121:h=100", "cli-clip.mp4", "-o", "odd.mp4"], in: folder)
        XCTAssertEqual(odd.status, 1)
        XCTAssertEqual(
            odd.stderrLines,
            [
                "harbeth-render: error: odd.mp4: width 121 is odd; yuv420p needs even sizes for libx264 "
                    + "(pad or crop, or use --codec ffv1)"
            ])
        let lossless = try Tool.run(
            ["-vf", "crop=w=121:h=100", "--codec", "ffv1", "cli-clip.mp4", "-o", "odd.mkv"], in: folder)
        XCTAssertEqual(lossless.status, 0, lossless.stderr)
        let huge = try Tool.run(["-vf", "resize=w=12000:h=12000", "--null", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(huge.status, 1)
        // Named as what it is: the output's planes in one buffer, against
        // the device's buffer limit (lavapipe's 128 MiB), not its image size.
        XCTAssertTrue(
            huge.stderr.contains(
                "the 12000x12000 yuv420p output frame needs 216576000 bytes in one GPU buffer; "
                    + "this GPU allows 134217728 (maxStorageBufferRange)"),
            huge.stderr)
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "odd.mkv"])
    }
}
