import Foundation

/// A recording in segments of about `segmentDuration` seconds each:
/// `out_%03d.mp4` becomes `out_000.mp4`, `out_001.mp4`, ... Each segment is
/// a `RecorderSink` of its own: it starts with a key frame (a fresh
/// encoder), decodes alone, and is finished atomically (written beside its
/// name and renamed into place) when the next one begins, so a crash loses
/// at most the open segment. Timestamps run on across segments, as
/// FFmpeg's segment muxer keeps them; a file's other streams are cut at
/// the same points.
///
/// Contract: as `RecorderSink`'s, for the open segment, with these
/// additions. A failure of a segment (a full disk, say) fails the
/// recording and keeps the segments already finished: they are whole
/// files, as after a crash. `cancel()` of a recording that has not failed
/// or finished abandons the open segment and removes the finished ones
/// too, so a cancelled recording leaves nothing (a pipeline cancels its
/// sink when anything else fails the run). `pause()` and `resume()` apply to the recording, across the
/// segment it is in and the ones after.
public final class SegmentedRecorderSink: PausableSink {
    /// The finished segments, in order.
    public typealias Product = [RecordedClip]

    /// The name pattern: one `%d`, `%03d`, ... for the segment number.
    public let pattern: String
    /// The length a segment reaches before the next begins, in seconds.
    public let segmentDuration: Double
    /// How every segment is encoded.
    public let options: RecorderSink.Options
    /// The first segment's number.
    public let startNumber: Int

    private struct State {
        var input: SinkInput?
        var current: RecorderSink?
        /// Where the open segment began, in seconds of the source.
        var segmentStart: Double?
        var finished: [RecordedClip] = []
        var paused = false
        var ended: Result<[RecordedClip], MediaError>?
        var cancelled = false
    }

    private let store = ConditionLock(State())
    /// Held by `begin`, `append`, `finish` and `cancel` for their whole
    /// work, as `RecorderSink` waits for a call in progress: a cancel never
    /// lands between one segment's end and the next one's start.
    private let work = NSLock()

    /// Checks the pattern and that its names are a container the recorder
    /// writes; nothing is opened yet.
    public init(
        pattern: String, segmentDuration: Double, options: RecorderSink.Options = .init(), startNumber: Int = 0
    ) throws(MediaError) {
        guard MediaLocation.hasNumberPattern(PathName(pattern).name) else {
            throw .segmentPatternHasNoNumber(pattern: pattern)
        }
        guard segmentDuration > 0, segmentDuration.isFinite else {
            throw .invalidSegmentDuration(pattern: pattern, seconds: segmentDuration)
        }
        self.pattern = pattern
        self.segmentDuration = segmentDuration
        self.options = options
        self.startNumber = startNumber
        // Checks the container and codec the segments will have.
        _ = try RecorderSink(destination: .file(Self.name(pattern, startNumber)), options: options)
    }

    /// The name of segment `number`: the pattern's number field filled in.
    public static func name(_ pattern: String, _ number: Int) -> String {
        var result = ""
        var rest = pattern[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            var field = rest[rest.index(after: percent)...]
            if field.first == "%" {
                result += "%"
                rest = field.dropFirst()
                continue
            }
            let width = field.prefix { $0.isASCII && $0.isNumber }
            field = field.dropFirst(width.count)
            guard field.first == "d" else {
                result += "%" + width
                rest = field
                continue
            }
            let digits = String(number)
            let wanted = Int(width) ?? 0
            result += String(repeating: "0", count: max(0, wanted - digits.count)) + digits
            result += field.dropFirst()
            return result
        }
        return result + rest
    }

    /// The segment recording now, if any.
    public var state: RecorderState {
        let (current, ended) = store.withLock { ($0.current, $0.ended) }
        if case .failure(.recordingCancelled) = ended { return .cancelled }
        return current?.state ?? .idle
    }

    /// The segments finished so far.
    public var finishedSegments: [RecordedClip] { store.withLock { $0.finished } }

    public func begin(_ input: SinkInput) throws(MediaError) {
        work.lock()
        defer { work.unlock() }
        guard !store.withLock({ $0.cancelled }) else { throw .recordingCancelled(path: pattern) }
        let sink = try makeSegment(number: startNumber, input: input, start: nil)
        store.withLock {
            $0.input = input
            $0.current = sink
        }
    }

    public func append(_ frame: TimedFrame) throws(MediaError) {
        work.lock()
        defer { work.unlock() }
        if case .failure(let error) = store.withLock({ $0.ended }) { throw error }
        let (current, start, input, count) = store.withLock {
            ($0.current, $0.segmentStart, $0.input, $0.finished.count)
        }
        guard let current, let input else { throw .recorderNotRecording(path: pattern, state: "idle") }
        let time = frame.seconds
        var sink = current
        if let start, time - start >= segmentDuration, current.state == .recording {
            // The open segment is done: put it in place, and begin the next at this frame.
            let clip: RecordedClip
            do { clip = try current.finishRecording() } catch {
                fail(error)
                throw error
            }
            let next: RecorderSink
            do {
                next = try makeSegment(number: startNumber + count + 1, input: input, start: time)
            } catch {
                store.withLock { $0.finished.append(clip) }
                fail(error)
                throw error
            }
            let paused = store.withLock { state -> Bool in
                state.finished.append(clip)
                state.current = next
                state.segmentStart = time
                return state.paused
            }
            if paused { next.pause() }
            sink = next
        } else if start == nil {
            store.withLock { $0.segmentStart = time }
        }
        do { try sink.append(frame) } catch {
            fail(error)
            throw error
        }
    }

    public func finish() throws(MediaError) -> [RecordedClip] {
        work.lock()
        defer { work.unlock() }
        if let ended = store.withLock({ $0.ended }) { return try ended.get() }
        guard let current = store.withLock({ $0.current }) else {
            throw .recorderNotRecording(path: pattern, state: "idle")
        }
        do {
            let clip = try current.finishRecording()
            let clips = store.withLock { state -> [RecordedClip] in
                state.finished.append(clip)
                state.ended = .success(state.finished)
                return state.finished
            }
            return clips
        } catch {
            // The segments already finished are kept, and so is this error.
            store.withLock { $0.ended = .failure(error) }
            throw error
        }
    }

    public func cancel() {
        work.lock()
        defer { work.unlock() }
        let (current, doomed) = store.withLock { state -> (RecorderSink?, [RecordedClip]) in
            guard !state.cancelled else { return (nil, []) }
            state.cancelled = true
            // Finished or failed already: what stands stays.
            guard state.ended == nil else { return (state.current, []) }
            state.ended = .failure(.recordingCancelled(path: pattern))
            return (state.current, state.finished)
        }
        current?.cancel()
        // A cancelled recording leaves nothing, its finished segments included.
        for clip in doomed { unlink(clip.url.path) }
    }

    public func pause() {
        let current = store.withLock { state -> RecorderSink? in
            state.paused = true
            return state.current
        }
        current?.pause()
    }

    public func resume() {
        let current = store.withLock { state -> RecorderSink? in
            state.paused = false
            return state.current
        }
        current?.resume()
    }

    private func fail(_ error: MediaError) {
        store.withLock { if $0.ended == nil { $0.ended = .failure(error) } }
    }

    /// A recorder for segment `number`, begun; its companion streams start
    /// where the segment does and end with its video.
    private func makeSegment(number: Int, input: SinkInput, start: Double?) throws(MediaError) -> RecorderSink {
        let sink = try RecorderSink(destination: .file(Self.name(pattern, number)), options: options)
        var segmentInput = input
        // Frame times are on the timeline of `companions`' file; another
        // file's span is on its own, shifted by the difference of zeros.
        let zero = input.companions?.zero ?? 0
        func segment(_ companions: CompanionStreams) -> CompanionStreams {
            var companions = companions
            if let start {
                companions.start = start - zero + companions.zero
                companions.chapters = false
            }
            companions.endWithVideo = true
            return companions
        }
        segmentInput.companions = input.companions.map(segment)
        segmentInput.additionalCompanions = input.additionalCompanions.map(segment)
        try sink.begin(segmentInput)
        return sink
    }
}

/// A sink whose recording can be paused and resumed while it runs.
public protocol PausableSink: FrameSink {
    /// The recording's state now.
    var state: RecorderState { get }
    /// Stops writing until `resume()`; see `RecorderSink.pause()`.
    func pause()
    /// Writes again, closing the gap; see `RecorderSink.resume()`.
    func resume()
}

extension RecorderSink: PausableSink {}
