import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// The library as a program uses it: its own frames through a pipeline,
/// an async run with progress, cancellation by the task, frames kept in
/// memory, a chain made for each frame, and a preview that keeps up with a
/// faster source by dropping frames.
final class LibraryTests: XCTestCase {
    private let format = FrameFormat(width: 64, height: 48, layout: .rgba8)

    /// A frame of one grey level, opaque.
    private static func grey(_ level: UInt8) -> VideoFrame {
        var bytes = [UInt8](repeating: level, count: 64 * 48 * 4)
        for alpha in stride(from: 3, to: bytes.count, by: 4) { bytes[alpha] = 255 }
        return try! VideoFrame(rgba: bytes, width: 64, height: 48)
    }

    private func renderer() throws -> Renderer {
        Renderer(context: try GPUTestEnvironment.context(), options: .init(resources: MediaResourceLoader()))
    }

    func testAProgramsOwnFramesBecomeAFileWithAnAsyncRun() async throws {
        let source = try GeneratedSource(format: format, frameRate: Rational(25, 1), frameCount: 30) { index in
            Self.grey(UInt8(index * 8))
        }
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("made.mkv"), options: .init(codec: .ffv1))
        let pipeline = MediaPipeline(source: source, processor: PassThroughProcessor(), sink: sink)
        let seen = Box<[Int]>([])
        let clip = try await pipeline.run { progress in seen.modify { $0.append(progress.framesDone) } }
        XCTAssertEqual(clip.frameCount, 30)
        XCTAssertEqual(clip.duration, 1.2, accuracy: 1e-6)
        XCTAssertEqual(try MediaTool.framePTSTimes(clip.url).count, 30)
        XCTAssertEqual(try MediaTool.probe("stream=avg_frame_rate", stream: "v:0", of: clip.url), ["25/1"])
        XCTAssertFalse(seen.current.isEmpty, "progress was reported")
        XCTAssertEqual(seen.current, seen.current.sorted())
        XCTAssertEqual(pipeline.state, .finished)
    }

    func testCancellingTheRunsTaskCancelsItAndLeavesNoFile() async throws {
        // Endless: only the cancel ends it.
        let source = try GeneratedSource(format: format, frameRate: Rational(25, 1)) { index in
            Self.grey(UInt8(index % 200))
        }
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("endless.mkv"), options: .init(codec: .ffv1))
        let pipeline = MediaPipeline(source: source, processor: PassThroughProcessor(), sink: sink)
        // Progress may skip counts (a slow reader gets the newest), so the
        // signal is for the first report of 5 or more, once.
        let running = DispatchSemaphore(value: 0)
        let signalled = Box(false)
        let task = Task {
            try await pipeline.run { progress in
                guard progress.framesDone >= 5 else { return }
                let first = signalled.modify { done -> Bool in
                    defer { done = true }
                    return !done
                }
                if first { running.signal() }
            }
        }
        let started = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: running.wait(timeout: .now() + 300) == .success)
            }
        }
        XCTAssertTrue(started, "no progress report of 5 frames")
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("the run finished")
        } catch let error as MediaError {
            XCTAssertEqual(error, .cancelled)
        }
        XCTAssertEqual(pipeline.state, .cancelled)
        XCTAssertEqual(folderEntries(folder), [])
    }

    func testProgressUpdatesEndWhenTheRunEnds() async throws {
        let source = try GeneratedSource(format: format, frameRate: Rational(25, 1), frameCount: 10) { index in
            Self.grey(UInt8(index * 20))
        }
        let pipeline = MediaPipeline(source: source, processor: PassThroughProcessor(), sink: FrameCollector())
        let updates = pipeline.progressUpdates()
        let reader = Task {
            var seen: [Int] = []
            for await progress in updates { seen.append(progress.framesDone) }
            return seen
        }
        let collection = try await pipeline.run()
        XCTAssertEqual(collection.appended, 10)
        // The loop ends by itself: the stream finished with the run.
        let seen = await reader.value
        XCTAssertEqual(seen.last, 10, "the last update is the final count")
        XCTAssertEqual(seen, seen.sorted())
        // A stream asked for after the end is already finished.
        var late = 0
        for await _ in pipeline.progressUpdates() { late += 1 }
        XCTAssertEqual(late, 0)
    }

    func testACollectorKeepsFramesOrTheNewest() throws {
        for (keeping, kept) in [(FrameCollector.Keeping.all, 12), (.newest(2), 2)] {
            let collector = FrameCollector(keeping: keeping)
            let pipeline = MediaPipeline(
                source: try AssetSource(url: MediaFixtures.tiny), processor: PassThroughProcessor(), sink: collector)
            try pipeline.start()
            guard case .finished(let collection) = pipeline.wait() else { return XCTFail("\(pipeline.state)") }
            XCTAssertEqual(collection.appended, 12)
            XCTAssertEqual(collection.frames.count, kept)
            XCTAssertEqual(collection.frames.last?.index, 11)
            // Copies: the decoder's buffers are not held.
            XCTAssertTrue(
                collection.frames.allSatisfy { $0.frame.planes.allSatisfy { $0.storage is ArrayPlaneStorage } })
        }
    }

    /// A chain made for each frame: brightness rising by 0.05 a frame on
    /// flat grey frames. Each output is the CPU's answer (level + 255 b,
    /// rounded and clamped), and the one plan serves every value.
    func testAChainMadeForEachFrameAnimatesWithoutRecompiling() throws {
        let renderer = try renderer()
        let source = try GeneratedSource(format: format, frameRate: Rational(10, 1), frameCount: 12) { _ in
            Self.grey(60)
        }
        let processor = GraphProcessor(renderer: renderer, output: .rgba8) { time in
            [.brightness(0.05 * Double(time.index))]
        }
        let plansBefore = renderer.statistics.plansCompiled
        let collector = FrameCollector()
        let pipeline = MediaPipeline(source: source, processor: processor, sink: collector)
        try pipeline.start()
        guard case .finished(let collection) = pipeline.wait() else { return XCTFail("\(pipeline.lastError!)") }
        XCTAssertEqual(collection.frames.count, 12)
        for timed in collection.frames {
            let expected = min(255, (60 + 255 * 0.05 * Double(timed.index)).rounded())
            let red = Double(timed.frame.packedBytes(plane: 0)[0])
            XCTAssertEqual(red, expected, accuracy: 1, "frame \(timed.index)")
        }
        XCTAssertEqual(renderer.statistics.plansCompiled - plansBefore, 1, "values change, the plan does not")
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }

    /// A preview slower than its source: the source keeps only the newest
    /// waiting frame and submissions are latest-only, so what reaches the
    /// viewer is always newer than what it had, some frames are dropped on
    /// the way (counted, never a failure), and the newest frame arrives.
    func testAPreviewSlowerThanItsSourceGetsOnlyTheNewestFrames() throws {
        let held = HeldWork()
        let processor = ClosureFrameProcessor(maxInFlight: 1) { frame, completion in
            held.add(completion, frame: frame)
        }
        // The generator lets the held preview frames go every eighth frame,
        // and for good once it has made its last.
        let source = try GeneratedSource(
            format: format, frameRate: Rational(25, 1), frameCount: 61, delivery: .latestOnly
        ) { index in
            if index == 60 {
                held.releaseForGood()
                return nil
            }
            if index % 8 == 0 { held.succeedAll() }
            return Self.grey(UInt8(index))
        }
        let collector = FrameCollector(keeping: .all)
        let terminals = EventLog()
        let pipeline = MediaPipeline(
            source: source, processor: processor, sink: collector,
            options: .init(maxFramesInFlight: 3, submissions: .latestOnly(scope: "preview")),
            observer: .init(terminal: { terminals.append("\($0.state)") }))
        try pipeline.start()
        guard case .finished(let collection) = pipeline.wait() else { return XCTFail("\(pipeline.lastError!)") }
        pipeline.observerQueue.sync {}
        XCTAssertEqual(terminals.events, ["finished"])
        let indexes = collection.frames.map(\.index)
        XCTAssertEqual(indexes, indexes.sorted(), "each frame is newer than the last")
        XCTAssertEqual(Set(indexes).count, indexes.count)
        XCTAssertEqual(indexes.last, 59, "the newest frame arrives")
        let progress = pipeline.progress
        let droppedBySource = progress.source.framesDroppedByPolicy
        XCTAssertGreaterThan(droppedBySource + progress.framesSuperseded, 0, "the preview fell behind and caught up")
        XCTAssertEqual(collection.appended + droppedBySource + progress.framesSuperseded, 60)
    }

    func testStoppingAPreviewEndsItOnce() throws {
        let held = HeldWork()
        let processor = ClosureFrameProcessor(maxInFlight: 1) { frame, completion in held.add(completion, frame: frame)
        }
        let source = try GeneratedSource(format: format, frameRate: Rational(25, 1), delivery: .latestOnly) {
            index in Self.grey(UInt8(index % 200))
        }
        let collector = FrameCollector(keeping: .newest(1))
        let events = EventLog()
        let pipeline = MediaPipeline(
            source: source, processor: processor, sink: collector,
            options: .init(submissions: .latestOnly(scope: "preview")),
            observer: .init(
                progress: { events.append("frame \($0.framesDone)") }, terminal: { events.append("end \($0.state)") }))
        try pipeline.start()
        held.firstArrived.wait()
        held.succeedAll()
        pipeline.cancel()
        pipeline.cancel()
        XCTAssertEqual(pipeline.wait().state, .cancelled)
        held.releaseForGood()
        pipeline.pipelineQueue.sync {}
        pipeline.observerQueue.sync {}
        XCTAssertEqual(events.events.filter { $0.hasPrefix("end") }, ["end cancelled"])
        XCTAssertEqual(events.events.last, "end cancelled", "nothing after the end")
        XCTAssertEqual(
            source.summary.framesDroppedOnStop + source.summary.framesDelivered + source.summary.framesDroppedByPolicy
                > 0, true)
    }
}
