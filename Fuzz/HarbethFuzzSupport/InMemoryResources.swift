import Harbeth

/// A resource loader that never touches the disk: every path reads as the
/// same bytes, so `shader=ANY_PATH` in a fuzzed chain reads the shader the
/// input carries. Images cannot be decoded, as with Harbeth's file loader.
public struct InMemoryResources: FilterResourceLoader {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public func data(at path: String) throws -> [UInt8] {
        bytes
    }

    public func image(at path: String) throws -> VideoFrame {
        throw FilterResourceError.noImageDecoder(path: path)
    }
}
