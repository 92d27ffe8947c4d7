import Harbeth

/// A sink that keeps frames in memory: for tests, thumbnails and a preview
/// that shows the newest frame. It keeps the recorder's lifecycle (`begin`
/// once, frames, then `finish()` or `cancel()`).
///
/// Frames are copied into memory of their own as they arrive, so a
/// renderer's output slots go back to it at once (keeping them would stall
/// the renderer, whose slots are few).
public final class FrameCollector: FrameSink {
    /// What it keeps.
    public enum Keeping: Sendable, Hashable {
        /// Every frame.
        case all
        /// The newest `n` frames (1 for a viewer's current picture).
        case newest(Int)
    }

    /// What a finished collection holds.
    public struct Collection: Sendable {
        /// The frames kept, oldest first.
        public let frames: [TimedFrame]
        /// Frames appended in all (more than `frames.count` when keeping the newest).
        public let appended: Int
    }

    public typealias Product = Collection

    private enum State {
        case idle
        case collecting(SinkInput)
        case finished(Collection)
        case failed(MediaError)
        case cancelled
    }

    private struct Storage {
        var state = State.idle
        var frames: [TimedFrame] = []
        var appended = 0
    }

    /// What it keeps.
    public let keeping: Keeping
    /// Stands in for a path in the errors it throws.
    public let label: String
    private let storage = ConditionLock(Storage())

    /// - Parameters:
    ///   - keeping: every frame, or the newest few.
    ///   - label: names the sink in errors.
    public init(keeping: Keeping = .all, label: String = "frame collector") {
        if case .newest(let count) = keeping { precondition(count >= 1, "a collector keeps at least one frame") }
        self.keeping = keeping
        self.label = label
    }

    public func begin(_ input: SinkInput) throws(MediaError) {
        try storage.withLock { storage throws(MediaError) in
            guard case .idle = storage.state else { throw rejection(storage.state) }
            storage.state = .collecting(input)
        }
    }

    /// Copies the frame and keeps it (dropping the oldest when keeping the newest).
    public func append(_ frame: TimedFrame) throws(MediaError) {
        let copy = frame.replacingFrame(Self.copy(frame.frame))
        try storage.withLock { storage throws(MediaError) in
            guard case .collecting = storage.state else { throw rejection(storage.state) }
            storage.appended += 1
            storage.frames.append(copy)
            if case .newest(let count) = keeping, storage.frames.count > count {
                storage.frames.removeFirst(storage.frames.count - count)
            }
        }
    }

    /// The frames kept so far (a viewer's newest picture is `latest.last`).
    public var latest: [TimedFrame] { storage.withLock { $0.frames } }

    public func finish() throws(MediaError) -> Collection {
        try storage.withLock { storage throws(MediaError) -> Collection in
            switch storage.state {
            case .finished(let collection):
                return collection
            case .collecting:
                guard storage.appended > 0 else {
                    storage.state = .failed(.noFramesWritten(path: label))
                    throw .noFramesWritten(path: label)
                }
                let collection = Collection(frames: storage.frames, appended: storage.appended)
                storage.state = .finished(collection)
                return collection
            case .idle, .failed, .cancelled:
                throw rejection(storage.state)
            }
        }
    }

    public func cancel() {
        storage.withLock { storage in
            switch storage.state {
            case .idle, .collecting:
                storage.state = .cancelled
                storage.frames.removeAll()
            case .finished, .failed, .cancelled:
                break
            }
        }
    }

    private func rejection(_ state: State) -> MediaError {
        switch state {
        case .cancelled: return .recordingCancelled(path: label)
        case .failed(let error): return error
        case .idle: return .recorderNotRecording(path: label, state: "idle")
        case .collecting: return .recorderNotRecording(path: label, state: "recording")
        case .finished: return .recorderNotRecording(path: label, state: "finished")
        }
    }

    /// The frame with its planes copied into arrays, tightly packed.
    static func copy(_ frame: VideoFrame) -> VideoFrame {
        let planes = (0..<frame.layout.planeCount).map { frame.packedBytes(plane: $0) }
        // The same size and layout, so the planes fit by construction.
        var copied = try! VideoFrame(
            width: frame.width, height: frame.height, layout: frame.layout, planeBytes: planes,
            colorimetry: frame.colorimetry, time: frame.time)
        copied.time = frame.time
        return copied
    }
}
