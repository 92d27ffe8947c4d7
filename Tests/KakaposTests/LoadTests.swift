import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// A server's load in one process: eight exports at once on one renderer.
/// Each output is frame for frame what a run on its own makes (FFV1 is
/// lossless, so the decoded frames' MD5s must match), the renderer's memory
/// stays within its pools, and nothing deadlocks (a watchdog fails the
/// test instead of hanging).
final class LoadTests: XCTestCase {
    private let chain = "sepia,gaussian_blur=sigma=2,vignette"

    /// Exports `input` through the chain on `renderer` to FFV1 in `url`.
    private func export(_ input: URL, to url: URL, on renderer: Renderer) throws -> MediaPipeline<RecorderSink> {
        let sink = try RecorderSink(url: url, options: .init(codec: .ffv1, audio: .none))
        let source = try AssetSource(url: input)
        let processor = GraphProcessor(
            renderer: renderer, chain: try FilterChain(parsing: chain),
            output: .layout(sink.preferredLayout(for: source.metadata.layout)))
        return MediaPipeline(source: source, processor: processor, sink: sink)
    }

    /// The MD5 of every decoded frame, as FFmpeg's framemd5 muxer prints them.
    private func frameMD5s(_ url: URL) throws -> [String] {
        try MediaTool.run(
            "ffmpeg",
            ["-hide_banner", "-nostdin", "-loglevel", "error", "-i", url.path, "-map", "0:v", "-f", "framemd5", "-"]
        ).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    func testEightExportsAtOnceOnOneRendererMatchASoloRun() throws {
        let renderer = Renderer(
            context: try GPUTestEnvironment.context(), options: .init(resources: MediaResourceLoader()))
        let folder = MediaFixtures.outputDirectory()
        let solo = folder.appendingPathComponent("solo.mkv")
        let alone = try export(MediaFixtures.clip, to: solo, on: renderer)
        try alone.start()
        guard case .finished = alone.wait() else { return XCTFail("\(alone.lastError!)") }
        let expected = try frameMD5s(solo)
        XCTAssertEqual(expected.count, 25)
        let slotsAfterSolo = renderer.statistics.slotsMade

        let outputs = (0..<8).map { folder.appendingPathComponent("load-\($0).mkv") }
        let pipelines = try outputs.map { try export(MediaFixtures.clip, to: $0, on: renderer) }
        let done = DispatchGroup()
        for pipeline in pipelines {
            done.enter()
            DispatchQueue.global().async {
                do { try pipeline.start() } catch {}
                pipeline.wait()
                done.leave()
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 240), .success, "eight exports did not end: a deadlock")
        for (index, pipeline) in pipelines.enumerated() {
            guard case .finished(let clip) = pipeline.wait() else {
                XCTFail("export \(index): \(String(describing: pipeline.lastError))")
                continue
            }
            XCTAssertEqual(clip.frameCount, 25, "export \(index)")
            XCTAssertEqual(try frameMD5s(outputs[index]), expected, "export \(index) differs from the solo run")
        }
        // Bounded memory: the frames in flight come from the plan's pool,
        // which eight runs share; it holds at most framesInFlight * 4 + 4 slots.
        let limit = renderer.options.framesInFlight * 4 + 4
        XCTAssertLessThanOrEqual(renderer.statistics.slotsMade, limit, "slots after the solo run: \(slotsAfterSolo)")
        XCTAssertEqual(folderEntries(folder), (["solo.mkv"] + (0..<8).map { "load-\($0).mkv" }).sorted())
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }
}
