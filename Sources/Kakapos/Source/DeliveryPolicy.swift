/// How a source hands frames to a consumer that is slower than the decoder.
public enum DeliveryPolicy: Sendable, Hashable, CustomStringConvertible {
    /// The decoder waits for room; no frame is ever dropped. For export.
    case lossless
    /// At most one frame waits; a newer one replaces it. For live preview.
    case latestOnly
    /// Up to `n` frames wait; frames that arrive when they are full are
    /// dropped. For preview with a little slack.
    case boundedDropNewest(Int)
    /// Up to `n` frames wait; a frame that arrives when they are full
    /// takes the place of the oldest, which is dropped. For live recording
    /// that keeps up with now.
    case boundedDropOldest(Int)

    public var description: String {
        switch self {
        case .lossless: return "lossless"
        case .latestOnly: return "latest-only"
        case .boundedDropNewest(let count): return "bounded(\(count), drop newest)"
        case .boundedDropOldest(let count): return "bounded(\(count), drop oldest)"
        }
    }
}

/// What a source delivers: frames, then exactly one finish.
public enum SourceEvent: Sendable {
    /// One decoded frame, with its timestamp.
    case frame(TimedFrame)
    /// The source finished, for this reason and with these counts; nothing follows it.
    case finish(SourceFinish)
}

/// The last event of a source, with what happened on the way.
public struct SourceFinish: Sendable, Equatable {
    /// Why the source finished.
    public enum Reason: Sendable, Equatable {
        /// Every frame (within the trim) was delivered.
        case endOfStream
        /// `stop()` ended the delivery early.
        case stopped
        /// Reading or decoding failed.
        case failed(MediaError)
    }

    /// Why it finished.
    public let reason: Reason
    /// The final counts.
    public let summary: SourceSummary
}

/// Counts a source reports with its finish.
public struct SourceSummary: Sendable, Equatable {
    /// Frames handed to the consumer.
    public var framesDelivered = 0
    /// Frames the delivery policy dropped (never for `lossless`).
    public var framesDroppedByPolicy = 0
    /// Frames that were waiting for delivery when `stop()` was called.
    public var framesDroppedOnStop = 0
    /// Packets that failed to decode and were skipped (a warning; in strict
    /// mode the first one fails the source instead).
    public var undecodableFrames = 0
    /// Frames the decoder delivered with concealed damage.
    public var concealedFrames = 0
    /// True when the stream ended before the frames its container declared
    /// (a truncated file read in non-strict mode).
    public var endedEarly = false
    /// Seconds a live input sent nothing before delivery ended (its
    /// `timeout`); nil when it ended otherwise.
    public var stalledAfter: Double?

    /// A summary with every count at zero.
    public init() {}

    /// The number of warnings worth telling a user about.
    public var warningCount: Int { undecodableFrames + concealedFrames + (endedEarly ? 1 : 0) }
}
