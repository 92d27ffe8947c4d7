/// The fields of harbeth-render's `--json` report (its last line of
/// standard output) that the bench records for each run of ours.
struct HarbethReport: Codable, Sendable {
    var frames: Int
    var elapsedSeconds: Double
    var decodeSeconds: Double
    /// Sum over frames of submission-to-completion: frames overlap, so this
    /// can exceed the wall time.
    var gpuSeconds: Double
    var uploadSeconds: Double
    var encodeSeconds: Double
    var shaderCompiles: Int
    var shaderCacheHits: Int
    var shaderDiskCacheHits: Int
    var pipelinesCreated: Int
    var gpuPassesPerFrame: Int
    var passes: [String]
    /// nil when the run started no device (its chain needs no GPU pass).
    var device: String?
}
