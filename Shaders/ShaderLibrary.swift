// The GLSL files in this folder, embedded by the EmbedShaders plugin as
// `EmbeddedShaders.sources` (path relative to this folder -> text). This
// folder is a target of its own so that SwiftPM notices a shader file
// being added or removed and runs the plugin again.

/// The embedded GLSL sources, by path relative to `Shaders/`.
package enum ShaderLibrary {
    package static var sources: [String: String] { EmbeddedShaders.sources }

    /// The text of one file, or nil when no such file was embedded.
    package static func source(_ path: String) -> String? { EmbeddedShaders.sources[path] }
}
