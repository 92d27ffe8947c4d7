import Harbeth

/// Where a pipeline's frames come from: a file (`AssetSource`), frames a
/// program makes (`GeneratedSource`), a live stream or device.
///
/// Every source delivers on a dedicated queue, one event at a time: frames,
/// then exactly one finish, under its `DeliveryPolicy`, and keeps the same
/// contract:
/// - `stop()` blocks new deliveries, waits for a delivery that has already
///   started to return, drops deliveries that were waiting, sends `finish`
///   once, and only then returns. After `stop()` returns there are no more
///   events. (Called from inside a delivery, it sends the finish there.)
/// - At a natural end every frame event happens-before the single finish.
/// - A source starts once.
public protocol FrameSource: AnyObject, Sendable {
    /// The format of the frames it delivers.
    var frameFormat: FrameFormat { get }
    /// How many frames it will deliver, when known.
    var expectedFrameCount: Int? { get }
    /// The counts so far (final once the finish was delivered).
    var summary: SourceSummary { get }
    /// What a sink needs to know to record this source's frames after a
    /// processor that makes `format`: timing, tags and the other streams
    /// to carry (chosen by `maps`; see `StreamMap`). With `keepTimestamps`
    /// the output keeps the source's timestamps instead of starting at 0.
    func sinkInput(format: FrameFormat, maps: [StreamMap], keepTimestamps: Bool) throws(MediaError)
        -> SinkInput
    /// Starts delivering to `handler` (see the contract above).
    func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError)
    /// Ends delivery (see the contract above). Idempotent.
    func stop()
}

extension FrameSource {
    /// What a sink needs to record this source's frames as they are
    /// delivered, or after a processor that makes `format`: every stream
    /// carried, timestamps from 0.
    public func sinkInput(format: FrameFormat? = nil) throws(MediaError) -> SinkInput {
        try sinkInput(format: format ?? frameFormat, maps: [], keepTimestamps: false)
    }
}
