import Foundation

@testable import Kakapos

/// An ordered record of events from any thread: tests assert on the order,
/// never on timing.
final class EventLog: Sendable {
    private let entries = ConditionLock<[String]>([])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var events: [String] { entries.withLock { $0 } }

    func count(where predicate: (String) -> Bool) -> Int {
        entries.withLock { $0.filter(predicate).count }
    }
}

/// A value set from another thread.
final class Box<Value: Sendable>: Sendable {
    private let value: ConditionLock<Value>

    init(_ value: Value) { self.value = ConditionLock(value) }

    func set(_ newValue: Value) { value.withLock { $0 = newValue } }

    @discardableResult
    func modify<R>(_ body: (inout Value) -> R) -> R { value.withLock { body(&$0) } }

    var current: Value { value.withLock { $0 } }
}

/// A sink that keeps what it is given, to check order without an encoder.
final class CollectingSink: FrameSink {
    typealias Product = [Int64]

    private struct State {
        var input: SinkInput?
        var pts: [Int64] = []
        var cancelled = false
        var finished = false
    }

    private let state = ConditionLock(State())
    /// Called inside `append`, before the frame is recorded.
    let onAppend: (@Sendable (TimedFrame) -> Void)?

    init(onAppend: (@Sendable (TimedFrame) -> Void)? = nil) {
        self.onAppend = onAppend
    }

    func begin(_ input: SinkInput) throws(MediaError) {
        state.withLock { $0.input = input }
    }

    func append(_ frame: TimedFrame) throws(MediaError) {
        onAppend?(frame)
        try state.withLock { state throws(MediaError) in
            if state.cancelled { throw .recordingCancelled(path: "collecting sink") }
            state.pts.append(frame.pts)
        }
    }

    func finish() throws(MediaError) -> [Int64] {
        try state.withLock { state throws(MediaError) in
            if state.cancelled { throw .recordingCancelled(path: "collecting sink") }
            guard !state.pts.isEmpty else { throw .noFramesWritten(path: "collecting sink") }
            state.finished = true
            return state.pts
        }
    }

    func cancel() {
        state.withLock { if !$0.finished { $0.cancelled = true } }
    }

    var received: [Int64] { state.withLock { $0.pts } }
    var wasCancelled: Bool { state.withLock { $0.cancelled } }
    var input: SinkInput? { state.withLock { $0.input } }
}

/// Lists a folder's entries, hidden ones included (temporary outputs are hidden).
func folderEntries(_ url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}
