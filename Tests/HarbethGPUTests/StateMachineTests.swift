import XCTest

@testable import HarbethGPU

final class RenderSubmissionStateMachineTests: XCTestCase {
    func testEveryPathEndsOnceAndStaysEnded() {
        var machine = RenderSubmissionStateMachine()
        XCTAssertEqual(machine.beginExecution(), .execute)
        XCTAssertEqual(machine.finish(failure: nil), .deliverResult)
        XCTAssertEqual(machine.cancel(.callerCancelled), .none)
        XCTAssertEqual(machine.snapshot(id: 1).state, .completed)

        var cancelledQueued = RenderSubmissionStateMachine()
        XCTAssertEqual(cancelledQueued.cancel(.superseded), .deliverCancellation(.superseded))
        XCTAssertEqual(cancelledQueued.cancel(.callerCancelled), .none)
        XCTAssertEqual(cancelledQueued.beginExecution(), .skip)
        XCTAssertEqual(cancelledQueued.snapshot(id: 2).state, .discarded)
        XCTAssertEqual(cancelledQueued.snapshot(id: 2).reason, .superseded)
        XCTAssertFalse(cancelledQueued.snapshot(id: 2).deliverySuppressed)

        var cancelledRunning = RenderSubmissionStateMachine()
        _ = cancelledRunning.beginExecution()
        XCTAssertEqual(cancelledRunning.cancel(.callerCancelled), .deliverCancellation(.callerCancelled))
        XCTAssertEqual(cancelledRunning.finish(failure: nil), .dropLateResult)
        let snapshot = cancelledRunning.snapshot(id: 3)
        XCTAssertEqual(snapshot.state, .cancelled)
        XCTAssertTrue(snapshot.deliverySuppressed)
        XCTAssertTrue(snapshot.lateResultDropped)

        var failed = RenderSubmissionStateMachine()
        _ = failed.beginExecution()
        XCTAssertEqual(failed.finish(failure: "boom"), .deliverResult)
        XCTAssertEqual(failed.snapshot(id: 4).failure, "boom")
        XCTAssertEqual(failed.cancel(.pipelineStopped), .none)
    }
}

final class SubmissionSchedulerStateMachineTests: XCTestCase {
    func testBoundedInFlightAndScopes() {
        var machine = SubmissionSchedulerStateMachine(maxInFlight: 2)
        XCTAssertEqual(machine.submit(.init(id: 1, scope: nil)).start, [1])
        XCTAssertEqual(machine.submit(.init(id: 2, scope: "a")).start, [2])
        XCTAssertEqual(machine.submit(.init(id: 3, scope: "a")).start, [])
        let fourth = machine.submit(.init(id: 4, scope: "a"))
        XCTAssertEqual(fourth.superseded, [3])
        XCTAssertEqual(machine.submit(.init(id: 5, scope: "b")).superseded, [])
        XCTAssertEqual(machine.workEnded(), [4])
        XCTAssertEqual(machine.close(.pipelineStopped), [5])
        XCTAssertEqual(machine.submit(.init(id: 6, scope: nil)).rejectReason, .pipelineStopped)
        XCTAssertEqual(machine.workEnded(), [])
        XCTAssertEqual(machine.close(.deviceLost), [], "closing twice keeps the first reason")
    }
}
