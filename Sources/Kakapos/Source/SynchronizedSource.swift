import Foundation
import Harbeth

/// Several inputs as one source, synchronised by presentation time as
/// FFmpeg's framesync does: input 0 times the run (each of its frames is
/// one output frame, with its timestamps), and every other input supplies
/// the frame it shows at that time, counted from its own first frame and
/// shifted by its offset (an `xfade`'s second video starts at the
/// transition), or from the moment others are over (a concat's later
/// segment, `startsAfter`): before its first frame the first, after its
/// last the last.
/// The frames ride along as `TimedFrame.companions`, which a graph
/// processor hands to the graph's inputs 1, 2, ...
///
/// It keeps the `FrameSource` contract for the whole run: `stop()` stops
/// every input and delivers one finish; a failing input fails the run.
public final class SynchronizedSource: FrameSource {
    /// When the run ends.
    public enum EndRule: String, Sendable, CaseIterable {
        /// When input 0 ends (FFmpeg overlay's default): the others repeat
        /// their last frame if they end first.
        case first
        /// When any input ends.
        case shortest
        /// When every input has ended: after input 0 ends, its last frame
        /// repeats at its frame rate (what an `xfade` into a longer video
        /// needs).
        case longest
    }

    /// The inputs; input 0 times the run.
    public let inputs: [any FrameSource]
    /// Seconds of the run at which each input's first frame shows (0 for input 0).
    public let offsets: [Double]
    /// When the run ends.
    public let endRule: EndRule
    /// The input whose audio and other streams the output carries; nil:
    /// the one the maps name (`1:a`), else input 0.
    public let streamsFrom: Int?
    /// The sound of a transition between two inputs, carried instead of
    /// input 0's audio; input 0's other streams stay.
    public let crossfade: CrossfadedAudio?
    /// The inputs shown only until they end (FFmpeg's `eof_action=pass`),
    /// which do not hold open a run that ends with its longest input.
    public let shownUntilTheirEnd: Set<Int>
    /// Inputs played after others (FFmpeg's concat): each starts once the
    /// inputs of its set are all over, and shows its first frame until
    /// then (`FilterGraph.startsAfter`).
    public let startsAfter: [Int: Set<Int>]
    /// Seconds after which the run ends, whatever its inputs (`-t`).
    public let duration: Double?
    /// The most frames the run makes (`-frames:v`).
    public let frameLimit: Int?
    /// The caller's estimate of the frames a run that ends with its
    /// longest input makes (its inputs' lengths), for progress.
    public let estimatedFrameCount: Int?
    /// The inputs 1 and up in an order where each comes after those it
    /// starts after.
    private let order: [Int]
    private let feeds: [InputFeed]
    private let delivery: FrameDelivery

    /// - Parameters:
    ///   - inputs: the sources, at least one; input 0 times the run.
    ///   - offsets: for each input, the run's time at which its first frame
    ///     shows; missing entries are 0.
    ///   - endRule: when the run ends.
    ///   - streamsFrom: the input whose audio and other streams to carry
    ///     (`--audio-from k`); nil: the one the maps name, else input 0.
    ///   - crossfade: the sound of a transition, carried instead of input
    ///     0's audio (its timing, tags and other streams stay).
    ///   - shownUntilTheirEnd: inputs (1 and up) that do not hold open a
    ///     run to the longest input (`FilterGraph.inputsShownUntilTheirEnd`).
    ///   - startsAfter: inputs (1 and up) that start once others are over,
    ///     not at their offsets (`FilterGraph.startsAfter`); the sets may
    ///     not loop.
    ///   - duration: seconds after which the run ends, whatever the end
    ///     rule says (FFmpeg's output `-t`); nil: no limit.
    ///   - frameLimit: the most frames the run makes (`-frames:v`).
    ///   - estimatedFrameCount: the frames the run will make as the caller
    ///     reckons them from its inputs' lengths, for progress where input
    ///     0's count does not say (a run to the longest input).
    public init(
        inputs: [any FrameSource], offsets: [Double] = [], endRule: EndRule = .first, streamsFrom: Int? = nil,
        crossfade: CrossfadedAudio? = nil, shownUntilTheirEnd: Set<Int> = [], startsAfter: [Int: Set<Int>] = [:],
        duration: Double? = nil, frameLimit: Int? = nil, estimatedFrameCount: Int? = nil
    ) {
        precondition(!inputs.isEmpty, "a synchronized source needs an input")
        self.inputs = inputs
        self.streamsFrom = streamsFrom
        self.crossfade = crossfade
        self.offsets = inputs.indices.map { $0 < offsets.count && $0 > 0 ? offsets[$0] : 0 }
        self.endRule = endRule
        self.shownUntilTheirEnd = shownUntilTheirEnd
        self.startsAfter = startsAfter
        self.duration = duration
        self.frameLimit = frameLimit
        self.estimatedFrameCount = estimatedFrameCount
        var order: [Int] = []
        var waiting = Array(inputs.indices.dropFirst())
        while !waiting.isEmpty {
            let ready = waiting.filter { (startsAfter[$0] ?? []).allSatisfy { $0 == 0 || order.contains($0) } }
            precondition(!ready.isEmpty, "inputs that start after each other in a loop: \(startsAfter)")
            order += ready
            waiting.removeAll(where: ready.contains)
        }
        self.order = order
        feeds = inputs.map { _ in InputFeed() }
        delivery = FrameDelivery(policy: .lossless, label: "kakapos.synchronized.delivery")
    }

    public var frameFormat: FrameFormat { inputs[0].frameFormat }

    public var expectedFrameCount: Int? {
        let count = endRule == .longest && inputs.count > 1 ? estimatedFrameCount : inputs[0].expectedFrameCount
        return [count, frameLimit].compactMap { $0 }.min()
    }

    public var summary: SourceSummary { delivery.summary }

    /// Input 0's timing and tags; the audio and other streams of one
    /// input: `streamsFrom`, or the input the maps name for them (`--map
    /// 1:a`), else input 0. Another input's streams are shifted by its
    /// offset, as its video is, and end with the run's video. With a
    /// crossfade, its mix is the sound, and input 0's other streams
    /// (subtitles, chapters, metadata) follow it.
    public func sinkInput(format: FrameFormat, maps: [StreamMap], keepTimestamps: Bool) throws(MediaError)
        -> SinkInput
    {
        let from = try Self.streamInput(maps: maps, streamsFrom: streamsFrom, inputCount: inputs.count)
        var input = try inputs[0].sinkInput(
            format: format, maps: StreamMap.maps(of: 0, in: maps), keepTimestamps: keepTimestamps)
        input.expectedFrameCount = expectedFrameCount
        if let crossfade {
            // The mix is the sound; input 0's other streams stay.
            if let all = input.companions {
                input.additionalCompanions = [
                    try crossfadeCompanions(
                        all, crossfade: crossfade, format: format, maps: maps, keepTimestamps: keepTimestamps)
                ]
            }
            input.companions = crossfade.companions
            input.audio = nil
            input.audioIsCaptured = false
        } else if from != 0 {
            let other = try inputs[from].sinkInput(
                format: format, maps: StreamMap.maps(of: from, in: maps).filter { $0.kind != .video },
                keepTimestamps: keepTimestamps)
            var companions = other.companions
            // Its file time T shows at T - its start + its offset.
            companions?.zero -= offsets[from]
            companions?.videoStream = nil
            companions?.endWithVideo = true
            companions?.timecodeOffset = 0
            input.companions = companions
            input.audio = other.audio
            input.audioIsCaptured = other.audioIsCaptured
        }
        return input
    }

    /// Input 0's streams without its sound, which the crossfade's mix
    /// replaces: the audio track the mix takes goes silently, any other
    /// is named as dropped.
    private func crossfadeCompanions(
        _ all: CompanionStreams, crossfade: CrossfadedAudio, format: FrameFormat, maps: [StreamMap],
        keepTimestamps: Bool
    ) throws(MediaError) -> CompanionStreams {
        let noAudio: StreamMap
        do { noAudio = try StreamMap(parsing: "-0:a?") } catch { preconditionFailure("a valid map: \(error)") }
        guard
            var companions = try inputs[0].sinkInput(
                format: format, maps: StreamMap.maps(of: 0, in: maps) + [noAudio], keepTimestamps: keepTimestamps
            ).companions
        else { return all }
        let streams = (inputs[0] as? AssetSource)?.metadata.streams ?? []
        let mixed = crossfade.mixedStreams[all.url.standardizedFileURL.path]
        companions.excluded =
            all.excluded
            + all.streams.filter { !companions.streams.contains($0) && $0 != mixed }.map { index in
                let name = streams.first { $0.index == index }.map(String.init(describing:)) ?? "stream \(index)"
                return "\(name): a crossfade mixes one audio track of each input"
            }
        return companions
    }

    /// The one input whose streams a run carries: `streamsFrom`, or the
    /// input the maps name for streams other than the video, else 0.
    public static func streamInput(maps: [StreamMap], streamsFrom: Int?, inputCount: Int) throws(MediaError) -> Int {
        let named = Set(maps.filter { !$0.negative && $0.kind != .video }.map(\.input))
        if let streamsFrom {
            guard streamsFrom < inputCount else {
                throw .invalidStreamMap("the audio is to come from input \(streamsFrom), which does not exist")
            }
            guard named.isSubset(of: [streamsFrom]) else {
                throw .invalidStreamMap(
                    "the streams come from input \(streamsFrom) (--audio-from), so maps cannot name input "
                        + "\(named.subtracting([streamsFrom]).sorted().map(String.init).joined(separator: ", "))")
            }
            return streamsFrom
        }
        guard named.count <= 1 else {
            throw .invalidStreamMap(
                "the streams carried come from one input per run; these maps name inputs "
                    + named.sorted().map(String.init).joined(separator: " and "))
        }
        let from = named.first ?? 0
        guard from < inputCount else {
            throw .invalidStreamMap("input \(from) does not exist (the run has \(inputCount))")
        }
        if let video = maps.first(where: { $0.kind == .video && $0.input != 0 }) {
            throw .invalidStreamMap(
                "\(video): the video filtered is input 0's; another input's video is the graph's [\(video.input)]")
        }
        return from
    }

    public func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError) {
        guard delivery.start(handler, threadName: "kakapos.synchronize", produce: { [self] in produce() }) else {
            throw .sourceAlreadyStarted(path: "synchronized source")
        }
        for (input, feed) in zip(inputs, feeds) { feed.start(input) }
    }

    /// Stops every input, then delivers the one finish (the contract's).
    public func stop() {
        stopInputs()
        delivery.stop()
    }

    private func stopInputs() {
        for feed in feeds { feed.close() }
        for input in inputs { input.stop() }
    }

    // MARK: The synchronising thread

    private func produce() {
        var reason = SourceFinish.Reason.endOfStream
        var index = 0
        var last: (frame: TimedFrame, step: Int64)?
        // When each input that starts after others started, in seconds of the run.
        var starts: [Int: Double] = [:]
        run: while true {
            if let frameLimit, index >= frameLimit { break run }
            var timed: TimedFrame
            // Input 0's last frame shown on, after its end (longest).
            var repeated = false
            switch feeds[0].next() {
            case .closed: return
            case .failed(let error):
                reason = .failed(error)
                break run
            case .frame(let frame):
                let step = last.map { frame.pts - $0.frame.pts } ?? frame.duration ?? 0
                last = (frame, frame.duration ?? step)
                timed = TimedFrame(
                    frame: frame.frame, pts: frame.pts, duration: frame.duration, timeBase: frame.timeBase,
                    index: index)
            case .ended:
                // Input 0 ended: the run ends too, unless every input must end.
                guard endRule == .longest, inputs.count > 1, let previous = last, previous.step > 0 else {
                    if last == nil { reason = .failed(.inputHasNoFrames(index: 0)) }
                    break run
                }
                timed = TimedFrame(
                    frame: previous.frame.frame, pts: previous.frame.pts + previous.step,
                    duration: previous.frame.duration, timeBase: previous.frame.timeBase, index: index)
                // The repeated pixels at the new time (what t reads).
                timed.frame.time = timed.seconds
                last = (timed, previous.step)
                repeated = true
            }
            let seconds = feeds[0].relativeSeconds(of: timed)
            // A frame due at the limit is past it (the feed's slack again).
            if let duration, seconds + 1e-6 >= duration { break run }
            var companions = [VideoFrame?](repeating: nil, count: inputs.count)
            var everyInputOver = true
            if repeated { timed.endedInputs.insert(0) }
            for input in order {
                // One that starts after others: from the frame where they are all over.
                if let before = startsAfter[input], starts[input] == nil,
                    before.isSubset(of: timed.endedInputs)
                {
                    starts[input] = seconds
                }
                let local = seconds - (startsAfter[input] == nil ? offsets[input] : starts[input] ?? .infinity)
                let (pulled, exhausted) = feeds[input].frame(at: local)
                switch pulled {
                case .closed: return
                case .failed(let error):
                    reason = .failed(error)
                    break run
                case .ended:
                    reason = .failed(.inputHasNoFrames(index: input))
                    break run
                case .frame(let frame):
                    companions[input] = frame.frame
                }
                // An input is over once its last frame has been shown for
                // its duration (at once, when that is unknown), with the
                // feed's microsecond of slack for sums of rounded seconds.
                let over = exhausted && local + 1e-6 >= feeds[input].lastShownUntil
                if over { timed.endedInputs.insert(input) }
                if !over && !shownUntilTheirEnd.contains(input) { everyInputOver = false }
                if over && endRule == .shortest { break run }
            }
            if repeated, everyInputOver { break run }
            timed.companions = companions.dropFirst().map { $0! }
            guard delivery.offer(timed) else { return }
            index += 1
        }
        stopInputs()
        delivery.end(reason)
    }
}
