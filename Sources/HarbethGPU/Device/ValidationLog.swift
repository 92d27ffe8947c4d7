import CVulkan

/// One message from the Khronos validation layer (or any `VK_EXT_debug_utils` source).
public struct ValidationMessage: Sendable, Hashable, CustomStringConvertible {
    /// How serious a message is, as the layer reports it, from least to most.
    public enum Severity: String, Sendable {
        /// Diagnostic detail, such as loader and layer chatter.
        case verbose
        /// Informational messages, such as resource creation details.
        case info
        /// Likely misuse of the API that is not outright invalid; a failure in the test suite.
        case warning
        /// A violation of the Vulkan specification; a failure in the test suite.
        case error
    }

    /// How serious the message is.
    public let severity: Severity
    /// True for messages of the performance category: counted, not failures.
    public let isPerformance: Bool
    /// The layer's message ID name, e.g. "VUID-vkCmdDispatch-None-02691".
    public let identifier: String
    /// The message itself, as the layer wrote it; empty when it gave none.
    public let text: String

    public var description: String {
        "[\(severity.rawValue)\(isPerformance ? ", performance" : "")] \(identifier): \(text)"
    }
}

/// Collects validation messages for one context. Errors and warnings outside
/// the performance category are failures in the test suite.
public final class ValidationLog: Sendable {
    private let messages = Locked<[ValidationMessage]>([])

    /// Creates an empty log.
    public init() {}

    /// Every message received so far.
    public var all: [ValidationMessage] { messages.withLock { $0 } }

    /// Errors and warnings that are not performance advice.
    public var failures: [ValidationMessage] {
        all.filter { !$0.isPerformance && ($0.severity == .error || $0.severity == .warning) }
    }

    /// How many performance-category messages arrived.
    public var performanceCount: Int { all.filter(\.isPerformance).count }

    func append(_ message: ValidationMessage) {
        messages.withLock { $0.append(message) }
    }

    /// Forgets the messages received so far.
    public func clear() { messages.withLock { $0.removeAll() } }
}

/// The C callback the messenger calls; its user data is an unretained
/// `ValidationLog` that the instance keeps alive for its whole life.
let validationCallback: PFN_vkDebugUtilsMessengerCallbackEXT = { severity, types, data, userData in
    guard let userData, let data else { return VkBool32(VK_FALSE) }
    let log = Unmanaged<ValidationLog>.fromOpaque(userData).takeUnretainedValue()
    let level: ValidationMessage.Severity
    if severity.rawValue & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT.rawValue != 0 {
        level = .error
    } else if severity.rawValue & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT.rawValue != 0 {
        level = .warning
    } else if severity.rawValue & VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT.rawValue != 0 {
        level = .info
    } else {
        level = .verbose
    }
    let isPerformance = types & VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT.rawValue != 0
    let identifier = data.pointee.pMessageIdName.map { String(cString: $0) } ?? "-"
    let text = data.pointee.pMessage.map { String(cString: $0) } ?? ""
    log.append(ValidationMessage(severity: level, isPerformance: isPerformance, identifier: identifier, text: text))
    return VkBool32(VK_FALSE)
}
