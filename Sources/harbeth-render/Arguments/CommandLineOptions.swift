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
    }

    enum Precision: String, Equatable, CaseIterable {
        case half, float
    }

    var action: Action = .render
    /// Input 0 (the first -i or positional input).
    var input: String?
    /// Every input, in order (-i and positional ones); input 0 first.
    var inputs: [String] = []
    /// `-i` paths in the order given, before positional ones join them.
    var flaggedInputs: [String] = []
    /// A filtergraph (`--graph`, `-filter_complex`) over the inputs.
    var graph: String?
    /// The graph output to write, from `--map '[LABEL]'`.
    var graphOutput: String?
    /// When a run with several inputs ends; nil: by the graph (longest
    /// with a transition, else first).
    var endRule: SynchronizedSource.EndRule?
    var output: String?
    /// Chain texts in the order given (`--filter`, `--shader`); they are
    /// joined with commas.
    var chains: [String] = []
    var overwrite = false
    var codec: VideoCodec?
    var crf: Int?
    var preset: String?
    /// Bits per second.
    var bitrate: Int?
    var gop: Int?
    var audio: AudioMode = .copy
    var start: Double?
    var duration: Double?
    var frames: Int?
    var nullOutput = false
    var quiet = false
    var verbose = false
    var json = false
    var device: String?
    var gallery: String?
    var maxPixels: Int?
    var strict = false
    var framesInFlight: Int?
    var fusion = true
    var precision: Precision = .half
    var applyRotation = false
    /// `--map` selectors, in the order given.
    var maps: [StreamMap] = []
    var keepTimestamps = false
    /// Seconds one frame may take; nil is the default, 0 no limit.
    var frameTimeout: Double?

    /// The whole chain, as one text form.
    var chain: String { chains.joined(separator: ",") }
}
