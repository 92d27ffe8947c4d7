import CFFmpeg
import Foundation

/// Joins rendered shards into one file with a stream copy (nothing is
/// decoded or encoded), the source's audio muxed once, and checks first
/// that they make the whole: the same video in each, in order, with no gap
/// and no overlap, and, when the source is given, exactly the frames its
/// `ShardPlan` puts in each shard.
///
/// The output is written as a recording is: to a hidden temporary file
/// beside it, renamed into place at the end, and only over a regular file
/// with `overwrite`; a failure leaves nothing.
public enum ShardJoin {
    /// What a join made.
    public struct Summary: Sendable, Equatable {
        /// The shards, in the order joined.
        public var shards: [String]
        /// Video frames in the output.
        public var frameCount: Int
        /// Seconds from the first frame to the end of the last.
        public var duration: Double
        /// The audio streams copied from the source.
        public var audioStreams: Int
        /// The output's size in bytes.
        public var fileSize: Int64
    }

    /// One shard's video, scanned.
    private struct Scan {
        let path: String
        let input: FFInputContext
        let stream: Int
        /// Timestamps in seconds, in presentation order.
        let times: [Double]
        /// One frame's length, from the stream's timing.
        let frameLength: Double

        /// The time between its last two frames (or one frame's length).
        var lastStep: Double { times.count > 1 ? times[times.count - 1] - times[times.count - 2] : frameLength }
        /// The time between its first two frames (or one frame's length).
        var firstStep: Double { times.count > 1 ? times[1] - times[0] : frameLength }
    }

    /// Joins `shards` (their order does not matter: they are put in time
    /// order) into `output`, with every audio stream of `audioFrom` (the
    /// source), whose `ShardPlan` the shards are then checked against.
    public static func join(
        shards: [String], output: String, audioFrom source: String? = nil, overwrite: Bool = false
    ) throws(MediaError) -> Summary {
        guard !shards.isEmpty else { throw .shardsDoNotJoin(shard: output, reason: "no shard was given") }
        let target = try OutputFile(output)
        try target.checkReplaceable(overwrite: overwrite)
        guard let container = Container(pathExtension: PathName(output).pathExtension), !container.isStillImage
        else {
            throw .unsupportedContainer(path: output, pathExtension: PathName(output).pathExtension)
        }
        let scans = try shards.map { (path: String) throws(MediaError) -> Scan in try scan(path) }
            .sorted { ($0.times.first ?? 0) < ($1.times.first ?? 0) }
        try checkSameVideo(scans)
        // Against the plan first: it names an incomplete shard as such.
        if let source { try checkAgainstPlan(scans, source: source) }
        try checkContiguous(scans)
        let sourceInput: FFInputContext?
        if let source {
            do {
                let input = try FFInputContext(path: source)
                try input.findStreamInfo(codecOptions: [])
                sourceInput = input
            } catch {
                throw .readFailed(path: source, error: error)
            }
        } else {
            sourceInput = nil
        }
        return try write(scans, to: target, container: container, source: sourceInput, overwrite: overwrite)
    }

    // MARK: Checks

    private static func scan(_ path: String) throws(MediaError) -> Scan {
        guard OutputFile.entry(at: path) == .regularFile else { throw .fileNotFound(path: path) }
        let input: FFInputContext
        do {
            input = try FFInputContext(path: path)
            try input.findStreamInfo(codecOptions: [])
        } catch {
            throw .shardsDoNotJoin(shard: path, reason: "it cannot be read (\(error)): incomplete?")
        }
        guard
            let stream = (0..<input.streamCount).first(where: {
                input.stream($0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
            })
        else { throw .shardsDoNotJoin(shard: path, reason: "it has no video") }
        let base = av_q2d(input.stream(stream).pointee.time_base)
        let times: [Double]
        do { times = try input.videoPackets(of: stream).map { Double($0.pts) * base } } catch {
            throw .shardsDoNotJoin(shard: path, reason: "reading it failed (\(error)): incomplete?")
        }
        guard !times.isEmpty else { throw .shardsDoNotJoin(shard: path, reason: "it holds no frame") }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        let rate = av_q2d(input.stream(stream).pointee.avg_frame_rate)
        let length = gaps.isEmpty ? (rate > 0 ? 1 / rate : 0.04) : gaps[gaps.count / 2]
        return Scan(path: path, input: input, stream: stream, times: times, frameLength: length)
    }

    private static func checkSameVideo(_ scans: [Scan]) throws(MediaError) {
        let first = scans[0].input.stream(scans[0].stream).pointee.codecpar.pointee
        for scan in scans.dropFirst() {
            let this = scan.input.stream(scan.stream).pointee.codecpar.pointee
            guard this.codec_id == first.codec_id, this.width == first.width, this.height == first.height,
                this.format == first.format
            else {
                throw .shardsDoNotJoin(
                    shard: scan.path,
                    reason:
                        "its video (\(String(cString: avcodec_get_name(this.codec_id))) \(this.width)x\(this.height))"
                        + " is not the first shard's (\(String(cString: avcodec_get_name(first.codec_id)))"
                        + " \(first.width)x\(first.height))")
            }
        }
    }

    /// Each shard begins one frame after the one before it ends.
    private static func checkContiguous(_ scans: [Scan]) throws(MediaError) {
        for (previous, next) in zip(scans, scans.dropFirst()) {
            let last = previous.times.last!
            let first = next.times.first!
            let overlap = previous.times.filter { $0 >= first - 1e-6 }.count
            if overlap > 0 {
                throw .shardsDoNotJoin(
                    shard: next.path, reason: "it overlaps \(PathName(previous.path).name) by \(overlap) frame(s)")
            }
            // One frame's step is expected: the step at the end of the one
            // before or at the start of this one (they differ where the
            // frame rate changes), half a step more is a gap.
            let step = max(previous.lastStep, next.firstStep)
            if first - last > step * 1.5 {
                throw .shardsDoNotJoin(
                    shard: next.path,
                    reason: String(format: "a gap of %.3f s", first - last - step)
                        + " after \(PathName(previous.path).name)")
            }
        }
    }

    /// With the source: its plan for as many shards, frame for frame.
    private static func checkAgainstPlan(_ scans: [Scan], source: String) throws(MediaError) {
        let plan = try ShardPlan.make(path: source, count: scans.count)
        let tick = Double(plan.timeBase[0]) / Double(plan.timeBase[1])
        for (scan, planned) in zip(scans, plan.shards) {
            guard scan.times.count == planned.frameCount else {
                throw .shardsDoNotJoin(
                    shard: scan.path,
                    reason: "it holds \(scan.times.count) frame(s) where the plan of \(PathName(source).name) has"
                        + " \(planned.frameCount) (shard \(planned.index) of \(plan.shards.count)): incomplete?")
            }
            let expected = planned.index == 0 ? planned.startTime : Double(planned.range.start ?? 0) * tick
            if abs(scan.times.first! - expected) > scan.frameLength / 2 {
                throw .shardsDoNotJoin(
                    shard: scan.path,
                    reason: String(
                        format: "it starts at %.3f s where shard %d of the plan starts at %.3f s",
                        scan.times.first!, planned.index, expected))
            }
        }
    }

    // MARK: Writing

    private static func write(
        _ scans: [Scan], to target: OutputFile, container: Container, source: FFInputContext?, overwrite: Bool
    ) throws(MediaError) -> Summary {
        let output = target.requested
        let temporaryURL = TemporaryOutput.url(for: URL(fileURLWithPath: target.path))
        let muxer: FFOutputContext
        let video: UnsafeMutablePointer<AVStream>
        var audio: [Int: UnsafeMutablePointer<AVStream>] = [:]
        do {
            muxer = try FFOutputContext(path: temporaryURL.path, formatName: container.muxer)
            video = try muxer.addStream()
            let first = scans[0].input.stream(scans[0].stream)
            try check(avcodec_parameters_copy(video.pointee.codecpar, first.pointee.codecpar))
            video.pointee.codecpar.pointee.codec_tag = 0
            video.pointee.time_base = first.pointee.time_base
            video.pointee.avg_frame_rate = first.pointee.avg_frame_rate
            if let source {
                for index in 0..<source.streamCount {
                    let stream = source.stream(index)
                    let parameters = stream.pointee.codecpar.pointee
                    guard parameters.codec_type == AVMEDIA_TYPE_AUDIO,
                        avformat_query_codec(muxer.format, parameters.codec_id, FF_COMPLIANCE_NORMAL) == 1
                    else {
                        stream.pointee.discard = AVDISCARD_ALL
                        continue
                    }
                    let copy = try muxer.addStream()
                    try check(avcodec_parameters_copy(copy.pointee.codecpar, stream.pointee.codecpar))
                    copy.pointee.codecpar.pointee.codec_tag = 0
                    copy.pointee.time_base = stream.pointee.time_base
                    av_dict_copy(&copy.pointee.metadata, stream.pointee.metadata, 0)
                    audio[index] = copy
                }
            }
        } catch {
            throw .muxerOpenFailed(path: output, error: error)
        }
        let temporary: TemporaryOutput
        do {
            temporary = try TemporaryOutput(temporaryURL)
            try muxer.writeHeader(options: FFDictionary(container.muxerOptions))
        } catch {
            muxer.abandon()
            unlink(temporaryURL.path)
            throw .muxerOpenFailed(path: output, error: error)
        }
        // The output starts at 0 where the source's timeline starts (or the
        // first shard's first frame), as a single run's does.
        let nopts = cav_nopts_value()
        let zero: Double = {
            if let source, source.pointer.pointee.start_time != nopts {
                return Double(source.pointer.pointee.start_time) / Double(cav_time_base())
            }
            return scans[0].times[0]
        }()
        var frames = 0
        var end = 0.0
        do throws(MediaError) {
            // The scans read each shard to its end; the copy reads it again.
            var shardIndex = 0
            var reading: (input: FFInputContext, stream: Int)?
            var pendingVideo: (packet: FFPacket, time: Double)?
            var pendingAudio: (packet: FFPacket, time: Double)?
            var audioEnded = source == nil
            func nextVideo() throws(MediaError) -> (packet: FFPacket, time: Double)? {
                while shardIndex < scans.count {
                    let scan = scans[shardIndex]
                    if reading == nil {
                        do {
                            reading = (try FFInputContext(path: scan.path), scan.stream)
                        } catch {
                            throw .readFailed(path: scan.path, error: error)
                        }
                    }
                    let (input, stream) = reading!
                    if let next = try readPacket(input, path: scan.path, where: { $0 == Int32(stream) }) {
                        let base = input.stream(stream).pointee.time_base
                        av_packet_rescale_ts(next.pointer, base, video.pointee.time_base)
                        shift(next.pointer, by: zero, in: video.pointee.time_base)
                        next.pointer.pointee.stream_index = video.pointee.index
                        next.pointer.pointee.pos = -1
                        return (next, time(next.pointer, video.pointee.time_base))
                    }
                    reading = nil
                    shardIndex += 1
                }
                return nil
            }
            func nextAudio() throws(MediaError) -> (packet: FFPacket, time: Double)? {
                guard let source, !audioEnded else { return nil }
                guard let next = try readPacket(source, path: "the source", where: { audio[Int($0)] != nil }) else {
                    audioEnded = true
                    return nil
                }
                let index = Int(next.pointer.pointee.stream_index)
                let copy = audio[index]!
                av_packet_rescale_ts(next.pointer, source.stream(index).pointee.time_base, copy.pointee.time_base)
                shift(next.pointer, by: zero, in: copy.pointee.time_base)
                next.pointer.pointee.stream_index = copy.pointee.index
                next.pointer.pointee.pos = -1
                return (next, time(next.pointer, copy.pointee.time_base))
            }
            pendingVideo = try nextVideo()
            pendingAudio = try nextAudio()
            let videoTick = av_q2d(video.pointee.time_base)
            while pendingVideo != nil || pendingAudio != nil {
                // The earlier of the two goes first, so the muxer's queue stays short.
                if let picture = pendingVideo, pendingAudio.map({ picture.time <= $0.time }) ?? true {
                    frames += 1
                    let raw = picture.packet.pointer.pointee
                    if raw.pts != nopts { end = max(end, Double(raw.pts + max(raw.duration, 0)) * videoTick) }
                    try writePacket(picture.packet, muxer, path: output)
                    pendingVideo = try nextVideo()
                } else if let sound = pendingAudio {
                    try writePacket(sound.packet, muxer, path: output)
                    pendingAudio = try nextAudio()
                }
            }
            do { try muxer.finish() } catch { throw MediaError.trailerFailed(path: output, error: error) }
            try target.commit(from: temporaryURL.path, overwrite: overwrite)
        } catch {
            muxer.abandon()
            temporary.remove()
            throw error
        }
        temporary.unlock()
        var info = stat()
        let size = stat(target.path, &info) == 0 ? Int64(info.st_size) : 0
        let start = (scans[0].times.first ?? zero) - zero
        return Summary(
            shards: scans.map(\.path), frameCount: frames, duration: max(end - start, 0), audioStreams: audio.count,
            fileSize: size)
    }

    private static func readPacket(
        _ input: FFInputContext, path: String, where wanted: (Int32) -> Bool
    ) throws(MediaError) -> FFPacket? {
        while true {
            let packet: FFPacket
            let more: Bool
            do {
                packet = try FFPacket()
                more = try input.read(into: packet)
            } catch {
                throw .readFailed(path: path, error: error)
            }
            guard more else { return nil }
            if wanted(packet.pointer.pointee.stream_index) { return packet }
        }
    }

    private static func shift(_ packet: UnsafeMutablePointer<AVPacket>, by seconds: Double, in base: AVRational) {
        let ticks = Int64((seconds / av_q2d(base)).rounded())
        let nopts = cav_nopts_value()
        if packet.pointee.pts != nopts { packet.pointee.pts -= ticks }
        if packet.pointee.dts != nopts { packet.pointee.dts -= ticks }
    }

    private static func time(_ packet: UnsafeMutablePointer<AVPacket>, _ base: AVRational) -> Double {
        let nopts = cav_nopts_value()
        let stamp = packet.pointee.dts != nopts ? packet.pointee.dts : packet.pointee.pts
        return stamp == nopts ? 0 : Double(stamp) * av_q2d(base)
    }

    private static func writePacket(_ packet: FFPacket, _ muxer: FFOutputContext, path: String) throws(MediaError) {
        do { try muxer.write(packet) } catch {
            if error.isOutOfSpace { throw .outOfSpace(path: path, error: error) }
            throw .muxWriteFailed(path: path, packet: 0, error: error)
        }
    }
}
