/// Why a frame could not be rendered. Each case prints as one line.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A filter's values do not fit this input (a crop outside the frame, ...).
    case invalidFilterSetup(filter: String, reason: String)
    /// A filter's resource (LUT file, image) could not be loaded.
    case resourceUnavailable(filter: String, reason: String)
    /// A shader failed to compile; the message names the file and line.
    case shaderCompile(String)
    /// The frame or an intermediate image is wider or taller than the
    /// device's images may be.
    case frameTooLarge(width: Int, height: Int, limit: Int)
    /// A frame's planes need more bytes in one GPU buffer than the device's
    /// largest storage buffer (`maxStorageBufferRange`).
    case bufferTooLarge(what: String, bytes: Int, limit: Int)
    /// This output layout cannot be produced for this frame.
    case unsupportedOutput(String)
    /// The GPU failed.
    case gpu(GPUError)

    public var description: String {
        switch self {
        case .invalidFilterSetup(let filter, let reason):
            return "\(filter): \(reason)"
        case .resourceUnavailable(let filter, let reason):
            return "\(filter): \(reason)"
        case .shaderCompile(let message):
            return message
        case .frameTooLarge(let width, let height, let limit):
            return "a \(width)x\(height) image is larger than this GPU allows (\(limit) pixels per side)"
        case .bufferTooLarge(let what, let bytes, let limit):
            return "\(what) needs \(bytes) bytes in one GPU buffer; this GPU allows \(limit) (maxStorageBufferRange)"
        case .unsupportedOutput(let reason):
            return "unsupported output: \(reason)"
        case .gpu(let error):
            return error.description
        }
    }
}
