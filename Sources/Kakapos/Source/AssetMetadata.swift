import Foundation
import Harbeth

/// What a source knows about its file before the first frame is delivered.
public struct AssetMetadata: Sendable, Equatable {
    /// The file described.
    public let url: URL
    /// The demuxer FFmpeg chose, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `image2`.
    public let containerName: String
    /// The video codec, e.g. `h264`.
    public let codecName: String
    /// The width of the delivered frames, in pixels.
    public let width: Int
    /// The height of the delivered frames, in pixels.
    public let height: Int
    /// The stream's average frame rate (`avg_frame_rate`), when known.
    public let averageFrameRate: Rational?
    /// The lowest rate that represents every timestamp (`r_frame_rate`).
    public let realFrameRate: Rational?
    /// The unit of the video stream's timestamps.
    public let timeBase: Rational
    /// The video stream's (or else the file's) duration in seconds.
    public let duration: Double?
    /// The first video timestamp in seconds, when known.
    public let startTime: Double?
    /// The number of video frames the container declares, when it does.
    public let frameCount: Int?
    /// The source's colour matrix and range; nil for untagged video.
    public let colorimetry: Colorimetry?
    /// The source's colour primaries and transfer as FFmpeg names them
    /// (e.g. `bt709`), or nil when unspecified.
    public let colorPrimaries: String?
    /// The transfer characteristic, e.g. `smpte2084` for PQ.
    public let colorTransfer: String?
    /// The pixel format the decoder produces, e.g. `yuv420p` or `rgb24`.
    public let pixelFormat: String
    /// The layout frames are delivered in.
    public let layout: PixelLayout
    /// How frames get from `pixelFormat` to `layout`: nil when the decoder's
    /// planes are handed over as they are, otherwise a description such as
    /// `rgb24 -> rgba8 (swscale)`.
    public let conversion: String?
    /// The rotation of the stream's display matrix in degrees, normalised to
    /// 0..<360: the angle `av_display_rotation_get` returns and ffprobe prints
    /// (counter-clockwise; FFmpeg 5.1 writes `-metadata:s:v rotate=90` as 90).
    /// 0 without a display matrix.
    public let rotation: Int
    /// The audio stream that goes with the video, if any (FFmpeg's best).
    public let audio: AudioStreamInfo?
    /// The index of the video stream that is decoded.
    public let videoStreamIndex: Int
    /// Every stream of the file, the decoded video among them.
    public let streams: [StreamInfo]
    /// The file's chapters, in order.
    public let chapters: [Chapter]
    /// The file's global metadata (`title`, `artist`, ...).
    public let tags: [String: String]
    /// The earliest timestamp of any stream in seconds: where the file's
    /// timeline starts (11.4 for a transport stream cut from a broadcast).
    /// A recording's output starts at 0 there, as FFmpeg's does.
    public let fileStartTime: Double?
    /// The video's field order, when the file says.
    public let fieldOrder: FieldOrder?
    /// The SMPTE timecode of the first frame (`01:00:00:00`), from the video
    /// stream, a timecode track or the file's tags.
    public let timecode: String?
    /// True for single images read through the image demuxers.
    public let isStillImage: Bool
    /// HDR10's static metadata (mastering display, light levels), from the
    /// stream or the first frame; nil when there is none.
    public let hdr: HDRMetadata?
    /// The shape of the stream's pixels (the stream's sample aspect ratio,
    /// else the codec's): 32:27 for an anamorphic 16:9 DVD; nil when the
    /// file declares none (players take square pixels).
    public let sampleAspectRatio: SampleAspectRatio?

    /// The streams other than the decoded video, e.g. `subtitle stream 2 (subrip)`.
    public var otherStreams: [StreamInfo] { streams.filter { $0.index != videoStreamIndex } }

    /// True when the file has an audio stream to go with the video.
    public var hasAudio: Bool { audio != nil }

    /// The format of the frames the source delivers.
    public var frameFormat: FrameFormat {
        FrameFormat(width: width, height: height, layout: layout, colorimetry: colorimetry)
    }
}

/// The audio stream of a file.
public struct AudioStreamInfo: Sendable, Equatable {
    /// The stream's index in the file.
    public let streamIndex: Int
    /// The audio codec, e.g. `aac`.
    public let codecName: String
    /// Samples per second.
    public let sampleRate: Int
    /// The number of channels.
    public let channels: Int
}
