import CFFmpeg

/// Owns one `SwsContext`: converts frames between pixel formats (same size).
///
/// @unchecked Sendable: used by one thread at a time (the decode thread, or
/// the recorder under its work lock).
final class FFScaler: @unchecked Sendable {
    private let pointer: OpaquePointer
    let width: Int32
    let height: Int32
    let source: AVPixelFormat
    let destination: AVPixelFormat

    /// - Parameters:
    ///   - sourceColor: the matrix (an `SWS_CS_*` value) and full-range flag of YUV input.
    ///   - destinationColor: the same for YUV output.
    init(
        width: Int32, height: Int32, from source: AVPixelFormat, to destination: AVPixelFormat,
        sourceColor: (matrix: Int32, fullRange: Bool), destinationColor: (matrix: Int32, fullRange: Bool)
    ) throws(AVError) {
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT
        guard let context = sws_getContext(width, height, source, width, height, destination, flags, nil, nil, nil)
        else { throw .invalidArgument }
        pointer = context
        self.width = width
        self.height = height
        self.source = source
        self.destination = destination
        // The tables only matter on the YUV side of a conversion; for a
        // YUV -> YUV one the ranges are what must stay as the caller says.
        let sourceRangeIsFull: Int32 = FFPixelFormat.isRGBLike(source) ? 1 : (sourceColor.fullRange ? 1 : 0)
        let destinationRangeIsFull: Int32 =
            FFPixelFormat.isRGBLike(destination) ? 1 : (destinationColor.fullRange ? 1 : 0)
        sws_setColorspaceDetails(
            context, sws_getCoefficients(sourceColor.matrix), sourceRangeIsFull,
            sws_getCoefficients(destinationColor.matrix), destinationRangeIsFull, 0, 1 << 16, 1 << 16)
    }

    deinit { sws_freeContext(pointer) }

    /// Converts `input` into a newly allocated frame of the destination format.
    func convert(_ input: FFFrame) throws(AVError) -> FFFrame {
        let output = try FFFrame()
        output.pointer.pointee.width = width
        output.pointer.pointee.height = height
        output.pointer.pointee.format = destination.rawValue
        try check(av_frame_get_buffer(output.pointer, 0))
        try check(av_frame_copy_props(output.pointer, input.pointer))
        try check(sws_scale_frame(pointer, output.pointer, input.pointer))
        return output
    }
}

/// Owns one `SwrContext`: converts audio sample formats, rates and layouts.
///
/// @unchecked Sendable: used only by the recorder's audio path, under its
/// work lock.
final class FFResampler: @unchecked Sendable {
    let pointer: OpaquePointer
    /// What it was made for, to notice input that changes mid-stream.
    let inputFormat: Int32
    let inputRate: Int32
    let inputChannels: Int32
    /// The output's sample format, rate and channel layout.
    private let outputFormat: AVSampleFormat
    private let outputRate: Int32
    private var outputLayout = AVChannelLayout()

    /// Converts frames shaped like `input` into `output`'s format, rate and
    /// layout. An input layout of unspecified order is taken as the default
    /// layout for its channel count.
    convenience init(input: FFFrame, to output: UnsafeMutablePointer<AVCodecContext>) throws(AVError) {
        try self.init(
            input: input, format: output.pointee.sample_fmt, rate: output.pointee.sample_rate,
            layout: &output.pointee.ch_layout)
    }

    /// Converts frames shaped like `input` into `format` at `rate` with
    /// `layout` (the default layout of `input`'s channel count when nil).
    init(
        input: FFFrame, format: AVSampleFormat, rate: Int32, layout: UnsafePointer<AVChannelLayout>?
    ) throws(AVError) {
        let frame = input.pointer.pointee
        var inputLayout = AVChannelLayout()
        if frame.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&inputLayout, frame.ch_layout.nb_channels)
        } else {
            try check(av_channel_layout_copy(&inputLayout, &input.pointer.pointee.ch_layout))
        }
        defer { av_channel_layout_uninit(&inputLayout) }
        var target = AVChannelLayout()
        if let layout { try check(av_channel_layout_copy(&target, layout)) } else { target = inputLayout }
        var context: OpaquePointer?
        let code = swr_alloc_set_opts2(
            &context, &target, format, rate, &inputLayout, AVSampleFormat(rawValue: frame.format), frame.sample_rate,
            0, nil)
        var copied = AVChannelLayout()
        _ = av_channel_layout_copy(&copied, &target)
        if layout != nil { av_channel_layout_uninit(&target) }
        guard code >= 0, let context else {
            av_channel_layout_uninit(&copied)
            throw code < 0 ? AVError(code: code) : .noMemory
        }
        pointer = context
        inputFormat = frame.format
        inputRate = frame.sample_rate
        inputChannels = frame.ch_layout.nb_channels
        outputFormat = format
        outputRate = rate
        outputLayout = copied
        // From here on deinit frees the context, on this error path too.
        try check(swr_init(context))
    }

    deinit {
        var context: OpaquePointer? = pointer
        swr_free(&context)
        av_channel_layout_uninit(&outputLayout)
    }

    func accepts(_ frame: FFFrame) -> Bool {
        let raw = frame.pointer.pointee
        return raw.format == inputFormat && raw.sample_rate == inputRate && raw.ch_layout.nb_channels == inputChannels
    }

    /// Converts `input`'s samples, or with nil drains what the resampler
    /// holds, into a new frame in the output format.
    func convert(_ input: FFFrame?) throws(AVError) -> FFFrame {
        let converted = try FFFrame()
        let raw = converted.pointer
        raw.pointee.format = outputFormat.rawValue
        raw.pointee.sample_rate = outputRate
        try check(av_channel_layout_copy(&raw.pointee.ch_layout, &outputLayout))
        let inputSamples = input?.pointer.pointee.nb_samples ?? 0
        raw.pointee.nb_samples = max(swr_get_out_samples(pointer, inputSamples), 1)
        try check(av_frame_get_buffer(raw, 0))
        let produced = swr_convert(
            pointer, raw.pointee.extended_data, raw.pointee.nb_samples,
            input.map {
                UnsafeMutableRawPointer($0.pointer.pointee.extended_data!).assumingMemoryBound(
                    to: UnsafePointer<UInt8>?.self)
            },
            inputSamples)
        try check(produced)
        raw.pointee.nb_samples = produced
        return converted
    }
}

/// Owns one `AVAudioFifo`: samples between the resampler and an encoder
/// that wants frames of a fixed size.
///
/// @unchecked Sendable: used only by the recorder's audio path, under its
/// work lock.
final class FFAudioFifo: @unchecked Sendable {
    let pointer: OpaquePointer

    init(format: AVSampleFormat, channels: Int32) throws(AVError) {
        guard let fifo = av_audio_fifo_alloc(format, channels, 1) else { throw .noMemory }
        pointer = fifo
    }

    deinit { av_audio_fifo_free(pointer) }

    var count: Int32 { av_audio_fifo_size(pointer) }

    /// Empties the fifo.
    func reset() { av_audio_fifo_reset(pointer) }

    func write(_ frame: FFFrame) throws(AVError) {
        let samples = frame.pointer.pointee.nb_samples
        guard samples > 0 else { return }
        let planes = UnsafeMutableRawPointer(frame.pointer.pointee.extended_data)!
            .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        let written = av_audio_fifo_write(pointer, planes, samples)
        try check(written < samples ? (written < 0 ? written : AVError.noMemory.code) : 0)
    }

    func read(into frame: FFFrame, count: Int32) throws(AVError) {
        let planes = UnsafeMutableRawPointer(frame.pointer.pointee.extended_data)!
            .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        try check(av_audio_fifo_read(pointer, planes, count))
    }
}
