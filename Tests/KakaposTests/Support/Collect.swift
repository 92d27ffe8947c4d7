import Foundation
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
