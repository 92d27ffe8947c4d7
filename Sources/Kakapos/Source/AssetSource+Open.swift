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
    /// The container's declared frame count and stream duration in ticks,
    /// for noticing a stream that ends early.
    let declaredFrames: Int?
    let declaredEnd: Int64?
    /// Raw colour tags to pass through to a recorder.
    let colorTags: ColorTags
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
    /// Checks the path, probes the content, opens the demuxer and decoder,
    /// refuses absurd sizes before any frame is allocated, and decodes the
    /// first frame so the metadata says what will really be delivered.
    static func open(url: URL, options: Options) throws(MediaError) -> OpenedAsset {
        let path = url.path
        try checkFile(path)
        let recognisedFormat = recognisedFormatName(path)
        let recognised = recognisedFormat != nil

        func classify(_ error: AVError) -> MediaError {
            if !recognised { return .notMediaFile(path: path) }
            if error == .invalidData || error == .eof { return .truncated(path: path, detail: "\(error)") }
            return .readFailed(path: path, error: error)
        }

        let input: FFInputContext
        do { input = try FFInputContext(path: path) } catch {
            // The content probed as this format, yet its demuxer would not
            // open it: the header holds what the demuxer refuses (a picture
            // size FFmpeg's own limits reject, say).
            if let format = recognisedFormat, ![.invalidData, .eof, .io, .noMemory].contains(error) {
                throw .headerRefused(path: path, format: format, error: error)
            }
            throw classify(error)
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

        let streamIndex = try chooseVideoStream(input, path: path, recognised: recognised)
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

        guard let firstFrame = try decoder.nextDecodedFrame() else {
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
        var firstPTS: Int64?
        var endPTS: Int64?
        var primed: FFFrame? = firstFrame
        if let start = options.start, start > 0 {
            let ticks = secondsToTicks(start, timeBase)
            firstPTS = streamStart + ticks
            // Seek to the key frame at or before the start; frames before it
            // are decoded and discarded. Formats that cannot seek are read
            // from where they are.
            if av_seek_frame(input.pointer, Int32(streamIndex), streamStart + ticks, AVSEEK_FLAG_BACKWARD) >= 0 {
                decoder.flush()
                primed = nil
            }
        }
        if let duration = options.duration {
            endPTS = (firstPTS ?? streamStart) + secondsToTicks(duration, timeBase)
        }

        let rawColorimetry = FFColor.colorimetry(space: first.colorspace, range: first.color_range, format: format)
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
            otherStreams: describeOtherStreams(input, video: streamIndex),
            isStillImage: isImageDemuxer(input.formatName))

        return OpenedAsset(
            decoder: decoder,
            metadata: metadata,
            primed: primed,
            firstPTS: firstPTS,
            endPTS: endPTS,
            declaredFrames: stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil,
            declaredEnd: stream.pointee.duration != nopts && stream.pointee.duration > 0
                ? streamStart + stream.pointee.duration : nil,
            colorTags: ColorTags(primaries: first.color_primaries.rawValue, transfer: first.color_trc.rawValue))
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

    private static func chooseVideoStream(_ input: FFInputContext, path: String, recognised: Bool) throws(MediaError)
        -> Int
    {
        let candidates = (0..<input.streamCount).filter { index in
            let stream = input.stream(index).pointee
            return stream.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
                && stream.disposition & cav_disposition_attached_pic() == 0
        }
        guard !candidates.isEmpty else {
            if !recognised { throw .notMediaFile(path: path) }
            throw .noVideoStream(path: path, streams: (0..<input.streamCount).map { describe(input.stream($0)) })
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

    private static func describeOtherStreams(_ input: FFInputContext, video: Int) -> [String] {
        let audio = audioStream(in: input, related: video)?.streamIndex
        return (0..<input.streamCount).filter { $0 != video && $0 != audio }.map { describe(input.stream($0)) }
    }

    private static func describe(_ stream: UnsafeMutablePointer<AVStream>) -> String {
        let parameters = stream.pointee.codecpar.pointee
        let kind = av_get_media_type_string(parameters.codec_type).map { String(cString: $0) } ?? "unknown"
        var text = "\(kind): \(String(cString: avcodec_get_name(parameters.codec_id)))"
        if stream.pointee.disposition & cav_disposition_attached_pic() != 0 { text += " (attached picture)" }
        return text
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
