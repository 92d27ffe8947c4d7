import CFFmpeg

/// A chain of libavfilter's audio filters in FFmpeg's syntax, as `-af`
/// takes it (`volume=0.5`, `atempo=1.5,aresample=44100`), checked when it
/// is made: every filter it names exists. The recorder runs it between
/// each decoded audio track and its encoder (`AudioFiltering`), and the
/// encoder takes the chain's sample rate and channels.
public struct AudioFilterChain: Sendable, Hashable, CustomStringConvertible {
    /// The chain as written.
    public let text: String

    /// Checks that libavfilter is installed and has every filter `text`
    /// names; `unknownAudioFilter` names the first that it lacks.
    public init(_ text: String) throws(MediaError) {
        guard let library = FFLoadedLibrary.avfilter else {
            throw .audioFilterRefused(chain: text, reason: "libavfilter is not installed")
        }
        let names = Self.filterNames(in: text)
        guard !names.isEmpty else { throw .audioFilterRefused(chain: text, reason: "it names no filter") }
        for name in names where library.filterByName(name) == nil {
            throw .unknownAudioFilter(chain: text, name: name)
        }
        self.text = text
    }

    public var description: String { text }

    /// The filters' names: each link of the chain (split at `,` and `;`
    /// outside quotes and brackets, a backslash escaping), without its
    /// labels, up to its `=` or its `@instance` name.
    static func filterNames(in text: String) -> [String] {
        var links: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
                current.append(character)
                continue
            }
            switch character {
            case "\\": escaped = true
            case "'": quoted.toggle()
            case "," where !quoted, ";" where !quoted:
                links.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        links.append(current)
        return links.compactMap { link in
            var rest = Substring(link).drop { $0 == " " }
            while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                rest = rest[rest.index(after: close)...].drop { $0 == " " }
            }
            let name = rest.prefix { $0 != "=" && $0 != "@" && $0 != " " && $0 != "[" }
            return name.isEmpty ? nil : String(name)
        }
    }
}

/// One run of an `AudioFilterChain` over one decoded track: frames of the
/// decoder's shape go in, the chain's frames come out. Owns its graph.
///
/// @unchecked Sendable: used only by the recorder, one call at a time.
final class AudioFiltering: @unchecked Sendable {
    private let graph: FFAudioFilterGraph
    private let filtered: FFFrame

    /// The chain between `decoder`'s frames (stamped in `timeBase`) and the encoder.
    init(_ chain: AudioFilterChain, decoder: FFCodecContext, timeBase: AVRational) throws(AVError) {
        let raw = decoder.pointer.pointee
        graph = try FFAudioFilterGraph(
            description: "[in0]\(chain.text)[out]",
            inputs: [
                FFAudioFilterGraph.Input(
                    timeBase: timeBase, sampleRate: raw.sample_rate, sampleFormat: raw.sample_fmt,
                    layout: raw.ch_layout)
            ])
        filtered = try FFFrame()
    }

    /// The chain's sample rate and channel count.
    var output: (sampleRate: Int32, channels: Int32) { graph.output }

    /// Gives the chain `frame` (nil: the end) and hands `body` each frame
    /// that comes out.
    func filter(_ frame: FFFrame?, _ body: (FFFrame) throws -> Void) throws {
        try graph.push(frame, input: 0)
        while true {
            do {
                guard try graph.pull(into: filtered) else { return }
            } catch AVError.eof {
                return
            }
            try body(filtered)
        }
    }
}
