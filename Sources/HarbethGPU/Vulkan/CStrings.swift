import Foundation

/// Keeps C copies of Swift strings alive for the duration of a Vulkan call
/// that takes `const char* const*`.
struct CStringArray: ~Copyable {
    private var storage: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        storage = strings.map { strdup($0) }
    }

    var count: UInt32 { UInt32(storage.count) }

    func withPointers<R>(_ body: (UnsafePointer<UnsafePointer<CChar>?>?) throws -> R) rethrows -> R {
        if storage.isEmpty { return try body(nil) }
        let constPointers = storage.map { UnsafePointer($0) }
        return try constPointers.withUnsafeBufferPointer { try body($0.baseAddress) }
    }

    deinit {
        for pointer in storage { free(pointer) }
    }
}

/// Reads a fixed-size C character array (as Vulkan's property structs hold them).
func string<T>(fromTuple tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

/// Reads a fixed-size C byte array as lowercase hex.
func hex<T>(fromTuple tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
        raw.map { String(format: "%02x", $0) }.joined()
    }
}
