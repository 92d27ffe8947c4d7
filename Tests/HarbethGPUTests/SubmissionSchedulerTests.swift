import Dispatch
import HarbethGPU
import HarbethTestSupport
import XCTest

final class SubmissionSchedulerTests: XCTestCase {
    func testLatestOnlySupersedesTheQueuedSubmissionOfItsScopeOnly() {
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        let blocker = HeldWork<String>()
        let executing = scheduler.submit(policy: .latestOnly(scope: "preview"), work: blocker.work)
        blocker.started.wait()

        let immediate: @Sendable (String) -> @Sendable (SubmissionCompletion<String>) -> Void = { name in
            { $0.succeed(name) }
        }
        let a = scheduler.submit(policy: .latestOnly(scope: "preview"), work: immediate("a"))
        let b = scheduler.submit(policy: .latestOnly(scope: "thumbnail"), work: immediate("b"))
        let c = scheduler.submit(policy: .independent, work: immediate("c"))
        let d = scheduler.submit(policy: .latestOnly(scope: "preview"), work: immediate("d"))

        XCTAssertEqual(a.snapshot.state, .discarded)
        XCTAssertEqual(a.snapshot.reason, .superseded)
        XCTAssertEqual(executing.snapshot.state, .executing, "an executing submission is never superseded")
        XCTAssertEqual(b.snapshot.state, .queued, "another scope's submission is untouched")

        blocker.succeedNext("first")
        XCTAssertEqual(try executing.wait().get(), "first")
        XCTAssertEqual(try b.wait().get(), "b")
        XCTAssertEqual(try c.wait().get(), "c")
        XCTAssertEqual(try d.wait().get(), "d")
    }

    func testStopDiscardsEverythingOutstandingOnceEach() {
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        let held = HeldWork<Int>()
        let log = DeliveryLog<Int>()
        log.expect(3)
        let running = scheduler.submit(deliveryQueue: log.queue, completion: log.callback { 1 }, work: held.work)
        held.started.wait()
        let queued = scheduler.submit(deliveryQueue: log.queue, completion: log.callback { 2 }, work: held.work)
        scheduler.stop()
        scheduler.stop()
        let late = scheduler.submit(deliveryQueue: log.queue, completion: log.callback { 3 }, work: held.work)
        held.succeedNext(9)

        let deliveries = log.settle()
        XCTAssertEqual(deliveries.count, 3)
        for handle in [running, queued, late] {
            XCTAssertEqual(handle.snapshot.state, .discarded)
            XCTAssertEqual(handle.snapshot.reason, .pipelineStopped)
        }
        XCTAssertTrue(running.snapshot.deliverySuppressed)
        XCTAssertEqual(held.runCount, 1, "nothing starts after stop")
    }

    func testRecoveryDiscardsQueuedWork() {
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        let held = HeldWork<Int>()
        let running = scheduler.submit(work: held.work)
        held.started.wait()
        let queued = scheduler.submit(work: held.work)
        scheduler.recover()
        XCTAssertEqual(queued.wait().failureReason, .executionRecovery)
        held.succeedNext(1)
        XCTAssertEqual(try running.wait().get(), 1)
    }

    /// Cancels race real GPU completions: every handle gets exactly one
    /// outcome, and a cancel that returned with the handle cancelled is never
    /// followed by a success.
    func testCancelRacingGPUCompletionTenThousandTimes() throws {
        let context = try GPUTestEnvironment.context()
        let pipeline = try context.makePipeline(
            KernelDescriptor(
                source: ShaderSource(
                    name: "race",
                    text: """
                        #version 450
                        layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
                        layout(std430, binding = 0) buffer Data { uint data[]; };
                        // Long enough on the GPU for some cancels to land while it runs.
                        void main() {
                            for (uint i = 0u; i < 3000u; i++) { data[gl_GlobalInvocationID.x] += i & 1u; }
                        }
                        """),
                bindings: [.storageBuffer], workgroupSize: (64, 1, 1)))
        let slots = 4
        let scheduler = SubmissionScheduler(maxInFlight: slots)
        let free = Locked<[(CommandBuffer, DescriptorSet)]>([])
        for _ in 0..<slots {
            let commands = try context.makeCommandBuffer()
            let buffer = try context.makeBuffer(size: 256, location: .device)
            let set = try pipeline.makeDescriptorSet()
            set.update([.buffer(buffer)])
            free.withLock { $0.append((commands, set)) }
        }

        let iterations = 10_000
        let log = DeliveryLog<Int>()
        log.expect(iterations)
        let observedAfterCancel = Locked<[UInt64: RenderSubmissionState]>([:])
        let handles = Locked<[RenderSubmissionHandle<Int>]>([])
        var generator = SplitMix64(seed: 7)
        let cancellers = DispatchQueue(label: "test.cancellers", attributes: .concurrent)
        let cancelsDone = DispatchGroup()

        for iteration in 0..<iterations {
            let cancelThis = generator.next() % 2 == 0
            // Half the cancels wait for the work to reach the GPU first, so
            // they land on executing work and race its completion.
            let onceExecuting = generator.next() % 2 == 0
            let spin = Int(generator.next() % 2000)
            let idBox = Locked<UInt64>(0)
            let handleBox = Locked<RenderSubmissionHandle<Int>?>(nil)
            let race = { @Sendable (handle: RenderSubmissionHandle<Int>) in
                var sink = 0
                for value in 0..<spin { sink &+= value }  // a random head start for the GPU
                if sink == -1 { print(sink) }
                handle.cancel()
                let state = handle.snapshot.state
                observedAfterCancel.withLock { $0[handle.id] = state }
                cancelsDone.leave()
            }
            if cancelThis { cancelsDone.enter() }
            let handle = scheduler.submit(
                deliveryQueue: log.queue, completion: log.callback { idBox.withLock { $0 } }
            ) { (completion: SubmissionCompletion<Int>) in
                let (commands, set) = free.withLock { $0.removeLast() }
                do {
                    try commands.record { recorder in
                        recorder.bind(pipeline, set)
                        recorder.dispatch(1, 1)
                    }
                    try context.submit(commands) { result in
                        free.withLock { $0.append((commands, set)) }
                        switch result {
                        case .success: completion.succeed(iteration)
                        case .failure(let error): completion.fail(error)
                        }
                    }
                } catch {
                    free.withLock { $0.append((commands, set)) }
                    completion.fail(error)
                }
                // The work is on the GPU: its cancel starts now, with no
                // thread spinning while it waits in the queue. The handle
                // is stored just after `submit` returns.
                if cancelThis && onceExecuting {
                    cancellers.async {
                        var stored = handleBox.withLock { $0 }
                        while stored == nil {
                            sched_yield()
                            stored = handleBox.withLock { $0 }
                        }
                        race(stored!)
                    }
                }
            }
            idBox.withLock { $0 = handle.id }
            handleBox.withLock { $0 = handle }
            handles.withLock { $0.append(handle) }
            if cancelThis && !onceExecuting {
                cancellers.async { race(handle) }
            }
        }
        cancelsDone.wait()
        let deliveries = log.settle()

        XCTAssertEqual(deliveries.count, iterations, "exactly one terminal outcome each")
        var perID: [UInt64: Result<Int, RenderSubmissionError>] = [:]
        for (id, outcome) in deliveries {
            XCTAssertNil(perID[id], "submission \(id) delivered twice")
            perID[id] = outcome
        }
        var cancelledCount = 0
        for (id, stateAfterCancel) in observedAfterCancel.withLock({ $0 }) {
            XCTAssertTrue(stateAfterCancel.isTerminal, "cancel() returns with the handle terminal")
            if stateAfterCancel == .cancelled {
                cancelledCount += 1
                XCTAssertEqual(perID[id]?.failureReason, .callerCancelled, "no success after a cancel returned")
            } else {
                XCTAssertEqual(stateAfterCancel, .completed)
                XCTAssertNotNil(try? perID[id]?.get())
            }
        }
        for handle in handles.withLock({ $0 }) {
            XCTAssertTrue(handle.snapshot.state == .completed || handle.snapshot.state == .cancelled)
        }
        XCTAssertGreaterThan(cancelledCount, 0, "the race was exercised")
        // Cancels landed on work already executing on the GPU: its delivery
        // was suppressed, and its late result was dropped when it completed.
        let snapshots = handles.withLock { $0 }.map(\.snapshot)
        let suppressed = snapshots.filter(\.deliverySuppressed).count
        let dropped = snapshots.filter(\.lateResultDropped).count
        print(
            "SubmissionSchedulerTests: \(cancelledCount) cancelled, \(suppressed) while executing, \(dropped) late results dropped"
        )
        XCTAssertGreaterThan(suppressed, 0, "no cancel landed on executing work")
        XCTAssertGreaterThan(dropped, 0, "no late GPU result was dropped")
        for snapshot in snapshots where snapshot.lateResultDropped {
            XCTAssertTrue(snapshot.deliverySuppressed, "a dropped result belongs to work cancelled while executing")
            XCTAssertEqual(snapshot.state, .cancelled)
        }
        GPUTestEnvironment.assertNoValidationMessages(context)
    }

    func testDeviceLossDiscardsOutstandingHandlesWithThatReason() throws {
        // A context of its own: a lost device stays lost.
        let context = try GPUContext(options: GPUTestEnvironment.options())
        let scheduler = SubmissionScheduler(maxInFlight: 1)
        let commands = try context.makeCommandBuffer()
        try commands.record { _ in }
        context.faults.armSubmission(.deviceLost, after: 1)

        let held = HeldWork<Int>()
        let log = DeliveryLog<Int>()
        log.expect(3)
        let gpuWork: @Sendable (SubmissionCompletion<Int>) -> Void = { completion in
            do {
                try context.submit(commands) { result in
                    switch result {
                    case .success: completion.succeed(1)
                    case .failure(let error): completion.fail(error)
                    }
                }
            } catch {
                completion.fail(error)
            }
        }
        let first = scheduler.submit(deliveryQueue: log.queue, completion: log.callback { 1 }, work: held.work)
        held.started.wait()
        let lost = scheduler.submit(deliveryQueue: log.queue, completion: log.callback { 2 }, work: gpuWork)
        let queued = scheduler.submit(deliveryQueue: log.queue, completion: log.callback { 3 }, work: held.work)
        held.succeedNext(0)  // lets `lost` run; its submission hits the injected fault

        let deliveries = log.settle()
        XCTAssertEqual(deliveries.count, 3)
        XCTAssertEqual(try first.wait().get(), 0)
        for handle in [lost, queued] {
            XCTAssertEqual(handle.snapshot.state, .discarded)
            XCTAssertEqual(handle.snapshot.reason, .deviceLost)
        }
        let after = scheduler.submit(work: gpuWork)
        XCTAssertEqual(after.wait().failureReason, .deviceLost)
        XCTAssertThrowsError(try context.submitAndWait(commands)) { error in
            XCTAssertTrue((error as? GPUError)?.isDeviceLost == true)
        }
    }
}
