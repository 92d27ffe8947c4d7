import Kakapos

/// What `--version` prints.
enum Version {
    static let number = "0.1.0"

    static var text: String {
        """
        harbeth-render \(number)
        FFmpeg \(FFmpegLibrary.version)
        \(ShaderCompiler.signature)
        """
    }
}
