import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// Faults injected into the GPU under a real export (decode, the filter
/// graph on lavapipe, encode): each ends the pipeline in its own error,
/// every submission delivers exactly one outcome, nothing is left at the
/// output path, and nothing hangs.
final class GPUFaultTests: XCTestCase {
    /// A context of its own: a lost device stays lost.
    private func faultyRenderer() throws -> Renderer {
        Renderer(
            context: try GPUContext(options: GPUTestEnvironment.options()),
            options: .init(resources: MediaResourceLoader()))
    }

    /// Exports the clip with sepia into a fresh folder; returns the outcome,
    /// the processor's record of submissions and the folder.
    private func export(with renderer: Renderer) throws -> (
        MediaPipelineOutcome<RecordedClip>, DeliveryRecordingProcessor, URL
    ) {
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("out.mp4"))
        let source = try AssetSource(url: MediaFixtures.clip)
        let processor = DeliveryRecordingProcessor(
            inner: GraphProcessor(
                renderer: renderer, chain: try FilterChain(parsing: "sepia"),
                output: .layout(sink.preferredLayout(for: source.metadata.layout))))
        let pipeline = MediaPipeline(source: source, processor: processor, sink: sink)
        do { try pipeline.start() } catch {}
        let outcome = pipeline.wait()
        // Deliveries of handles discarded while the run ended are queued on
        // the pipeline's queue before it announces the end: drain it.
        pipeline.pipelineQueue.sync {}
        return (outcome, processor, folder)
    }

    func testALostDeviceFailsThePipelineWithDeviceLostAndDiscardsEverySubmissionOnce() throws {
        let renderer = try faultyRenderer()
        // The sixth queue submission from now loses the device: a few
        // frames in, with others in flight.
        renderer.context.faults.armSubmission(.deviceLost, after: 6)
        let (outcome, processor, folder) = try export(with: renderer)

        guard case .failed(let error) = outcome else { return XCTFail("expected a failure, got \(outcome.state)") }
        XCTAssertEqual(error, .deviceLost)
        XCTAssertEqual(error.description, "the GPU device was lost; the frames in flight were discarded")
        XCTAssertEqual(folderEntries(folder), [], "nothing at the output path, no temporary file")

        let records = processor.records
        XCTAssertGreaterThan(records.count, 1)
        var lost = 0
        for (index, record) in records.enumerated() {
            XCTAssertEqual(record.deliveries.count, 1, "submission \(index) delivered \(record.deliveries.count) times")
            guard let snapshot = record.snapshot else { continue }
            switch snapshot.state {
            case .completed:
                XCTAssertEqual(record.deliveries.first, "success", "submission \(index)")
            case .discarded:
                // Never `pipelineStopped`: the pipeline discards with the reason the device gave.
                XCTAssertEqual(snapshot.reason, .deviceLost, "submission \(index)")
                XCTAssertEqual(record.deliveries.first, "cancelled(deviceLost)", "submission \(index)")
                lost += 1
            default:
                XCTFail("submission \(index) ended \(snapshot.state) (\(String(describing: snapshot.failure)))")
            }
        }
        XCTAssertGreaterThan(lost, 0)
        // The renderer stays closed: a later submission is discarded at once.
        let (again, _, againFolder) = try export(with: renderer)
        guard case .failed(.deviceLost) = again else { return XCTFail("expected deviceLost, got \(again.state)") }
        XCTAssertEqual(folderEntries(againFolder), [])
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }

    /// A device lost while the plan's pipelines are made reaches the
    /// scheduler as a lost device: the pipeline fails with `deviceLost`,
    /// everything else in flight is discarded with that reason, and the
    /// renderer refuses later work at once.
    func testALostDeviceWhileMakingAPipelineIsADeviceLoss() throws {
        let renderer = try faultyRenderer()
        renderer.context.faults.armPipelineCreation(.deviceLost, after: 1)
        let (outcome, processor, folder) = try export(with: renderer)
        guard case .failed(.deviceLost) = outcome else { return XCTFail("expected deviceLost, got \(outcome)") }
        XCTAssertEqual(folderEntries(folder), [])
        for (index, record) in processor.records.enumerated() {
            XCTAssertEqual(record.deliveries.count, 1, "submission \(index)")
            guard let snapshot = record.snapshot else { continue }
            XCTAssertEqual(snapshot.state, .discarded, "submission \(index)")
            XCTAssertEqual(snapshot.reason, .deviceLost, "submission \(index)")
        }
        let later = ImageNode(try VideoFrame(rgba: [UInt8](repeating: 9, count: 64), width: 4, height: 4))
            .applying(try FilterChain(parsing: "sepia")).transmitFrame(on: renderer)
        _ = later.wait()
        XCTAssertEqual(later.snapshot.state, .discarded)
        XCTAssertEqual(later.snapshot.reason, .deviceLost)
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }

    func testRunningOutOfGPUMemoryIsItsOwnErrorAndTheRendererRecovers() throws {
        let renderer = try faultyRenderer()
        renderer.context.faults.armAllocation(.outOfDeviceMemory, after: 1)
        let (outcome, processor, folder) = try export(with: renderer)

        guard case .failed(let error) = outcome else { return XCTFail("expected a failure, got \(outcome.state)") }
        XCTAssertEqual(error, .gpuOutOfMemory("the GPU is out of memory (memory allocation (injected))"))
        XCTAssertEqual(folderEntries(folder), [])
        let records = processor.records
        XCTAssertFalse(records.isEmpty)
        for (index, record) in records.enumerated() {
            XCTAssertEqual(record.deliveries.count, 1, "submission \(index) delivered \(record.deliveries.count) times")
            guard let snapshot = record.snapshot else { continue }
            // Frames already rendering when the first failed may complete;
            // the rest are discarded as the run stops.
            XCTAssertTrue(
                snapshot.state == .failed || snapshot.state == .completed
                    || (snapshot.state == .discarded && snapshot.reason == .pipelineStopped),
                "submission \(index) ended \(snapshot.state) \(String(describing: snapshot.reason))")
        }
        XCTAssertEqual(records.first?.snapshot?.state, .failed, "the first frame's allocation failed")

        // Out of memory is not a lost device: the next export on the same renderer works.
        let (next, _, nextFolder) = try export(with: renderer)
        guard case .finished(let clip) = next else { return XCTFail("expected finished, got \(next.state)") }
        XCTAssertEqual(clip.frameCount, 25)
        XCTAssertEqual(folderEntries(nextFolder), ["out.mp4"])
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }

    func testProcessorFailuresAreClassified() {
        XCTAssertEqual(
            MediaPipeline<NullSink>.classify(.cancelled(.deviceLost)).0, .deviceLost)
        XCTAssertEqual(
            MediaPipeline<NullSink>.classify(.executionFailed(GPUError.deviceLost(call: "vkQueueSubmit"))).1,
            .deviceLost)
        XCTAssertEqual(
            MediaPipeline<NullSink>.classify(.executionFailed(RenderError.gpu(.outOfHostMemory(call: "x")))).0,
            .gpuOutOfMemory("the Vulkan driver is out of host memory (x)"))
        let other = MediaPipeline<NullSink>.classify(.executionFailed(TestFailure(message: "broke")))
        // The processor's own error, not the submission that carried it.
        XCTAssertEqual(other.0, .processorFailed(ProcessorFailure(TestFailure(message: "broke"))))
        guard case .processorFailed(let failure) = other.0 else { return XCTFail("\(other.0)") }
        XCTAssertEqual((failure.error as? TestFailure)?.message, "broke")
        XCTAssertEqual(other.1, .pipelineStopped)
    }
}

/// Wraps a processor and records, per submission, every outcome delivered
/// to the pipeline's completion and the handle's snapshot once it ended.
/// It holds a handle only until its outcome arrives: a handle keeps its
/// output frame, and held frames would keep the renderer's slots.
final class DeliveryRecordingProcessor: FrameProcessor {
    struct Record {
        let snapshot: RenderSubmissionSnapshot?
        let deliveries: [String]
    }

    private struct State {
        var next = 0
        var pending: [Int: RenderSubmissionHandle<VideoFrame>] = [:]
        var snapshots: [Int: RenderSubmissionSnapshot] = [:]
        var deliveries: [Int: [String]] = [:]
    }

    let inner: any FrameProcessor
    private let state = ConditionLock(State())

    init(inner: any FrameProcessor) { self.inner = inner }

    func outputFormat(for input: FrameFormat) throws -> FrameFormat { try inner.outputFormat(for: input) }

    func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        let index = state.withLock { state -> Int in
            defer { state.next += 1 }
            return state.next
        }
        let handle = inner.submit(frame, policy: policy, deliveryQueue: deliveryQueue) { [state] result in
            let text: String
            switch result {
            case .success: text = "success"
            case .failure(.cancelled(let reason)): text = "cancelled(\(reason))"
            case .failure(.executionFailed(let error)): text = "failed(\(error))"
            }
            state.withLock { state in
                state.deliveries[index, default: []].append(text)
                // Delivered: the handle is terminal.
                if let handle = state.pending.removeValue(forKey: index) { state.snapshots[index] = handle.snapshot }
            }
            completion(result)
        }
        state.withLock { state in
            if state.deliveries[index] == nil {
                state.pending[index] = handle
            } else {
                state.snapshots[index] = handle.snapshot
            }
        }
        return handle
    }

    /// Every submission so far, in order; `snapshot` is nil while one has
    /// delivered nothing.
    var records: [Record] {
        state.withLock { state in
            (0..<state.next).map { Record(snapshot: state.snapshots[$0], deliveries: state.deliveries[$0] ?? []) }
        }
    }
}
