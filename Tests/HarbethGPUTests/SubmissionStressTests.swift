import Dispatch
import Foundation
import HarbethGPU
import HarbethTestSupport
import XCTest

/// Ten thousand seeded-random interleavings of submit, cancel, stop, device
/// loss, recovery, and work finishing (on time, late after a cancel, with
/// success, failure or a lost device) across three threads. In every one:
/// exactly one terminal outcome per handle, consistent with its final
/// snapshot; a terminal snapshot, once seen, never changes (no late
/// overwrite, no success after a cancel returned); work runs at most once
/// and only for a submission that began executing; and everything ends
/// within a bounded time, watched by timeouts that fail the test rather
/// than hang it. A failure names the seed, which replays it.
final class SubmissionStressTests: XCTestCase {
    static let interleavings = 10_000
    /// Per interleaving; it normally takes well under a millisecond.
    static let watchdog: DispatchTimeInterval = .seconds(20)

    struct Failure: Error {}

    enum Op {
        case cancel(Int, CancellationReason)
        case stop
        case deviceLost
        case recover
        /// Finish submission `index`'s parked work, if it is parked.
        case complete(Int, Completion)
        case submit
        /// Records the snapshot of a handle that is terminal.
        case peek(Int)
    }

    enum Completion: CaseIterable {
        case success, failure, lostDevice
    }

    struct TestError: Error, CustomStringConvertible {
        var description: String { "test failure" }
    }

    /// Totals over the run, for the report line.
    struct Totals {
        var handles = 0
        var cancels = 0
        var lateCompletions = 0
        var byState: [RenderSubmissionState: Int] = [:]
    }

    /// One interleaving's shared state.
    final class World: Sendable {
        let scheduler: SubmissionScheduler
        let deliveryQueue: DispatchQueue
        let delivered = DispatchGroup()
        let handles = Locked<[RenderSubmissionHandle<Int>]>([])
        let deliveries = Locked<[Int: [Result<Int, RenderSubmissionError>]]>([:])
        let runs = Locked<[Int: Int]>([:])
        let parked = Locked<[Int: SubmissionCompletion<Int>]>([:])
        let parkedSignal = DispatchSemaphore(value: 0)
        /// Terminal snapshots seen while the interleaving ran, by index.
        let seen = Locked<[(Int, RenderSubmissionSnapshot, String)]>([])
        let lateCompletions = Locked(0)
        let policies: [SubmissionPolicy] = [.independent, .latestOnly(scope: "a"), .latestOnly(scope: "b")]

        init(maxInFlight: Int, deliveryQueue: DispatchQueue) {
            scheduler = SubmissionScheduler(maxInFlight: maxInFlight, label: "stress.execution")
            self.deliveryQueue = deliveryQueue
        }

        /// Submits one more; its index is its place in `handles`.
        func submit(policy: Int) {
            // Under the handles lock, so indices follow submission order.
            delivered.enter()
            handles.withLock { handles in
                let index = handles.count
                let handle = scheduler.submit(
                    policy: policies[policy], deliveryQueue: deliveryQueue,
                    completion: { [self] result in
                        deliveries.withLock { $0[index, default: []].append(result) }
                        delivered.leave()
                    },
                    work: { [self] (completion: SubmissionCompletion<Int>) in
                        runs.withLock { $0[index, default: 0] += 1 }
                        parked.withLock { $0[index] = completion }
                        parkedSignal.signal()
                    })
                handles.append(handle)
            }
        }

        func handle(_ index: Int) -> RenderSubmissionHandle<Int>? {
            handles.withLock { index < $0.count ? $0[index] : nil }
        }

        func perform(_ op: Op) {
            switch op {
            case .cancel(let index, let reason):
                guard let handle = handle(index) else { return }
                handle.cancel(reason: reason)
                // cancel() returns with the handle terminal, and what it
                // shows now it must show for ever.
                seen.withLock { $0.append((index, handle.snapshot, "after cancel")) }
            case .stop:
                scheduler.stop()
            case .deviceLost:
                scheduler.deviceLost()
            case .recover:
                scheduler.recover()
            case .complete(let index, let how):
                guard let completion = parked.withLock({ $0.removeValue(forKey: index) }) else { return }
                finish(completion, index: index, how: how)
            case .submit:
                submit(policy: 0)
            case .peek(let index):
                guard let handle = handle(index) else { return }
                let snapshot = handle.snapshot
                if snapshot.state.isTerminal { seen.withLock { $0.append((index, snapshot, "peeked")) } }
            }
        }

        func finish(_ completion: SubmissionCompletion<Int>, index: Int, how: Completion) {
            if handle(index)?.snapshot.state.isTerminal == true { lateCompletions.withLock { $0 += 1 } }
            switch how {
            case .success: completion.succeed(index)
            case .failure: completion.fail(TestError())
            case .lostDevice: completion.fail(GPUError.deviceLost(call: "test"))
            }
        }

        /// Finishes parked work until every handle has ended, every
        /// submission that began executing has run its work (work runs on
        /// the scheduler's queue, possibly after a cancel ended its handle),
        /// and nothing is parked. False when no progress came within the
        /// watchdog's time.
        func drain(random: inout SplitMix64) -> Bool {
            while true {
                let ready = parked.withLock { parked -> [(Int, SubmissionCompletion<Int>)] in
                    defer { parked.removeAll() }
                    return parked.sorted { $0.key < $1.key }
                }
                for (index, completion) in ready {
                    finish(completion, index: index, how: Completion.allCases.randomElement(using: &random)!)
                }
                let snapshots = handles.withLock { $0.map(\.snapshot) }
                let ran = runs.withLock { $0 }
                let waiting = snapshots.enumerated().contains { index, snapshot in
                    !snapshot.state.isTerminal || (snapshot.beganExecuting && ran[index] == nil)
                }
                if !waiting && ready.isEmpty { return true }
                if waiting, parkedSignal.wait(timeout: .now() + SubmissionStressTests.watchdog) == .timedOut {
                    return false
                }
            }
        }
    }

    func testTenThousandRandomInterleavingsEachEndOnceWithoutOverwriteOrDeadlock() throws {
        let deliveryQueue = DispatchQueue(label: "stress.deliveries")
        let threads = DispatchQueue(label: "stress.threads", attributes: .concurrent)
        var totals = Totals()
        let reasons = CancellationReason.allCases
        for seed in 0..<UInt64(Self.interleavings) {
            var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 1)
            let world = World(maxInFlight: Int.random(in: 1...3, using: &random), deliveryQueue: deliveryQueue)
            let initial = Int.random(in: 1...6, using: &random)
            for _ in 0..<initial { world.submit(policy: Int.random(in: 0..<3, using: &random)) }

            // Three threads, each with its own random list of operations.
            let scripts: [[Op]] = (0..<3).map { _ in
                (0..<Int.random(in: 2...6, using: &random)).map { _ -> Op in
                    let index = Int.random(in: 0..<(initial + 1), using: &random)
                    // Closing the scheduler is rarer than the rest, so most
                    // interleavings also see work finish while it runs.
                    switch Int.random(in: 0..<40, using: &random) {
                    case 0..<14: return .cancel(index, reasons.randomElement(using: &random)!)
                    case 14..<30: return .complete(index, Completion.allCases.randomElement(using: &random)!)
                    case 30: return .stop
                    case 31: return .deviceLost
                    case 32..<34: return .recover
                    case 34..<37: return .submit
                    default: return .peek(index)
                    }
                }
            }
            let ran = DispatchGroup()
            for script in scripts {
                threads.async(group: ran) { for op in script { world.perform(op) } }
            }
            guard ran.wait(timeout: .now() + Self.watchdog) == .success else {
                XCTFail("seed \(seed): the operations did not return (deadlock)")
                throw Failure()
            }
            guard world.drain(random: &random) else {
                XCTFail("seed \(seed): a submission never ended")
                throw Failure()
            }
            guard world.delivered.wait(timeout: .now() + Self.watchdog) == .success else {
                XCTFail("seed \(seed): an outcome was never delivered")
                throw Failure()
            }
            deliveryQueue.sync {}  // a second delivery would be counted by now
            try check(world, seed: seed, totals: &totals)
        }
        print(
            "SubmissionStressTests: \(Self.interleavings) interleavings, \(totals.handles) submissions, "
                + "\(totals.cancels) cancels observed, \(totals.lateCompletions) late completions; final states "
                + totals.byState.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", "))
        XCTAssertGreaterThan(totals.lateCompletions, 0, "late completions were exercised")
        for state in [RenderSubmissionState.completed, .cancelled, .discarded, .failed] {
            XCTAssertGreaterThan(totals.byState[state] ?? 0, 0, "some submission ended \(state)")
        }
    }

    private func check(_ world: World, seed: UInt64, totals: inout Totals) throws {
        let handles = world.handles.withLock { $0 }
        let deliveries = world.deliveries.withLock { $0 }
        let runs = world.runs.withLock { $0 }
        totals.handles += handles.count
        totals.lateCompletions += world.lateCompletions.withLock { $0 }
        var failed = false
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            guard !condition else { return }
            XCTFail("seed \(seed): \(message())")
            failed = true
        }
        for (index, handle) in handles.enumerated() {
            let final = handle.snapshot
            totals.byState[final.state, default: 0] += 1
            let outcomes = deliveries[index] ?? []
            expect(outcomes.count == 1, "submission \(index) delivered \(outcomes.count) outcomes")
            expect(final.state.isTerminal, "submission \(index) ended \(final.state)")
            if let outcome = outcomes.first {
                switch outcome {
                case .success(let value):
                    expect(final.state == .completed && value == index, "submission \(index): success but \(final)")
                case .failure(.cancelled(let reason)):
                    expect(
                        final.state == reason.terminalState && final.reason == reason,
                        "submission \(index): cancelled(\(reason)) but \(final)")
                case .failure(.executionFailed):
                    expect(final.state == .failed, "submission \(index): failed but \(final)")
                }
            }
            expect(
                (runs[index] ?? 0) == (final.beganExecuting ? 1 : 0),
                "submission \(index) ran \(runs[index] ?? 0) times, \(final)")
            expect(!final.lateResultDropped || final.deliverySuppressed, "submission \(index): \(final)")
        }
        for (index, snapshot, when) in world.seen.withLock({ $0 }) {
            if when == "after cancel" { totals.cancels += 1 }
            let final = handles[index].snapshot
            expect(snapshot.state.isTerminal, "submission \(index) was \(snapshot.state) \(when)")
            expect(
                snapshot.state == final.state && snapshot.reason == final.reason && snapshot.failure == final.failure,
                "submission \(index) was \(snapshot.state)/\(String(describing: snapshot.reason)) \(when), "
                    + "then \(final.state)/\(String(describing: final.reason))")
        }
        if failed { throw Failure() }
    }
}

extension RenderSubmissionSnapshot {
    /// True when the submission's work was started: it finished, or it was
    /// cancelled while executing.
    var beganExecuting: Bool { state == .completed || state == .failed || deliverySuppressed }
}
