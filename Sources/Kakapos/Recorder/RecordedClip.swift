import Foundation

/// A finished recording: the file exists at `url` with at least one frame
/// (for a pipe or URL: the stream was written and closed; for an image
/// sequence: `images` are in place).
public struct RecordedClip: Sendable, Equatable {
    /// Where the file is.
    public let url: URL
    /// The files of an image sequence, in order; empty for anything else.
    public var images: [String] = []
    /// Presentation time of the first frame and end of the last, in seconds.
    public let timeRange: ClosedRange<Double>
    /// Seconds from the first frame to the end of the last.
    public var duration: Double { timeRange.upperBound - timeRange.lowerBound }
    /// Video frames written.
    public let frameCount: Int
    /// The encoder, e.g. `libx264`.
    public let codecName: String
    /// The encoded picture size.
    public let width: Int
    /// The encoded picture height in pixels.
    public let height: Int
    /// The pixel format the encoder received, e.g. `yuv420p`.
    public let pixelFormat: String
    /// The muxer, e.g. `mp4`.
    public let container: String
    /// The file's size in bytes (the stream's, the images' together).
    public let fileSize: Int64
    /// What happened to the audio, e.g. `aac (copied)`; nil without audio.
    public let audio: String?
    /// Things a user should know: re-encoded audio, dropped streams,
    /// ignored options.
    public let notes: [String]

    /// One line describing the stream, e.g. `libx264 160x120 yuv420p, 25 frames, 1.000 s, aac (copied)`.
    public var streamDescription: String {
        var text =
            "\(codecName) \(width)x\(height) \(pixelFormat), \(frameCount) frames, "
            + String(format: "%.3f s", duration)
        if let audio { text += ", \(audio)" }
        return text
    }
}
