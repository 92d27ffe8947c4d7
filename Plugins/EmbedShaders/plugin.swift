import Foundation
import PackagePlugin

/// Embeds every GLSL file under the package's `Shaders/` folder into the
/// target as Swift string literals, so an installed binary never needs the
/// source tree. The shaders are compiled to SPIR-V at run time.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaderRoot = context.package.directoryURL.appending(path: "Shaders")
        let inputs = try glslFiles(under: shaderRoot)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        let tool = try context.tool(named: "ShaderEmbedder")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) shaders into \(target.name)",
                executable: tool.url,
                arguments: [shaderRoot.path(percentEncoded: false), output.path(percentEncoded: false)]
                    + inputs.map { $0.path(percentEncoded: false) },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    private func glslFiles(under root: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [URL] = []
        for case let url as URL in walker where url.pathExtension == "glsl" {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }
}
