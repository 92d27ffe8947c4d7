import Foundation
import Kakapos

/// What `--json` prints: one object on the last line of standard output.
/// Times are seconds; `gpuSeconds` sums each frame's time from submission
/// to GPU completion (frames overlap, so it can exceed the wall time).
struct RunReport: Encodable, Equatable {
    var input: String
    /// nil with `--null`.
    var output: String?
    var chain: String
    var frames: Int
    /// Seconds of video written (or seen, with `--null`).
    var duration: Double
    /// Wall-clock seconds from starting the pipeline to its end.
    var elapsedSeconds: Double
    /// Frames per second of wall time.
    var fps: Double
    /// Seconds of video per second of wall time.
    var speed: Double
    var width: Int
    var height: Int
    /// The layout frames left the GPU in, e.g. `yuv420p`.
    var layout: String
    /// The Vulkan device's name; nil when the run started none (no GPU pass).
    var device: String?
    /// The encoder, e.g. `libx264`; nil with `--null`.
    var codec: String?
    /// What happened to the audio, e.g. `aac (copied)`.
    var audio: String?
    var gpuPassesPerFrame: Int
    var passes: [String]
    /// Bytes of intermediate images a frame in flight holds at its peak.
    var intermediateBytes: Int
    var decodeSeconds: Double
    var gpuSeconds: Double
    /// Seconds copying planes into GPU memory and preparing each frame.
    var uploadSeconds: Double
    var encodeSeconds: Double
    var shaderCompiles: Int
    /// Shader lookups answered from the memory and disk caches.
    var shaderCacheHits: Int
    var shaderDiskCacheHits: Int
    var pipelinesCreated: Int
    /// Packets that failed to decode and were skipped.
    var skippedFrames: Int
    /// Frames a live input dropped because processing fell behind (`--drop`).
    var droppedFrames: Int = 0
    var notes: [String]
    /// Every output written, in order: `output`, then the other outputs of
    /// a graph (`--map '[LABEL]' -o PATH` each); empty with `--null`.
    var outputs: [String] = []

    private enum CodingKeys: String, CodingKey {
        case input, output, chain, frames, duration, elapsedSeconds, fps, speed, width, height, layout, device, codec
        case audio, gpuPassesPerFrame, passes, intermediateBytes, decodeSeconds, gpuSeconds, uploadSeconds,
            encodeSeconds
        case shaderCompiles, shaderCacheHits, shaderDiskCacheHits, pipelinesCreated, skippedFrames, droppedFrames, notes
        case outputs
    }

    /// Like the synthesised encoding, except that absent values are written
    /// as `null` rather than left out, so every report has every key.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        try container.encode(output, forKey: .output)
        try container.encode(chain, forKey: .chain)
        try container.encode(frames, forKey: .frames)
        try container.encode(duration, forKey: .duration)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(fps, forKey: .fps)
        try container.encode(speed, forKey: .speed)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(layout, forKey: .layout)
        try container.encode(device, forKey: .device)
        try container.encode(codec, forKey: .codec)
        try container.encode(audio, forKey: .audio)
        try container.encode(gpuPassesPerFrame, forKey: .gpuPassesPerFrame)
        try container.encode(passes, forKey: .passes)
        try container.encode(intermediateBytes, forKey: .intermediateBytes)
        try container.encode(decodeSeconds, forKey: .decodeSeconds)
        try container.encode(gpuSeconds, forKey: .gpuSeconds)
        try container.encode(uploadSeconds, forKey: .uploadSeconds)
        try container.encode(encodeSeconds, forKey: .encodeSeconds)
        try container.encode(shaderCompiles, forKey: .shaderCompiles)
        try container.encode(shaderCacheHits, forKey: .shaderCacheHits)
        try container.encode(shaderDiskCacheHits, forKey: .shaderDiskCacheHits)
        try container.encode(pipelinesCreated, forKey: .pipelinesCreated)
        try container.encode(skippedFrames, forKey: .skippedFrames)
        try container.encode(droppedFrames, forKey: .droppedFrames)
        try container.encode(notes, forKey: .notes)
        try container.encode(outputs, forKey: .outputs)
    }

    /// The report as one line of JSON.
    func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every field is a plain value: encoding cannot fail.
        let data = try! encoder.encode(self)
        return String(decoding: data, as: UTF8.self)
    }

    /// Rounds times to microseconds, so the JSON does not carry float noise.
    static func rounded(_ seconds: Double) -> Double {
        (seconds * 1e6).rounded() / 1e6
    }
}
