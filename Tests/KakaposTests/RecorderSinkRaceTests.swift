import Foundation
import Synchronization
import XCTest

@testable import Kakapos

/// Every pair of `RecorderSink` calls that may meet on two threads, raced
/// many times: begin against finish and cancel, appends against finish and
/// cancel, finish against cancel. Each round checks the contract after
/// both calls returned: the state is terminal (or recording, where nothing
/// ended it), a finished clip counts exactly the frames whose append
/// returned, and the folder holds the output only if a finish succeeded,
/// and never a temporary file.
final class RecorderSinkRaceTests: XCTestCase {
    private static let rounds = 150

    /// Twelve small frames, decoded once for every round.
    private static let frames = Result { () throws -> (AssetSource, [TimedFrame]) in
        let source = try AssetSource(url: MediaFixtures.tiny)
        return (source, try collectFrames(source))
    }

    private func input() throws -> SinkInput {
        let (source, _) = try Self.frames.get()
        return try source.sinkInput()
    }

    /// A sink for a fresh output: FFV1 in Matroska, the cheapest encoder to open.
    private func makeSink() throws -> (RecorderSink, URL) {
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("race.mkv"), options: .init(codec: .ffv1))
        // Widens each window between a call's decision and its work, so
        // the other thread's call lands inside it (a yield, not an order).
        sink.testHooks.withLock { $0.afterDeciding = { usleep(100) } }
        return (sink, folder)
    }

    /// Runs both closures on threads of their own, released together.
    private func race(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
        let arrived = Atomic<Int>(0)
        let done = DispatchGroup()
        for work in [first, second] {
            done.enter()
            Thread {
                arrived.add(1, ordering: .sequentiallyConsistent)
                while arrived.load(ordering: .sequentiallyConsistent) < 2 {}
                work()
                done.leave()
            }.start()
        }
        done.wait()
    }

    private func assertOnlyOutput(in folder: URL, finished: Bool, round: Int, line: UInt = #line) {
        XCTAssertEqual(folderEntries(folder), finished ? ["race.mkv"] : [], "round \(round)", line: line)
    }

    func testBeginRacingCancelLeavesNothing() throws {
        let input = try input()
        for round in 0..<Self.rounds {
            let (sink, folder) = try makeSink()
            race({ try? sink.begin(input) }, { sink.cancel() })
            XCTAssertEqual(sink.state, .cancelled, "round \(round)")
            assertOnlyOutput(in: folder, finished: false, round: round)
        }
    }

    func testBeginRacingFinishNeverCrashesAndLeavesNothing() throws {
        let input = try input()
        for round in 0..<Self.rounds {
            let (sink, folder) = try makeSink()
            let finish = Box<Result<RecordedClip, MediaError>?>(nil)
            race(
                { try? sink.begin(input) },
                { finish.set(Result { () throws(MediaError) in try sink.finishRecording() }) })
            switch finish.current {
            case .failure(.recorderNotRecording(_, "idle")):
                // The finish came first; the recording goes on.
                XCTAssertEqual(sink.state, .recording, "round \(round)")
                sink.cancel()
            case .failure(.noFramesWritten):
                XCTAssertEqual(sink.state, .failed, "round \(round)")
            default:
                XCTFail("round \(round): \(String(describing: finish.current))")
            }
            assertOnlyOutput(in: folder, finished: false, round: round)
        }
    }

    func testAppendsRacingFinishWriteExactlyTheFramesThatWereTaken() throws {
        let (_, frames) = try Self.frames.get()
        let input = try input()
        var finishedRounds = 0
        for round in 0..<Self.rounds {
            let (sink, folder) = try makeSink()
            try sink.begin(input)
            let taken = Box(0)
            // Every other round has a frame before the race, so some round
            // always finishes whatever the scheduler does; the others race
            // from none, where either outcome may come.
            let head = round % 2 == 0 ? 1 : 0
            if head == 1 {
                try sink.append(frames[0])
                taken.set(1)
            }
            let racing = frames.dropFirst(head)
            let finish = Box<Result<RecordedClip, MediaError>?>(nil)
            race(
                {
                    for frame in racing {
                        guard (try? sink.append(frame)) != nil else { return }
                        taken.set(taken.current + 1)
                    }
                }, { finish.set(Result { () throws(MediaError) in try sink.finishRecording() }) })
            switch finish.current {
            case .success(let clip):
                finishedRounds += 1
                XCTAssertEqual(clip.frameCount, taken.current, "round \(round)")
                XCTAssertEqual(try MediaTool.framePTSTimes(clip.url).count, taken.current, "round \(round)")
                assertOnlyOutput(in: folder, finished: true, round: round)
            case .failure(.noFramesWritten):
                XCTAssertEqual(taken.current, 0, "round \(round)")
                assertOnlyOutput(in: folder, finished: false, round: round)
            default:
                XCTFail("round \(round): \(String(describing: finish.current))")
            }
        }
        XCTAssertGreaterThan(finishedRounds, 0)
    }

    func testAppendsRacingCancelLeaveNothing() throws {
        let (_, frames) = try Self.frames.get()
        let input = try input()
        for round in 0..<Self.rounds {
            let (sink, folder) = try makeSink()
            try sink.begin(input)
            race({ for frame in frames { guard (try? sink.append(frame)) != nil else { return } } }, { sink.cancel() })
            XCTAssertEqual(sink.state, .cancelled, "round \(round)")
            XCTAssertThrowsError(try sink.append(frames[0]), "round \(round)")
            assertOnlyOutput(in: folder, finished: false, round: round)
        }
    }

    func testFinishRacingCancelEndsOneWayOrTheOther() throws {
        let (_, frames) = try Self.frames.get()
        let input = try input()
        for round in 0..<Self.rounds {
            let (sink, folder) = try makeSink()
            try sink.begin(input)
            for frame in frames.prefix(3) { try sink.append(frame) }
            let finish = Box<Result<RecordedClip, MediaError>?>(nil)
            race({ finish.set(Result { () throws(MediaError) in try sink.finishRecording() }) }, { sink.cancel() })
            switch finish.current {
            case .success(let clip):
                XCTAssertEqual(sink.state, .finished, "round \(round)")
                XCTAssertEqual(clip.frameCount, 3)
                assertOnlyOutput(in: folder, finished: true, round: round)
            case .failure(.recordingCancelled):
                XCTAssertEqual(sink.state, .cancelled, "round \(round)")
                assertOnlyOutput(in: folder, finished: false, round: round)
            default:
                XCTFail("round \(round): \(String(describing: finish.current))")
            }
        }
    }

    /// A sink dropped in the middle of a recording removes its temporary file.
    func testASinkDroppedWithoutFinishingOrCancellingLeavesNothing() throws {
        let (_, frames) = try Self.frames.get()
        let folder: URL
        do {
            let (sink, made) = try makeSink()
            folder = made
            try sink.begin(try input())
            for frame in frames.prefix(4) { try sink.append(frame) }
            XCTAssertEqual(folderEntries(folder).count, 1, "the temporary file exists while recording")
        }
        XCTAssertEqual(folderEntries(folder), [])
    }
}
