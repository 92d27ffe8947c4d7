import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// The `FrameSource` contract for live inputs, run against a capture
/// device (libavdevice's `lavfi`, which never ends) and a live network
/// stream (MPEG-TS over TCP from the ffmpeg CLI), as the file source's
/// tests run it against a file; and the recorder's contract for a live
/// recording that its user stops.
final class LiveSourceTests: XCTestCase {
    /// A source that never ends by itself.
    private func deviceSource(delivery: DeliveryPolicy = .lossless) throws -> AssetSource {
        try AssetSource(
            location: .device(format: "lavfi", name: "testsrc2=size=160x120:rate=25"),
            options: .init(delivery: delivery))
    }

    /// A TCP stream the ffmpeg CLI sends in real time, and a source that
    /// listens for it. (TCP rather than UDP here: FFmpeg's UDP reader runs a
    /// thread of its own that it cancels on close, which ThreadSanitizer
    /// cannot follow; the tool's tests record UDP.)
    private func streamSource(timeout: Double? = nil) throws -> (AssetSource, Service) {
        let port = Service.freePort()
        let url = "tcp://127.0.0.1:\(port)"
        // The source listens while it opens, and the sender connects once
        // it does: the opening waits for the first frame on another thread.
        let opened = Box<Result<AssetSource, MediaError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            do {
                opened.set(
                    .success(
                        try AssetSource(
                            location: .url(url + "?listen=1"), options: .init(delivery: .lossless, timeout: timeout))))
            } catch let error as MediaError {
                opened.set(.failure(error))
            } catch {}
            done.signal()
        }.start()
        XCTAssertTrue(Service.waitForListeningSocket(port: port))
        let sender = try Service.streamSender(to: url)
        done.wait()
        return (try XCTUnwrap(opened.current).get(), sender)
    }

    /// Runs the stop contract: a stop while frames flow returns once the
    /// finish was delivered, delivers it once, and nothing follows.
    private func checkStopContract(_ source: AssetSource) throws {
        XCTAssertTrue(source.location.isLive)
        let log = EventLog()
        let third = DispatchSemaphore(value: 0)
        try source.start { event in
            if case .frame(let frame) = event, frame.index == 2 { third.signal() }
            log.append(AssetSourceTests.describe(event))
        }
        third.wait()
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            source.stop()
            XCTAssertEqual(log.events.last, "finish stopped")
        }
        source.deliveryQueue.sync {}
        let events = log.events
        XCTAssertEqual(events.filter { $0.hasPrefix("finish") }, ["finish stopped"])
        XCTAssertEqual(events.last, "finish stopped")
        let frames = events.dropLast()
        XCTAssertEqual(Array(frames), (0..<frames.count).map { "frame \($0)" })
        XCTAssertGreaterThanOrEqual(frames.count, 3)
        XCTAssertThrowsError(try source.start { _ in XCTFail("a stopped source delivered") })
    }

    func testADeviceSourceKeepsTheStopContract() throws {
        try checkStopContract(try deviceSource())
    }

    func testANetworkStreamSourceKeepsTheStopContract() throws {
        let (source, sender) = try streamSource()
        defer { sender.stop() }
        try checkStopContract(source)
    }

    /// A read that waits for a stream that went quiet returns when the
    /// source is stopped: `stop()` never hangs on the network.
    func testStopEndsAReadWaitingForAStreamThatWentQuiet() throws {
        let (source, sender) = try streamSource()
        let log = EventLog()
        let first = DispatchSemaphore(value: 0)
        try source.start { event in
            if case .frame(let frame) = event, frame.index == 0 { first.signal() }
            log.append(AssetSourceTests.describe(event))
        }
        first.wait()
        // The sender is frozen with its connection open: the decoder's next read waits.
        sender.pause()
        defer { sender.stop() }
        source.stop()
        XCTAssertEqual(log.events.last, "finish stopped")
    }

    /// The same stream with a timeout: when the sender stops sending, the
    /// source ends as a stream ends, and says how long it waited.
    func testAStreamThatStaysQuietForItsTimeoutEndsWithWhatArrived() throws {
        let (source, sender) = try streamSource(timeout: 0.5)
        let log = EventLog()
        let first = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        try source.start { event in
            if case .frame(let frame) = event, frame.index == 0 { first.signal() }
            log.append(AssetSourceTests.describe(event))
            if case .finish = event { finished.signal() }
        }
        first.wait()
        // Frozen, not gone: the connection stays open and nothing comes.
        sender.pause()
        defer { sender.stop() }
        finished.wait()
        XCTAssertEqual(log.events.last, "finish end")
        XCTAssertEqual(source.summary.stalledAfter, 0.5)
    }

    func testAnInterruptionEndsAnOpeningThatWaitsForTheFirstFrame() throws {
        let interruption = InputInterruption()
        let result = Box<MediaError?>(nil)
        let done = DispatchSemaphore(value: 0)
        let url = "tcp://127.0.0.1:\(Service.freePort())?listen=1"
        Thread {
            do {
                _ = try AssetSource(location: .url(url), interruption: interruption)
            } catch let error as MediaError {
                result.set(error)
            } catch {}
            done.signal()
        }.start()
        // Whether the opening is waiting already or not, it ends the same way.
        interruption.stop()
        done.wait()
        XCTAssertEqual(result.current, .inputStoppedBeforeFirstFrame(input: url))
    }

    /// The recorder's contract for a live recording: its user stops it, and
    /// the recording is finished, not thrown away.
    func testFinishingALivePipelineFinishesTheRecording() throws {
        let folder = MediaFixtures.outputDirectory()
        let output = folder.appendingPathComponent("live.mkv")
        let sink = try RecorderSink(url: output)
        let written = DispatchSemaphore(value: 0)
        let pipeline = MediaPipeline(
            source: try deviceSource(delivery: .boundedDropNewest(8)), processor: PassThroughProcessor(), sink: sink,
            observer: .init(progress: { if $0.framesDone == 5 { written.signal() } }))
        try pipeline.start()
        written.wait()
        pipeline.finish()
        guard case .finished(let clip) = pipeline.wait() else { return XCTFail("\(pipeline.wait())") }
        XCTAssertGreaterThanOrEqual(clip.frameCount, 5)
        XCTAssertEqual(sink.state, .finished)
        XCTAssertEqual(try MediaTool.framePTSTimes(output).count, clip.frameCount)
        // Finishing again, or cancelling now, changes nothing.
        pipeline.finish()
        pipeline.cancel()
        guard case .finished = pipeline.wait() else { return XCTFail("the outcome changed") }
    }

    /// A pipe input: the file's bytes through a descriptor, read once.
    func testAPipeIsReadOnceWithItsAudioDecodedBesideTheVideo() throws {
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        let bytes = try Data(contentsOf: MediaFixtures.clip)
        let writer = FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
        Thread {
            writer.write(bytes)
            try? writer.close()
        }.start()
        defer { close(descriptors[0]) }
        let source = try AssetSource(location: .pipe(descriptors[0]))
        let input = try source.sinkInput()
        XCTAssertNil(input.companions)
        XCTAssertEqual(input.droppedBySource, [])
        XCTAssertEqual(input.audio, PCMAudioFormat(sampleRate: 48000, channelCount: 1))
        XCTAssertTrue(input.audioIsCaptured)
        let (frames, samples) = try collect(source)
        XCTAssertEqual(frames, 25)
        // About the second of sound the clip holds, in 48 kHz mono samples.
        XCTAssertEqual(Double(samples), 48000, accuracy: 4800)
    }

    /// The frames and audio samples a source delivers.
    private func collect(_ source: AssetSource) throws -> (frames: Int, samples: Int) {
        let count = Box((0, 0))
        let finished = DispatchSemaphore(value: 0)
        try source.start { event in
            switch event {
            case .frame(let frame): count.modify { $0 = ($0.0 + 1, $0.1 + frame.audio.count) }
            case .finish: finished.signal()
            }
        }
        finished.wait()
        return count.current
    }
}
