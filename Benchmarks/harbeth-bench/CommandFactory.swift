/// Builds the two sides' command lines with the same encoder settings.
struct CommandFactory {
    let tools: Tools
    let work: WorkFolder
    let clips: ClipMaker

    /// libx264 settings for both sides.
    static let preset = "veryfast"
    static let crf = 23

    enum Output {
        /// An MP4 named after the contestant in the outputs folder.
        case mp4(String)
        /// Filter only: harbeth-render `--null`, ffmpeg `-f null -`.
        case null
    }

    func outputPath(_ name: String) -> String { work.outputs + "/" + name + ".mp4" }

    /// harbeth-render as a user runs it, plus `-q --json`. Shaders are cached
    /// in the work folder (warm after the warm-up run) unless `coldCache`,
    /// which gives each run new, empty cache folders.
    func ours(
        chain: String, clip: ClipSpec, output: Output, frames: Int?, coldCache: Bool = false,
        extraArguments: [String] = []
    ) -> Command {
        var arguments = ["-q", "--json", "-vf", chain] + extraArguments
        switch output {
        case .mp4(let name):
            arguments += [
                "--preset", Self.preset, "--crf", "\(Self.crf)", "-y", "-o", outputPath(name),
            ]
        case .null:
            arguments.append("--null")
        }
        if let frames { arguments += ["--frames", "\(frames)"] }
        arguments.append(clips.path(of: clip))
        // Validation makes every call slower; a user does not run with it.
        var environment: [String: String?] = ["HARBETH_VALIDATION": nil]
        var fresh: [String] = []
        if coldCache {
            fresh = ["HARBETH_CACHE_DIR", "MESA_SHADER_CACHE_DIR"]
        } else {
            environment["HARBETH_CACHE_DIR"] = work.harbethCache
            environment["MESA_SHADER_CACHE_DIR"] = work.mesaCache
        }
        return Command(
            executable: tools.render, arguments: arguments, environment: environment, freshFolderVariables: fresh)
    }

    /// harbeth-render on several inputs with a filtergraph, filter only
    /// (`--null`), as `ours` otherwise.
    func oursGraph(_ graph: String, inputs: [ClipSpec]) -> Command {
        var command = ours(chain: "", clip: inputs[0], output: .null, frames: nil)
        let chainAt = command.arguments.firstIndex(of: "-vf")!
        command.arguments.replaceSubrange(chainAt...(chainAt + 1), with: ["--graph", graph])
        command.arguments.removeLast()
        command.arguments += inputs.flatMap { ["-i", clips.path(of: $0)] }
        return command
    }

    /// ffmpeg with `-filter_complex` over several inputs, `-f null -`.
    func ffmpegGraph(_ graph: String, inputs: [ClipSpec], vulkan: Bool = false) -> Command {
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
        if vulkan { arguments += ["-init_hw_device", "vulkan=vk:0", "-filter_hw_device", "vk"] }
        arguments += inputs.flatMap { ["-i", clips.path(of: $0)] }
        arguments += ["-filter_complex", graph, "-f", "null", "-"]
        return Command(
            executable: tools.ffmpeg, arguments: arguments, environment: ["MESA_SHADER_CACHE_DIR": work.mesaCache])
    }

    /// The ffmpeg command a user would run instead. `vulkan` initialises a
    /// Vulkan device for `hwupload` and the `_vulkan` filters; the filter
    /// text must then upload and download itself.
    func ffmpeg(filter: String?, clip: ClipSpec, output: Output, frames: Int?, vulkan: Bool = false) -> Command {
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
        if vulkan { arguments += ["-init_hw_device", "vulkan=vk:0", "-filter_hw_device", "vk"] }
        arguments += ["-i", clips.path(of: clip)]
        if let filter { arguments += ["-vf", filter] }
        if let frames { arguments += ["-frames:v", "\(frames)"] }
        switch output {
        case .mp4(let name):
            arguments += [
                "-c:v", "libx264", "-preset", Self.preset, "-crf", "\(Self.crf)", "-an",
                outputPath(name),
            ]
        case .null:
            arguments += ["-f", "null", "-"]
        }
        // The same Mesa shader cache as ours, for gblur_vulkan on lavapipe.
        return Command(
            executable: tools.ffmpeg, arguments: arguments, environment: ["MESA_SHADER_CACHE_DIR": work.mesaCache])
    }
}
