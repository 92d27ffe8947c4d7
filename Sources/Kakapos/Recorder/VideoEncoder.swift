import CFFmpeg
import Harbeth

/// One open video encoder for frames of one format: hands frames to it
/// without copying their planes (converting with swscale only when the
/// encoder cannot take the layout), and hands back packets with durations.
///
/// @unchecked Sendable: driven only by the recorder under its work lock.
final class VideoEncoder: @unchecked Sendable {
    let context: FFCodecContext
    let pixelFormat: AVPixelFormat
    /// Options the encoder did not recognise (for the clip's notes).
    let ignoredOptions: [String]
    private let path: String
    private let input: SinkInput
    let color: OutputColor
    private let scaler: FFScaler?
    private let constantRate: Bool
    private var lastPTS: Int64?
    /// Frames whose timestamp was at or before the one before, and so moved.
    private var movedTimestamps = 0
    /// What the source's pixel format loses on the way into the encoder.
    private let losses: [String]
    /// Set when the frames are tagged as interlaced.
    private let fieldOrder: FieldOrder?
    /// Each frame's duration by its pts, until its packet comes out.
    private var durations: [Int64: Int64] = [:]

    var name: String { context.name }
    var timeBase: AVRational { context.pointer.pointee.time_base }

    init(
        codec: VideoCodec, container: Container, input: SinkInput, options: RecorderSink.Options,
        globalHeader: Bool, path: String, fault: MediaFaultInjection?
    ) throws(MediaError) {
        self.path = path
        self.input = input
        guard let encoder = codec.encoderNames.lazy.compactMap({ avcodec_find_encoder_by_name($0) }).first else {
            throw .encoderNotFound(path: path, encoders: codec.encoderNames)
        }
        let encoderName = String(cString: encoder.pointee.name)
        let format = input.format
        let chosen = Self.chooseFormat(
            codec: codec, encoder: encoder, format: format, requested: options.pixelFormat,
            opaque: input.framesAreOpaque, source: input.sourcePixelFormat.map { av_get_pix_fmt($0) })
        pixelFormat = chosen
        color = OutputColor(input: input, encoderFormat: chosen)
        let source = input.sourcePixelFormat.map { av_get_pix_fmt($0) } ?? FFPixelFormat.avFormat(for: format.layout)
        losses = Self.losses(from: source, to: chosen, encoder: encoderName)

        do { context = try FFCodecContext(codec: encoder) } catch {
            throw .encoderOpenFailed(path: path, encoder: encoderName, error: error)
        }
        let raw = context.pointer
        raw.pointee.width = Int32(format.width)
        raw.pointee.height = Int32(format.height)
        raw.pointee.pix_fmt = chosen
        // An undeclared shape stays undeclared (0:1), as FFmpeg leaves it.
        let aspect =
            options.aspect.map { $0.sampleAspectRatio(width: format.width, height: format.height) }
            ?? input.sampleAspectRatio
        raw.pointee.sample_aspect_ratio =
            aspect.map { AVRational(num: Int32($0.width), den: Int32($0.height)) }
            ?? AVRational(num: 0, den: 1)
        raw.pointee.color_range = color.range
        raw.pointee.colorspace = color.space
        raw.pointee.color_primaries = color.primaries
        raw.pointee.color_trc = color.transfer
        raw.pointee.thread_count = 0
        fieldOrder = input.fieldOrder
        if let order = input.fieldOrder {
            raw.pointee.field_order = Self.avFieldOrder(order)
            // Encoders that code fields (H.264, MPEG-4, ProRes) code them as fields.
            if order.isInterlaced, Self.codesFields(encoderName) {
                raw.pointee.flags |= Int32(AV_CODEC_FLAG_INTERLACED_DCT | AV_CODEC_FLAG_INTERLACED_ME)
            }
        }
        if let rate = input.frameRate, rate.isValid { raw.pointee.framerate = rate.av }

        // Timestamps pass through in the source's time base, unless the
        // container keeps a constant rate (AVI: one tick per frame) or the
        // codec cannot count that finely (MPEG-4 part 2: at most 65535).
        let rate = input.frameRate.flatMap { $0.isValid ? $0 : nil } ?? Rational(25, 1)
        let perFrame = AVRational(num: rate.denominator, den: rate.numerator)
        constantRate = container.isConstantFrameRate || container.isStillImage
        if constantRate || !input.timeBase.isValid {
            raw.pointee.time_base = perFrame
        } else if codec == .mpeg4 && input.timeBase.denominator > 65535 {
            raw.pointee.time_base = AVRational(num: 1, den: 1000)
        } else {
            raw.pointee.time_base = input.timeBase.av
        }
        if globalHeader { raw.pointee.flags |= Int32(cav_codec_flag_global_header()) }
        if let gop = options.gopSize { raw.pointee.gop_size = Int32(gop) }
        if let bitrate = options.bitrate { raw.pointee.bit_rate = Int64(bitrate) }

        let settings = FFDictionary()
        var given: [String] = []
        func set(_ key: String, _ value: String, userGiven: Bool = true) {
            settings.set(key, value)
            if userGiven { given.append(key) }
        }
        switch codec {
        case .h264, .hevc, .av1:
            if let crf = options.crf { set("crf", "\(crf)") }
            if let preset = options.preset { set(encoderName == "libaom-av1" ? "cpu-used" : "preset", preset) }
            if encoderName == "libaom-av1" {
                if options.preset == nil { set("cpu-used", "6", userGiven: false) }
                set("row-mt", "1", userGiven: false)
            }
            if encoderName == "libx265" { set("x265-params", "log-level=error", userGiven: false) }
        case .vp9:
            if let crf = options.crf {
                set("crf", "\(crf)")
                if options.bitrate == nil { raw.pointee.bit_rate = 0 }
            }
            set("cpu-used", options.preset ?? "4", userGiven: options.preset != nil)
            set("row-mt", "1", userGiven: false)
        case .mpeg4, .mjpeg:
            // These have no CRF; a constant quantiser (2 best .. 31 worst) is the nearest.
            if let crf = options.crf {
                raw.pointee.flags |= AV_CODEC_FLAG_QSCALE
                raw.pointee.global_quality = Int32(FF_QP2LAMBDA) * Int32(max(1, min(31, crf)))
            } else if codec == .mpeg4 && options.bitrate == nil {
                raw.pointee.flags |= AV_CODEC_FLAG_QSCALE
                raw.pointee.global_quality = Int32(FF_QP2LAMBDA) * 4
            }
            if let preset = options.preset { set("preset", preset) }
        case .ffv1, .prores, .png, .tiff, .gif, .bmp:
            if let preset = options.preset { set(codec == .prores ? "profile" : "preset", preset) }
        case .webp:
            // CRF 0 is lossless; otherwise libwebp's quality, 100 - CRF.
            if let crf = options.crf {
                if crf == 0 { set("lossless", "1") } else { set("quality", "\(max(0, 100 - crf))") }
            }
            if let preset = options.preset { set("preset", preset) }
        }

        for (key, value) in options.encoderOptions.sorted(by: { $0.key < $1.key }) {
            // x265 stays quiet however its parameters are given.
            set(key, key == "x265-params" && encoderName == "libx265" ? value + ":log-level=error" : value)
        }

        if fault == .encoderOpen {
            throw .encoderOpenFailed(path: path, encoder: "\(encoderName) (injected fault)", error: .invalidArgument)
        }
        do { try context.open(options: settings) } catch {
            var horizontal: Int32 = 0
            var vertical: Int32 = 0
            av_pix_fmt_get_chroma_sub_sample(chosen, &horizontal, &vertical)
            let (width, height) = (format.width, format.height)
            if width % (1 << horizontal) != 0 || height % (1 << vertical) != 0 {
                let odd = width % (1 << horizontal) != 0 ? "width \(width)" : "height \(height)"
                throw .oddSizeForSubsampling(
                    path: path, dimension: odd, pixelFormat: FFPixelFormat.name(chosen), encoder: encoderName)
            }
            // The options given are the likeliest cause: name them.
            let given = options.encoderOptions.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }
            throw .encoderOpenFailed(
                path: path,
                encoder: given.isEmpty ? encoderName : "\(encoderName) with \(given.joined(separator: ", "))",
                error: error)
        }
        var leftover: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(settings.pointer, "", entry, AV_DICT_IGNORE_SUFFIX) {
            let key = String(cString: next.pointee.key)
            if given.contains(key) { leftover.append(key) }
            entry = next
        }
        ignoredOptions = leftover

        let layoutFormat = FFPixelFormat.avFormat(for: format.layout)
        if chosen != layoutFormat {
            do {
                scaler = try FFScaler(
                    width: Int32(format.width), height: Int32(format.height), from: layoutFormat, to: chosen,
                    sourceColor: color.scalerSource, destinationColor: color.scalerDestination)
            } catch {
                throw .encoderOpenFailed(path: path, encoder: encoderName, error: error)
            }
        } else {
            scaler = nil
        }
    }

    /// Sends one frame. Its pts is the source pts less the trim start,
    /// rescaled to the encoder's time base (the same base unless the
    /// container or codec forbids it).
    func send(_ timed: TimedFrame) throws(MediaError) {
        let frame = timed.frame
        guard frame.width == input.format.width, frame.height == input.format.height,
            frame.layout == input.format.layout
        else {
            throw .frameFormatMismatch(path: path, expected: "\(input.format)", got: "\(frame.format)")
        }
        do {
            var avFrame = try Self.wrap(frame)
            if let scaler { avFrame = try scaler.convert(avFrame) }
            let raw = avFrame.pointer
            raw.pointee.color_range = color.range
            raw.pointee.colorspace = color.space
            raw.pointee.color_primaries = color.primaries
            raw.pointee.color_trc = color.transfer
            raw.pointee.pict_type = AV_PICTURE_TYPE_NONE
            if let fieldOrder, fieldOrder.isInterlaced {
                raw.pointee.interlaced_frame = 1
                raw.pointee.top_field_first = fieldOrder == .topFirst || fieldOrder == .bottomCodedTopFirst ? 1 : 0
            }

            let sourceBase = timed.timeBase.isValid ? timed.timeBase.av : timeBase
            var pts = av_rescale_q(timed.pts - input.startPTS, sourceBase, timeBase)
            var duration = timed.duration.map { av_rescale_q($0, sourceBase, timeBase) } ?? 0
            if constantRate {
                duration = 1
            }
            // Timestamps must rise; a coarser time base may fold two into
            // one, and a caller may hand frames out of order. Each such
            // frame moves to the next tick, and the notes say how many.
            if let last = lastPTS, pts <= last {
                pts = last + 1
                movedTimestamps += 1
            }
            lastPTS = pts
            raw.pointee.pts = pts
            if duration > 0 { durations[pts] = duration }
            try context.send(avFrame)
        } catch {
            throw .encodeFailed(path: path, encoder: name, error: error)
        }
    }

    /// What the encoder did that a user should know.
    var notes: [String] {
        let chosen = losses + (color.note.map { [$0] } ?? [])
        guard movedTimestamps > 0 else { return chosen }
        return chosen + [
            "\(movedTimestamps) frame(s) came with a timestamp at or before the previous frame's "
                + "(out of order, repeated, or finer than \(name)'s time base) and were each moved to the next tick"
        ]
    }

    private static func codesFields(_ encoder: String) -> Bool {
        ["libx264", "mpeg4", "prores_ks", "mpeg2video"].contains(encoder)
    }

    static func avFieldOrder(_ order: FieldOrder) -> AVFieldOrder {
        switch order {
        case .progressive: return AV_FIELD_PROGRESSIVE
        case .topFirst: return AV_FIELD_TT
        case .bottomFirst: return AV_FIELD_BB
        case .topCodedBottomFirst: return AV_FIELD_TB
        case .bottomCodedTopFirst: return AV_FIELD_BT
        }
    }

    /// Tells the encoder no more frames come.
    func flush() throws(MediaError) {
        do { try context.send(nil as FFFrame?) } catch {
            throw .encodeFailed(path: path, encoder: name, error: error)
        }
    }

    /// The next packet, with its duration filled in from the frame it
    /// encodes; false when the encoder needs more frames or is drained.
    func receive(into packet: FFPacket) throws(MediaError) -> Bool {
        let got: Bool
        do { got = try context.receive(into: packet) } catch {
            throw .encodeFailed(path: path, encoder: name, error: error)
        }
        guard got else { return false }
        let pts = packet.pointer.pointee.pts
        if let duration = durations.removeValue(forKey: pts), packet.pointer.pointee.duration <= 0 {
            packet.pointer.pointee.duration = duration
        }
        // Packets come in decode order: a frame shown before this packet is
        // decoded has had its packet, so its entry can go (keeps the table
        // small even if an encoder renumbers a timestamp).
        let dts = packet.pointer.pointee.dts
        if dts != cav_nopts_value(), durations.keys.contains(where: { $0 < dts }) {
            durations = durations.filter { $0.key >= dts }
        }
        return true
    }

    // MARK: Frames without copies

    /// An `AVFrame` whose planes are the frame's own memory. Each plane's
    /// buffer holds a retained reference to its storage (which may be mapped
    /// GPU memory) and releases it when the encoder lets go of the frame.
    static func wrap(_ frame: VideoFrame) throws(AVError) -> FFFrame {
        let wrapped = try FFFrame()
        let raw = wrapped.pointer
        raw.pointee.width = Int32(frame.width)
        raw.pointee.height = Int32(frame.height)
        raw.pointee.format = FFPixelFormat.avFormat(for: frame.layout).rawValue
        for (index, plane) in frame.planes.enumerated() {
            // The storage keeps its bytes valid for as long as it lives
            // (PlaneStorage's contract), and the buffer keeps it alive.
            let (base, count) = plane.storage.withUnsafeBytes { ($0.baseAddress, $0.count) }
            guard let base else { throw .invalidData }
            // The buffer spans the whole storage: a plane with a negative
            // stride (a flipped view) has its rows below its first.
            let whole = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
            let start = whole + plane.offset
            let retained = Unmanaged.passRetained(plane.storage as AnyObject).toOpaque()
            guard
                let buffer = av_buffer_create(
                    whole, count,
                    { opaque, _ in
                        Unmanaged<AnyObject>.fromOpaque(opaque!).release()
                    }, retained, Int32(cav_buffer_flag_readonly()))
            else {
                Unmanaged<AnyObject>.fromOpaque(retained).release()
                throw .noMemory
            }
            withUnsafeMutableBytes(of: &raw.pointee.buf) {
                $0.storeBytes(
                    of: buffer, toByteOffset: index * MemoryLayout<UnsafeMutablePointer<AVBufferRef>?>.stride,
                    as: UnsafeMutablePointer<AVBufferRef>?.self)
            }
            withUnsafeMutableBytes(of: &raw.pointee.data) {
                $0.storeBytes(
                    of: start, toByteOffset: index * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride,
                    as: UnsafeMutablePointer<UInt8>?.self)
            }
            withUnsafeMutableBytes(of: &raw.pointee.linesize) {
                $0.storeBytes(
                    of: Int32(plane.bytesPerRow), toByteOffset: index * MemoryLayout<Int32>.stride, as: Int32.self)
            }
        }
        // For video, FFmpeg expects extended_data to point at data itself.
        raw.pointee.extended_data = (UnsafeMutableRawPointer(raw) + MemoryLayout<AVFrame>.offset(of: \AVFrame.data)!)
            .assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
        return wrapped
    }

    // MARK: Pixel format

    /// The pixel formats the encoder takes (empty: it does not say).
    static func pixelFormats(of encoder: UnsafePointer<AVCodec>) -> [AVPixelFormat] {
        var supported: [AVPixelFormat] = []
        if var list = encoder.pointee.pix_fmts {
            while list.pointee != AV_PIX_FMT_NONE {
                supported.append(list.pointee)
                list += 1
            }
        }
        return supported
    }

    /// The encoder's input format: `requested` (an FFmpeg name the recorder
    /// checked) when given, else the frame layout itself where the encoder
    /// takes it, otherwise the nearest it takes. For `opaque` frames of a
    /// layout with alpha, the layout's format without alpha (RGBA as RGB).
    static func chooseFormat(
        codec: VideoCodec, encoder: UnsafePointer<AVCodec>, format: FrameFormat, requested: String? = nil,
        opaque: Bool = false, source: AVPixelFormat? = nil
    ) -> AVPixelFormat {
        if let requested, case let named = av_get_pix_fmt(requested), named != AV_PIX_FMT_NONE { return named }
        let exact =
            opaque ? FFPixelFormat.avFormatWithoutAlpha(for: format.layout) : FFPixelFormat.avFormat(for: format.layout)
        let supported = pixelFormats(of: encoder)
        // Frames a filter made transparent from an opaque YUV source: the
        // source's own shape with alpha, as FFmpeg keeps it, where the
        // encoder takes that.
        if format.layout.hasAlpha, !opaque, let source, FFPixelFormat.shape(source)?.hasAlpha == false,
            let keyed = FFPixelFormat.withAlpha(source), supported.isEmpty || supported.contains(keyed)
        {
            return keyed
        }
        if codec == .mjpeg {
            // JPEG is full range: tagged full-range frames go in as they are;
            // everything else is converted to the yuvj shape nearest it.
            let fullRange = format.colorimetry?.range == .full
            if fullRange && [AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUV444P].contains(exact) {
                return exact
            }
            switch format.layout {
            case .yuv422p: return AV_PIX_FMT_YUVJ422P
            case .yuv444p: return AV_PIX_FMT_YUVJ444P
            default: return AV_PIX_FMT_YUVJ420P
            }
        }
        if supported.isEmpty || supported.contains(exact) { return exact }
        if !format.layout.isYUV, codec.prefers420, supported.contains(AV_PIX_FMT_YUV420P) { return AV_PIX_FMT_YUV420P }
        if format.layout == .nv12, supported.contains(AV_PIX_FMT_YUV420P) { return AV_PIX_FMT_YUV420P }
        if format.layout == .yuv420p10 {
            for deep in [AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_YUV422P10LE, AV_PIX_FMT_YUV444P10LE]
            where supported.contains(deep) {
                return deep
            }
        }
        // FFmpeg's own choice of the nearest format the encoder takes,
        // keeping alpha where the frames have it.
        return avcodec_find_best_pix_fmt_of_list(
            encoder.pointee.pix_fmts, exact, format.layout.hasAlpha && !opaque ? 1 : 0, nil)
    }

    /// What going from the source's pixel format to the encoder's loses:
    /// alpha, bit depth, chroma resolution, colour (to grey). RGB going to
    /// 4:2:0 for a delivery codec is the documented default and not noted.
    static func losses(from source: AVPixelFormat, to encoded: AVPixelFormat, encoder: String) -> [String] {
        guard let from = FFPixelFormat.shape(source), let to = FFPixelFormat.shape(encoded), from != to else {
            return []
        }
        let names = "(\(FFPixelFormat.name(source)) in, \(FFPixelFormat.name(encoded)) out)"
        var losses: [String] = []
        if from.hasAlpha && !to.hasAlpha { losses.append("alpha dropped: \(encoder) takes no alpha \(names)") }
        if from.depth > to.depth {
            losses.append(
                "bit depth reduced from \(from.depth) to \(to.depth): \(encoder) takes no deeper samples \(names)")
        }
        if !from.isRGB, !from.isGray, !to.isRGB, !to.isGray,
            to.chromaShift.x > from.chromaShift.x || to.chromaShift.y > from.chromaShift.y
        {
            losses.append(
                "chroma reduced from \(from.chromaName) to \(to.chromaName): \(encoder) takes no \(from.chromaName) \(names)"
            )
        }
        if !from.isGray, to.isGray { losses.append("colour dropped: \(encoder) writes grey only \(names)") }
        return losses
    }
}

/// The colour tags written to the stream and frames, and what swscale is
/// told on each side when the encoder needs a conversion.
struct OutputColor {
    var space = AVCOL_SPC_UNSPECIFIED
    var range = AVCOL_RANGE_UNSPECIFIED
    var primaries = AVCOL_PRI_UNSPECIFIED
    var transfer = AVCOL_TRC_UNSPECIFIED
    var scalerSource: (matrix: Int32, fullRange: Bool)
    var scalerDestination: (matrix: Int32, fullRange: Bool)
    /// Set when the tags had to be chosen for the frames.
    var note: String?

    init(input: SinkInput, encoderFormat: AVPixelFormat) {
        let frames = input.format
        let colorimetry = frames.colorimetry
        scalerSource = (FFColor.swscaleMatrix(colorimetry?.matrix), colorimetry?.range == .full)
        scalerDestination = scalerSource
        if FFPixelFormat.isRGBLike(encoderFormat) {
            // RGB out (png, ffv1 bgra): nothing to tag.
            return
        }
        let encoderFullRange = FFPixelFormat.impliesFullRange(encoderFormat)
        let matrix: ColorMatrix
        let fullRange: Bool
        if frames.layout.isYUV {
            // YUV -> YUV keeps the matrix; the yuvj formats force full range.
            let untaggedSource = input.sourceColor.map { $0.colorimetry == nil } ?? false
            if colorimetry == nil && !encoderFullRange {
                // A file's untagged video stays as the file had it; frames
                // a program made get the tags the conversions assumed.
                if untaggedSource { return }
                note =
                    "untagged YUV frames were tagged BT.601 limited range, what the filters and swscale assume "
                    + "(give the frames' FrameFormat a colorimetry to choose)"
            }
            matrix = colorimetry?.matrix ?? .bt601
            fullRange = encoderFullRange || colorimetry?.range == .full
        } else {
            // RGB -> YUV: BT.709, the matrix of HD and of the sRGB primaries.
            matrix = .bt709
            fullRange = encoderFullRange
        }
        space = FFColor.space(matrix)
        range = fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        (primaries, transfer) = FFColor.defaultPrimariesAndTransfer(matrix)
        if let source = input.sourceColor, frames.layout.isYUV, source.colorimetry?.matrix == colorimetry?.matrix {
            // The frames still have the source's matrix: its primaries and
            // transfer (e.g. PQ or HLG) still describe them.
            if source.tags.primaries != AVCOL_PRI_UNSPECIFIED.rawValue {
                primaries = AVColorPrimaries(rawValue: source.tags.primaries)
            }
            if source.tags.transfer != AVCOL_TRC_UNSPECIFIED.rawValue {
                transfer = AVColorTransferCharacteristic(rawValue: source.tags.transfer)
            }
        }
        // What the frames say they are (a colorspace or tonemap filter
        // converted them) wins over what the source and matrix imply.
        if let known = colorimetry?.primaries { primaries = FFColor.primariesTag(known) }
        if let known = colorimetry?.transfer { transfer = FFColor.transferTag(known) }
        scalerDestination = (FFColor.swscaleMatrix(matrix), fullRange)
    }
}
