import Foundation
import Harbeth

/// A frame source whose recording also carries streams of the run's other
/// inputs, as FFmpeg muxes streams of every input it is given: the frames
/// and the video's own streams come from `video` (input `videoInput` of
/// the maps), and input k's streams, read again from its file, from
/// `others[k]` (a `StreamsInput`).
///
/// Without maps, FFmpeg's default: the video's input keeps what it
/// carries alone, except that the audio is the one stream with the most
/// channels among every input's (the first input's on a tie), and what
/// is left out is named. With maps, each input carries what its maps
/// name; an input no map names carries nothing besides the video.
///
/// Each other input's timeline starts at its own start (plus `start`, the
/// trim every input takes), as FFmpeg lines up inputs; `duration` ends
/// its streams, and `endsWithVideo` (FFmpeg's `-shortest`) ends every
/// carried stream with the video.
public final class AddedStreamsSource: FrameSource {
    private let video: any FrameSource
    /// The video's input number in the maps.
    public let videoInput: Int
    /// The video input's streams.
    public let videoStreams: [StreamInfo]
    /// The index of the video stream `video` decodes.
    public let videoStream: Int
    /// The other inputs by their numbers in the maps.
    public let others: [Int: StreamsInput]
    /// Seconds each input starts at (a trim).
    public let start: Double?
    /// Seconds of each input to take from there.
    public let duration: Double?
    /// End every carried stream where the video ends.
    public let endsWithVideo: Bool

    /// Each part as named above; `video` delivers the frames.
    public init(
        video: any FrameSource, videoInput: Int, videoStreams: [StreamInfo], videoStream: Int,
        others: [Int: StreamsInput], start: Double? = nil, duration: Double? = nil, endsWithVideo: Bool = false
    ) {
        self.video = video
        self.videoInput = videoInput
        self.videoStreams = videoStreams
        self.videoStream = videoStream
        self.others = others
        self.start = start
        self.duration = duration
        self.endsWithVideo = endsWithVideo
    }

    public var frameFormat: FrameFormat { video.frameFormat }
    public var expectedFrameCount: Int? { video.expectedFrameCount }
    public var summary: SourceSummary { video.summary }
    public func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError) {
        try video.start(handler)
    }
    public func stop() { video.stop() }

    /// The streams each input carries, by input number: the rules above.
    /// A map that names a stream an input lacks, or another input's
    /// video, is refused.
    public static func carriedStreams(
        videoInput: Int, videoStreams: [StreamInfo], videoStream: Int, others: [Int: [StreamInfo]],
        maps: [StreamMap]
    ) throws(MediaError) -> [Int: [Int]] {
        var carried: [Int: [Int]] = [:]
        let own = StreamMap.maps(of: videoInput, in: maps)
        if maps.isEmpty || !own.isEmpty {
            do {
                carried[videoInput] = try StreamMap.select(videoStreams, maps: own, video: videoStream).others
            } catch {
                throw .invalidStreamMap(error.description)
            }
        }
        if maps.isEmpty {
            var inputs = others
            inputs[videoInput] = videoStreams
            let candidates = inputs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            let audio = candidates.flatMap { input, streams in streams.map { (input: input, stream: $0) } }
            if let best = StreamsInput.bestAudio(audio), best.input != videoInput {
                carried[videoInput]?.removeAll { index in videoStreams.first { $0.index == index }?.kind == .audio }
                carried[best.input] = [best.stream.index]
            }
            return carried
        }
        for (input, streams) in others {
            let named = StreamMap.maps(of: input, in: maps)
            let positive = named.filter { !$0.negative }
            let negative = named.filter(\.negative)
            for map in positive where !map.optional && !streams.contains(where: map.matches) {
                let count = map.kind.map { kind in streams.filter { $0.kind == kind }.count } ?? streams.count
                let what = map.kind.map { "\($0.rawValue) stream" } ?? "stream"
                throw .invalidStreamMap(
                    "--map \(Self.renumbered(map, input)): input \(input) has no \(what) \(map.index ?? 0)"
                        + " (it has \(count))")
            }
            let chosen = streams.filter { stream in
                positive.contains { $0.matches(stream) } && !negative.contains { $0.matches(stream) }
            }
            if let video = chosen.first(where: { $0.kind == .video && !$0.isAttachedPicture }) {
                throw .invalidStreamMap(
                    "--map \(input):v:\(video.indexInKind): only input \(videoInput)'s video is filtered;"
                        + " a --graph combines the videos of several inputs")
            }
            if !chosen.isEmpty { carried[input] = chosen.map(\.index) }
        }
        return carried
    }

    /// `map` (renumbered as input 0 by `StreamMap.maps(of:in:)`) as the user wrote it.
    private static func renumbered(_ map: StreamMap, _ input: Int) -> StreamMap {
        var original = map
        original.input = input
        return original
    }

    public func sinkInput(format: FrameFormat, maps: [StreamMap], keepTimestamps: Bool) throws(MediaError)
        -> SinkInput
    {
        let carried = try Self.carriedStreams(
            videoInput: videoInput, videoStreams: videoStreams, videoStream: videoStream,
            others: others.mapValues(\.streams), maps: maps)
        let own = StreamMap.maps(of: videoInput, in: maps)
        var input = try video.sinkInput(format: format, maps: own, keepTimestamps: keepTimestamps)
        let kept = carried[videoInput] ?? []
        if var companions = input.companions {
            let left = companions.streams.filter { !kept.contains($0) }
            companions.streams = companions.streams.filter { kept.contains($0) }
            if maps.isEmpty, let from = carried.first(where: { $0.key != videoInput })?.key, let other = others[from] {
                companions.excluded += left.compactMap { index in videoStreams.first { $0.index == index } }.map {
                    "\($0): the audio comes from input \(from) (\(other.location)); --map \(videoInput):a keeps this"
                        + " one too"
                }
            }
            if !maps.isEmpty && own.isEmpty { companions.excluded = [] }
            input.companions = companions
        }
        if !kept.contains(where: { index in videoStreams.first { $0.index == index }?.kind == .audio }) {
            input.audio = nil
            input.audioIsCaptured = false
        }
        var notes: [String] = []
        for (number, other) in others.sorted(by: { $0.key < $1.key }) {
            let streams = carried[number] ?? []
            if maps.isEmpty {
                notes += other.streams.filter { !streams.contains($0.index) }.map {
                    "\($0) of input \(number) (\(other.location)): --map \(number):\($0.index) carries it"
                }
            }
            guard !streams.isEmpty else { continue }
            let from = other.startTime + (start ?? 0)
            input.additionalCompanions.append(
                CompanionStreams(
                    url: other.location.url, streams: streams, start: start == nil ? nil : from,
                    end: duration.map { from + $0 }, endWithVideo: endsWithVideo, zero: keepTimestamps ? 0 : from,
                    chapters: false, metadata: false))
        }
        if endsWithVideo {
            input.companions?.endWithVideo = true
        }
        if !notes.isEmpty {
            if input.companions != nil {
                input.companions?.excluded += notes
            } else if !input.additionalCompanions.isEmpty {
                input.additionalCompanions[0].excluded += notes
            } else if let first = others.sorted(by: { $0.key < $1.key }).first?.value {
                input.additionalCompanions.append(
                    CompanionStreams(
                        url: first.location.url, streams: [], chapters: false, metadata: false, excluded: notes))
            }
        }
        return input
    }
}

extension MediaLocation {
    /// The URL a recorder reads companion streams from: a file's path, or
    /// the URL as given.
    var url: URL {
        switch self {
        case .file(let file), .imageSequence(let file): return URL(fileURLWithPath: file)
        case .pipe, .url, .device: return URL(string: name) ?? URL(fileURLWithPath: name)
        }
    }
}
