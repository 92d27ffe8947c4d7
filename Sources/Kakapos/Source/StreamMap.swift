/// A stream selector in FFmpeg's `-map` idiom: `0` (every stream of input
/// 0), `0:a` (its audio), `0:a:1` (its second audio stream), `0:3` (stream
/// index 3), with `-` in front to leave streams out and `?` after to allow
/// a selector that matches nothing.
///
/// How maps choose a recording's streams (`StreamMap.select`):
/// - Without maps: the decoded video, and every audio, subtitle and
///   attachment stream and timecode track (the recorder then keeps what the
///   output can hold and names the rest in its notes).
/// - Positive maps replace that default for the streams they name: the
///   video they name (at most one) is the one decoded and filtered; the
///   other streams they name are carried.
/// - Negative maps then remove what they match, from the default or from
///   what positive maps chose.
public struct StreamMap: Sendable, Hashable, CustomStringConvertible {
    /// Leaves the matching streams out.
    public var negative: Bool
    /// The input (0 until a run has several).
    public var input: Int
    /// Only streams of this kind, or every kind.
    public var kind: StreamInfo.Kind?
    /// The stream's index among its kind (with `kind`) or in the file.
    public var index: Int?
    /// Matching nothing is not an error (a trailing `?`).
    public var optional: Bool

    /// Parses `[-]INPUT[:KIND][:INDEX][?]` (KIND one of v, a, s, d, t).
    public init(parsing text: String) throws(StreamMapError) {
        var rest = Substring(text)
        negative = rest.hasPrefix("-")
        if negative { rest = rest.dropFirst() }
        optional = rest.hasSuffix("?")
        if optional { rest = rest.dropLast() }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let input = Int(parts[0]), input >= 0 else {
            throw StreamMapError(map: text, reason: "expected INPUT[:v|a|s|d|t][:INDEX], e.g. 0:a:1")
        }
        self.input = input
        kind = nil
        index = nil
        if parts.count >= 2 {
            let second = parts[1]
            if let number = Int(second), number >= 0, parts.count == 2 {
                index = number
            } else if second.count == 1,
                let found = StreamInfo.Kind.allCases.first(where: { $0.letter == second.first })
            {
                kind = found
            } else {
                throw StreamMapError(
                    map: text, reason: "'\(second)' is neither a stream index nor a kind (v, a, s, d or t)")
            }
        }
        if parts.count == 3 {
            guard let number = Int(parts[2]), number >= 0 else {
                throw StreamMapError(map: text, reason: "'\(parts[2])' is not a stream index")
            }
            index = number
        }
    }

    public var description: String {
        var text = negative ? "-\(input)" : "\(input)"
        if let kind, let letter = kind.letter { text += ":\(letter)" }
        if let index { text += ":\(index)" }
        return optional ? text + "?" : text
    }

    /// True when `stream` is one this selector names.
    public func matches(_ stream: StreamInfo) -> Bool {
        if let kind {
            guard stream.kind == kind else { return false }
            return index.map { $0 == stream.indexInKind } ?? true
        }
        return index.map { $0 == stream.index } ?? true
    }

    /// The maps that name input `input`, renumbered as input 0, for
    /// selecting among that input's own streams.
    public static func maps(of input: Int, in maps: [StreamMap]) -> [StreamMap] {
        maps.filter { $0.input == input }.map { map in
            var own = map
            own.input = 0
            return own
        }
    }

    /// N of the first positive map that names a video stream as `0:v:N`:
    /// the video stream the source should decode (`AssetSource.Options`).
    public static func videoStreamNumber(in maps: [StreamMap]) -> Int? {
        maps.first { !$0.negative && $0.kind == .video && $0.index != nil }?.index
    }

    /// The decoded video and the other streams to carry, chosen from
    /// `streams` by `maps` (the rules above). `video` is the stream the
    /// source would decode without maps.
    public static func select(_ streams: [StreamInfo], maps: [StreamMap], video: Int) throws(StreamMapError) -> (
        video: Int, others: [Int]
    ) {
        for map in maps where map.input != 0 {
            throw StreamMapError(
                map: map.description, reason: "input \(map.input) does not exist (there is one input, 0)")
        }
        for map in maps where !map.optional && !streams.contains(where: map.matches) {
            let count = map.kind.map { kind in streams.filter { $0.kind == kind }.count } ?? streams.count
            let what = map.kind.map { "\($0.rawValue) stream" } ?? "stream"
            throw StreamMapError(
                map: map.description, reason: "input 0 has no \(what) \(map.index ?? 0) (it has \(count))")
        }
        let positive = maps.filter { !$0.negative }
        let negative = maps.filter(\.negative)
        var chosenVideo = video
        var carried: [Int]
        if positive.isEmpty {
            carried = streams.filter { stream in
                switch stream.kind {
                case .audio, .subtitle, .attachment: return true
                case .data: return stream.codecName == "tmcd"
                case .video: return stream.index != video && stream.isAttachedPicture
                case .unknown: return false
                }
            }.map(\.index)
        } else {
            let named = streams.filter { stream in positive.contains { $0.matches(stream) } }
            let videos = named.filter { $0.kind == .video && !$0.isAttachedPicture }
            guard videos.count <= 1 else {
                throw StreamMapError(
                    map: positive.map(\.description).joined(separator: " "),
                    reason: "only one video stream is decoded and filtered; these name "
                        + videos.map { "0:v:\($0.indexInKind)" }.joined(separator: " and "))
            }
            if let first = videos.first { chosenVideo = first.index }
            carried = named.filter { $0.index != chosenVideo && !($0.kind == .video && !$0.isAttachedPicture) }.map(
                \.index)
        }
        carried.removeAll { index in negative.contains { $0.matches(streams[index]) } }
        if let excluded = streams.first(where: { $0.index == chosenVideo }),
            negative.contains(where: { $0.matches(excluded) })
        {
            throw StreamMapError(
                map: negative.map(\.description).joined(separator: " "),
                reason: "the video stream is what is filtered; it cannot be left out")
        }
        return (chosenVideo, carried)
    }
}

/// A `--map` that does not parse or names a stream the input lacks.
public struct StreamMapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The selector as given.
    public let map: String
    /// Why the selector was refused: it does not parse, or names a stream the input lacks or cannot carry.
    public let reason: String

    public var description: String { "--map \(map): \(reason)" }
}
