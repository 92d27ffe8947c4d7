import CFFmpeg
import Foundation

/// How one input splits into `N` shards that can be rendered apart and
/// joined with a stream copy: each shard starts at a key frame, they hold
/// about equal numbers of frames, and every frame belongs to exactly one.
///
/// The boundaries come from the video stream's packets (read, not decoded):
/// their timestamps and key-frame flags. A shard is the frames whose
/// timestamps are in `range`, in the stream's own ticks, which
/// `AssetSource.Options.range` renders exactly.
public struct ShardPlan: Sendable, Codable, Equatable {
    /// One shard.
    public struct Shard: Sendable, Codable, Equatable {
        /// 0 for the first.
        public var index: Int
        /// Its frames' timestamps, in `ShardPlan.timeBase` ticks.
        public var range: TickRange
        /// Its first frame's number in the input (presentation order).
        public var firstFrame: Int
        /// How many frames it holds.
        public var frameCount: Int
        /// Its first frame's time, in seconds of the input.
        public var startTime: Double
    }

    /// The input planned.
    public var input: String
    /// The video stream's index in the file.
    public var videoStream: Int
    /// The unit of the ranges: the stream's time base, as numerator and denominator.
    public var timeBase: [Int32]
    /// The frames of the whole stream.
    public var frameCount: Int
    /// The key frames the boundaries could be chosen from.
    public var keyFrames: Int
    /// The shards, in order.
    public var shards: [Shard]

    /// Plans `count` shards of the video of the file at `path` (its `videoStreamNumber`-th video stream, or
    /// FFmpeg's best). Throws `tooFewKeyFrames` when the stream has fewer key frames than shards.
    public static func make(path: String, count: Int, videoStreamNumber: Int? = nil) throws(MediaError) -> ShardPlan {
        guard count >= 1 else { throw .invalidShard(input: path, reason: "a plan needs 1 shard or more, not \(count)") }
        let (input, stream) = try FFInputContext.videoStream(of: path, number: videoStreamNumber)
        let frames: [(pts: Int64, key: Bool, duration: Int64)]
        do { frames = try input.videoPackets(of: stream) } catch { throw .readFailed(path: path, error: error) }
        let keys = frames.indices.filter { frames[$0].key }
        guard !frames.isEmpty, let firstKey = keys.first else {
            throw .noDecodableFrames(path: path, undecodablePackets: 0)
        }
        guard keys.count >= count else {
            throw .invalidShard(
                input: path, reason: "\(keys.count) key frame(s) make at most \(keys.count) shard(s), not \(count)")
        }
        // Boundary i is the key frame nearest to i/N of the frames, each after the last.
        var starts = [firstKey]
        for shard in 1..<count {
            let target = frames.count * shard / count
            let remaining = count - shard
            let candidates = keys.filter { $0 > starts.last! }.dropLast(remaining - 1)
            let nearest = candidates.min { abs($0 - target) < abs($1 - target) }!
            starts.append(nearest)
        }
        let base = input.stream(stream).pointee.time_base
        let tick = av_q2d(base)
        var shards: [Shard] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : frames.count
            shards.append(
                Shard(
                    index: index,
                    range: TickRange(
                        start: index == 0 ? nil : frames[start].pts,
                        end: index + 1 < starts.count ? frames[end].pts : nil),
                    firstFrame: index == 0 ? 0 : start, frameCount: end - (index == 0 ? 0 : start),
                    startTime: Double(frames[index == 0 ? 0 : start].pts) * tick))
        }
        return ShardPlan(
            input: path, videoStream: stream, timeBase: [base.num, base.den], frameCount: frames.count,
            keyFrames: keys.count, shards: shards)
    }

    /// Shard `index`, or `invalidShard` when there is none.
    public func shard(_ index: Int) throws(MediaError) -> Shard {
        guard shards.indices.contains(index) else {
            throw .invalidShard(
                input: input, reason: "shard \(index) of \(shards.count) does not exist (0...\(shards.count - 1))")
        }
        return shards[index]
    }
}

extension FFInputContext {
    /// The file at `path` opened for its video stream alone: its
    /// `number`-th video stream (attached pictures aside), or FFmpeg's
    /// best; every other stream is discarded, so reading it reads that
    /// stream's packets. Shard plans and a video's length read it so.
    static func videoStream(of path: String, number: Int? = nil) throws(MediaError) -> (FFInputContext, Int) {
        let input: FFInputContext
        do {
            input = try FFInputContext(path: path)
            try input.findStreamInfo(codecOptions: [])
        } catch {
            throw .readFailed(path: path, error: error)
        }
        let videos = (0..<input.streamCount).filter {
            input.stream($0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
                && input.stream($0).pointee.disposition & cav_disposition_attached_pic() == 0
        }
        let stream: Int
        if let number {
            guard number < videos.count else {
                throw .noSuchVideoStream(path: path, number: number, count: videos.count)
            }
            stream = videos[number]
        } else {
            let best = Int(av_find_best_stream(input.pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0))
            guard let first = videos.first else { throw .noVideoStream(path: path, streams: []) }
            stream = videos.contains(best) ? best : first
        }
        for index in 0..<input.streamCount where index != stream {
            input.stream(index).pointee.discard = AVDISCARD_ALL
        }
        return (input, stream)
    }

    /// Every packet of `stream`, read to the end without decoding: its
    /// timestamp (the decoding one where it has no presentation one),
    /// whether it is a key frame and its duration (0 where unknown), in
    /// presentation order. Shard plans, joins and a video's length
    /// (`AssetSource.videoSeconds`) all see a stream this way.
    func videoPackets(of stream: Int) throws(AVError) -> [(pts: Int64, key: Bool, duration: Int64)] {
        var frames: [(pts: Int64, key: Bool, duration: Int64)] = []
        let packet = try FFPacket()
        let nopts = cav_nopts_value()
        while true {
            packet.unref()
            guard try read(into: packet) else { break }
            let raw = packet.pointer.pointee
            guard raw.stream_index == Int32(stream) else { continue }
            let pts = raw.pts != nopts ? raw.pts : raw.dts
            guard pts != nopts else { continue }
            frames.append((pts, raw.flags & AV_PKT_FLAG_KEY != 0, raw.duration))
        }
        return frames.sorted { $0.pts < $1.pts }
    }
}
