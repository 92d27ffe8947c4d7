import Dispatch
import HarbethGPU
import XCTest

/// What `exit()` waits for (ProcessExitTests runs a program that exits
/// while rendering): the drain closes every scheduler, then waits for the
/// work that had started, never longer than its deadline.
final class ExitDrainTests: XCTestCase {
    func testTheDrainDiscardsWhatIsOutstandingAndReturnsOnlyAfterTheStartedWorkReported() {
        let drain = ExitDrain()
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        drain.add(scheduler)
        let held = HeldWork<Int>()
        let running = scheduler.submit(work: held.work)
        held.started.wait()
        let queued = scheduler.submit(work: held.work)

        let events = Locked<[String]>([])
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let idle = drain.drain(until: .now() + .seconds(60))
            events.withLock { $0.append("drained, idle: \(idle)") }
            drained.signal()
        }
        // Terminal once the drain closed the scheduler; its work still runs.
        _ = running.wait()
        XCTAssertEqual(running.snapshot.reason, .processExiting)
        XCTAssertEqual(queued.snapshot.state, .discarded)
        XCTAssertEqual(queued.snapshot.reason, .processExiting)
        events.withLock { $0.append("work reported") }
        held.succeedNext(1)
        drained.wait()

        XCTAssertEqual(events.withLock { $0 }, ["work reported", "drained, idle: true"])
        XCTAssertEqual(held.runCount, 1, "the queued submission never ran")
        let late = scheduler.submit(work: held.work)
        XCTAssertEqual(late.snapshot.reason, .processExiting, "nothing starts after the drain")
        XCTAssertTrue(drain.drain(until: .now()), "a second drain has nothing to wait for")
    }

    func testTheDrainGivesUpAtItsDeadline() {
        let drain = ExitDrain()
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        drain.add(scheduler)
        let held = HeldWork<Int>()
        let running = scheduler.submit(work: held.work)
        held.started.wait()

        XCTAssertFalse(
            drain.drain(until: .now() + .milliseconds(100)), "work that never reports does not hold the exit")
        XCTAssertEqual(running.snapshot.reason, .processExiting)
        held.succeedNext(1)
        XCTAssertTrue(scheduler.waitUntilIdle(until: .now() + .seconds(60)))
    }
}
