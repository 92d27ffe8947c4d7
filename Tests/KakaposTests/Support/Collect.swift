import Foundation
import Harbeth
import XCTest

@testable import Kakapos

/// Decodes everything; fails the test on a failed finish.
func collectFrames(_ source: AssetSource, file: StaticString = #filePath, line: UInt = #line) throws -> [TimedFrame] {
    let finish = Box<SourceFinish?>(nil)
    let done = DispatchSemaphore(value: 0)
    let collected = ConditionLock<[TimedFrame]>([])
    try source.start { event in
        switch event {
        case .frame(let frame): collected.withLock { $0.append(frame) }
        case .finish(let end):
            finish.set(end)
            done.signal()
        }
    }
    done.wait()
    XCTAssertEqual(finish.current?.reason, .endOfStream, file: file, line: line)
    return collected.withLock { $0 }
}

/// `count` 2x2 RGBA frames at `fps` whose red value is the index; frame
/// `failAt` fails to generate.
func indexedFrames(_ count: Int, fps: Int = 10, failAt: Int? = nil) throws -> GeneratedSource {
    let format = FrameFormat(width: 2, height: 2, layout: .rgba8)
    return try GeneratedSource(format: format, frameRate: Rational(Int32(fps), 1), frameCount: count) { index in
        if index == failAt { throw CocoaError(.fileReadCorruptFile) }
        return try VideoFrame(rgba: [UInt8](repeating: UInt8(index), count: 16), width: 2, height: 2)
    }
}

/// Every event a source delivered, to its finish.
struct SourceRun {
    var frames: [TimedFrame] = []
    var finishes: [SourceFinish] = []
}

/// Runs `source` to its finish (30 s at most), keeping every event, then stops it.
func runToFinish(_ source: any FrameSource, file: StaticString = #filePath, line: UInt = #line) throws -> SourceRun {
    let log = Box(SourceRun())
    let finished = DispatchSemaphore(value: 0)
    try source.start { event in
        switch event {
        case .frame(let frame): log.modify { $0.frames.append(frame) }
        case .finish(let finish):
            log.modify { $0.finishes.append(finish) }
            finished.signal()
        }
    }
    XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "the run finished", file: file, line: line)
    source.stop()
    return log.current
}

/// Starts `source`, stops it once its tenth frame arrived and again, and
/// checks the contract: one finish, `stopped`, and no event after the
/// first `stop()` returned.
func assertStopMidRunFinishesOnce(_ source: any FrameSource, file: StaticString = #filePath, line: UInt = #line)
    throws
{
    let log = Box(SourceRun())
    let stopped = Box(false)
    let late = Box(0)
    let tenth = DispatchSemaphore(value: 0)
    try source.start { event in
        if stopped.current { late.modify { $0 += 1 } }
        switch event {
        case .frame(let frame):
            log.modify { $0.frames.append(frame) }
            if frame.index == 10 { tenth.signal() }
        case .finish(let finish): log.modify { $0.finishes.append(finish) }
        }
    }
    XCTAssertEqual(tenth.wait(timeout: .now() + 30), .success, file: file, line: line)
    source.stop()
    stopped.set(true)
    source.stop()
    XCTAssertEqual(log.current.finishes.map(\.reason), [.stopped], file: file, line: line)
    XCTAssertEqual(late.current, 0, "no event after stop() returned", file: file, line: line)
}
