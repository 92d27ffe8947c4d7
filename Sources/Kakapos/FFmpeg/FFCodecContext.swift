import CFFmpeg

/// Owns one `AVCodecContext`, a decoder or an encoder.
///
/// @unchecked Sendable: each codec context is driven by one thread at a time
/// (the decode thread, or the recorder under its work lock); FFmpeg's own
/// worker threads are internal to it.
final class FFCodecContext: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let codec: UnsafePointer<AVCodec>

    init(codec: UnsafePointer<AVCodec>) throws(AVError) {
        LogRouter.install()
        guard let context = avcodec_alloc_context3(codec) else { throw .noMemory }
        self.pointer = context
        self.codec = codec
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    /// The codec's short name, e.g. `h264` or `libx264`.
    var name: String { String(cString: codec.pointee.name) }

    func open(options: FFDictionary? = nil) throws(AVError) {
        if let options {
            try check(avcodec_open2(pointer, codec, &options.pointer))
        } else {
            try check(avcodec_open2(pointer, codec, nil))
        }
    }

    // Decoding and encoding: the send/receive calls, with EAGAIN and EOF
    // as ordinary outcomes rather than errors.

    func send(_ packet: FFPacket?) throws(AVError) {
        try check(avcodec_send_packet(pointer, packet?.pointer))
    }

    /// Returns false when the decoder needs more input or is drained.
    func receive(into frame: FFFrame) throws(AVError) -> Bool {
        let code = avcodec_receive_frame(pointer, frame.pointer)
        if code == AVError.again.code || code == AVError.eof.code { return false }
        try check(code)
        return true
    }

    func send(_ frame: FFFrame?) throws(AVError) {
        try check(avcodec_send_frame(pointer, frame?.pointer))
    }

    /// Returns false when the encoder needs more input or is drained.
    func receive(into packet: FFPacket) throws(AVError) -> Bool {
        let code = avcodec_receive_packet(pointer, packet.pointer)
        if code == AVError.again.code || code == AVError.eof.code { return false }
        try check(code)
        return true
    }
}
