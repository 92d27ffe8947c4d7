import Foundation
import Synchronization
import XCTest

@testable import Kakapos

/// Orders the contracts promise between threads, observed as events:
/// nothing reaches a pipeline's observers after its terminal event, a
/// source's `stop()` returns only after its decode thread is done, and
/// cancelling the task that awaits a pipeline cancels the run.
final class PipelineOrderTests: XCTestCase {
    /// A cancel from another thread lands between a frame's encoding and
    /// the report of its progress: that progress is never delivered, to the
    /// observer or to a progress stream, after the terminal event.
    func testNothingIsDeliveredAfterTheTerminalEvent() throws {
        let events = EventLog()
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: PassThroughProcessor(), sink: CollectingSink(),
            observer: .init(
                progress: { events.append("progress \($0.framesDone)") }, terminal: { events.append("end \($0.state)") }
            ))
        let streamed = Box<[Int]>([])
        let streamEnded = DispatchSemaphore(value: 0)
        let updates = pipeline.progressUpdates()
        Task {
            for await progress in updates { streamed.modify { $0.append(progress.framesDone) } }
            streamed.modify { $0.append(-1) }
            streamEnded.signal()
        }
        pipeline.testHooks.withLock {
            $0.beforeReportingProgress = { [weak pipeline] progress in
                guard progress.framesDone == 3 else { return }
                // Another thread cancels and announces while this report waits.
                let cancelled = DispatchSemaphore(value: 0)
                let target = pipeline
                Thread {
                    target?.cancel()
                    cancelled.signal()
                }.start()
                cancelled.wait()
            }
        }
        try pipeline.start()
        XCTAssertEqual(pipeline.wait().state, .cancelled)
        pipeline.pipelineQueue.sync {}
        pipeline.observerQueue.sync {}
        XCTAssertEqual(events.events, ["progress 1", "progress 2", "end cancelled"])
        streamEnded.wait()
        XCTAssertEqual(streamed.current.last, -1, "the stream ends")
        XCTAssertFalse(streamed.current.contains(3), "\(streamed.current)")
    }

    /// `stop()` racing `start()` on another thread returns only once the
    /// decode thread that `start()` launched has let go of the file.
    func testStopReturnsOnlyAfterTheDecodeThreadExited() throws {
        for round in 0..<100 {
            let source = try AssetSource(url: MediaFixtures.tiny)
            let events = EventLog()
            let exited = DispatchSemaphore(value: 0)
            source.setTestHooks(
                SourceTestHooks(
                    // Widens the window between deciding to start and launching
                    // the thread (a yield, not an order).
                    afterStartDecided: { usleep(200) },
                    decodeThreadExiting: {
                        events.append("decoder exited")
                        exited.signal()
                    }))
            let started = Atomic<Bool>(false)
            let arrived = Atomic<Int>(0)
            let done = DispatchGroup()
            for work in [
                { started.store((try? source.start { _ in }) != nil, ordering: .sequentiallyConsistent) },
                {
                    source.stop()
                    events.append("stop returned")
                },
            ] as [@Sendable () -> Void] {
                done.enter()
                Thread {
                    arrived.add(1, ordering: .sequentiallyConsistent)
                    while arrived.load(ordering: .sequentiallyConsistent) < 2 {}
                    work()
                    done.leave()
                }.start()
            }
            done.wait()
            if started.load(ordering: .sequentiallyConsistent) {
                exited.wait()
                XCTAssertEqual(events.events, ["decoder exited", "stop returned"], "round \(round)")
            } else {
                XCTAssertEqual(events.events, ["stop returned"], "round \(round)")
            }
        }
    }

    /// Cancelling the `Task` that awaits `outcome` cancels the run, with
    /// the caller's reason, and leaves no file.
    func testCancellingTheTaskAwaitingTheOutcomeCancelsTheRun() async throws {
        let held = HeldWork()
        let processor = HandleRecordingProcessor(inner: ClosureFrameProcessor { _, completion in held.add(completion) })
        let folder = MediaFixtures.outputDirectory()
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: processor,
            sink: try RecorderSink(url: folder.appendingPathComponent("out.mkv")))
        try pipeline.start()
        let waiting = Task { await pipeline.outcome }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                held.firstArrived.wait()
                continuation.resume()
            }
        }
        waiting.cancel()
        let outcome = await waiting.value
        XCTAssertEqual(outcome.state, .cancelled)
        XCTAssertEqual(pipeline.state, .cancelled)
        XCTAssertEqual(folderEntries(folder), [])
        XCTAssertFalse(processor.handles.current.isEmpty)
        for handle in processor.handles.current {
            XCTAssertEqual(handle.snapshot.state, .cancelled)
            XCTAssertEqual(handle.snapshot.reason, .callerCancelled)
        }
        held.failAll()
    }
}

/// Work that never ends cannot hang a run: past the frame timeout the
/// frame's handle is cancelled with `deadlineExceeded` and the run fails
/// with its own error, leaving no file.
final class FrameTimeoutTests: XCTestCase {
    func testAFrameThatNeverFinishesEndsTheRunWithFrameTimedOut() throws {
        let held = HeldWork()
        let processor = HandleRecordingProcessor(inner: ClosureFrameProcessor { _, completion in held.add(completion) })
        let folder = MediaFixtures.outputDirectory()
        let pipeline = MediaPipeline(
            source: try AssetSource(url: MediaFixtures.clip), processor: processor,
            sink: try RecorderSink(url: folder.appendingPathComponent("out.mkv")),
            options: .init(frameTimeout: .milliseconds(300)))
        try pipeline.start()
        guard case .failed(let error) = pipeline.wait() else { return XCTFail("\(pipeline.state)") }
        XCTAssertEqual(error, .frameTimedOut(seconds: 0.3))
        XCTAssertEqual(
            error.description,
            "a frame took longer than the frame timeout (0.3 s) to process; the run was stopped "
                + "(a filter or shader that never finishes?)")
        XCTAssertEqual(folderEntries(folder), [])
        let reasons = Set(processor.handles.current.map(\.snapshot.reason))
        XCTAssertTrue(reasons.contains(.deadlineExceeded), "\(reasons)")
        XCTAssertTrue(reasons.isSubset(of: [.deadlineExceeded, .pipelineStopped]), "\(reasons)")
        held.failAll()
    }
}
