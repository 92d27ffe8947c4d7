import Dispatch
import HarbethGPU
import HarbethTestSupport
import Synchronization
import XCTest

final class RenderSubmissionHandleTests: XCTestCase {
    func testRepeatedCancelDeliversOneFailureAndKeepsTheReason() {
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        let held = HeldWork<Int>()
        let log = DeliveryLog<Int>()
        log.expect(1)
        let handle = scheduler.submit(deliveryQueue: log.queue, completion: log.callback { 1 }, work: held.work)
        held.started.wait()
        XCTAssertEqual(handle.snapshot.state, .executing)

        DispatchQueue.concurrentPerform(iterations: 8) { _ in handle.cancel() }
        handle.cancel(reason: .pipelineStopped)  // a later, different reason changes nothing
        held.succeedNext(42)  // GPU work finishing after the cancel

        let deliveries = log.settle()
        XCTAssertEqual(deliveries.count, 1)
        XCTAssertEqual(try? deliveries.first?.1.get(), nil)
        if case .failure(let error) = deliveries[0].1 {
            XCTAssertEqual(error.cancellationReason, .callerCancelled)
        }
        let snapshot = handle.snapshot
        XCTAssertEqual(snapshot.state, .cancelled)
        XCTAssertEqual(snapshot.reason, .callerCancelled)
        XCTAssertTrue(snapshot.deliverySuppressed, "the work was executing when cancelled")
        XCTAssertTrue(snapshot.lateResultDropped)
    }

    /// First reason wins, under contention: cancels with different reasons
    /// from several threads at once, many times, on executing work and on
    /// work still queued; whichever landed first is the one delivered, the
    /// snapshot's, and what every cancel sees once it returned.
    func testTheFirstReasonWinsWhenCancelsRace() {
        let reasons: [CancellationReason] = [
            .callerCancelled, .superseded, .pipelineStopped, .deadlineExceeded, .deviceLost, .executionRecovery,
        ]
        var winners: Set<CancellationReason> = []
        var generator = SplitMix64(seed: 11)
        for round in 0..<400 {
            // A different order each round, so the thread that starts first varies too.
            var order = reasons
            for index in order.indices.reversed() {
                order.swapAt(index, Int(generator.next() % UInt64(index + 1)))
            }
            let scheduler = SubmissionScheduler(maxInFlight: 1)
            let held = HeldWork<Int>()
            let executing = round % 2 == 0
            // Odd rounds: a first submission holds the one place, so the target stays queued.
            let blocker = executing ? nil : scheduler.submit(work: held.work)
            if !executing { held.started.wait() }
            let log = DeliveryLog<Int>()
            log.expect(1)
            let handle = scheduler.submit(deliveryQueue: log.queue, completion: log.callback { 1 }, work: held.work)
            if executing { held.started.wait() }
            XCTAssertEqual(handle.snapshot.state, executing ? .executing : .queued, "round \(round)")
            let seen = Locked<[CancellationReason?]>([])
            let shuffled = order
            DispatchQueue.concurrentPerform(iterations: shuffled.count) { index in
                handle.cancel(reason: shuffled[index])
                let reason = handle.snapshot.reason
                seen.withLock { $0.append(reason) }
            }
            held.succeedNext(7)  // the executing target's late result, or the blocker's
            _ = blocker?.wait()
            let deliveries = log.settle()
            XCTAssertEqual(deliveries.count, 1, "round \(round)")
            guard case .failure(let error) = deliveries.first?.1, let winner = error.cancellationReason else {
                XCTFail("round \(round): \(String(describing: deliveries.first?.1))")
                continue
            }
            XCTAssertEqual(handle.snapshot.reason, winner, "round \(round)")
            XCTAssertEqual(Set(seen.withLock { $0 }), [winner], "round \(round): every cancel sees the first reason")
            winners.insert(winner)
        }
        XCTAssertGreaterThan(winners.count, 1, "different reasons won different rounds: the race was real")
    }

    func testCancelWhileQueuedNeverRunsTheWork() {
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        let blocker = HeldWork<Int>()
        let queuedWork = HeldWork<Int>()
        let first = scheduler.submit(work: blocker.work)
        blocker.started.wait()
        let second = scheduler.submit(work: queuedWork.work)
        XCTAssertEqual(second.snapshot.state, .queued)
        second.cancel()
        blocker.succeedNext(1)
        XCTAssertEqual(try first.wait().get(), 1)
        XCTAssertEqual(second.wait().failureReason, .callerCancelled)
        // The place freed by the skipped submission is usable again.
        let third = scheduler.submit(work: { (completion: SubmissionCompletion<Int>) in completion.succeed(3) })
        XCTAssertEqual(try third.wait().get(), 3)
        XCTAssertEqual(queuedWork.runCount, 0)
        XCTAssertEqual(second.snapshot.deliverySuppressed, false)
    }

    func testSystemReasonsEndDiscardedAndFailuresEndFailed() {
        let scheduler = SubmissionScheduler(maxInFlight: 2)
        let held = HeldWork<Int>()
        let discarded = scheduler.submit(work: held.work)
        held.started.wait()
        discarded.cancel(reason: .deadlineExceeded)
        XCTAssertEqual(discarded.snapshot.state, .discarded)
        XCTAssertEqual(discarded.snapshot.reason, .deadlineExceeded)

        struct Boom: Error {}
        let failed = scheduler.submit(work: { (completion: SubmissionCompletion<Int>) in completion.fail(Boom()) })
        guard case .failure(.executionFailed(let error)) = failed.wait() else { return XCTFail("expected a failure") }
        XCTAssertTrue(error is Boom)
        XCTAssertEqual(failed.snapshot.state, .failed)
        failed.cancel()
        XCTAssertEqual(failed.snapshot.state, .failed, "a terminal state never changes")
        held.succeedNext(0)
    }

    func testTaskCancellationReachesTheHandle() async {
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        let held = HeldWork<Int>()
        let handle = scheduler.submit(work: held.work)
        let task = Task { await handle.outcome }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                held.started.wait()
                continuation.resume()
            }
        }
        task.cancel()
        let outcome = await task.value
        XCTAssertEqual(outcome.failureReason, .callerCancelled)
        XCTAssertEqual(handle.snapshot.state, .cancelled)
        held.succeedNext(5)
    }

    func testDeadlinePassingDiscardsTheSubmission() {
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        let held = HeldWork<Int>()
        let handle = scheduler.submit(deadline: .now(), work: held.work)
        // The deadline has already passed; the timer fires on its own.
        XCTAssertEqual(handle.wait().failureReason, .deadlineExceeded)
        XCTAssertEqual(handle.snapshot.state, .discarded)
        if held.runCount > 0 { held.succeedNext(0) }
    }
}

extension Result where Failure == RenderSubmissionError {
    var failureReason: CancellationReason? {
        if case .failure(let error) = self { return error.cancellationReason }
        return nil
    }
}
