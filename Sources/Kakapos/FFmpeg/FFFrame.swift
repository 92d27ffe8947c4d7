import CFFmpeg

/// Owns one `AVFrame` (and so its references to buffers).
///
/// @unchecked Sendable: the frame is mutated only by the thread that fills
/// it (decoder, scaler, encoder feed) before it is shared; once handed over
/// it is only read, and FFmpeg's buffer references are atomically counted.
final class FFFrame: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() throws(AVError) {
        guard let frame = av_frame_alloc() else { throw .noMemory }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// A new frame that references the same buffers (`av_frame_ref`): no
    /// pixels are copied.
    func makeReference() throws(AVError) -> FFFrame {
        let copy = try FFFrame()
        try check(av_frame_ref(copy.pointer, pointer))
        return copy
    }

    /// Drops the buffer references so the frame can be filled again.
    func unref() { av_frame_unref(pointer) }
}

/// Owns one `AVPacket`.
///
/// @unchecked Sendable: used by one thread at a time (the demux or encode
/// loop that owns it).
final class FFPacket: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() throws(AVError) {
        guard let packet = av_packet_alloc() else { throw .noMemory }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    func unref() { av_packet_unref(pointer) }
}

/// Owns one `AVDictionary` of options, freed in deinit. FFmpeg removes the
/// entries it consumed; what is left names options nobody understood.
final class FFDictionary {
    var pointer: OpaquePointer?

    init(_ entries: [(String, String)] = []) {
        for (key, value) in entries { set(key, value) }
    }

    deinit { av_dict_free(&pointer) }

    func set(_ key: String, _ value: String) {
        av_dict_set(&pointer, key, value, 0)
    }

    var count: Int { Int(av_dict_count(pointer)) }

    /// Every entry of an FFmpeg dictionary (a stream's or file's metadata).
    static func entries(_ dictionary: OpaquePointer?) -> [String: String] {
        var entries: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            entries[String(cString: next.pointee.key)] = String(cString: next.pointee.value)
            entry = next
        }
        return entries
    }
}
