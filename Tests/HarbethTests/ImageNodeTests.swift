import Dispatch
import Harbeth
import HarbethTestSupport
import XCTest

final class ImageNodeTests: XCTestCase {
    func testNodesAreValues() throws {
        let frame = try Fixtures.frame(.rgba8)
        let base = ImageNode(frame)
        let sepia = base.applying(.sepia())
        XCTAssertEqual(base.chain.filters.count, 0)
        XCTAssertEqual(sepia.chain.filters.count, 1)
        XCTAssertEqual(
            try sepia.applying(.resize(width: 160, height: -1)).outputFormat(),
            FrameFormat(width: 160, height: 120, layout: .rgba8))
    }

    /// The one-line forms: chains as array literals and as text, both ways,
    /// the `->>` operator, and `filtered` on the shared renderer; all give
    /// the frame the explicit node gives.
    func testChainsAsValuesAndOneLineFiltering() throws {
        let chain: FilterChain = [.sepia(), .gaussianBlur(sigma: 3)]
        XCTAssertEqual(chain.description, "sepia,gaussian_blur=sigma=3")
        XCTAssertEqual(try FilterChain(parsing: chain.description), chain)
        let frame = try Fixtures.frame(.rgba8)
        let explicit = try ImageNode(frame).applying(chain).makeFrame(on: try Fixtures.renderer())
        let operated = frame ->> .sepia() ->> .gaussianBlur(sigma: 3)
        XCTAssertEqual(operated.chain, chain)
        XCTAssertEqual((frame ->> chain).chain, chain)
        let oneLine = try frame.filtered("sepia,gaussian_blur=sigma=3")
        XCTAssertTrue(oneLine.packedBytes(plane: 0) == explicit.packedBytes(plane: 0))
        XCTAssertTrue(try frame.filtered(chain).packedBytes(plane: 0) == explicit.packedBytes(plane: 0))
        XCTAssertTrue(try operated.makeFrame().packedBytes(plane: 0) == explicit.packedBytes(plane: 0))
        XCTAssertTrue(try Renderer.shared === Renderer.shared, "made once")
        XCTAssertThrowsError(try frame.filtered("sepai")) {
            XCTAssertEqual("\($0)", "unknown filter 'sepai' at column 1; did you mean 'sepia'?")
        }
        XCTAssertEqual(try Renderer.shared.context.validationLog?.failures ?? [], [])
    }

    func testOutputCanBeRGBAOrTheSourceLayout() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv422p)
        let node = ImageNode(frame).applying(.crop(x: 3, y: 1, width: 101, height: 51))
        let yuv = try node.makeFrame(on: renderer)
        XCTAssertEqual(yuv.format, FrameFormat(width: 101, height: 51, layout: .yuv422p, colorimetry: .untaggedDefault))
        let rgba = try node.makeFrame(on: renderer, output: .rgba8)
        XCTAssertEqual(rgba.format, FrameFormat(width: 101, height: 51, layout: .rgba8))
        let nv12 = try node.makeFrame(on: renderer, output: .layout(.nv12))
        XCTAssertEqual(nv12.layout, .nv12)
    }

    func testASummaryNeedsOnlyTheInputFormat() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        let chain = try FilterChain(parsing: "sepia,gaussian_blur=sigma=2,invert")
        let byFormat = try renderer.summary(for: frame.format, chain: chain, output: .rgba8)
        XCTAssertEqual(byFormat, try renderer.summary(for: ImageNode(frame).applying(chain), output: .rgba8))
        XCTAssertEqual(byFormat.output, FrameFormat(width: 320, height: 240, layout: .rgba8))
    }

    func testTransmitDeliversOnceOnTheChosenQueueAndAsync() async throws {
        let renderer = try Fixtures.renderer()
        let node = ImageNode(try Fixtures.frame(.yuv420p)).applying(.sepia())
        let queue = DispatchQueue(label: "test.delivery")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let onQueue = Locked<[Bool]>([])
        let delivered = DispatchSemaphore(value: 0)
        let handle = node.transmitFrame(on: renderer, deliveryQueue: queue) { result in
            onQueue.withLock { $0.append(DispatchQueue.getSpecific(key: key) == true && (try? result.get()) != nil) }
            delivered.signal()
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                delivered.wait()
                continuation.resume()
            }
        }
        queue.sync {}
        XCTAssertEqual(onQueue.withLock { $0 }, [true])
        XCTAssertEqual(handle.snapshot.state, .completed)
        let frame = try await node.transmitFrame(on: renderer).value
        XCTAssertEqual(frame.layout, .yuv420p)
    }

    func testLatestOnlySupersedesQueuedFramesOfItsScope() throws {
        let context = try GPUTestEnvironment.context()
        let renderer = Renderer(context: context, options: Renderer.Options(framesInFlight: 1))
        let frame = try Fixtures.frame(.rgba8)
        let node = ImageNode(frame).applying(.gaussianBlur(sigma: 8))
        // The first occupies the one place in flight; the rest queue.
        let handles = (0..<6).map { _ in node.transmitFrame(on: renderer, policy: .latestOnly(scope: "preview")) }
        let other = node.transmitFrame(on: renderer, policy: .latestOnly(scope: "thumbnail"))
        let outcomes = handles.map { $0.wait() }
        XCTAssertNotNil(try? outcomes.last!.get(), "the newest always renders")
        XCTAssertNotNil(try? other.wait().get(), "another scope is never superseded")
        for (handle, outcome) in zip(handles, outcomes) {
            switch outcome {
            case .success: XCTAssertEqual(handle.snapshot.state, .completed)
            case .failure(let error):
                XCTAssertEqual(error.cancellationReason, .superseded)
                XCTAssertEqual(handle.snapshot.state, .discarded)
            }
        }
        XCTAssertGreaterThan(handles.filter { $0.snapshot.state == .discarded }.count, 0)
    }

    func testCancellingTheTaskCancelsTheSubmission() async throws {
        let context = try GPUTestEnvironment.context()
        let renderer = Renderer(context: context, options: Renderer.Options(framesInFlight: 1))
        let node = ImageNode(try Fixtures.frame(.rgba8)).applying(.gaussianBlur(sigma: 20))
        let blocker = node.transmitFrame(on: renderer)
        let task = Task { try await node.transmitFrame(on: renderer).value }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled task must not deliver a frame")
        } catch let error as RenderSubmissionError {
            XCTAssertEqual(error.cancellationReason, .callerCancelled)
        }
        _ = blocker.wait()
    }

    func testSlotsAreReusedSoMemoryStaysFlat() throws {
        let context = try GPUTestEnvironment.context()
        let before = context.allocatedMemory
        let renderer = Renderer(context: context, options: Renderer.Options(framesInFlight: 3))
        let node = ImageNode(try Fixtures.frame(.yuv420p)).applying(.sepia()).applying(.gaussianBlur(sigma: 1))
        func render(_ count: Int) {
            let group = DispatchGroup()
            for _ in 0..<count {
                group.enter()
                node.transmitFrame(on: renderer) { _ in group.leave() }
            }
            group.wait()
        }
        render(10)
        let warm = context.allocatedMemory
        let warmSlots = renderer.statistics.slotsMade
        render(60)
        let after = context.allocatedMemory
        let slots = renderer.statistics.slotsMade
        // A slot is in use from its submission until the consumer drops the
        // frame, so frames waiting on the delivery queue hold more than the
        // three in flight: how many depends on how soon the consumers run
        // (a loaded machine once made a sixth), never past the pool's limit
        // of 4 per frame in flight and 4 (RenderPlan); 70 frames on at most
        // 16 slots are slots reused, and nothing else is ever allocated per
        // frame.
        XCTAssertLessThanOrEqual(slots, 3 * 4 + 4)
        let bytesPerSlot = (warm.bytes - before.bytes) / warmSlots
        let allocationsPerSlot = (warm.count - before.count) / warmSlots
        XCTAssertEqual(after.bytes - before.bytes, bytesPerSlot * slots, "only whole slots were allocated")
        XCTAssertEqual(after.count - before.count, allocationsPerSlot * slots)
        XCTAssertEqual(renderer.statistics.framesRendered, 70)
    }

    func testStopDiscardsQueuedFrames() throws {
        let context = try GPUTestEnvironment.context()
        let renderer = Renderer(context: context, options: Renderer.Options(framesInFlight: 1))
        let node = ImageNode(try Fixtures.frame(.rgba8)).applying(.gaussianBlur(sigma: 10))
        let handles = (0..<4).map { _ in node.transmitFrame(on: renderer) }
        renderer.stop()
        for handle in handles {
            let outcome = handle.wait()
            if case .failure(let error) = outcome {
                XCTAssertEqual(error.cancellationReason, .pipelineStopped)
            }
        }
        XCTAssertEqual(node.transmitFrame(on: renderer).wait().failureReason, .pipelineStopped)
    }
}

extension Result where Failure == RenderSubmissionError {
    var failureReason: CancellationReason? {
        if case .failure(let error) = self { return error.cancellationReason }
        return nil
    }
}
