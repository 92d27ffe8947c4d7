import Foundation
import XCTest

@testable import Kakapos

/// The RecorderSink completion contract: success only for a real file with
/// frames; every failure distinct and without a file at the output path.
final class RecorderSinkTests: XCTestCase {
    private func probeDouble(_ entry: String, _ url: URL) throws -> Double {
        Double(try MediaTool.probe(entry, stream: "v:0", of: url).first ?? "") ?? .nan
    }

    func testAFinishedRecordingIsAtItsURLAndMatchesFFprobe() throws {
        let clip = try export(MediaFixtures.clip, to: "out.mp4")
        XCTAssertTrue(FileManager.default.fileExists(atPath: clip.url.path))
        XCTAssertEqual(clip.frameCount, 25)
        XCTAssertEqual(try MediaTool.probe("stream=nb_frames", stream: "v:0", of: clip.url), ["25"])
        XCTAssertEqual(clip.timeRange.lowerBound, try probeDouble("stream=start_time", clip.url), accuracy: 1e-3)
        XCTAssertEqual(clip.duration, try probeDouble("stream=duration", clip.url), accuracy: 1e-3)
        XCTAssertEqual(clip.duration, 1.0, accuracy: 1e-3)
        let size = try FileManager.default.attributesOfItem(atPath: clip.url.path)[.size] as? Int64
        XCTAssertEqual(clip.fileSize, size)
        XCTAssertEqual(clip.codecName, "libx264")
        XCTAssertEqual(clip.pixelFormat, "yuv420p")
        XCTAssertEqual(clip.audio, "aac (copied)")
        XCTAssertEqual(clip.streamDescription, "libx264 160x120 yuv420p, 25 frames, 1.000 s, aac (copied)")
    }

    func testRepeatedFinishReturnsTheSameClip() throws {
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("again.mkv"))
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: PassThroughProcessor(), sink: sink)
        try pipeline.start()
        guard case .finished(let clip) = pipeline.wait() else { return XCTFail("\(pipeline.lastError!)") }
        XCTAssertEqual(try sink.finishRecording(), clip)
        XCTAssertEqual(try sink.finishRecording(), clip)
        sink.cancel()
        XCTAssertEqual(sink.state, .finished)
        XCTAssertEqual(try sink.finishRecording(), clip)
    }

    func testFinishingWithZeroFramesFailsEndsFailedAndLeavesNoFile() throws {
        let folder = MediaFixtures.outputDirectory()
        let url = folder.appendingPathComponent("empty.mp4")
        let sink = try RecorderSink(url: url)
        let source = try AssetSource(url: MediaFixtures.clip)
        try sink.begin(try source.sinkInput())
        XCTAssertThrowsError(try sink.finishRecording()) { error in
            XCTAssertEqual(error as? MediaError, .noFramesWritten(path: url.path))
        }
        XCTAssertEqual(sink.state, .failed)
        XCTAssertEqual(folderEntries(folder), [])
        // The same error again.
        XCTAssertThrowsError(try sink.finishRecording()) { error in
            XCTAssertEqual(error as? MediaError, .noFramesWritten(path: url.path))
        }
    }

    func testACancelledRecordingThrowsCancelledAndLeavesNoFile() throws {
        let folder = MediaFixtures.outputDirectory()
        let url = folder.appendingPathComponent("cancelled.mp4")
        let sink = try RecorderSink(url: url)
        let source = try AssetSource(url: MediaFixtures.clip, options: .init(frameLimit: 5))
        try sink.begin(try source.sinkInput())
        for frame in try collectFrames(source) { try sink.append(frame) }
        XCTAssertFalse(folderEntries(folder).isEmpty, "the temporary file exists while recording")
        XCTAssertTrue(
            folderEntries(folder).allSatisfy { $0.hasPrefix(".cancelled.harbeth-") && $0.hasSuffix(".tmp.mp4") })
        sink.cancel()
        sink.cancel()
        XCTAssertEqual(sink.state, .cancelled)
        XCTAssertEqual(folderEntries(folder), [])
        XCTAssertThrowsError(try sink.finishRecording()) { error in
            XCTAssertEqual(error as? MediaError, .recordingCancelled(path: url.path))
        }
    }

    func testFinishBeforeBeginIsAnError() throws {
        let url = MediaFixtures.outputDirectory().appendingPathComponent("idle.mp4")
        let sink = try RecorderSink(url: url)
        XCTAssertThrowsError(try sink.finishRecording()) { error in
            XCTAssertEqual(error as? MediaError, .recorderNotRecording(path: url.path, state: "idle"))
        }
        XCTAssertEqual(sink.state, .idle)
    }

    func testEncoderOpenFailureIsItsOwnErrorAndLeavesNoFile() throws {
        var options = RecorderSink.Options()
        options.faultInjection = .encoderOpen
        let (error, sink, folder) = try failingExport(MediaFixtures.clip, to: "open.mp4", recorder: options)
        guard case .encoderOpenFailed(_, let encoder, _) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(encoder, "libx264 (injected fault)")
        XCTAssertEqual(sink.state, .failed)
        XCTAssertThrowsError(try sink.finishRecording()) { XCTAssertEqual($0 as? MediaError, error) }
        XCTAssertEqual(folderEntries(folder), [])
    }

    func testMuxerWriteFailureIsItsOwnErrorAndLeavesNoFile() throws {
        var options = RecorderSink.Options()
        options.faultInjection = .muxWrite(packet: 3)
        let (error, sink, folder) = try failingExport(MediaFixtures.clip, to: "write.mp4", recorder: options)
        XCTAssertEqual(
            error, .muxWriteFailed(path: folder.appendingPathComponent("write.mp4").path, packet: 3, error: .io))
        XCTAssertEqual(sink.state, .failed)
        XCTAssertThrowsError(try sink.finishRecording()) { XCTAssertEqual($0 as? MediaError, error) }
        XCTAssertEqual(folderEntries(folder), [])
    }

    func testAMissingOutputIsItsOwnError() throws {
        var options = RecorderSink.Options()
        options.faultInjection = .outputVanishes
        let (error, sink, folder) = try failingExport(MediaFixtures.clip, to: "gone.mp4", recorder: options)
        XCTAssertEqual(error, .outputMissing(path: folder.appendingPathComponent("gone.mp4").path))
        XCTAssertEqual(sink.state, .failed)
        XCTAssertEqual(folderEntries(folder), [])

        // With a file already at the output (replaced on success, with
        // overwrite on), the failure leaves that file as it was.
        let kept = MediaFixtures.outputDirectory()
        let url = kept.appendingPathComponent("kept.mp4")
        try Data("the user's previous file".utf8).write(to: url)
        options.overwrite = true
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: PassThroughProcessor(),
            sink: try RecorderSink(url: url, options: options))
        do { try pipeline.start() } catch {}
        XCTAssertEqual(pipeline.wait().state, .failed)
        XCTAssertEqual(pipeline.lastError, .outputMissing(path: url.path))
        XCTAssertEqual(try Data(contentsOf: url), Data("the user's previous file".utf8))
        XCTAssertEqual(folderEntries(kept), ["kept.mp4"])
    }

    /// A process ID that names no process: one above the kernel's `pid_max`.
    private func deadPID() throws -> pid_t {
        let text = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
        return try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))) + 1
    }

    func testTemporaryNamesNameTheirProcessAndOutput() {
        let output = URL(fileURLWithPath: "/x/clip.take.mov")
        let temporary = TemporaryOutput.url(for: output)
        XCTAssertEqual(temporary.deletingLastPathComponent().path, "/x")
        XCTAssertTrue(temporary.lastPathComponent.hasPrefix(".clip.take.harbeth-\(getpid())-"), temporary.path)
        XCTAssertEqual(TemporaryOutput.owner(ofTemporaryNamed: temporary.lastPathComponent, for: output), getpid())
        for name in [
            ".clip.take.harbeth-12-.tmp.mov", ".clip.take.harbeth--1-ab.tmp.mov", ".clip.take.harbeth-+12-ab.tmp.mov",
            ".clip.take.harbeth-12-xy.tmp.mov", ".clip.take.harbeth-12-ab-cd.tmp.mov",
            ".clip.take.harbeth-12-ab.tmp.mp4",
            ".clip.harbeth-12-ab.tmp.mov", "clip.take.harbeth-12-ab.tmp.mov", "clip.take.mov",
        ] {
            XCTAssertNil(TemporaryOutput.owner(ofTemporaryNamed: name, for: output), name)
        }
        XCTAssertEqual(TemporaryOutput.owner(ofTemporaryNamed: ".clip.take.harbeth-12-ab.tmp.mov", for: output), 12)
    }

    /// What a run killed with SIGKILL leaves (its temporary file) is
    /// removed by the next recording to that output; everything that may
    /// still be in use, or is another output's, is left alone.
    func testTemporaryFilesOfKilledRunsAreRemovedAndEverythingElseKept() throws {
        let folder = MediaFixtures.outputDirectory()
        let dead = try deadPID()
        let stale = ".out.harbeth-\(dead)-1a2b.tmp.mp4"
        let kept = [
            ".out.harbeth-1-5e6f.tmp.mp4",  // its process (init) is alive
            ".out.harbeth-\(getpid())-7a8b.tmp.mp4",  // this process's own
            ".other.harbeth-\(dead)-9c.tmp.mp4",  // another output's
            ".out.harbeth-\(dead)-1a2b.tmp.mkv",  // out.mkv's
            ".out.harbeth-\(dead)-zz.tmp.mp4",  // not a name the recorder makes
        ]
        for name in [stale] + kept {
            let path = folder.appendingPathComponent(name).path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([1])))
        }
        // Locked: a writer whose PID this process cannot see (another PID namespace).
        let locked = try TemporaryOutput(folder.appendingPathComponent(".out.harbeth-\(dead)-3c4d.tmp.mp4"))

        let clip = try exportInto(folder, name: "out.mp4")
        XCTAssertEqual(clip.notes, ["removed 1 temporary file(s) that a killed earlier run left"])
        let survivors = (kept + [locked.url.lastPathComponent, "out.mp4"]).sorted()
        XCTAssertEqual(folderEntries(folder), survivors)

        // Once its lock is let go, the locked one is stale too.
        locked.unlock()
        let removed = TemporaryOutput.removeStale(for: folder.appendingPathComponent("out.mp4"))
        XCTAssertEqual(removed, [locked.url.lastPathComponent])
        XCTAssertEqual(folderEntries(folder), survivors.filter { $0 != locked.url.lastPathComponent })
    }

    func testARecordingHoldsTheLockOnItsTemporaryFileUntilItEnds() throws {
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("held.mkv"), options: .init(audio: .none))
        let source = try AssetSource(url: MediaFixtures.clip, options: .init(frameLimit: 3))
        try sink.begin(try source.sinkInput())
        let temporary = try XCTUnwrap(folderEntries(folder).first)
        let descriptor = open(folder.appendingPathComponent(temporary).path, O_RDONLY)
        defer { close(descriptor) }
        XCTAssertEqual(flock(descriptor, LOCK_EX | LOCK_NB), -1, "locked while recording")
        XCTAssertEqual(errno, EWOULDBLOCK)
        for frame in try collectFrames(source) { try sink.append(frame) }
        _ = try sink.finishRecording()
        XCTAssertEqual(flock(descriptor, LOCK_EX | LOCK_NB), 0, "let go once the file is in place")
        XCTAssertEqual(folderEntries(folder), ["held.mkv"])
    }

    private func exportInto(_ folder: URL, name: String) throws -> RecordedClip {
        let sink = try RecorderSink(url: folder.appendingPathComponent(name), options: .init(audio: .none))
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip, options: .init(frameLimit: 5)),
            processor: PassThroughProcessor(), sink: sink)
        try pipeline.start()
        guard case .finished(let clip) = pipeline.wait() else { throw pipeline.lastError! }
        return clip
    }

    func testFramesAppendedWhilePausedAreNotWritten() throws {
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("paused.mkv"), options: .init(audio: .none))
        let source = try AssetSource(url: MediaFixtures.clip, options: .init(frameLimit: 15))
        try sink.begin(try source.sinkInput())
        for frame in try collectFrames(source) {
            if frame.index == 5 { sink.pause() }
            if frame.index == 10 { sink.resume() }
            try sink.append(frame)
        }
        let clip = try sink.finishRecording()
        XCTAssertEqual(clip.frameCount, 10)
        // No hole where the pause was: frame 10 follows frame 4.
        let times = try MediaTool.framePTSTimes(clip.url).compactMap(Double.init)
        XCTAssertEqual(times.count, 10)
        for (index, time) in times.enumerated() { XCTAssertEqual(time, Double(index) * 0.04, accuracy: 0.0015) }
        XCTAssertEqual(clip.duration, 0.4, accuracy: 0.0015)
        XCTAssertTrue(clip.notes.contains { $0.hasPrefix("paused 1 time(s): 0.200 s taken out") }, "\(clip.notes)")
    }

    /// A pause with no frame after it (resumed, then finished at once, as
    /// a live recording's p, p, q can go) is still reported.
    func testAPauseThatNoFrameFollowsIsStillReported() throws {
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("late.mkv"), options: .init(audio: .none))
        let source = try AssetSource(url: MediaFixtures.clip, options: .init(frameLimit: 5))
        try sink.begin(try source.sinkInput())
        for frame in try collectFrames(source) { try sink.append(frame) }
        sink.pause()
        sink.resume()
        let clip = try sink.finishRecording()
        XCTAssertEqual(clip.frameCount, 5)
        XCTAssertTrue(clip.notes.contains { $0.hasPrefix("paused 1 time(s): 0.000 s taken out") }, "\(clip.notes)")
    }

    func testFinishingWhilePausedFinishesTheRecordingAsItStands() throws {
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("stopped.mkv"), options: .init(audio: .none))
        let source = try AssetSource(url: MediaFixtures.clip, options: .init(frameLimit: 10))
        try sink.begin(try source.sinkInput())
        for frame in try collectFrames(source) {
            if frame.index == 3 { sink.pause() }
            try sink.append(frame)
        }
        XCTAssertEqual(sink.state, .paused)
        let clip = try sink.finishRecording()
        XCTAssertEqual(sink.state, .finished)
        XCTAssertEqual(clip.frameCount, 3)
    }

    func testContainerAndCodecAreCheckedUpFront() {
        let folder = MediaFixtures.outputDirectory()
        XCTAssertThrowsError(try RecorderSink(url: folder.appendingPathComponent("clip.xyz"))) { error in
            XCTAssertEqual(
                error as? MediaError,
                .unsupportedContainer(path: folder.appendingPathComponent("clip.xyz").path, pathExtension: "xyz"))
        }
        let webm = folder.appendingPathComponent("clip.webm")
        XCTAssertThrowsError(try RecorderSink(url: webm, options: .init(codec: .h264))) { error in
            XCTAssertEqual(
                error as? MediaError, .codecNotSupportedByContainer(path: webm.path, codec: "h264", container: "webm"))
        }
        let png = folder.appendingPathComponent("still.png")
        XCTAssertThrowsError(try RecorderSink(url: png, options: .init(codec: .h264))) { error in
            XCTAssertEqual(
                error as? MediaError, .codecNotSupportedByContainer(path: png.path, codec: "h264", container: "png"))
        }
        XCTAssertEqual(folderEntries(folder), [])
    }

    /// A pixel format given by FFmpeg's name (`-pix_fmt`) is checked up
    /// front: a name FFmpeg does not know, or one the encoder cannot take,
    /// is its own error (with the names it takes) and leaves nothing. A
    /// format the frames can be is the layout they should arrive in.
    func testAChosenPixelFormatIsCheckedUpFrontAndIsTheLayoutFramesArriveIn() throws {
        let folder = MediaFixtures.outputDirectory()
        let mp4 = folder.appendingPathComponent("clip.mp4")
        XCTAssertThrowsError(try RecorderSink(url: mp4, options: .init(pixelFormat: "yuv421p"))) { error in
            XCTAssertEqual(error as? MediaError, .unknownPixelFormat(output: mp4.path, name: "yuv421p"))
        }
        XCTAssertThrowsError(try RecorderSink(url: mp4, options: .init(pixelFormat: "rgba"))) { error in
            guard case .pixelFormatNotSupported(let path, let encoder, let name, let supported)? = error as? MediaError
            else { return XCTFail("\(error)") }
            XCTAssertEqual([path, encoder, name], [mp4.path, "libx264", "rgba"])
            XCTAssertTrue(supported.contains("yuv420p") && supported.contains("yuv444p10le"), "\(supported)")
            XCTAssertFalse(supported.contains("rgba"), "\(supported)")
        }
        XCTAssertEqual(folderEntries(folder), [])
        let cases: [(String, PixelLayout, PixelLayout)] = [
            ("yuv420p", .yuv422p10, .yuv420p), ("yuv444p", .yuv420p, .yuv444p), ("gray", .yuv420p, .gray8),
            ("yuv420p10le", .yuv420p, .yuv420p10), ("yuv444p", .rgba8, .yuv444p),
        ]
        for (name, from, to) in cases {
            let sink = try RecorderSink(url: mp4, options: .init(codec: .h264, pixelFormat: name))
            XCTAssertEqual(sink.preferredLayout(for: from), to, name)
        }
        let png = try RecorderSink(url: folder.appendingPathComponent("a.png"), options: .init(pixelFormat: "gray"))
        XCTAssertEqual(png.preferredLayout(for: .rgba8), .gray8)
    }

    func testStillImagesInGiveStillImagesOut() throws {
        let png = try export(MediaFixtures.png, to: "still.png")
        XCTAssertEqual(png.frameCount, 1)
        XCTAssertEqual(try MediaTool.probe("stream=codec_name,width,height", of: png.url), ["png", "160", "120"])
        let jpeg = try export(MediaFixtures.jpeg, to: "still.jpg")
        XCTAssertEqual(try MediaTool.probe("stream=codec_name,color_range", of: jpeg.url), ["mjpeg", "pc"])

        // A video into a still image needs a one-frame source.
        let folder = MediaFixtures.outputDirectory()
        let url = folder.appendingPathComponent("frame.png")
        let sink = try RecorderSink(url: url)
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: PassThroughProcessor(), sink: sink)
        try pipeline.start()
        XCTAssertEqual(pipeline.wait().state, .failed)
        XCTAssertEqual(pipeline.lastError, .stillImageTakesOneFrame(path: url.path))
        XCTAssertEqual(folderEntries(folder), [])
        let first = try export(MediaFixtures.clip, to: "first.jpg", source: .init(frameLimit: 1))
        XCTAssertEqual(first.frameCount, 1)
    }

    func testEncodersAndContainers() throws {
        let cases: [(String, VideoCodec?, String, String)] = [
            ("h264.mkv", nil, "h264", "yuv420p"), ("vp9.webm", nil, "vp9", "yuv420p"),
            ("h264.avi", nil, "h264", "yuv420p"),
            ("prores.mov", .prores, "prores", "yuv422p10le"), ("ffv1.mkv", .ffv1, "ffv1", "yuv420p"),
            ("hevc.mp4", .hevc, "hevc", "yuv420p"), ("av1.mp4", .av1, "av1", "yuv420p"),
            ("mpeg4.mp4", .mpeg4, "mpeg4", "yuv420p"),
        ]
        for (name, codec, codecName, pixelFormat) in cases {
            let clip = try export(MediaFixtures.clip, to: name, recorder: .init(codec: codec, audio: .none))
            XCTAssertEqual(
                try MediaTool.probe("stream=codec_name,pix_fmt", stream: "v:0", of: clip.url),
                [codecName, pixelFormat], name)
            XCTAssertEqual(try MediaTool.framePTSTimes(clip.url).count, 25, name)
            XCTAssertEqual(clip.frameCount, 25, name)
        }
    }

    func testColourTagsFollowTheFrames() throws {
        let tagged = try export(MediaFixtures.clip, to: "tagged.mp4", recorder: .init(audio: .none))
        XCTAssertEqual(
            try MediaTool.probe(
                "stream=color_space,color_range,color_primaries,color_transfer", stream: "v:0", of: tagged.url),
            ["tv", "bt709", "bt709", "bt709"])

        let deep = try export(MediaFixtures.tenBit, to: "deep.mkv")
        XCTAssertEqual(deep.pixelFormat, "yuv420p10le")
        XCTAssertEqual(
            try MediaTool.probe(
                "stream=pix_fmt,color_space,color_transfer,color_primaries", stream: "v:0", of: deep.url),
            ["yuv420p10le", "bt2020nc", "smpte2084", "bt2020"])

        // RGBA frames (from a PNG) into H.264: converted to 4:2:0 with BT.709.
        let rgb = try export(MediaFixtures.png, to: "rgb.mp4")
        XCTAssertEqual(rgb.pixelFormat, "yuv420p")
        XCTAssertEqual(
            try MediaTool.probe("stream=color_space,color_range", stream: "v:0", of: rgb.url), ["tv", "bt709"])

        // Untagged in, untagged out.
        let plain = try export(MediaFixtures.silentMKV, to: "plain.mkv")
        XCTAssertEqual(try MediaTool.probe("stream=color_space", stream: "v:0", of: plain.url), ["unknown"])
    }

    func testFramesReachTheEncoderWithoutACopyAndStayAliveUntilItIsDone() throws {
        final class TrackedStorage: PlaneStorage, @unchecked Sendable {
            let bytes: [UInt8]
            init(_ bytes: [UInt8]) { self.bytes = bytes }
            func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
                try bytes.withUnsafeBytes(body)
            }
        }
        weak var watched: TrackedStorage?
        var wrapped: FFFrame?
        do {
            let storage = TrackedStorage([UInt8](repeating: 7, count: 16 * 16 * 4))
            watched = storage
            let frame = try VideoFrame(
                width: 16, height: 16, layout: .rgba8, planes: [FramePlane(storage: storage, bytesPerRow: 64)])
            wrapped = try VideoEncoder.wrap(frame)
            let data = wrapped!.pointer.pointee.data.0!
            storage.withUnsafeBytes { XCTAssertEqual(UnsafeRawPointer(data), $0.baseAddress) }
        }
        XCTAssertNotNil(watched, "the encoder's frame keeps the storage alive")
        wrapped = nil
        XCTAssertNil(watched, "releasing the frame releases the storage")
    }
}
