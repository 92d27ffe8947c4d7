import CFFmpeg
import Foundation

/// The sound of `xfade`s between inputs: in each transition's window the
/// sound of the input that is leaving fades out while the next one's
/// fades in, mixed by FFmpeg's own audio filters (libavfilter: `afade` on
/// each side, `adelay` to start each input at its transition, `amix` to
/// sum them), as a video editor's crossfade does. Before the first window
/// only the first input is heard, between two windows only the input that
/// shows, after the last only the last, as with the pictures. A
/// transition of no duration is a cut, as FFmpeg's concat joins sound:
/// the leaving input's sound stops there (`atrim`) and the next starts.
///
/// The mix is written once, before the run, to a lossless FLAC file beside
/// the other temporary files; a recording carries it as its audio
/// (`companions`), re-encoded for its container. The file is removed when
/// this object goes.
public final class CrossfadedAudio: Sendable {
    /// The FLAC file of the mix.
    public let url: URL
    /// Where each side came from, for the recording's notes.
    public let summary: String
    /// The audio stream of each file that the mix takes (FFmpeg's best
    /// audio stream), by the file's path.
    public let mixedStreams: [String: Int]

    /// One transition into the next input.
    public struct Transition: Sendable, Equatable {
        /// When it starts, in seconds of the run (the next input's sound starts then).
        public var offset: Double
        /// How long it takes.
        public var duration: Double

        /// A transition starting at `offset` seconds of the run, `duration` seconds long.
        public init(offset: Double, duration: Double) {
            self.offset = offset
            self.duration = duration
        }

        /// A transition of no duration: a cut (FFmpeg's concat).
        public var isCut: Bool { duration <= 0 }
    }

    /// Mixes the first audio stream of `first` and of `second`.
    /// - Parameters:
    ///   - first: the file whose picture the transition leaves.
    ///   - second: the file it goes to; its sound starts at `offset`.
    ///   - offset: when the transition starts, in seconds of the run.
    ///   - duration: how long it takes.
    ///   - start: seconds of both files to skip first (the run's `--start`).
    public convenience init(first: URL, second: URL, offset: Double, duration: Double, start: Double? = nil)
        throws(MediaError)
    {
        try self.init(
            files: [first, second], transitions: [Transition(offset: offset, duration: duration)], start: start)
    }

    /// Mixes the first audio stream of each file, one after another.
    /// - Parameters:
    ///   - files: the inputs in the order they show; at least two.
    ///   - transitions: one fewer than `files`: `transitions[k]` brings in
    ///     `files[k + 1]`, in the order of their offsets.
    ///   - start: seconds of every file to skip first (the run's `--start`).
    public init(files: [URL], transitions: [Transition], start: Double? = nil) throws(MediaError) {
        precondition(files.count >= 2 && transitions.count == files.count - 1, "one transition between two files")
        url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("harbeth-crossfade-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).flac")
        let names = files.dropFirst().map(\.lastPathComponent).joined(separator: ", ")
        func fail(_ what: String, _ error: any Error) -> MediaError {
            .audioFailed(path: files[0].path, detail: "crossfade with \(names): \(what): \(error)")
        }
        var inputs: [AudioInput] = []
        for file in files {
            do {
                inputs.append(try AudioInput(url: file))
            } catch {
                throw fail("cannot read the sound of \(file.lastPathComponent)", error)
            }
        }
        mixedStreams = Dictionary(
            zip(files.map(\.standardizedFileURL.path), inputs.map { Int($0.stream.pointee.index) }),
            uniquingKeysWith: { first, _ in first })
        let seconds = { (value: Double) in String(format: "%g", value) }
        summary =
            transitions.allSatisfy(\.isCut)
            ? "joined \(files[0].lastPathComponent)"
                + zip(files.dropFirst(), transitions).map { file, transition in
                    ", \(file.lastPathComponent) from \(seconds(transition.offset)) s"
                }.joined()
            : "crossfaded from \(files[0].lastPathComponent)"
                + zip(files.dropFirst(), transitions).map { file, transition in
                    " to \(file.lastPathComponent), \(seconds(transition.duration)) s from"
                        + " \(seconds(transition.offset)) s"
                }.joined(separator: ",")
        do {
            try Self.mix(inputs, transitions: transitions, start: start ?? 0, to: url)
        } catch {
            unlink(url.path)
            throw fail("the mix failed", error)
        }
    }

    /// Mixes the sound of several inputs through libavfilter's audio
    /// `filters` (FFmpeg's `[s0][s1]amix=inputs=2[out]`, `[s1]volume=0.3[q];[s0][q]amix[out]`),
    /// whose inputs are `[s0]`, `[s1]`... in the order of `sounds`.
    /// - Parameters:
    ///   - sounds: each file with the number of its audio stream among its
    ///     audio streams (FFmpeg's `k:a:n`).
    ///   - filters: the filters, as FFmpeg's graph text with the inputs
    ///     labelled `s0`, `s1`...; their output `[out]` is the sound.
    ///   - shownAs: how the run names the mix, for its notes.
    ///   - start: seconds of every file to skip first (the run's `--start`).
    public init(mixing sounds: [(file: URL, audioStream: Int)], filters: String, shownAs: String, start: Double? = nil)
        throws(MediaError)
    {
        precondition(!sounds.isEmpty, "a mix of at least one sound")
        url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("harbeth-mix-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).flac")
        let path = sounds[0].file.path
        var inputs: [AudioInput] = []
        for sound in sounds {
            do {
                inputs.append(try AudioInput(url: sound.file, audioStream: sound.audioStream))
            } catch {
                throw .audioFailed(
                    path: path,
                    detail: "\(shownAs): cannot read audio stream \(sound.audioStream) of"
                        + " \(sound.file.lastPathComponent): \(error)")
            }
        }
        mixedStreams = Dictionary(
            zip(sounds.map(\.file.standardizedFileURL.path), inputs.map { Int($0.stream.pointee.index) }),
            uniquingKeysWith: { first, _ in first })
        summary = "mixed by \(shownAs)"
        let trim = "asetpts=PTS-STARTPTS,atrim=start=\(start ?? 0),asetpts=PTS-STARTPTS"
        let description =
            inputs.indices.map { "[in\($0)]\(trim)[s\($0)];" }.joined() + filters
        do {
            let mixer = try Mixer(inputs: inputs, description: description, url: url)
            while let index = inputs.indices.filter({ !inputs[$0].ended }).min(by: {
                inputs[$0].pushed < inputs[$1].pushed
            }) {
                try mixer.step(index)
            }
            try mixer.finish()
        } catch {
            unlink(url.path)
            throw .audioFailed(path: path, detail: "\(shownAs): \(error)")
        }
    }

    deinit { unlink(url.path) }

    /// The recording's audio: the mix, from the output's 0, ending with its video.
    public var companions: CompanionStreams {
        var companions = CompanionStreams(url: url, streams: [0], endWithVideo: true, chapters: false, metadata: false)
        companions.madeAudio = summary
        return companions
    }

    /// One input's first audio stream and its decoder.
    private final class AudioInput {
        let format: FFInputContext
        let stream: UnsafeMutablePointer<AVStream>
        let decoder: FFCodecContext
        let codecName: String
        var ended = false
        /// Seconds of the input's own sound pushed so far.
        var pushed = 0.0

        /// The file's best audio stream, or its audio stream number
        /// `audioStream` among its audio streams.
        init(url: URL, audioStream: Int? = nil) throws {
            let format = try FFInputContext(path: url.path)
            self.format = format
            try format.findStreamInfo(codecOptions: [])
            var index = av_find_best_stream(format.pointer, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
            if let audioStream {
                let audio = (0..<Int(format.pointer.pointee.nb_streams)).filter {
                    format.stream($0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
                }
                index = audio.indices.contains(audioStream) ? Int32(audio[audioStream]) : -1
            }
            guard index >= 0 else { throw AVError.streamNotFound }
            stream = format.stream(Int(index))
            let parameters = stream.pointee.codecpar!
            codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            guard let decoding = avcodec_find_decoder(parameters.pointee.codec_id) else {
                throw AVError.decoderNotFound
            }
            decoder = try FFCodecContext(codec: decoding)
            try check(avcodec_parameters_to_context(decoder.pointer, parameters))
            decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
            try decoder.open()
        }

        var filterInput: FFAudioFilterGraph.Input {
            let raw = decoder.pointer.pointee
            return FFAudioFilterGraph.Input(
                timeBase: stream.pointee.time_base, sampleRate: raw.sample_rate, sampleFormat: raw.sample_fmt,
                layout: raw.ch_layout)
        }
    }

    /// Decodes every input, mixes them through the filter graph and encodes FLAC.
    private static func mix(_ inputs: [AudioInput], transitions: [Transition], start: Double, to url: URL) throws {
        let rate = inputs[0].decoder.pointer.pointee.sample_rate
        let layoutName = FFAudioFilterGraph.name(of: inputs[0].decoder.pointer.pointee.ch_layout)
        let common = "aformat=sample_fmts=fltp:sample_rates=\(rate):channel_layouts=\(layoutName)"
        // Each side counts from its own first sample, less the trim.
        let trim = "asetpts=PTS-STARTPTS,atrim=start=\(start),asetpts=PTS-STARTPTS"
        // Where each input's sound starts on the run's timeline.
        let delays = [0] + transitions.map(\.offset)
        var description = ""
        for index in inputs.indices {
            description += "[in\(index)]\(common),\(trim)"
            // At a cut the input's sound stops where the next one's starts.
            if index < transitions.count, transitions[index].isCut {
                description += ",atrim=duration=\(max(transitions[index].offset - delays[index], 0.001))"
            }
            if index > 0 {
                let coming = transitions[index - 1]
                description += ",adelay=delays=\(Int((coming.offset * 1000).rounded())):all=1"
                if !coming.isCut { description += ",afade=t=in:st=\(coming.offset):d=\(coming.duration)" }
            }
            if index < transitions.count, !transitions[index].isCut {
                let leaving = transitions[index]
                description += ",afade=t=out:st=\(leaving.offset):d=\(leaving.duration)"
            }
            description += "[s\(index)];"
        }
        description +=
            inputs.indices.map { "[s\($0)]" }.joined() + "amix=inputs=\(inputs.count):duration=longest:normalize=0"
        let mixer = try Mixer(inputs: inputs, description: description, url: url)
        // The input that is behind on the run's timeline goes next, so no
        // input's sound piles up in the graph.
        while let index = inputs.indices.filter({ !inputs[$0].ended }).min(by: {
            inputs[$0].pushed + delays[$0] < inputs[$1].pushed + delays[$1]
        }) {
            try mixer.step(index)
        }
        try mixer.finish()
    }

    /// The filter graph between the decoders and the FLAC encoder.
    private final class Mixer {
        let inputs: [AudioInput]
        let graph: FFAudioFilterGraph
        let muxer: FFOutputContext
        let encoding: AudioEncoding
        let path: String
        let packet = try! FFPacket()
        let decoded = try! FFFrame()
        let mixed = try! FFFrame()

        init(inputs: [AudioInput], description: String, url: URL) throws {
            self.inputs = inputs
            path = url.path
            graph = try FFAudioFilterGraph(description: description, inputs: inputs.map(\.filterInput))
            muxer = try FFOutputContext(path: url.path, formatName: "flac")
            let output = graph.output
            encoding = try AudioEncoding(
                encoderName: "flac", sampleRate: output.sampleRate, channels: output.channels, muxer: muxer)
            try muxer.writeHeader(options: FFDictionary([]))
        }

        /// Reads one packet of input `index` (or ends it) and mixes what it gives.
        func step(_ index: Int) throws {
            let input = inputs[index]
            if try input.format.read(into: packet) {
                defer { packet.unref() }
                guard packet.pointer.pointee.stream_index == input.stream.pointee.index else { return }
                do {
                    try input.decoder.send(packet)
                } catch AVError.invalidData {
                    // A damaged packet is skipped, as a player would.
                    return
                }
                try drainDecoder(index)
            } else {
                try input.decoder.send(nil as FFPacket?)
                try drainDecoder(index)
                try graph.push(nil, input: index)
                input.ended = true
            }
            try drainGraph()
        }

        func finish() throws {
            try drainGraph()
            try encoding.finish(end: nil, write)
            try muxer.finish()
        }

        private func drainDecoder(_ index: Int) throws {
            let input = inputs[index]
            while try input.decoder.receive(into: decoded) {
                let raw = decoded.pointer.pointee
                input.pushed += Double(raw.nb_samples) / Double(max(raw.sample_rate, 1))
                try graph.push(decoded, input: index)
                decoded.unref()
            }
        }

        /// Encodes what the graph has ready; at its end, nothing more comes.
        private func drainGraph() throws {
            while try pullOne() {
                try encoding.queue(mixed)
                try encoding.encodeWholeFrames(write)
            }
        }

        private func pullOne() throws -> Bool {
            do {
                return try graph.pull(into: mixed)
            } catch AVError.eof {
                return false
            }
        }

        private func write(_ packet: FFPacket) throws(MediaError) {
            do { try muxer.write(packet) } catch { throw .audioFailed(path: path, detail: "\(error)") }
        }
    }
}
