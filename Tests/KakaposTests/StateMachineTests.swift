import Foundation
import XCTest

@testable import Kakapos

final class MediaPipelineStateMachineTests: XCTestCase {
    typealias Machine = MediaPipelineStateMachine<String>

    private func running() -> (Machine, RunID) {
        var machine = Machine()
        let run = RunID.next()
        guard case .start = machine.start(run) else { preconditionFailure() }
        return (machine, run)
    }

    func testARunGoesIdleRunningFinished() {
        var (machine, run) = running()
        XCTAssertEqual(machine.publicState, .running)
        XCTAssertTrue(machine.frameSubmitted(run))
        XCTAssertTrue(machine.frameSubmitted(run))
        XCTAssertEqual(machine.frameEncoded(run), .proceed)
        XCTAssertEqual(machine.sourceEnded(run), .proceed)
        // No more submissions once the source ended.
        XCTAssertFalse(machine.frameSubmitted(run))
        XCTAssertEqual(machine.frameEncoded(run), .finishSink)
        guard case .announce(.finished("clip")) = machine.sinkFinished(run, .success("clip")) else { return XCTFail() }
        XCTAssertEqual(machine.publicState, .finished)
        XCTAssertNil(machine.lastError)
    }

    func testTheSourceEndingLastFinishesTheSink() {
        var (machine, run) = running()
        XCTAssertTrue(machine.frameSubmitted(run))
        XCTAssertEqual(machine.frameEncoded(run), .proceed)
        XCTAssertEqual(machine.sourceEnded(run), .finishSink)
        XCTAssertEqual(machine.sourceEnded(run), .ignore)
    }

    func testStartIsRefusedOnceStartedOrEnded() {
        var (machine, _) = running()
        guard case .reject(.pipelineAlreadyStarted(state: "running")) = machine.start(RunID.next()) else {
            return XCTFail()
        }
        XCTAssertEqual(machine.cancel(), .tearDown)
        guard case .reject(.pipelineAlreadyStarted(state: "cancelled")) = machine.start(RunID.next()) else {
            return XCTFail()
        }
        XCTAssertEqual(machine.publicState, .cancelled)
    }

    func testEventsOfAnotherRunChangeNothing() {
        var (machine, run) = running()
        let stranger = RunID.next()
        XCTAssertFalse(machine.isRunning(stranger))
        XCTAssertFalse(machine.frameSubmitted(stranger))
        XCTAssertEqual(machine.frameEncoded(stranger), .ignore)
        XCTAssertEqual(machine.sourceEnded(stranger), .ignore)
        XCTAssertEqual(
            machine.fail(stranger, .processorFailed(ProcessorFailure(TestFailure(message: "old run")))), .ignore)
        guard case .ignore = machine.sinkFinished(stranger, .success("old")) else { return XCTFail() }
        XCTAssertEqual(machine.publicState, .running)
        XCTAssertNil(machine.lastError)
        XCTAssertTrue(machine.isRunning(run))
        XCTAssertTrue(machine.frameSubmitted(run))
        // A stranger's end of the source does not finish this run's sink either.
        XCTAssertEqual(machine.frameEncoded(run), .proceed)
        XCTAssertEqual(machine.sourceEnded(stranger), .ignore)
        XCTAssertEqual(machine.sourceEnded(run), .finishSink)
    }

    func testCancelIsIdempotentAndTerminalStatesAreFinal() {
        var (machine, run) = running()
        XCTAssertTrue(machine.frameSubmitted(run))
        XCTAssertEqual(machine.cancel(), .tearDown)
        XCTAssertEqual(machine.cancel(), .ignore)
        // A late failure after the cancel changes neither state nor lastError.
        XCTAssertEqual(machine.fail(run, .processorFailed(ProcessorFailure(TestFailure(message: "late")))), .ignore)
        XCTAssertEqual(machine.frameEncoded(run), .ignore)
        XCTAssertEqual(machine.publicState, .cancelled)
        XCTAssertNil(machine.lastError)
    }

    func testTheFirstFailureWins() {
        var (machine, run) = running()
        XCTAssertEqual(machine.fail(run, .processorFailed(ProcessorFailure(TestFailure(message: "first")))), .tearDown)
        XCTAssertEqual(machine.fail(run, .processorFailed(ProcessorFailure(TestFailure(message: "second")))), .ignore)
        XCTAssertEqual(machine.cancel(), .ignore)
        XCTAssertEqual(machine.lastError, .processorFailed(ProcessorFailure(TestFailure(message: "first"))))
        XCTAssertEqual(machine.publicState, .failed)
    }

    func testCancelWhileTheSinkFinishesIsDecidedByTheSink() {
        // The sink saw the cancel in time: cancelled.
        var second = running()
        XCTAssertTrue(second.0.frameSubmitted(second.1))
        XCTAssertEqual(second.0.sourceEnded(second.1), .proceed)
        XCTAssertEqual(second.0.frameEncoded(second.1), .finishSink)
        XCTAssertEqual(second.0.cancel(), .cancelSink)
        XCTAssertEqual(second.0.cancel(), .ignore)
        XCTAssertEqual(second.0.publicState, .running)
        guard
            case .announce(.cancelled) = second.0.sinkFinished(second.1, .failure(.recordingCancelled(path: "/o.mp4")))
        else {
            return XCTFail()
        }
        XCTAssertNil(second.0.lastError)

        // The sink committed the file before the cancel reached it: finished.
        var third = running()
        XCTAssertTrue(third.0.frameSubmitted(third.1))
        XCTAssertEqual(third.0.sourceEnded(third.1), .proceed)
        XCTAssertEqual(third.0.frameEncoded(third.1), .finishSink)
        XCTAssertEqual(third.0.cancel(), .cancelSink)
        guard case .announce(.finished) = third.0.sinkFinished(third.1, .success("clip")) else { return XCTFail() }
    }

    func testASinkFailureFailsTheRun() {
        var (machine, run) = running()
        XCTAssertEqual(machine.sourceEnded(run), .finishSink)
        guard
            case .announce(.failed(.noFramesWritten)) = machine.sinkFinished(
                run, .failure(.noFramesWritten(path: "/o.mp4")))
        else {
            return XCTFail()
        }
        XCTAssertEqual(machine.lastError, .noFramesWritten(path: "/o.mp4"))
    }
}

final class RecorderSinkStateMachineTests: XCTestCase {
    /// Stands in for the encoder and file a recording owns.
    final class Session {}
    typealias Machine = RecorderSinkStateMachine<Session>

    private let path = "/out/clip.mp4"
    private var clip: RecordedClip {
        RecordedClip(
            url: URL(fileURLWithPath: path), timeRange: 0...1, frameCount: 25, codecName: "libx264", width: 160,
            height: 120, pixelFormat: "yuv420p", container: "mp4", fileSize: 1000, audio: nil, notes: [])
    }

    /// A machine that began and holds `session`.
    private func recording(_ session: Session = Session()) -> Machine {
        var machine = Machine(path: path)
        guard case .open = machine.begin() else { preconditionFailure() }
        machine.opened(session)
        return machine
    }

    private func name(_ action: Machine.AppendAction) -> String {
        switch action {
        case .write: return "write"
        case .discard: return "discard"
        case .wait: return "wait"
        case .reject(let error): return "reject \(error)"
        }
    }

    private func name(_ action: Machine.FinishAction) -> String {
        switch action {
        case .finish: return "finish"
        case .wait: return "wait"
        case .returnClip(let clip): return "clip \(clip.frameCount)"
        case .fail(let error): return "fail \(error)"
        }
    }

    private func name(_ action: Machine.CancelAction) -> String {
        switch action {
        case .abandon: return "abandon"
        case .none: return "none"
        case .wait: return "wait"
        }
    }

    func testRecordingThenFinishingReturnsTheClipEveryTime() {
        let session = Session()
        var machine = recording(session)
        guard case .write(let writing, _) = machine.append() else { return XCTFail() }
        XCTAssertTrue(writing === session)
        XCTAssertNil(machine.appended(failure: nil))
        guard case .finish(let finishing) = machine.finish() else { return XCTFail() }
        XCTAssertTrue(finishing === session)
        // Finishing stops accepting frames at once.
        XCTAssertEqual(
            name(machine.append()), "reject \(MediaError.recorderNotRecording(path: path, state: "finishing"))")
        XCTAssertEqual(name(machine.finish()), "wait", "a second finish waits for the first")
        XCTAssertTrue(machine.commit())
        machine.finished(clip)
        XCTAssertEqual(name(machine.finish()), "clip 25")
        XCTAssertEqual(name(machine.finish()), "clip 25")
        XCTAssertEqual(name(machine.cancel()), "none")
        XCTAssertEqual(machine.name, "finished")
        XCTAssertNil(machine.abandonedSession)
    }

    func testOneCallHasTheSessionAtATime() {
        var machine = Machine(path: path)
        _ = machine.begin()
        // While begin makes the session, everything else waits for it.
        XCTAssertEqual(name(machine.append()), "wait")
        XCTAssertEqual(name(machine.finish()), "wait")
        XCTAssertEqual(name(machine.cancel()), "wait")
        machine.opened(Session())
        guard case .write = machine.append() else { return XCTFail() }
        // While an append encodes, the others wait for it.
        XCTAssertEqual(name(machine.append()), "wait")
        XCTAssertEqual(name(machine.finish()), "wait")
        XCTAssertEqual(name(machine.cancel()), "wait")
        XCTAssertTrue(machine.pause(), "pausing does not need the session")
        XCTAssertNil(machine.appended(failure: nil))
        XCTAssertEqual(machine.name, "paused")
        XCTAssertEqual(name(machine.cancel()), "abandon")
        XCTAssertEqual(machine.name, "cancelled")
    }

    func testFinishByState() {
        var idle = Machine(path: path)
        XCTAssertEqual(name(idle.finish()), "fail \(MediaError.recorderNotRecording(path: path, state: "idle"))")

        var paused = recording()
        XCTAssertTrue(paused.pause())
        XCTAssertEqual(name(paused.append()), "discard")
        XCTAssertEqual(name(paused.finish()), "finish")

        var cancelled = recording()
        XCTAssertEqual(name(cancelled.cancel()), "abandon")
        XCTAssertEqual(name(cancelled.cancel()), "none")
        XCTAssertEqual(name(cancelled.finish()), "fail \(MediaError.recordingCancelled(path: path))")
        XCTAssertEqual(name(cancelled.append()), "reject \(MediaError.recordingCancelled(path: path))")

        let error = MediaError.muxWriteFailed(path: path, packet: 3, error: .io)
        let session = Session()
        var failed = recording(session)
        _ = failed.append()
        XCTAssertTrue(failed.appended(failure: error) === session, "a failed append hands the session back")
        XCTAssertEqual(name(failed.finish()), "fail \(error)")
        XCTAssertEqual(name(failed.finish()), "fail \(error)")
        XCTAssertEqual(name(failed.append()), "reject \(error)")
        XCTAssertEqual(name(failed.cancel()), "none")

        var unopened = Machine(path: path)
        _ = unopened.begin()
        unopened.openFailed(.noFramesWritten(path: path))
        XCTAssertEqual(unopened.name, "failed")
    }

    func testACancelDuringFinishingWinsAtCommit() {
        var machine = recording()
        _ = machine.finish()
        XCTAssertEqual(name(machine.cancel()), "none")
        XCTAssertFalse(machine.commit())
        XCTAssertEqual(machine.name, "cancelled")
        XCTAssertEqual(name(machine.finish()), "fail \(MediaError.recordingCancelled(path: path))")
    }

    func testAFailureDuringFinishingAfterACancelEndsCancelled() {
        var machine = recording()
        _ = machine.finish()
        _ = machine.cancel()
        XCTAssertEqual(machine.finishFailed(.trailerFailed(path: path, error: .io)), .recordingCancelled(path: path))
        XCTAssertEqual(machine.name, "cancelled")

        var failing = recording()
        _ = failing.finish()
        XCTAssertEqual(
            failing.finishFailed(.trailerFailed(path: path, error: .io)), .trailerFailed(path: path, error: .io))
        XCTAssertEqual(failing.name, "failed")
    }

    func testBeginOnlyOnceAndADroppedRecordingHandsItsSessionBack() {
        let session = Session()
        var machine = recording(session)
        guard case .reject(let error) = machine.begin() else { return XCTFail() }
        XCTAssertEqual(error, .recorderNotRecording(path: path, state: "recording"))
        XCTAssertFalse(machine.resume())
        XCTAssertTrue(machine.abandonedSession === session)
    }
}

final class FrameDeliveryStateMachineTests: XCTestCase {
    typealias Machine = FrameDeliveryStateMachine<Int>

    func testLosslessWaitsForRoomAndDeliversInOrderThenTheFinish() {
        var machine = Machine(policy: .lossless)
        XCTAssertTrue(machine.start())
        XCTAssertFalse(machine.start())
        XCTAssertEqual(machine.offer(0), .deliver)
        XCTAssertEqual(machine.offer(1), .waitForRoom)
        guard case .frame(0) = machine.beginDelivery() else { return XCTFail() }
        XCTAssertTrue(machine.isDelivering)
        XCTAssertNil(machine.beginDelivery(), "one delivery at a time")
        XCTAssertEqual(machine.offer(1), .deliver)
        XCTAssertTrue(machine.end(.endOfStream))
        XCTAssertEqual(machine.offer(2), .stop, "nothing after the end")
        machine.endDelivery()
        guard case .frame(1) = machine.beginDelivery() else { return XCTFail() }
        machine.endDelivery()
        guard case .finish(.endOfStream) = machine.beginDelivery() else { return XCTFail() }
        XCTAssertEqual(machine.mode, .finishing)
        XCTAssertEqual(machine.stop(), .waitForFinish)
        machine.endDelivery()
        XCTAssertEqual(machine.mode, .finished)
        XCTAssertNil(machine.beginDelivery())
        XCTAssertEqual(machine.stop(), .none)
        XCTAssertEqual(machine.summary.framesDelivered, 2)
    }

    func testStopDropsWaitingFramesAndFencesTheRunningDelivery() {
        var machine = Machine(policy: .boundedDropNewest(3))
        _ = machine.start()
        for frame in 0..<3 { XCTAssertEqual(machine.offer(frame), .deliver) }
        guard case .frame(0) = machine.beginDelivery() else { return XCTFail() }
        XCTAssertEqual(machine.stop(), .deliverFinish(waitForDelivery: true))
        XCTAssertEqual(machine.summary.framesDroppedOnStop, 2)
        XCTAssertEqual(machine.stop(), .waitForFinish)
        XCTAssertEqual(machine.offer(9), .stop)
        XCTAssertFalse(machine.end(.endOfStream))
        machine.endDelivery()
        XCTAssertNil(machine.beginDelivery(), "queued deliveries find nothing after a stop")
        machine.stopFinished()
        XCTAssertEqual(machine.mode, .finished)
    }

    func testStopWithNothingRunningNeedsNoWait() {
        var machine = Machine(policy: .lossless)
        _ = machine.start()
        XCTAssertEqual(machine.offer(0), .deliver)
        XCTAssertEqual(machine.stop(), .deliverFinish(waitForDelivery: false))
        var idle = Machine(policy: .lossless)
        XCTAssertEqual(idle.stop(), .none)
        XCTAssertFalse(idle.start())
    }

    func testDropPolicies() {
        var latest = Machine(policy: .latestOnly)
        _ = latest.start()
        XCTAssertEqual(latest.offer(0), .deliver)
        XCTAssertEqual(latest.offer(1), .dropped)
        XCTAssertEqual(latest.offer(2), .dropped)
        guard case .frame(2) = latest.beginDelivery() else { return XCTFail() }
        XCTAssertEqual(latest.summary.framesDroppedByPolicy, 2)

        var bounded = Machine(policy: .boundedDropNewest(2))
        _ = bounded.start()
        XCTAssertEqual(bounded.offer(0), .deliver)
        XCTAssertEqual(bounded.offer(1), .deliver)
        XCTAssertEqual(bounded.offer(2), .dropped)
        guard case .frame(0) = bounded.beginDelivery() else { return XCTFail() }
        XCTAssertEqual(bounded.offer(3), .deliver)
        bounded.endDelivery()
        guard case .frame(1) = bounded.beginDelivery() else { return XCTFail() }
        bounded.endDelivery()
        guard case .frame(3) = bounded.beginDelivery() else { return XCTFail() }
    }
}

final class PipelineHelperTests: XCTestCase {
    func testReorderBufferReleasesResultsInSequence() {
        var buffer = ReorderBuffer<String>()
        buffer.insert("b", at: 1)
        XCTAssertTrue(buffer.popReady().isEmpty)
        buffer.insert("c", at: 2)
        buffer.insert("a", at: 0)
        XCTAssertEqual(buffer.popReady().map(\.element), ["a", "b", "c"])
        XCTAssertEqual(buffer.nextSequence, 3)
        XCTAssertEqual(buffer.count, 0)
    }

    /// An acquire at capacity waits (the window says so through its hook)
    /// until a place is released, and a closed window wakes it with false.
    func testInFlightWindowBlocksAtCapacityAndOpensWhenClosed() {
        let window = InFlightWindow(capacity: 2)
        XCTAssertTrue(window.acquire())
        XCTAssertTrue(window.acquire())
        let log = EventLog()
        let waiting = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        window.onWait {
            log.append("waiting at capacity")
            waiting.signal()
        }
        DispatchQueue.global().async {
            log.append(window.acquire() ? "acquired" : "closed")
            done.signal()
        }
        // A bound on how long the test waits, not an order: the acquire must block.
        XCTAssertEqual(waiting.wait(timeout: .now() + 30), .success, "a third acquire did not wait")
        log.append("released")
        window.release()
        done.wait()
        XCTAssertEqual(log.events, ["waiting at capacity", "released", "acquired"])
        XCTAssertEqual(window.count, 2)

        DispatchQueue.global().async {
            log.append(window.acquire() ? "acquired" : "closed")
            done.signal()
        }
        XCTAssertEqual(waiting.wait(timeout: .now() + 30), .success)
        log.append("closing")
        window.close()
        done.wait()
        XCTAssertEqual(
            log.events, ["waiting at capacity", "released", "acquired", "waiting at capacity", "closing", "closed"])
    }

    func testFaultInjectionParsesTheEnvironmentForm() {
        XCTAssertEqual(MediaFaultInjection(environmentValue: "encoder-open"), .encoderOpen)
        XCTAssertEqual(MediaFaultInjection(environmentValue: "mux-write@7"), .muxWrite(packet: 7))
        XCTAssertEqual(MediaFaultInjection(environmentValue: "output-missing"), .outputVanishes)
        XCTAssertNil(MediaFaultInjection(environmentValue: "mux-write@0"))
        XCTAssertNil(MediaFaultInjection(environmentValue: "disk-full"))
    }
}
