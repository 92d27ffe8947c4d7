import Kakapos

/// Everything the command line asked for, as the parser leaves it: plain
/// values, checked for form and range but not yet against files or devices.
struct CommandLineOptions: Equatable {
    /// What the tool does.
    enum Action: Equatable {
        case render
        case help
        case version
        case listFilters
        case listDevices
        case describe(String)
        /// `harbeth-render join SHARD... -o OUT`: the shards, stream-copied into one file.
        case join
        /// `--plan-shards N`: print where N shards of the input begin.
        case planShards(Int)
    }

    enum Precision: String, Equatable, CaseIterable {
        case half, float
    }

    /// One input as given: its text, the `-f` and input options before it.
    struct InputArgument: Equatable {
        var text: String
        var format: String?
        var options: [String: String] = [:]
        /// FFmpeg's `-t` before this `-i` in a graph's run: how long it
        /// plays (with `-loop 1`, a still shown that long).
        var length: Double?

        /// Where it reads from, as FFmpeg would read the text.
        var location: MediaLocation { MediaLocation(parsing: text, format: format) }
        /// `-stream_loop`'s key among the options: it is the source's, not the demuxer's.
        static let streamLoopKey = "stream_loop"
        /// Times the input plays again (`-stream_loop`; -1 without end).
        var loops: Int { options[Self.streamLoopKey].flatMap { Int($0) } ?? 0 }
        /// The demuxer's options (all but `-stream_loop`).
        var demuxerOptions: [String: String] { options.filter { $0.key != Self.streamLoopKey } }
    }

    var action: Action = .render
    /// Input 0 (the first -i or positional input).
    var input: String?
    /// Every input, in order (-i and positional ones); input 0 first.
    var inputs: [String] = []
    /// Every input with its format and options, in the order of `inputs`.
    var inputArguments: [InputArgument] = []
    /// `-i` inputs in the order given, before positional ones join them.
    var flaggedInputs: [InputArgument] = []
    /// `-f` and input options waiting for the input they come before.
    var pendingFormat: String?
    var pendingInputOptions: [String: String] = [:]
    /// A `-t` not yet known to be an input's (before an `-i`) or the
    /// run's (anywhere else: `duration`).
    var pendingLength: Double?
    /// The output's container by FFmpeg's name (`-f` after the inputs, `--format`).
    var outputFormat: String?
    /// Seconds a network input, pipe or device may send nothing.
    var timeout: Double?
    /// `--shard K/N`: render the K-th of N shards (0-based).
    var shard: ShardSelection?

    /// One shard of a plan: `index` of `count`, from 0.
    struct ShardSelection: Equatable {
        var index: Int
        var count: Int
    }
    /// The source whose audio a join muxes (`--audio-from`).
    var audioFrom: String?
    /// A file listing inputs, one a line (`--inputs`): a batch.
    var inputList: String?
    /// Go on with a batch after an input fails.
    var keepGoing = false
    /// Several inputs without a graph, given as plain arguments (or
    /// `--inputs`): each is rendered on its own. Inputs given with `-i`
    /// twice or more are a graph's, and need a `--graph`.
    var isBatch: Bool {
        graph == nil && flaggedInputs.count < 2 && (inputArguments.count > 1 || inputList != nil)
    }
    /// Seconds per segment (`--segment-time`): the output is written in segments.
    var segmentTime: Double?
    /// What SIGINT, SIGTERM, SIGHUP and SIGQUIT do; nil: finish a live
    /// recording, cancel anything else.
    var onInterrupt: InterruptAction?
    /// What a live input does with frames when processing falls behind;
    /// nil: drop the newest from a real-time input (a device, UDP, SRT,
    /// RTMP), never from a pipe or a generator.
    var dropPolicy: DropPolicy?
    /// A filtergraph (`--graph`, `-filter_complex`) over the inputs.
    var graph: String?
    /// A concat's sound taken out of the graph (`a=1`): the run joins
    /// those inputs' sound.
    var concatSound: GraphConcatSound?
    /// The graph as written, where its sound (an audio chain, a concat's
    /// sound) was taken out of `graph`: what its messages show.
    var graphWritten: String?
    /// A graph's audio chain of several inputs' sound (amix), mixed
    /// before the run as its sound.
    var audioMix: GraphAudioChain?
    /// The graph output to write, from `--map '[LABEL]'`.
    var graphOutput: String?
    /// The labels of the graph outputs after the first, from further
    /// `--map '[LABEL]'`, each written to its `-o` in `moreOutputs`.
    var moreGraphOutputs: [String] = []
    /// The `-o` paths after the first, one for each of `moreGraphOutputs`.
    var moreOutputs: [String] = []
    /// Every output of the run with its graph label: the first, then the rest.
    var labelledOutputs: [(label: String?, path: String?)] {
        [(graphOutput, output)] + zip(moreGraphOutputs, moreOutputs).map { ($0, $1) }
    }
    /// The input whose audio and other streams a run with several inputs
    /// carries (`--audio-from K`); nil: input 0, or the one the maps name.
    var audioInput: Int?
    /// When a run with several inputs ends; nil: by the graph (longest
    /// with a transition, else first).
    var endRule: SynchronizedSource.EndRule?
    /// End the output with its shortest stream (`-shortest`).
    var shortest = false
    var output: String?
    /// The outputs named by bare arguments after an `-i`, as FFmpeg reads
    /// them (each is also `output` or in `moreOutputs`), for messages.
    var bareOutputs: [String] = []
    /// Chain texts in the order given (`--filter`, `--shader`); they are
    /// joined with commas.
    var chains: [String] = []
    /// FFmpeg's `-s` after the inputs: a scale after the chain's filters
    /// (before its run steps: fps, format, setsar), `scale=W:H`.
    var outputScale: String?
    var overwrite = false
    var codec: VideoCodec?
    var crf: Int?
    var preset: String?
    /// Bits per second.
    var bitrate: Int?
    var gop: Int?
    /// The encoded pixel format by FFmpeg's name (`-pix_fmt`).
    var pixelFormat: String?
    /// The picture's shape to tag the output with (`-aspect`).
    var aspect: OutputAspect?
    var audio: AudioMode = .copy
    /// The audio encoder by FFmpeg's name (`-c:a NAME`).
    var audioEncoder: String?
    /// Bits per second of re-encoded audio (`-b:a`).
    var audioBitrate: Int?
    /// Re-encoded audio's sample rate and channels (`-ar`, `-ac`).
    var audioSampleRate: Int?
    var audioChannels: Int?
    /// The video encoder's options by FFmpeg's names (`-profile:v`, `-tune`,
    /// `--encoder-option`), the muxer's (`-movflags`), the file's tags
    /// (`-metadata`) and the video's FourCC (`-tag:v`), for every output.
    var encoderOptions: [String: String] = [:]
    var muxerOptions: [String: String] = [:]
    var metadata: [String: String] = [:]
    var videoTag: String?
    /// FFmpeg's `-af`: audio filters between each track and its encoder.
    var audioFilter: AudioFilterChain?
    /// `-c:a copy` or `--audio copy` was given (which `-af` cannot go with).
    var copiesAudioAsIs = false
    /// The subtitles' codec (`-c:s`): `copy` or an encoder's name; nil: copied or converted as the container needs.
    var subtitleCodec: String?
    /// Keep the input's file tags (false: FFmpeg's `-map_metadata -1`).
    var keepsSourceTags = true
    /// Keep the input's chapters (false: FFmpeg's `-map_chapters -1`).
    var keepsSourceChapters = true
    /// With several outputs, the encoder options of each output after the
    /// first, in the order of `moreOutputs`: those given between the
    /// previous `-o` and its own (after the last `-o`, for the last), over
    /// the ones given before the first `-o`, which every output takes.
    var outputEncoders: [EncoderOverrides] = []
    /// The encoder options given since the first `-o`, not yet an output's.
    var pendingEncoder = EncoderOverrides()
    var start: Double?
    /// Whether -ss came before the first -i (an input option: the output's
    /// time starts there, so a later -to counts from it, as in FFmpeg).
    var startBeforeInput = false
    /// FFmpeg's -to: the time to stop at, and whether it came before the
    /// first -i (the input's time); made a duration after the arguments.
    var endTime: Double?
    var endBeforeInput = false
    var duration: Double?
    var frames: Int?
    /// `-r`: the output's frame rate, converted after the filters.
    var frameRate: FrameRateConversion?
    var nullOutput = false
    /// After FFmpeg's `-f null`: the next bare argument (`-`, `/dev/null`)
    /// names the discarded output, not a file.
    var nullOutputNamePending = false
    var quiet = false
    var verbose = false
    var json = false
    var device: String?
    var gallery: String?
    var maxPixels: Int?
    var strict = false
    var framesInFlight: Int?
    var fusion = true
    /// `--linear`: blurs and resizes run in linear light (`FilterChain.linearized()`).
    var linear = false
    var precision: Precision = .half
    var applyRotation = false
    /// `--map` selectors, in the order given.
    var maps: [StreamMap] = []
    var keepTimestamps = false
    /// Seconds one frame may take; nil is the default, 0 no limit.
    var frameTimeout: Double?

    /// `--drop`: which frames a live input drops when processing is slower than it.
    enum DropPolicy: String, Equatable {
        /// Frames that arrive while 8 wait are dropped (the default).
        case newest
        /// The oldest waiting frame gives way to the one that arrives.
        case oldest
        /// Nothing is dropped: the input waits (its own buffers may overflow).
        case none

        /// Frames a live input keeps waiting before it drops.
        static let capacity = 8

        var delivery: DeliveryPolicy {
            switch self {
            case .newest: return .boundedDropNewest(Self.capacity)
            case .oldest: return .boundedDropOldest(Self.capacity)
            case .none: return .lossless
            }
        }
    }

    /// What a stopping signal does to a run.
    enum InterruptAction: String, Equatable {
        /// Stop the input and finish the output: the recorder's contract decides.
        case finish
        /// Abandon the run: nothing is left at the output.
        case cancel
    }

    /// Takes the waiting `-f` and input options for the input `text`.
    /// The input `text` with the format and options given before it; a
    /// `-t` before an `-i` (`flagged`) is its length.
    mutating func takeInput(_ text: String, flagged: Bool = false) -> InputArgument {
        defer {
            pendingFormat = nil
            pendingInputOptions = [:]
            if flagged { pendingLength = nil }
        }
        return InputArgument(
            text: text, format: pendingFormat, options: pendingInputOptions, length: flagged ? pendingLength : nil)
    }

    /// FFmpeg's `-s` after the inputs with nothing else waiting for an
    /// input: the output's size, a scale after the chain (FFmpeg's last
    /// filter).
    mutating func takeOutputSize() {
        guard !flaggedInputs.isEmpty, pendingFormat == nil, pendingInputOptions.keys.elementsEqual(["video_size"]),
            let size = pendingInputOptions.removeValue(forKey: "video_size")
        else { return }
        outputScale = "scale=" + size.replacingOccurrences(of: "x", with: ":")
    }

    /// The whole chain, as one text form.
    var chain: String { chains.joined(separator: ",") }
}

/// The encoder options one output sets for itself (nil: the run's).
struct EncoderOverrides: Equatable {
    var codec: VideoCodec?
    var crf: Int?
    var preset: String?
    var bitrate: Int?
    var gop: Int?
    var audio: AudioMode?
    var audioEncoder: String?
    var audioBitrate: Int?
    var audioSampleRate: Int?
    var audioChannels: Int?
    var pixelFormat: String?
    var aspect: OutputAspect?

    var isEmpty: Bool { self == EncoderOverrides() }

    /// `later`'s options over these.
    func merged(with later: EncoderOverrides) -> EncoderOverrides {
        EncoderOverrides(
            codec: later.codec ?? codec, crf: later.crf ?? crf, preset: later.preset ?? preset,
            bitrate: later.bitrate ?? bitrate, gop: later.gop ?? gop, audio: later.audio ?? audio,
            audioEncoder: later.audioEncoder ?? audioEncoder, audioBitrate: later.audioBitrate ?? audioBitrate,
            audioSampleRate: later.audioSampleRate ?? audioSampleRate,
            audioChannels: later.audioChannels ?? audioChannels,
            pixelFormat: later.pixelFormat ?? pixelFormat, aspect: later.aspect ?? aspect)
    }
}

extension CommandLineOptions {
    /// Sets an encoder option: the run's before the first `-o`, else the
    /// next output's (the last one's, when no `-o` follows).
    mutating func setEncoder(_ change: (inout EncoderOverrides) -> Void) {
        if output == nil {
            var run = runEncoder
            change(&run)
            runEncoder = run
        } else {
            change(&pendingEncoder)
        }
    }

    /// The run's encoder options, as one value.
    private var runEncoder: EncoderOverrides {
        get {
            EncoderOverrides(
                codec: codec, crf: crf, preset: preset, bitrate: bitrate, gop: gop, audio: audio,
                audioEncoder: audioEncoder, audioBitrate: audioBitrate, audioSampleRate: audioSampleRate,
                audioChannels: audioChannels, pixelFormat: pixelFormat, aspect: aspect)
        }
        set {
            (codec, crf, preset, bitrate, gop, audio, audioEncoder, audioBitrate) = (
                newValue.codec, newValue.crf, newValue.preset, newValue.bitrate, newValue.gop, newValue.audio ?? audio,
                newValue.audioEncoder, newValue.audioBitrate
            )
            (audioSampleRate, audioChannels, pixelFormat, aspect) = (
                newValue.audioSampleRate, newValue.audioChannels, newValue.pixelFormat, newValue.aspect
            )
        }
    }

    /// After the last argument: the options after the last `-o` are the
    /// last output's, or the run's when there is one output.
    mutating func settleEncoders() {
        defer { pendingEncoder = EncoderOverrides() }
        guard !pendingEncoder.isEmpty else { return }
        if outputEncoders.isEmpty {
            runEncoder = runEncoder.merged(with: pendingEncoder)
        } else {
            outputEncoders[outputEncoders.count - 1] = outputEncoders[outputEncoders.count - 1].merged(
                with: pendingEncoder)
        }
    }
}
