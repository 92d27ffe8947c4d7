import Foundation
import XCTest

@testable import Kakapos

/// The MediaPipeline contract, with real decoding and CPU processors.
final class MediaPipelineTests: XCTestCase {
    func testRepeatedCancelYieldsOneTerminalEventAndDiscardsOutstandingSubmissions() throws {
        let held = HeldWork()
        let processor = HandleRecordingProcessor(inner: ClosureFrameProcessor { _, completion in held.add(completion) })
        let sink = CollectingSink()
        let terminals = EventLog()
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: processor, sink: sink,
            observer: .init(terminal: { terminals.append("\($0.state)") }))
        try pipeline.start()
        held.firstArrived.wait()

        DispatchQueue.concurrentPerform(iterations: 4) { _ in pipeline.cancel() }
        pipeline.cancel(reason: .callerCancelled)
        XCTAssertEqual(pipeline.wait().state, .cancelled)
        pipeline.observerQueue.sync {}
        XCTAssertEqual(terminals.events, ["cancelled"])
        XCTAssertEqual(pipeline.state, .cancelled)
        XCTAssertNil(pipeline.lastError)
        XCTAssertTrue(sink.wasCancelled)
        XCTAssertTrue(sink.received.isEmpty)

        // Every submission ended, discarded with the pipeline's reason.
        let handles = processor.handles.current
        XCTAssertFalse(handles.isEmpty)
        XCTAssertLessThanOrEqual(handles.count, 3)
        for handle in handles {
            XCTAssertEqual(handle.snapshot.state, .discarded)
            XCTAssertEqual(handle.snapshot.reason, .pipelineStopped)
        }
        // The held work reports late: nothing is delivered, nothing changes.
        held.failAll()
        pipeline.pipelineQueue.sync {}
        XCTAssertEqual(pipeline.state, .cancelled)
        XCTAssertNil(pipeline.lastError)
        pipeline.observerQueue.sync {}
        XCTAssertEqual(terminals.events, ["cancelled"])
    }

    func testCancelWithTheCallersReasonCancelsHandlesWithIt() throws {
        let held = HeldWork()
        let processor = HandleRecordingProcessor(inner: ClosureFrameProcessor { _, completion in held.add(completion) })
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: processor, sink: CollectingSink())
        try pipeline.start()
        held.firstArrived.wait()
        pipeline.cancel(reason: .callerCancelled)
        pipeline.wait()
        XCTAssertTrue(
            processor.handles.current.allSatisfy {
                $0.snapshot.state == .cancelled && $0.snapshot.reason == .callerCancelled
            })
        held.failAll()
    }

    func testALateProcessorFailureAfterCancelChangesNothing() throws {
        let processor = LateCallbackProcessor()
        let sink = CollectingSink()
        let terminals = EventLog()
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: processor, sink: sink,
            observer: .init(terminal: { terminals.append("\($0.state)") }))
        try pipeline.start()
        processor.work.firstArrived.wait()
        pipeline.cancel()
        XCTAssertEqual(pipeline.wait().state, .cancelled)

        processor.deliverLateFailures()
        processor.deliverLateSuccesses()
        pipeline.pipelineQueue.sync {}
        pipeline.observerQueue.sync {}
        XCTAssertEqual(pipeline.state, .cancelled)
        XCTAssertNil(pipeline.lastError)
        XCTAssertEqual(terminals.events, ["cancelled"])
        XCTAssertTrue(sink.received.isEmpty)
        processor.work.failAll()
    }

    func testStartOnATerminalPipelineDoesNotStartTheSourceAgain() throws {
        let source = try AssetSource(url: MediaFixtures.clip)
        let sink = CollectingSink()
        let pipeline = MediaPipeline(source: source, processor: PassThroughProcessor(), sink: sink)
        try pipeline.start()
        guard case .finished(let pts) = pipeline.wait() else { return XCTFail("expected finished") }
        XCTAssertEqual(pts.count, 25)

        XCTAssertThrowsError(try pipeline.start()) { error in
            XCTAssertEqual(error as? MediaError, .pipelineAlreadyStarted(state: "finished"))
        }
        XCTAssertEqual(pipeline.state, .finished)
        XCTAssertEqual(source.summary.framesDelivered, 25)
        XCTAssertEqual(sink.received.count, 25)

        // Cancelled before it ever started: the source is never started.
        let unstarted = try AssetSource(url: MediaFixtures.clip)
        let cancelled = MediaPipeline(source: unstarted, processor: PassThroughProcessor(), sink: CollectingSink())
        cancelled.cancel()
        XCTAssertEqual(cancelled.wait().state, .cancelled)
        XCTAssertThrowsError(try cancelled.start()) { error in
            XCTAssertEqual(error as? MediaError, .pipelineAlreadyStarted(state: "cancelled"))
        }
        XCTAssertEqual(unstarted.summary.framesDelivered, 0)
        XCTAssertThrowsError(try unstarted.start { _ in })
    }

    func testResultsReachTheSinkInSubmissionOrderWhenCompletionsDoNot() throws {
        // The processor holds every even frame until the next one arrives,
        // then completes the odd frame first.
        let waiting = Box<(VideoFrame, SubmissionCompletion<VideoFrame>)?>(nil)
        let completionOrder = EventLog()
        let processor = ClosureFrameProcessor { frame, completion in
            guard let (heldFrame, heldCompletion) = waiting.current else {
                waiting.set((frame, completion))
                return
            }
            waiting.set(nil)
            completionOrder.append(String(format: "%.2f", frame.time ?? -1))
            completion.succeed(frame)
            completionOrder.append(String(format: "%.2f", heldFrame.time ?? -1))
            heldCompletion.succeed(heldFrame)
        }
        let source = try AssetSource(url: MediaFixtures.clip, options: .init(frameLimit: 24))
        let sink = CollectingSink()
        let pipeline = MediaPipeline(source: source, processor: processor, sink: sink)
        try pipeline.start()
        guard case .finished(let pts) = pipeline.wait() else {
            return XCTFail("expected finished: \(pipeline.lastError!)")
        }
        XCTAssertEqual(Array(completionOrder.events.prefix(4)), ["0.04", "0.00", "0.12", "0.08"])
        XCTAssertEqual(pts, (0..<24).map { Int64($0) * 512 })
    }

    /// The processor holds every frame until as many are in flight as the
    /// window allows, so only the window limits them: submitted less
    /// encoded never exceeds its capacity, and reaches it again and again.
    func testFramesInFlightStayWithinTheWindow() throws {
        let held = HeldWork()
        let counts = Box((submitted: 0, encoded: 0, most: 0))
        let processor = ClosureFrameProcessor(maxInFlight: 8) { frame, completion in
            counts.modify { value in
                value.submitted += 1
                value.most = max(value.most, value.submitted - value.encoded)
            }
            held.add(completion, frame: frame)
        }
        let sink = CollectingSink { _ in counts.modify { $0.encoded += 1 } }
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: processor, sink: sink,
            options: .init(maxFramesInFlight: 2))
        try pipeline.start()
        var filled = 0
        while held.total < 25 || held.count > 0 {
            // With a working window this returns at 2 held (or at the end);
            // a window that let more through would show it in `most`.
            if held.wait(untilHolding: 2, orTotal: 25) >= 2 { filled += 1 }
            held.succeedAll()
        }
        guard case .finished(let pts) = pipeline.wait() else { return XCTFail("\(pipeline.state)") }
        XCTAssertEqual(pts.count, 25)
        XCTAssertLessThanOrEqual(counts.current.most, 2, "never more in flight than the window holds")
        XCTAssertGreaterThanOrEqual(filled, 10, "the window filled again and again")
    }

    func testProgressCountsEveryFrame() throws {
        let last = Box<PipelineProgress?>(nil)
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: PassThroughProcessor(), sink: CollectingSink(),
            observer: .init(progress: { last.set($0) }))
        let updates = pipeline.progressUpdates()
        try pipeline.start()
        pipeline.wait()
        pipeline.observerQueue.sync {}
        XCTAssertEqual(last.current?.framesDone, 25)
        XCTAssertEqual(last.current?.totalFrames, 25)
        XCTAssertEqual(last.current?.fractionDone, 1)
        XCTAssertGreaterThan(last.current?.framesPerSecond ?? 0, 0)
        XCTAssertEqual(pipeline.progress.framesDone, 25)
        // The stream ended with the pipeline and holds the newest value.
        let drained = Box<[PipelineProgress]>([])
        let done = DispatchSemaphore(value: 0)
        Task {
            var seen: [PipelineProgress] = []
            for await progress in updates { seen.append(progress) }
            drained.set(seen)
            done.signal()
        }
        done.wait()
        XCTAssertEqual(drained.current.last?.framesDone, 25)
    }

    func testAProcessorFailureFailsThePipelineAndLeavesNoOutput() throws {
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("out.mp4"))
        let processor = ClosureFrameProcessor { frame in
            if let time = frame.time, time > 0.19 { throw TestFailure(message: "filter broke at \(time)") }
            return frame
        }
        let pipeline = MediaPipeline(source: try AssetSource(url: MediaFixtures.clip), processor: processor, sink: sink)
        try pipeline.start()
        guard case .failed(.processorFailed(let failure)) = pipeline.wait() else {
            return XCTFail("expected a processor failure, got \(pipeline.state)")
        }
        // The processor's error arrives as itself.
        XCTAssertEqual((failure.error as? TestFailure)?.message.hasPrefix("filter broke at 0.2"), true, "\(failure)")
        XCTAssertEqual(pipeline.lastError, .processorFailed(failure))
        XCTAssertEqual(sink.state, .cancelled)
        XCTAssertEqual(folderEntries(folder), [])
    }

    func testASourceFailureFailsThePipeline() throws {
        let source = try AssetSource(url: MediaFixtures.oneCorruptFrame, options: .init(strict: true))
        let sink = CollectingSink()
        let pipeline = MediaPipeline(source: source, processor: PassThroughProcessor(), sink: sink)
        try pipeline.start()
        guard case .failed(.corruptFrame(_, let frame, _)) = pipeline.wait() else {
            return XCTFail("expected corruptFrame, got \(pipeline.state)")
        }
        XCTAssertEqual(frame, 4)
        XCTAssertTrue(sink.wasCancelled)
    }

    func testAnOpenFailureFailsStart() throws {
        let folder = MediaFixtures.outputDirectory()
        var options = RecorderSink.Options()
        options.faultInjection = .encoderOpen
        let sink = try RecorderSink(url: folder.appendingPathComponent("out.mp4"), options: options)
        let source = try AssetSource(url: MediaFixtures.clip)
        let pipeline = MediaPipeline(source: source, processor: PassThroughProcessor(), sink: sink)
        XCTAssertThrowsError(try pipeline.start()) { error in
            guard case .encoderOpenFailed = error as? MediaError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(pipeline.wait().state, .failed)
        XCTAssertEqual(source.summary.framesDelivered, 0)
        XCTAssertEqual(folderEntries(folder), [])
    }
}
