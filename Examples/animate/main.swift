// animate: a filter parameter that changes with each frame's time.
//
//   swift run animate input.mp4 animated.mp4
//
// The hue turns a full circle every four seconds and the vignette breathes.
// The chain is made anew for each frame, but only its values change, so the
// GPU plan is compiled once and reused.
import Foundation
import Kakapos

guard CommandLine.arguments.count == 3 else {
    print("usage: animate INPUT OUTPUT")
    exit(2)
}

do {
    let source = try AssetSource(url: URL(fileURLWithPath: CommandLine.arguments[1]))
    let recorder = try RecorderSink(url: URL(fileURLWithPath: CommandLine.arguments[2]))
    let output = RenderOutput.layout(recorder.preferredLayout(for: source.frameFormat.layout))
    let renderer = try Renderer.shared
    let processor = GraphProcessor(renderer: renderer, output: output) { time in
        let breath = 0.5 + 0.5 * sin(time.seconds * 2 * Double.pi / 2)
        return [.hue(degrees: time.seconds * 90), .vignette(start: 0.2 + 0.3 * breath, end: 0.9)]
    }
    let pipeline = MediaPipeline(source: source, processor: processor, sink: recorder)
    let clip = try await pipeline.run()
    let plans = renderer.statistics.plansCompiled
    print("wrote \(clip.url.lastPathComponent): \(clip.frameCount) frames with \(plans) compiled plan(s)")
} catch {
    print("animate: \(error)")
    exit(1)
}
