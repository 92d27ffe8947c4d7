// export: file to file through a filter chain, with progress; Ctrl-C (or
// --cancel-after N frames) cancels the run.
//
//   swift run export input.mp4 output.mp4 "sepia,vignette"
//
// Every audio, subtitle and attachment stream the output can hold is
// carried along; a cancelled run leaves no file behind.
import Foundation
import Kakapos

var arguments = Array(CommandLine.arguments.dropFirst())
let flag = arguments.firstIndex(of: "--cancel-after")
let cancelAfter = flag.flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? .max
if let flag { arguments.removeSubrange(flag...min(flag + 1, arguments.count - 1)) }
guard arguments.count == 2 || arguments.count == 3 else {
    print("usage: export INPUT OUTPUT [CHAIN] [--cancel-after FRAMES]")
    exit(2)
}

do {
    let source = try AssetSource(url: URL(fileURLWithPath: arguments[0]))
    let recorder = try RecorderSink(url: URL(fileURLWithPath: arguments[1]))
    let chain = try FilterChain(parsing: arguments.count == 3 ? arguments[2] : "sepia,vignette")
    // Render straight into the layout the encoder takes (4:2:0 for H.264).
    let output = RenderOutput.layout(recorder.preferredLayout(for: source.frameFormat.layout))
    let processor = GraphProcessor(renderer: try Renderer.shared, chain: chain, output: output)
    let pipeline = MediaPipeline(source: source, processor: processor, sink: recorder)

    let run = Task {
        try await pipeline.run { progress in
            let percent = progress.fractionDone.map { String(format: "%3.0f%%", $0 * 100) } ?? "?"
            print("\(percent) \(progress.framesDone) frames")
            if progress.framesDone >= cancelAfter { pipeline.cancel() }
        }
    }
    // Ctrl-C cancels the awaiting task, and so the run.
    signal(SIGINT, SIG_IGN)
    let interrupt = DispatchSource.makeSignalSource(signal: SIGINT)
    interrupt.setEventHandler { run.cancel() }
    interrupt.resume()

    let clip = try await run.value
    print("wrote \(clip.url.lastPathComponent): \(clip.frameCount) frames, audio \(clip.audio ?? "none")")
} catch MediaError.cancelled {
    print("cancelled; no file was written")
    exit(130)
} catch {
    print("export: \(error)")
    exit(1)
}
