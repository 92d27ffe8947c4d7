import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// Seeded-random runs of a real pipeline (a 12-frame clip decoded by
/// FFmpeg) through a `ClosureFrameProcessor` whose work the test finishes
/// in random order, with random failures, a cancel from another thread at
/// a random moment, and late completions after the end. In every run:
/// exactly one terminal event, a terminal state and error that late
/// callbacks never change, the sink's frames in order and complete when
/// finished, one delivery per submission, and an end within bounded time.
final class MediaPipelineStressTests: XCTestCase {
    static let runs = 300
    static let watchdog: DispatchTimeInterval = .seconds(20)

    struct Failure: Error {}

    /// Parked work, and a signal for each park and for the pipeline's end.
    final class Bench: Sendable {
        let parked = ConditionLock<[(VideoFrame, SubmissionCompletion<VideoFrame>)]>([])
        let progress = DispatchSemaphore(value: 0)
        let terminals = EventLog()

        func park(_ frame: VideoFrame, _ completion: SubmissionCompletion<VideoFrame>) {
            parked.withLock { $0.append((frame, completion)) }
            progress.signal()
        }

        func take(at position: Int) -> (VideoFrame, SubmissionCompletion<VideoFrame>)? {
            parked.withLock { $0.isEmpty ? nil : $0.remove(at: position % $0.count) }
        }

        var count: Int { parked.withLock { $0.count } }
    }

    func testRandomRunsEndOnceAndLateCallbacksChangeNothing() throws {
        let frames = 12
        var totals: [MediaPipelineState: Int] = [:]
        var late = 0
        for seed in 0..<UInt64(Self.runs) {
            var random = SplitMix64(seed: seed &+ 0x5EED)
            let bench = Bench()
            let processor = DeliveryRecordingProcessor(
                inner: ClosureFrameProcessor(maxInFlight: Int.random(in: 1...3, using: &random)) { frame, done in
                    bench.park(frame, done)
                })
            let sink = CollectingSink()
            let pipeline = MediaPipeline(
                source: try AssetSource(url: MediaFixtures.tiny), processor: processor, sink: sink,
                options: .init(maxFramesInFlight: Int.random(in: 1...4, using: &random)),
                observer: .init(terminal: { outcome in
                    bench.terminals.append("\(outcome.state)")
                    bench.progress.signal()
                }))
            // Where the cancel comes, if at all, and which frame fails, if any.
            let cancelAfter =
                Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 0...frames, using: &random) : nil
            let failFrame =
                Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 0..<frames, using: &random) : nil
            let cancelled = DispatchGroup()
            try pipeline.start()

            var completed = 0
            while !pipeline.state.isTerminal {
                if completed == cancelAfter {
                    DispatchQueue.global().async(group: cancelled) { pipeline.cancel(reason: .callerCancelled) }
                    // Half the time the cancel races the completions below;
                    // otherwise it lands first and the parked work is late.
                    if Bool.random(using: &random), cancelled.wait(timeout: .now() + Self.watchdog) == .timedOut {
                        XCTFail("seed \(seed): cancel() did not return")
                        throw Failure()
                    }
                }
                guard let (frame, done) = bench.take(at: Int.random(in: 0..<8, using: &random)) else {
                    guard bench.progress.wait(timeout: .now() + Self.watchdog) == .success else {
                        XCTFail("seed \(seed): the pipeline stalled in state \(pipeline.state)")
                        throw Failure()
                    }
                    continue
                }
                if let index = frame.time.map({ Int(($0 * 25).rounded()) }), index == failFrame {
                    done.fail(TestFailure(message: "frame \(index) broke"))
                } else {
                    done.succeed(frame)
                }
                completed += 1
            }
            guard cancelled.wait(timeout: .now() + Self.watchdog) == .success else {
                XCTFail("seed \(seed): cancel() did not return")
                throw Failure()
            }
            let outcome = pipeline.wait()
            let state = pipeline.state
            let error = pipeline.lastError
            let received = sink.received
            // By its end the pipeline has ended every submission it made:
            // their outcomes were queued before it announced the end.
            pipeline.pipelineQueue.sync {}
            for (index, record) in processor.records.enumerated() where record.deliveries.count != 1 {
                XCTFail("seed \(seed): submission \(index) had \(record.deliveries.count) outcomes at the end")
            }

            // Late: everything still parked finishes now, half with failures.
            while let (frame, done) = bench.take(at: 0) {
                late += 1
                if Bool.random(using: &random) { done.succeed(frame) } else { done.fail(TestFailure(message: "late")) }
            }
            pipeline.pipelineQueue.sync {}
            pipeline.observerQueue.sync {}

            XCTAssertEqual(bench.terminals.events, ["\(state)"], "seed \(seed): one terminal event")
            XCTAssertEqual(outcome.state, state, "seed \(seed)")
            XCTAssertTrue(state.isTerminal, "seed \(seed)")
            XCTAssertEqual(pipeline.state, state, "seed \(seed): late callbacks change nothing")
            XCTAssertEqual(pipeline.lastError, error, "seed \(seed): late callbacks change nothing")
            XCTAssertEqual(sink.received, received, "seed \(seed): nothing reaches the sink after the end")
            switch outcome {
            case .finished(let pts):
                XCTAssertNil(failFrame.flatMap { $0 < frames ? $0 : nil }, "seed \(seed): finished past a failure")
                XCTAssertEqual(pts, (0..<Int64(frames)).map { $0 * 512 }, "seed \(seed): every frame, in order")
            case .cancelled:
                XCTAssertNil(error, "seed \(seed)")
                XCTAssertNotNil(cancelAfter, "seed \(seed): cancelled without a cancel")
            case .failed(let failure):
                XCTAssertEqual(
                    failure, .processorFailed(ProcessorFailure(TestFailure(message: "frame \(failFrame ?? -1) broke"))))
            }
            XCTAssertEqual(received, received.sorted(), "seed \(seed): in order")
            for (index, record) in processor.records.enumerated() {
                XCTAssertEqual(record.deliveries.count, 1, "seed \(seed): submission \(index), after late completions")
            }
            totals[state, default: 0] += 1
        }
        print(
            "MediaPipelineStressTests: \(Self.runs) runs, \(late) late completions; "
                + totals.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", "))
        for state in [MediaPipelineState.finished, .cancelled, .failed] {
            XCTAssertGreaterThan(totals[state] ?? 0, 0, "some run ended \(state)")
        }
        XCTAssertGreaterThan(late, 0)
    }
}
