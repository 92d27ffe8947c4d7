import CFFmpeg
import Foundation

/// An input a run takes streams from but decodes no video of, as FFmpeg
/// takes the song of `-loop 1 -i cover.png -i song.m4a`: its streams as
/// FFmpeg probes them, where its timeline starts and where each stream
/// ends. The recorder reads the streams it carries from the file again
/// (`AddedStreamsSource`).
public struct StreamsInput: Sendable, Equatable {
    /// Where the streams are read from: a file, or a URL read as a file.
    public let location: MediaLocation
    /// Every stream of the input.
    public let streams: [StreamInfo]
    /// Seconds on the input's timeline where it starts (FFmpeg's start
    /// time; 0 when none is declared): the output's 0 for its streams.
    public let startTime: Double
    /// Each stream's end in seconds on the input's timeline, by stream
    /// index, where its duration or the file's is declared.
    public let ends: [Int: Double]

    /// Each part as given.
    public init(location: MediaLocation, streams: [StreamInfo], startTime: Double, ends: [Int: Double]) {
        self.location = location
        self.streams = streams
        self.startTime = startTime
        self.ends = ends
    }

    /// Opens `location` (a file or a URL FFmpeg reads as one) as
    /// `options` say (its format, format options and timeout; the rest is
    /// the video's) and reads its streams, with the checks and errors of
    /// an `AssetSource`.
    public static func probe(_ location: MediaLocation, options: AssetSource.Options = AssetSource.Options())
        throws(MediaError) -> StreamsInput
    {
        let timeout = options.timeout
        let (input, _) = try AssetSource.openDemuxer(
            location: location, options: options, watchdog: IOWatchdog(timeout: timeout))
        let nopts = cav_nopts_value()
        let start = input.pointer.pointee.start_time
        let startTime = start != nopts ? Double(start) / Double(cav_time_base()) : 0
        var ends: [Int: Double] = [:]
        let fileDuration = input.pointer.pointee.duration
        for index in 0..<input.streamCount {
            let stream = input.stream(index)
            let timeBase = av_q2d(stream.pointee.time_base)
            if stream.pointee.duration != nopts, stream.pointee.duration > 0 {
                let first =
                    stream.pointee.start_time != nopts ? Double(stream.pointee.start_time) * timeBase : startTime
                ends[index] = first + Double(stream.pointee.duration) * timeBase
            } else if fileDuration != nopts, fileDuration > 0 {
                ends[index] = startTime + Double(fileDuration) / Double(cav_time_base())
            }
        }
        return StreamsInput(
            location: location, streams: AssetSource.describeStreams(input), startTime: startTime, ends: ends)
    }

    /// True when the input has a video stream that is not cover art.
    public var hasVideo: Bool { streams.contains { $0.kind == .video && !$0.isAttachedPicture } }

    /// The stream FFmpeg's default selection takes for a kind among
    /// several inputs' streams: for audio the one with the most channels,
    /// the first input's on a tie.
    public static func bestAudio(_ candidates: [(input: Int, stream: StreamInfo)]) -> (input: Int, stream: StreamInfo)?
    {
        candidates.filter { $0.stream.kind == .audio }.reduce(nil) { best, candidate in
            guard let best else { return candidate }
            return (candidate.stream.channels ?? 0) > (best.stream.channels ?? 0) ? candidate : best
        }
    }
}
