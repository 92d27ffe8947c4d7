/// Everything the command line asked for.
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

    enum AudioMode: String, Equatable, CaseIterable {
        case copy, none, reencode
    }

    enum Precision: String, Equatable, CaseIterable {
        case half, float
    }

    var action: Action = .render
    var input: String?
    var output: String?
    /// Chain texts in the order given; they are joined with commas.
    var chains: [String] = []
    var overwrite = false
    var codec: String?
    var crf: Int?
    var preset: String?
    var bitrate: String?
    var gop: Int?
    var audio: AudioMode = .copy
    var start: Double?
    var duration: Double?
    var frames: Int?
    var nullOutput = false
    var quiet = false
    var json = false
    var device: String?
    var gallery: String?
    var maxPixels: Int?
    var strict = false
    var framesInFlight: Int?
    var fusion = true
    var precision: Precision = .half
    var applyRotation = false

    /// The whole chain, as one text form.
    var chain: String { chains.joined(separator: ",") }
}
