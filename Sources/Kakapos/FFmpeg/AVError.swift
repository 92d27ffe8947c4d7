import CFFmpeg

/// A negative FFmpeg return code as a Swift value with named constants, so
/// errors print as FFmpeg's own words rather than numbers.
public struct AVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw, negative FFmpeg error code.
    public let code: Int32

    /// Wraps a raw FFmpeg error code, such as an `AVERROR(...)` value a call returned.
    public init(code: Int32) { self.code = code }

    /// A filter, or libavfilter itself, is not installed.
    public static let filterNotFound = AVError(code: cav_error_filter_not_found())
    /// The stream or file ended.
    public static let eof = AVError(code: cav_error_eof())
    /// Output is not available in this state: send more input first.
    public static let again = AVError(code: cav_error_eagain())
    /// The data is not what the format or codec expects.
    public static let invalidData = AVError(code: cav_error_invaliddata())
    /// No decoder is installed for the codec.
    public static let decoderNotFound = AVError(code: cav_error_decoder_not_found())
    /// No encoder is installed for the codec.
    public static let encoderNotFound = AVError(code: cav_error_encoder_not_found())
    /// The file has no stream of the kind asked for.
    public static let streamNotFound = AVError(code: cav_error_stream_not_found())
    /// An I/O error (EIO), also what injected write faults report.
    public static let io = AVError(code: cav_error_eio())
    /// An allocation failed (ENOMEM).
    public static let noMemory = AVError(code: cav_error_enomem())
    /// A setting was refused (EINVAL), also what injected open faults report.
    public static let invalidArgument = AVError(code: cav_error_einval())
    /// A write went past the file size limit (EFBIG, RLIMIT_FSIZE).
    public static let fileTooLarge = AVError(code: cav_error_efbig())
    /// The file system is full (ENOSPC).
    public static let noSpace = AVError(code: cav_error_enospc())
    /// A blocking call was interrupted on purpose (AVERROR_EXIT): a stop or a timeout.
    public static let exit = AVError(code: cav_error_exit())
    /// The user's disk quota is used up (EDQUOT).
    public static let quotaExceeded = AVError(code: cav_error_edquot())

    /// True for the errors that mean there is no room for more bytes.
    public var isOutOfSpace: Bool { self == .fileTooLarge || self == .noSpace || self == .quotaExceeded }

    /// FFmpeg's description (`av_strerror`).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: 256)
        cav_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The one place an FFmpeg return code becomes a Swift error: negative codes
/// throw, anything else is returned for calls that report a count.
@inline(__always) @discardableResult
func check(_ code: Int32) throws(AVError) -> Int32 {
    guard code >= 0 else { throw AVError(code: code) }
    return code
}
