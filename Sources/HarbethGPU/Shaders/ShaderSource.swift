/// GLSL compute shader text with the defines it is compiled with.
package struct ShaderSource: Hashable, Sendable {
    /// Shown in errors: a file path for user shaders, a kernel name otherwise.
    package var name: String
    /// The GLSL text, starting with its `#version` line.
    package var text: String
    /// Macros defined before the source, in a stable order.
    package var defines: [String: String]

    package init(name: String, text: String, defines: [String: String] = [:]) {
        self.name = name
        self.text = text
        self.defines = defines
    }

    /// The `#define` lines, sorted so equal sources give equal text.
    var preamble: String {
        defines.keys.sorted().map { "#define \($0) \(defines[$0]!)\n" }.joined()
    }
}
