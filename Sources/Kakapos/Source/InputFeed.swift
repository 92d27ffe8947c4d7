import Foundation

/// One input of a `SynchronizedSource`: the input's pushed events kept in
/// a small buffer that the synchronising thread pulls from. A full buffer
/// holds the input's delivery (and so its decoder) back; `close()` wakes
/// every wait and makes the feed drop what comes after.
final class InputFeed: @unchecked Sendable {
    // @unchecked: every stored property is touched only with `condition` locked.
    private let condition = NSCondition()
    private var buffer: [TimedFrame] = []
    private var ended: SourceFinish.Reason?
    private var closed = false
    /// The frame shown now, for a secondary input.
    private var current: TimedFrame?
    /// The input's first frame time: its frames are timed from it.
    private var origin: Double?
    private let capacity: Int

    init(capacity: Int = 3) {
        self.capacity = capacity
    }

    /// What a pull found.
    enum Pulled {
        case frame(TimedFrame)
        case ended
        case failed(MediaError)
        case closed
    }

    /// The input's event handler.
    func receive(_ event: SourceEvent) {
        condition.lock()
        defer { condition.unlock() }
        switch event {
        case .frame(let frame):
            while buffer.count >= capacity && !closed { condition.wait() }
            guard !closed else { return }
            if origin == nil { origin = frame.seconds }
            buffer.append(frame)
        case .finish(let finish):
            ended = finish.reason
        }
        condition.broadcast()
    }

    /// Starts `input` delivering into this feed; an input that fails to
    /// start is a failed finish here, as if it had started and failed.
    func start(_ input: any FrameSource) {
        do {
            try input.start { [self] in receive($0) }
        } catch {
            receive(.finish(SourceFinish(reason: .failed(error), summary: SourceSummary())))
        }
    }

    /// Closes the feed, then stops `input`: a wrapping source's stop before
    /// its own finish.
    func close(stopping input: any FrameSource) {
        close()
        input.stop()
    }

    /// Wakes every wait; later events are dropped.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame in order (for the input that times the run).
    func next() -> Pulled {
        condition.lock()
        defer { condition.unlock() }
        while buffer.isEmpty && ended == nil && !closed { condition.wait() }
        if closed { return .closed }
        if !buffer.isEmpty {
            condition.broadcast()
            return .frame(buffer.removeFirst())
        }
        return endedResult()
    }

    /// The frame shown `seconds` after the input's first frame: the last
    /// one that starts at or before then (the first before it starts, the
    /// last after it ends, as FFmpeg's framesync repeats it). `exhausted`
    /// is true when the input has ended and has no later frame.
    func frame(at seconds: Double) -> (pulled: Pulled, exhausted: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if closed { return (.closed, true) }
            if current == nil {
                if !buffer.isEmpty {
                    current = buffer.removeFirst()
                    condition.broadcast()
                    continue
                }
                if ended != nil { return (endedResult(), true) }
                condition.wait()
                continue
            }
            if let next = buffer.first {
                // A microsecond of slack: the times are sums of rounded
                // seconds, and a frame due exactly now must not wait.
                if next.seconds - (origin ?? 0) <= seconds + 1e-6 {
                    current = buffer.removeFirst()
                    condition.broadcast()
                    continue
                }
                return (.frame(current!), false)
            }
            if let ended {
                if case .failed(let error) = ended { return (.failed(error), true) }
                return (.frame(current!), true)
            }
            condition.wait()
        }
    }

    /// The time of a frame from the input's first frame.
    func relativeSeconds(of frame: TimedFrame) -> Double {
        condition.lock()
        defer { condition.unlock() }
        return frame.seconds - (origin ?? frame.seconds)
    }

    /// Until when (from the first frame) the frame shown now is shown: its
    /// start plus its duration, when known.
    var lastShownUntil: Double {
        condition.lock()
        defer { condition.unlock() }
        guard let current else { return 0 }
        let duration = current.duration.map { Double($0) * (current.timeBase.doubleValue ?? 0) } ?? 0
        return current.seconds - (origin ?? current.seconds) + duration
    }

    private func endedResult() -> Pulled {
        if case .failed(let error) = ended { return .failed(error) }
        return .ended
    }
}
