import Foundation
import HarbethTestSupport
import XCTest

/// Inputs and outputs beyond regular files, as FFmpeg users write them:
/// standard input and output, HTTP, UDP streams, image sequences, devices.
final class StreamIOTests: XCTestCase {
    /// An FFV1 clip of testsrc2 with audio: lossless, so two runs compare bit for bit.
    private func losslessClip() throws -> String {
        try TestMedia.clip(
            "stream-ffv1.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-f", "lavfi", "-i",
                "sine=duration=1", "-c:v", "ffv1", "-c:a", "pcm_s16le", "-shortest",
            ])
    }

    func testStandardInputAndOutputGiveTheFileRunsFramesBitForBit() throws {
        let clip = try losslessClip()
        let folder = try Clips.folder(with: [clip])
        let name = (clip as NSString).lastPathComponent
        let file = try Tool.run(["-vf", "sepia", "--codec", "ffv1", name, "-o", "file.mkv"], in: folder)
        XCTAssertEqual(file.status, 0, file.stderr)

        let input = try FileHandle(forReadingFrom: folder.appendingPathComponent(name))
        let piped = folder.appendingPathComponent("piped.mkv")
        FileManager.default.createFile(atPath: piped.path, contents: nil)
        let output = try FileHandle(forWritingTo: piped)
        let run = try Tool.run(
            ["-vf", "sepia", "--codec", "ffv1", "-", "-f", "matroska", "-o", "-"], in: folder, standardOutput: output,
            standardInput: input)
        try output.close()
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("wrote standard output"), run.stderr)
        // The pictures, bit for bit. (Not the times: the pipe's sound is
        // encoded again as AAC, whose priming delay Matroska, which cannot
        // store a negative time, takes out by starting every stream 23 ms later.)
        let pictures = { (path: String) in try Clips.frameHashes(path).map { $0.split(separator: " ").last ?? "" } }
        let expected = try pictures(folder.appendingPathComponent("file.mkv").path)
        XCTAssertEqual(expected.count, 25)
        XCTAssertEqual(try pictures(piped.path), expected, "stdin -> stdout differs from the file run")
        // A pipe is read once: its audio is decoded beside the video and
        // encoded again, as long as the video.
        let audio = try Clips.probe("stream=codec_name,duration", stream: "a:0", of: piped.path)
        XCTAssertEqual(audio.first, "aac", run.stderr)
        XCTAssertTrue(run.stderr.contains("aac (from 44100 Hz 1-channel samples)"), run.stderr)
    }

    /// A network output: the ffmpeg CLI listens on TCP and receives MPEG-TS.
    func testATCPOutputIsReceivedByTheFFmpegCLI() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let port = Service.freePort()
        let receiver = try Service(
            "ffmpeg",
            ["-v", "error", "-listen", "1", "-i", "tcp://127.0.0.1:\(port)", "-c", "copy", "-y", "received.ts"],
            in: folder)
        defer { receiver.stop() }
        // Seen in /proc: connecting to look would take its one connection.
        XCTAssertTrue(Service.waitForListeningSocket(port: port))
        let run = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "-o", "tcp://127.0.0.1:\(port)"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        receiver.process.waitUntilExit()
        let received = folder.appendingPathComponent("received.ts").path
        XCTAssertEqual(try Clips.frameCount(received), 25)
        // MPEG-TS lists the stream under its program too.
        XCTAssertEqual(try Clips.probe("stream=codec_name", stream: "a:0", of: received).first, "aac")

        let refused = try Tool.run(
            ["-vf", "sepia", "cli-clip.mp4", "-o", "tcp://127.0.0.1:\(Service.freePort())"], in: folder)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.stderrLines.count, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("Connection refused"), refused.stderr)

        // An SRT caller whose listener never answers waits for its timeout.
        let address = "srt://127.0.0.1:\(Service.freePort(udp: true))"
        let silent = try Tool.run(["--timeout", "0.5", "-vf", "sepia", "cli-clip.mp4", "-o", address], in: folder)
        XCTAssertEqual(silent.status, 1, silent.stderr)
        XCTAssertEqual(
            silent.stderrLines, ["harbeth-render: error: \(address): the output blocked for 0.5 s (the timeout)"])
    }

    /// An MP4 with its index at the end cannot be read as a stream: the
    /// error says why, and what to do.
    func testAnMP4ThatCannotStreamThroughAPipeSaysWhy() throws {
        // Larger than what the demuxer holds while it looks for the index.
        let clip = try TestMedia.clip(
            "moov-at-end.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2", "-c:v", "libx264", "-preset",
                "ultrafast", "-qp", "10",
            ])
        let folder = try Clips.folder(with: [clip])
        // A real pipe: a file as standard input could be sought in.
        let pipe = Pipe()
        let bytes = try Data(contentsOf: folder.appendingPathComponent("moov-at-end.mp4"))
        Thread {
            try? pipe.fileHandleForWriting.write(contentsOf: bytes)
            try? pipe.fileHandleForWriting.close()
        }.start()
        let run = try Tool.run(
            ["-vf", "sepia", "-", "-o", "out.mkv"], in: folder, standardInput: pipe.fileHandleForReading)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("index (moov) comes after its data"), run.stderr)
        XCTAssertEqual(Clips.entries(folder), ["moov-at-end.mp4"])
    }

    /// SRT in and RTMP out, each with the ffmpeg CLI at the other end: the
    /// tool listens for an SRT caller and sends FLV to an RTMP listener.
    func testAnSRTStreamIsFilteredOnToAnRTMPListener() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let rtmpPort = Service.freePort()
        let receiver = try Service(
            "ffmpeg",
            [
                "-v", "error", "-listen", "1", "-i", "rtmp://127.0.0.1:\(rtmpPort)/live/test", "-c", "copy", "-y",
                "received.flv",
            ], in: folder)
        defer { receiver.stop() }
        XCTAssertTrue(Service.waitForListeningSocket(port: rtmpPort))
        let srtPort = Service.freePort(udp: true)
        let tool = try Tool.start(
            [
                "-v", "--timeout", "2", "-vf", "sepia", "srt://127.0.0.1:\(srtPort)?mode=listener", "-o",
                "rtmp://127.0.0.1:\(rtmpPort)/live/test",
            ], in: folder, timeLimit: 120)
        XCTAssertTrue(tool.waitForStderrLine(containing: "opening srt://"))
        XCTAssertTrue(Service.waitForUDPSocket(port: srtPort))
        let sender = try Service(
            "ffmpeg",
            [
                "-v", "error", "-re", "-i", "cli-clip.mp4", "-c", "copy", "-f", "mpegts",
                "srt://127.0.0.1:\(srtPort)?mode=caller",
            ], in: folder)
        defer { sender.stop() }
        // The clip ends, the sender closes, and the quiet stream ends the run.
        let run = tool.finish()
        XCTAssertEqual(run.status, 0, run.stderr)
        receiver.process.waitUntilExit()
        let received = folder.appendingPathComponent("received.flv").path
        XCTAssertGreaterThan(try XCTUnwrap(try Clips.frameCount(received)), 10)
        XCTAssertEqual(try Clips.probe("stream=codec_name", stream: "a:0", of: received).first, "aac")
    }

    func testAPipeOutputNeedsAContainerAndJSONCannotShareStandardOutput() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let noFormat = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "-o", "-"], in: folder)
        XCTAssertEqual(noFormat.status, 2, noFormat.stderr)
        XCTAssertEqual(noFormat.stderrLines.count, 1, noFormat.stderr)
        XCTAssertTrue(noFormat.stderr.contains("no extension names the container"), noFormat.stderr)
        XCTAssertTrue(noFormat.stdout.isEmpty)

        let json = try Tool.run(["-vf", "sepia", "--json", "cli-clip.mp4", "-f", "matroska", "-o", "-"], in: folder)
        XCTAssertEqual(json.status, 2, json.stderr)
        XCTAssertTrue(json.stderr.contains("--json prints to standard output"), json.stderr)
    }

    func testAnHTTPInputIsReadWithItsAudioAndARefusedOneIsOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let (server, port) = try Service.httpServer(serving: folder)
        defer { server.stop() }
        let run = try Tool.run(
            ["-vf", "sepia", "http://127.0.0.1:\(port)/cli-clip.mp4", "-o", "http.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = folder.appendingPathComponent("http.mp4").path
        XCTAssertEqual(try Clips.frameCount(output), 25)
        XCTAssertEqual(try Clips.probe("stream=codec_name", stream: "a:0", of: output), ["aac"])

        let refused = try Tool.run(
            ["-vf", "sepia", "http://127.0.0.1:\(Service.freePort())/cli-clip.mp4", "-o", "refused.mp4"], in: folder)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.stderrLines.count, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("cannot be reached (Connection refused)"), refused.stderr)
        XCTAssertFalse(Clips.entries(folder).contains("refused.mp4"))
    }

    /// The live recording: a UDP stream the ffmpeg CLI sends,
    /// recorded, and stopped with SIGINT: the recording finishes.
    func testAUDPRecordingStoppedWithSIGINTIsFinishedAndDecodesToTheEnd() throws {
        let folder = try Clips.folder()
        let port = Service.freePort(udp: true)
        let tool = try Tool.start(
            ["-v", "-vf", "sepia", "udp://127.0.0.1:\(port)", "-o", "live.mkv"], in: folder, timeLimit: 120)
        XCTAssertTrue(tool.waitForStderrLine(containing: "opening udp://"))
        let sender = try Service.streamSender(to: "udp://127.0.0.1:\(port)?pkt_size=1316")
        defer { sender.stop() }
        XCTAssertTrue(tool.waitForStderrLine(containing: "first frame written"))
        kill(tool.process.processIdentifier, SIGINT)
        let run = tool.finish()
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("SIGINT stopped the live input; the recording was finished"), run.stderr)
        let output = folder.appendingPathComponent("live.mkv").path
        let frames = try XCTUnwrap(try Clips.frameCount(output))
        XCTAssertGreaterThan(frames, 0)
        // The stream's sound is recorded with the picture, starting with it.
        let packets = try Clips.probe("packet=stream_index,pts_time", of: output)
        let firstVideo = try XCTUnwrap(packets.firstIndex(of: "0")).advanced(by: 1)
        let firstAudio = try XCTUnwrap(packets.firstIndex(of: "1")).advanced(by: 1)
        let videoStart = try XCTUnwrap(Double(packets[firstVideo]))
        let audioStart = try XCTUnwrap(Double(packets[firstAudio]))
        XCTAssertEqual(audioStart, videoStart - 1024.0 / 44100, accuracy: 0.03, "the sound starts with the picture")
        // It decodes to its end without an error.
        let errors = try TestMedia.run("ffmpeg", ["-v", "error", "-i", output, "-f", "null", "-"])
        XCTAssertTrue(errors.isEmpty, String(decoding: errors, as: UTF8.self))
        XCTAssertEqual(Clips.entries(folder), ["live.mkv"])
    }

    func testARecordingStoppedBeforeTheFirstFrameFailsAndLeavesNoFile() throws {
        let folder = try Clips.folder()
        let port = Service.freePort(udp: true)
        let tool = try Tool.start(
            ["-v", "-vf", "sepia", "udp://127.0.0.1:\(port)", "-o", "none.mkv"], in: folder, timeLimit: 120)
        XCTAssertTrue(tool.waitForStderrLine(containing: "opening udp://"))
        kill(tool.process.processIdentifier, SIGINT)
        let run = tool.finish()
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("SIGINT stopped the recording before the first frame came"), run.stderr)
        XCTAssertEqual(Clips.entries(folder), [])
    }

    func testASenderKilledMidStreamLeavesARecordingOfWhatArrived() throws {
        let folder = try Clips.folder()
        let port = Service.freePort(udp: true)
        let tool = try Tool.start(
            ["-v", "--timeout", "1", "-vf", "sepia", "udp://127.0.0.1:\(port)", "-o", "cut.mkv"], in: folder,
            timeLimit: 120)
        XCTAssertTrue(tool.waitForStderrLine(containing: "opening udp://"))
        let sender = try Service.streamSender(to: "udp://127.0.0.1:\(port)?pkt_size=1316")
        XCTAssertTrue(tool.waitForStderrLine(containing: "first frame written"))
        sender.stop()
        let run = tool.finish()
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("sent nothing for 1 s (--timeout)"), run.stderr)
        XCTAssertGreaterThan(try XCTUnwrap(try Clips.frameCount(folder.appendingPathComponent("cut.mkv").path)), 0)

        // Nothing ever sent: the timeout is the input's error.
        let silent = try Tool.run(
            ["--timeout", "0.5", "-vf", "sepia", "udp://127.0.0.1:\(Service.freePort(udp: true))", "-o", "x.mkv"],
            in: folder)
        XCTAssertEqual(silent.status, 1, silent.stderr)
        XCTAssertTrue(silent.stderr.contains("nothing came for 0.5 s"), silent.stderr)
        XCTAssertFalse(Clips.entries(folder).contains("x.mkv"))
    }

    func testAnImageSequenceIsWrittenFrameByFrameAndReadBack() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let out = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "-o", "seq/img%03d.png"], in: folder)
        // The folder must exist, as for any output.
        XCTAssertEqual(out.status, 1, out.stderr)
        XCTAssertTrue(out.stderr.contains("does not exist"), out.stderr)

        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("seq"), withIntermediateDirectories: false)
        let written = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "-o", "seq/img%03d.png"], in: folder)
        XCTAssertEqual(written.status, 0, written.stderr)
        let images = Clips.entries(folder.appendingPathComponent("seq"))
        XCTAssertEqual(images, (1...25).map { String(format: "img%03d.png", $0) })
        XCTAssertTrue(written.stderr.contains("as images img001.png...img025.png"), written.stderr)
        // Each image is the frame of the same number.
        let direct = try Tool.run(["-vf", "sepia", "--frames", "1", "cli-clip.mp4", "-o", "first.png"], in: folder)
        XCTAssertEqual(direct.status, 0, direct.stderr)
        XCTAssertEqual(
            try Clips.pixels(folder.appendingPathComponent("seq/img001.png").path),
            try Clips.pixels(folder.appendingPathComponent("first.png").path))

        // Read back as a sequence, at the rate asked for.
        let back = try Tool.run(
            ["-framerate", "50", "-vf", "invert", "seq/img%03d.png", "-o", "back.mkv"], in: folder)
        XCTAssertEqual(back.status, 0, back.stderr)
        let backPath = folder.appendingPathComponent("back.mkv").path
        XCTAssertEqual(try Clips.frameCount(backPath), 25)
        XCTAssertEqual(try Clips.probe("stream=avg_frame_rate", stream: "v:0", of: backPath), ["50/1"])
        // A glob and a start number.
        let globbed = try Tool.run(
            ["-f", "image2", "-pattern_type", "glob", "-vf", "invert", "seq/img01*.png", "-o", "glob.mkv"], in: folder)
        XCTAssertEqual(globbed.status, 0, globbed.stderr)
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("glob.mkv").path), 10)
        let numbered = try Tool.run(
            ["-start_number", "20", "-vf", "invert", "seq/img%03d.png", "-o", "tail.mkv"], in: folder)
        XCTAssertEqual(numbered.status, 0, numbered.stderr)
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("tail.mkv").path), 6)
        // A pattern nothing matches is one line.
        let none = try Tool.run(["-vf", "invert", "seq/none%03d.png", "-o", "none.mkv"], in: folder)
        XCTAssertEqual(none.status, 1, none.stderr)
        XCTAssertTrue(none.stderr.contains("no image file matches the pattern"), none.stderr)
    }

    func testASequenceThatWouldReplaceAnImageWritesNoneAndTouchesNothing() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let standing = folder.appendingPathComponent("out005.png")
        try Data("mine".utf8).write(to: standing)
        let run = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "-o", "out%03d.png"], in: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("out005.png: already exists"), run.stderr)
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "out005.png"])
        XCTAssertEqual(try Data(contentsOf: standing), Data("mine".utf8))

        // With -y every image is replaced, that one too.
        let replaced = try Tool.run(["-y", "-vf", "sepia", "cli-clip.mp4", "-o", "out%03d.png"], in: folder)
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertEqual(Clips.entries(folder).filter { $0.hasPrefix("out") }.count, 25)
        XCTAssertNotEqual(try Data(contentsOf: standing), Data("mine".utf8))
        XCTAssertFalse(Clips.entries(folder).contains { $0.hasPrefix(".") }, "\(Clips.entries(folder))")
    }

    func testTheLavfiDeviceIsAnInputAndAMissingFormatIsOneLine() throws {
        let folder = try Clips.folder()
        let run = try Tool.run(
            ["-f", "lavfi", "-vf", "sepia", "testsrc2=size=160x120:rate=25:duration=1", "-o", "lavfi.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        // A generator makes frames when asked: none is dropped.
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("lavfi.mp4").path), 25)

        let unknown = try Tool.run(["-f", "nosuchformat", "-vf", "sepia", "x", "-o", "x.mp4"], in: folder)
        XCTAssertEqual(unknown.status, 1, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("FFmpeg has no input format or device 'nosuchformat'"), unknown.stderr)
        let option = try Tool.run(
            ["-framerate", "10", "-vf", "sepia", try Clips.video(), "-o", "x.mp4"], in: folder)
        XCTAssertEqual(option.status, 1, option.stderr)
        XCTAssertTrue(option.stderr.contains("input takes no option framerate"), option.stderr)
        let name = try Tool.run(["-f", "lavfi", "-vf", "sepia", "testsrc2"], in: folder)
        XCTAssertEqual(name.status, 2, name.stderr)
        XCTAssertTrue(name.stderr.contains("has no file name to name the output after"), name.stderr)
    }

    /// libavdevice and libavfilter bring about a hundred shared libraries
    /// (0.1 s of every start, and a slower lookup of each symbol the Vulkan
    /// driver binds): a run of a file opens neither, a device input opens
    /// libavdevice. The dynamic loader's own log says what it opened.
    func testOnlyARunThatNeedsThemOpensLibavdeviceAndLibavfilter() throws {
        let folder = try Clips.folder()
        let trace = ["LD_DEBUG": "files"]
        let file = try Tool.run(["-vf", "sepia", try Clips.video(), "--null"], in: folder, environment: trace)
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertTrue(
            file.stderr.contains("file=libavcodec.so"), "the loader's log is missing: \(file.stderr.prefix(500))")
        XCTAssertFalse(file.stderr.contains("file=libavdevice.so"))
        XCTAssertFalse(file.stderr.contains("file=libavfilter.so"))

        let device = try Tool.run(
            ["-f", "lavfi", "-vf", "sepia", "testsrc2=size=64x48:rate=5:duration=1", "--null"], in: folder,
            environment: trace)
        XCTAssertEqual(device.status, 0, device.stderr)
        XCTAssertTrue(device.stderr.contains("file=libavdevice.so"))
    }

    /// A screen recording of an X server the test starts, with moving content.
    func testAnXvfbScreenIsRecordedAndItsContentMoves() throws {
        let (screen, display) = try Service.virtualScreen()
        defer { screen.stop() }
        let picture = try Service.movingPicture(on: display)
        defer { picture.stop() }
        let folder = try Clips.folder()
        let run = try Tool.run(
            [
                "-f", "x11grab", "-framerate", "25", "-video_size", "320x240", "-vf", "sepia", display, "--duration",
                "2",
                "-o", "screen.mkv",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = folder.appendingPathComponent("screen.mkv").path
        let frames = try XCTUnwrap(try Clips.frameCount(output))
        XCTAssertGreaterThan(frames, 10)
        XCTAssertEqual(try Clips.probe("stream=width,height", stream: "v:0", of: output), ["320", "240"])
        let first = try Clips.pixels(output, index: 0)
        let last = try Clips.pixels(output, index: frames - 1)
        XCTAssertGreaterThan(Clips.meanAbsoluteDifference(first, last), 1, "the screen did not change")
    }

    /// A live input faster than the filters drops frames, and says how many.
    func testDroppedFramesAreCountedWhenTheFiltersAreSlowerThanTheInput() throws {
        let folder = try Clips.folder()
        let run = try Tool.run(
            [
                "-f", "lavfi", "--drop", "newest", "-vf", "gaussian_blur=sigma=12,gaussian_blur=sigma=12", "--null",
                "--json", "testsrc2=size=1280x720:rate=25:duration=2",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(run.stdoutLines.last!.utf8)) as? [String: Any])
        let done = try XCTUnwrap(report["frames"] as? Int)
        let dropped = try XCTUnwrap(report["droppedFrames"] as? Int)
        XCTAssertGreaterThan(dropped, 0, run.stderr)
        XCTAssertEqual(done + dropped, 50, "every frame is either processed or counted as dropped")
        XCTAssertTrue(run.stderr.contains("\(dropped) frame(s) dropped"), run.stderr)
    }
}
