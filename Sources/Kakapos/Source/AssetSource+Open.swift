import CFFmpeg
import Foundation
import Harbeth

/// Everything `AssetSource.init` prepares for the decode thread.
struct OpenedAsset: Sendable {
    let decoder: FrameDecoder
    let metadata: AssetMetadata
    /// The first frame, decoded while probing (nil after a seek).
    let primed: FFFrame?
    /// Trim bounds in stream ticks.
    let firstPTS: Int64?
    let endPTS: Int64?
    /// The stream's start in its ticks, where a rewind goes.
    let streamStart: Int64
    /// The container's declared frame count and stream duration in ticks,
    /// for noticing a stream that ends early.
    let declaredFrames: Int?
    let declaredEnd: Int64?
    /// Raw colour tags to pass through to a recorder.
    let colorTags: ColorTags
    /// A live input's audio, decoded beside the video.
    var audio: AudioCapture? { decoder.audio }
}

/// FFmpeg's colour primaries and transfer of the source, carried to the
/// recorder so that HDR transfer tags survive when the frames keep their matrix.
struct ColorTags: Sendable, Hashable {
    let primaries: UInt32
    let transfer: UInt32

    static let unspecified = ColorTags(
        primaries: AVCOL_PRI_UNSPECIFIED.rawValue, transfer: AVCOL_TRC_UNSPECIFIED.rawValue)
}

extension AssetSource {
    /// Checks the path, probes the content and opens the demuxer with
    /// the stream information read: the part of `open` a stream input
    /// (`StreamsInput`) shares. `recognised` says whether the content
    /// probed as a format FFmpeg knows.
    static func openDemuxer(location: MediaLocation, options: Options, watchdog: IOWatchdog) throws(MediaError) -> (
        input: FFInputContext, recognised: Bool
    ) {
        let path = location.description
        let recognisedFormat: String?
        if case .file(let file) = location {
            try checkFile(file)
            recognisedFormat = recognisedFormatName(file)
        } else {
            // Nothing to look at before opening: what FFmpeg reads decides.
            recognisedFormat = options.format ?? location.impliedFormat ?? "stream"
        }
        let recognised = recognisedFormat != nil

        func classify(_ error: AVError) -> MediaError {
            if watchdog.isStopped { return .inputStoppedBeforeFirstFrame(input: path) }
            if watchdog.timedOut { return .inputTimedOut(input: path, seconds: options.timeout ?? 0) }
            if location.isNetwork && error != .invalidData { return .inputUnreachable(input: path, reason: "\(error)") }
            if !recognised { return .notMediaFile(path: path) }
            if error == .invalidData || error == .eof { return .truncated(path: path, detail: "\(error)") }
            return .readFailed(path: path, error: error)
        }

        var formatName = options.format ?? location.impliedFormat
        var formatOptions = options.formatOptions
        if case .imageSequence(let pattern) = location {
            formatName = formatName ?? "image2"
            if pattern.contains("*") && formatOptions["pattern_type"] == nil { formatOptions["pattern_type"] = "glob" }
        }
        let input: FFInputContext
        do {
            input = try FFInputContext(
                path: location.name, format: formatName,
                options: formatOptions.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, watchdog: watchdog)
        } catch {
            switch error {
            case .unknownFormat(let format): throw .unknownInputFormat(input: path, format: format)
            case .unusedOptions(let keys, let format):
                throw .inputOptionsNotTaken(input: path, options: keys, format: format)
            case .timedOut: throw .inputTimedOut(input: path, seconds: options.timeout ?? 0)
            case .failed(let error):
                if case .imageSequence(let pattern) = location, error == AVError(code: cav_error(ENOENT)) {
                    throw .noImagesMatch(pattern: pattern)
                }
                if case .file = location, let format = recognisedFormat,
                    ![.invalidData, .eof, .io, .noMemory].contains(error)
                {
                    // The content probed as this format, yet its demuxer would not
                    // open it: the header holds what the demuxer refuses (a picture
                    // size FFmpeg's own limits reject, say).
                    throw .headerRefused(path: path, format: format, error: error)
                }
                throw classify(error)
            }
        }

        // Sizes declared in the header are checked before anything decodes.
        for index in 0..<input.streamCount {
            let parameters = input.stream(index).pointee.codecpar.pointee
            guard parameters.codec_type == AVMEDIA_TYPE_VIDEO else { continue }
            try checkSize(path: path, width: Int(parameters.width), height: Int(parameters.height), options: options)
        }
        do {
            try input.findStreamInfo(codecOptions: [("max_pixels", "\(options.maxPixels)")])
        } catch {
            throw classify(error)
        }
        return (input, recognised)
    }

    /// Checks the path, probes the content, opens the demuxer and decoder,
    /// refuses absurd sizes before any frame is allocated, and decodes the
    /// first frame so the metadata says what will really be delivered.
    static func open(location: MediaLocation, options: Options, watchdog: IOWatchdog) throws(MediaError)
        -> OpenedAsset
    {
        let path = location.description
        let (input, recognised) = try openDemuxer(location: location, options: options, watchdog: watchdog)

        let streamIndex = try chooseVideoStream(
            input, path: path, recognised: recognised, number: options.videoStreamNumber)
        let stream = input.stream(streamIndex)
        let parameters = stream.pointee.codecpar!
        try checkSize(
            path: path, width: Int(parameters.pointee.width), height: Int(parameters.pointee.height), options: options)
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw .decoderNotFound(path: path, codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }

        let context: FFCodecContext
        do {
            context = try FFCodecContext(codec: codec)
            try check(avcodec_parameters_to_context(context.pointer, parameters))
            context.pointer.pointee.pkt_timebase = stream.pointee.time_base
            context.pointer.pointee.max_pixels = Int64(options.maxPixels)
            context.pointer.pointee.thread_count = Int32(options.decoderThreads)
            context.pointer.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
            try context.open()
        } catch {
            throw .readFailed(path: path, error: error)
        }

        let timeBase = Rational(stream.pointee.time_base)
        let averageRate = Rational(stream.pointee.avg_frame_rate)
        let realRate = Rational(stream.pointee.r_frame_rate)
        let decoder: FrameDecoder
        do {
            decoder = try FrameDecoder(
                path: path, input: input, codec: context, streamIndex: Int32(streamIndex), timeBase: timeBase,
                frameRate: averageRate.isValid ? averageRate : (realRate.isValid ? realRate : nil),
                strict: options.strict)
        } catch {
            throw .readFailed(path: path, error: error)
        }

        // A live input is read once: its audio is decoded beside the video.
        if location.isLive, let audio = audioStream(in: input, related: streamIndex) {
            decoder.audio = AudioCapture(input: input, stream: audio.streamIndex)
        }
        guard let firstFrame = try decoder.nextDecodedFrame() else {
            if watchdog.isStopped { throw .inputStoppedBeforeFirstFrame(input: path) }
            // The mov demuxer finds the index at the end of a stream it
            // cannot go back in, after the data it indexes has gone by.
            if location.isLive && input.formatName.hasPrefix("mov") && decoder.undecodable == 0 {
                throw .indexAfterData(input: path)
            }
            throw .noDecodableFrames(path: path, undecodablePackets: decoder.undecodable)
        }
        let first = firstFrame.pointer.pointee
        let format = AVPixelFormat(rawValue: first.format)
        try checkSize(path: path, width: Int(first.width), height: Int(first.height), options: options)

        let layout: PixelLayout
        var conversionNote: String?
        if let direct = FFPixelFormat.directLayout(for: format) {
            layout = direct.layout
            decoder.conversion = .direct(direct.layout)
        } else if let nearest = FFPixelFormat.nearestLayout(for: format) {
            layout = nearest
            decoder.conversion = .swscale(to: nearest)
            conversionNote = "\(FFPixelFormat.name(format)) -> \(nearest) (swscale)"
        } else {
            throw .unsupportedPixelFormat(path: path, format: FFPixelFormat.name(format))
        }

        let nopts = cav_nopts_value()
        let streamStart = stream.pointee.start_time != nopts ? stream.pointee.start_time : 0
        // `start` counts from the file's start (the earliest stream), as
        // `ffmpeg -ss` does.
        let fileStart = input.pointer.pointee.start_time
        let timelineStart =
            fileStart != nopts ? av_rescale_q(fileStart, cav_time_base_q(), stream.pointee.time_base) : streamStart
        var firstPTS: Int64?
        var endPTS: Int64?
        var primed: FFFrame? = firstFrame
        var target: Int64?
        if let exact = options.range?.start {
            target = exact
        } else if let start = options.start, start > 0 {
            target = timelineStart + secondsToTicks(start, timeBase)
        }
        if let target {
            firstPTS = target
            // Seek to the key frame at or before the start; frames before it
            // are decoded and discarded. Formats that cannot seek are read
            // from where they are.
            if av_seek_frame(input.pointer, Int32(streamIndex), target, AVSEEK_FLAG_BACKWARD) >= 0 {
                decoder.flush()
                primed = nil
                // Some demuxers seek to a packet near the time rather than to
                // a key frame before it (MPEG-TS): nothing decodes until the
                // next key frame, which may be past the start or absent.
                // Such a seek is undone and the frames before the start are
                // decoded and discarded from the beginning instead.
                let landed = try decoder.nextDecodedFrame()
                let slack = decoder.frameTicks ?? secondsToTicks(0.1, timeBase)
                if let landed, decoder.timing(of: landed).pts < target + slack {
                    primed = landed
                } else {
                    rewind(input, stream: streamIndex, to: streamStart)
                    decoder.restart()
                }
            }
        }
        if let end = options.range?.end {
            endPTS = end
        } else if let duration = options.duration {
            endPTS = (firstPTS ?? timelineStart) + secondsToTicks(duration, timeBase)
        }

        let hdr = HDRMetadata.read(stream: stream, frame: firstFrame.pointer)
        decoder.peakLuminance = hdr?.peakLuminance
        var rawColorimetry = FFColor.colorimetry(
            space: first.colorspace, range: first.color_range, format: format, primaries: first.color_primaries,
            transfer: first.color_trc)
        rawColorimetry?.peakLuminance = hdr?.peakLuminance
        let url = location.url
        let metadata = AssetMetadata(
            url: url,
            containerName: input.formatName,
            codecName: String(cString: avcodec_get_name(parameters.pointee.codec_id)),
            width: Int(first.width),
            height: Int(first.height),
            averageFrameRate: averageRate.isValid ? averageRate : nil,
            realFrameRate: realRate.isValid ? realRate : nil,
            timeBase: timeBase,
            duration: duration(of: stream, in: input),
            startTime: stream.pointee.start_time != nopts
                ? Double(stream.pointee.start_time) * (timeBase.doubleValue ?? 0) : nil,
            frameCount: stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil,
            colorimetry: layout.isYUV ? rawColorimetry : nil,
            colorPrimaries: name(
                av_color_primaries_name(first.color_primaries), unless: first.color_primaries == AVCOL_PRI_UNSPECIFIED),
            colorTransfer: name(
                av_color_transfer_name(first.color_trc), unless: first.color_trc == AVCOL_TRC_UNSPECIFIED),
            pixelFormat: FFPixelFormat.name(format),
            layout: layout,
            conversion: conversionNote,
            rotation: rotation(of: stream),
            audio: audioStream(in: input, related: streamIndex),
            videoStreamIndex: streamIndex,
            streams: describeStreams(input),
            chapters: chapters(of: input),
            tags: FFDictionary.entries(input.pointer.pointee.metadata),
            fileStartTime: input.pointer.pointee.start_time != nopts
                ? Double(input.pointer.pointee.start_time) / Double(cav_time_base()) : nil,
            fieldOrder: fieldOrder(parameters.pointee.field_order, frame: first),
            timecode: timecode(in: input, video: streamIndex),
            isStillImage: location.isFile && isImageDemuxer(input.formatName),
            hdr: hdr,
            sampleAspectRatio: sampleAspectRatio(of: stream, in: input, frame: firstFrame.pointer))

        return OpenedAsset(
            decoder: decoder,
            metadata: metadata,
            primed: primed,
            firstPTS: firstPTS,
            endPTS: endPTS,
            streamStart: streamStart,
            declaredFrames: stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil,
            declaredEnd: stream.pointee.duration != nopts && stream.pointee.duration > 0
                ? streamStart + stream.pointee.duration : nil,
            colorTags: ColorTags(primaries: first.color_primaries.rawValue, transfer: first.color_trc.rawValue))
    }

    /// Goes back to the beginning of the file: by bytes where the format
    /// allows it (the start of a transport stream), else by timestamp.
    static func rewind(_ input: FFInputContext, stream: Int, to start: Int64) {
        if input.pointer.pointee.iformat.pointee.flags & AVFMT_NO_BYTE_SEEK == 0,
            av_seek_frame(input.pointer, -1, 0, AVSEEK_FLAG_BYTE) >= 0
        {
            return
        }
        _ = av_seek_frame(input.pointer, Int32(stream), start, AVSEEK_FLAG_BACKWARD)
    }

    // MARK: Checks

    private static func checkFile(_ path: String) throws(MediaError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notARegularFile(path: path, kind: "directory")
        case S_IFCHR, S_IFBLK: throw .notARegularFile(path: path, kind: "device")
        case S_IFIFO: throw .notARegularFile(path: path, kind: "pipe")
        case S_IFSOCK: throw .notARegularFile(path: path, kind: "socket")
        default: throw .notARegularFile(path: path, kind: "special file")
        }
        guard info.st_size > 0 else { throw .emptyFile(path: path) }
        guard access(path, R_OK) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private static func checkSize(path: String, width: Int, height: Int, options: Options) throws(MediaError) {
        // Zero means "not in the header"; the decoded frame is checked later.
        guard width != 0 || height != 0 else { return }
        guard width > 0, height > 0 else { throw .invalidDimensions(path: path, width: width, height: height) }
        guard width.multipliedReportingOverflow(by: height).partialValue <= options.maxPixels,
            width <= options.maxPixels, height <= options.maxPixels
        else {
            throw .dimensionsTooLarge(path: path, width: width, height: height, maxPixels: options.maxPixels)
        }
    }

    /// True when FFmpeg recognises the first megabyte by content alone,
    /// without the file name: a file whose extension is its only claim to
    /// being media is not media.
    /// The name of the format FFmpeg's probe is sure the content is, if any.
    private static func recognisedFormatName(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1 << 20)) ?? Data()
        guard !head.isEmpty else { return nil }
        var buffer = [UInt8](head)
        buffer.append(contentsOf: repeatElement(0, count: Int(cav_probe_padding_size())))
        var score: Int32 = 0
        let format = buffer.withUnsafeMutableBufferPointer { bytes -> UnsafePointer<AVInputFormat>? in
            "".withCString { emptyName in
                var probe = AVProbeData()
                probe.filename = emptyName
                probe.buf = bytes.baseAddress
                probe.buf_size = Int32(head.count)
                return av_probe_input_format3(&probe, 1, &score)
            }
        }
        guard let format, score > cav_probe_score_retry() else { return nil }
        return String(cString: format.pointee.name)
    }

    private static func chooseVideoStream(
        _ input: FFInputContext, path: String, recognised: Bool, number: Int?
    ) throws(MediaError) -> Int {
        let videos = (0..<input.streamCount).filter {
            input.stream($0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
        }
        let candidates = videos.filter { input.stream($0).pointee.disposition & cav_disposition_attached_pic() == 0 }
        guard !candidates.isEmpty else {
            if !recognised { throw .notMediaFile(path: path) }
            throw .noVideoStream(
                path: path, streams: describeStreams(input).map { "\($0.kind.rawValue): \($0.codecName)" })
        }
        if let number {
            guard number < videos.count, candidates.contains(videos[number]) else {
                throw .noSuchVideoStream(path: path, number: number, count: videos.count)
            }
            return videos[number]
        }
        let best = Int(av_find_best_stream(input.pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0))
        return candidates.contains(best) ? best : candidates[0]
    }

    // MARK: Metadata

    private static func duration(of stream: UnsafeMutablePointer<AVStream>, in input: FFInputContext) -> Double? {
        let nopts = cav_nopts_value()
        if stream.pointee.duration != nopts, stream.pointee.duration > 0 {
            return Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        }
        let container = input.pointer.pointee.duration
        guard container != nopts, container > 0 else { return nil }
        return Double(container) / Double(cav_time_base())
    }

    /// The display matrix's rotation in degrees, 0..<360.
    /// The stream's pixel shape as FFmpeg guesses it (the stream's sample
    /// aspect ratio, else the codec's, else the first frame's); nil when
    /// none is declared. A declared 1:1 counts: a resize that changes the
    /// picture's shape then gives other pixels, as FFmpeg's scale does.
    private static func sampleAspectRatio(
        of stream: UnsafeMutablePointer<AVStream>, in input: FFInputContext, frame: UnsafeMutablePointer<AVFrame>
    ) -> SampleAspectRatio? {
        let guessed = av_guess_sample_aspect_ratio(input.pointer, stream, frame)
        return SampleAspectRatio(reducing: Int(guessed.num), Int(guessed.den))
    }

    private static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 9 * 4 else {
            return 0
        }
        let angle = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard angle.isFinite else { return 0 }
        let degrees = Int(angle.rounded())
        return ((degrees % 360) + 360) % 360
    }

    private static func audioStream(in input: FFInputContext, related video: Int) -> AudioStreamInfo? {
        let index = Int(av_find_best_stream(input.pointer, AVMEDIA_TYPE_AUDIO, -1, Int32(video), nil, 0))
        guard index >= 0 else { return nil }
        let parameters = input.stream(index).pointee.codecpar.pointee
        return AudioStreamInfo(
            streamIndex: index,
            codecName: String(cString: avcodec_get_name(parameters.codec_id)),
            sampleRate: Int(parameters.sample_rate),
            channels: Int(parameters.ch_layout.nb_channels))
    }

    /// Every stream as `StreamInfo`, with its index among its kind.
    static func describeStreams(_ input: FFInputContext) -> [StreamInfo] {
        var counts: [StreamInfo.Kind: Int] = [:]
        return (0..<input.streamCount).map { index in
            let stream = input.stream(index)
            let parameters = stream.pointee.codecpar.pointee
            let kind: StreamInfo.Kind
            switch parameters.codec_type {
            case AVMEDIA_TYPE_VIDEO: kind = .video
            case AVMEDIA_TYPE_AUDIO: kind = .audio
            case AVMEDIA_TYPE_SUBTITLE: kind = .subtitle
            case AVMEDIA_TYPE_DATA: kind = .data
            case AVMEDIA_TYPE_ATTACHMENT: kind = .attachment
            default: kind = .unknown
            }
            defer { counts[kind, default: 0] += 1 }
            let tags = FFDictionary.entries(stream.pointee.metadata)
            let isAudio = kind == .audio
            return StreamInfo(
                index: index, kind: kind, indexInKind: counts[kind, default: 0], codecName: codecName(of: stream),
                language: tags["language"].flatMap { $0 == "und" ? nil : $0 }, title: tags["title"],
                dispositions: dispositions(stream.pointee.disposition),
                sampleRate: isAudio ? Int(parameters.sample_rate) : nil,
                channels: isAudio ? Int(parameters.ch_layout.nb_channels) : nil)
        }
    }

    /// The codec's name, or for a stream FFmpeg has no codec for (a data
    /// track) the container's four-character tag, e.g. `tmcd`.
    static func codecName(of stream: UnsafeMutablePointer<AVStream>) -> String {
        let parameters = stream.pointee.codecpar.pointee
        if parameters.codec_id != AV_CODEC_ID_NONE { return String(cString: avcodec_get_name(parameters.codec_id)) }
        let tag = parameters.codec_tag
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> ($0 * 8)) }
        guard tag != 0, bytes.allSatisfy({ (32..<127).contains($0) }) else { return "unknown" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The names of the disposition flags that are set.
    static func dispositions(_ flags: Int32) -> [String] {
        (0..<31).compactMap { bit -> String? in
            let flag = Int32(1) << Int32(bit)
            guard flags & flag != 0, let name = av_disposition_to_string(flag) else { return nil }
            return String(cString: name)
        }
    }

    private static func chapters(of input: FFInputContext) -> [Chapter] {
        (0..<Int(input.pointer.pointee.nb_chapters)).compactMap { index in
            guard let chapter = input.pointer.pointee.chapters[index] else { return nil }
            let base = av_q2d(chapter.pointee.time_base)
            return Chapter(
                start: Double(chapter.pointee.start) * base, end: Double(chapter.pointee.end) * base,
                title: FFDictionary.entries(chapter.pointee.metadata)["title"])
        }
    }

    private static func fieldOrder(_ order: AVFieldOrder, frame: AVFrame) -> FieldOrder? {
        switch order {
        case AV_FIELD_PROGRESSIVE: return .progressive
        case AV_FIELD_TT: return .topFirst
        case AV_FIELD_BB: return .bottomFirst
        case AV_FIELD_TB: return .topCodedBottomFirst
        case AV_FIELD_BT: return .bottomCodedTopFirst
        default:
            // Unknown in the container: the decoded picture says.
            guard frame.interlaced_frame != 0 else { return nil }
            return frame.top_field_first != 0 ? .topFirst : .bottomFirst
        }
    }

    /// The first frame's timecode: the video stream's tag, a timecode
    /// track's (QuickTime `tmcd`), or the file's.
    static func timecode(in input: FFInputContext, video: Int) -> String? {
        if let own = FFDictionary.entries(input.stream(video).pointee.metadata)["timecode"] { return own }
        for index in 0..<input.streamCount where index != video {
            if let tag = FFDictionary.entries(input.stream(index).pointee.metadata)["timecode"] { return tag }
        }
        return FFDictionary.entries(input.pointer.pointee.metadata)["timecode"]
    }

    private static func isImageDemuxer(_ name: String) -> Bool {
        name == "image2" || (name.hasSuffix("_pipe") && name != "yuv4mpegpipe")
    }

    private static func name(_ text: UnsafePointer<CChar>?, unless unspecified: Bool) -> String? {
        guard !unspecified, let text else { return nil }
        return String(cString: text)
    }

    static func secondsToTicks(_ seconds: Double, _ timeBase: Rational) -> Int64 {
        let microseconds = Int64((seconds * Double(cav_time_base())).rounded())
        return av_rescale_q(microseconds, cav_time_base_q(), timeBase.av)
    }
}
