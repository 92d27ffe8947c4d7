import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// A real clip through the GPU filter graph, checked against ffmpeg's
/// decoding of input and output.
final class GraphProcessorTests: XCTestCase {
    private func renderer() throws -> Renderer {
        Renderer(context: try GPUTestEnvironment.context(), options: .init(resources: MediaResourceLoader()))
    }

    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    /// Frame `index` of a file as packed rgb24, decoded by ffmpeg.
    private func rgb(_ url: URL, index: Int = 5) throws -> [UInt8] {
        [UInt8](try TestMedia.frame(of: url.path, index: index, pixelFormat: "rgb24"))
    }

    private func meanAbsoluteDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        XCTAssertEqual(a.count, b.count)
        return zip(a, b).reduce(0.0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(max(1, a.count))
    }

    func testSepiaOnAClipKeepsEveryFrameAndTonesThePixels() throws {
        let renderer = try renderer()
        let folder = MediaFixtures.outputDirectory()
        // 4:4:4 in and out, so that chroma is never resampled (the GPU's and
        // ffmpeg's chroma upsampling differ by several levels at the pattern's
        // colour edges), and softened so the colours stay inside the RGB cube
        // (ffmpeg clips decoded RGB before the reference; the GPU does not).
        let clip444 = folder.appendingPathComponent("clip444.mp4")
        try MediaTool.ffmpeg(
            MediaFixtures.pattern + MediaFixtures.tone + [
                "-vf", "eq=contrast=0.7:saturation=0.6", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
                "yuv444p", "-colorspace", "bt709",
                "-color_primaries", "bt709", "-color_trc", "bt709", "-c:a", "aac", "-shortest", clip444.path,
            ])
        let output = folder.appendingPathComponent("sepia.mkv")
        // FFV1 is lossless: what ffmpeg decodes is what the GPU made.
        let sink = try RecorderSink(url: output, options: .init(codec: .ffv1))
        let source = try AssetSource(url: clip444)
        XCTAssertEqual(sink.preferredLayout(for: source.metadata.layout), .yuv444p)
        let processor = GraphProcessor(
            renderer: renderer, chain: try FilterChain(parsing: "sepia"),
            output: .layout(sink.preferredLayout(for: source.metadata.layout)))
        XCTAssertEqual(
            try processor.outputFormat(for: source.metadata.frameFormat),
            FrameFormat(width: 160, height: 120, layout: .yuv444p, colorimetry: source.metadata.colorimetry))
        let pipeline = MediaPipeline(source: source, processor: processor, sink: sink)
        try pipeline.start()
        guard case .finished(let clip) = pipeline.wait() else {
            return XCTFail("the export ended \(pipeline.state): \(String(describing: pipeline.lastError))")
        }
        XCTAssertEqual(clip.frameCount, 25)
        XCTAssertEqual(try MediaTool.framePTSTimes(output).count, 25)
        XCTAssertEqual(try MediaTool.probe("stream=width,height", stream: "v:0", of: output), ["160", "120"])
        XCTAssertGreaterThan(source.decodeSeconds, 0)
        XCTAssertGreaterThan(sink.encodeSeconds, 0)
        XCTAssertEqual(renderer.statistics.framesRendered, 25)

        // The sepia matrix applied on the CPU to ffmpeg's decoding of the
        // input agrees with the GPU's output; the input itself does not.
        let input = try rgb(clip444)
        var expected = [UInt8](repeating: 0, count: input.count)
        for pixel in stride(from: 0, to: input.count, by: 3) {
            let (r, g, b) = (Double(input[pixel]), Double(input[pixel + 1]), Double(input[pixel + 2]))
            let rows = [(0.3588, 0.7044, 0.1368), (0.2990, 0.5870, 0.1140), (0.2392, 0.4696, 0.0912)]
            for (channel, row) in rows.enumerated() {
                expected[pixel + channel] = UInt8(min(255, (row.0 * r + row.1 * g + row.2 * b).rounded()))
            }
        }
        let filtered = try rgb(output)
        // Tolerance: 8-bit rounding in YUV -> RGB, the filter and RGB -> YUV.
        XCTAssertLessThan(meanAbsoluteDifference(filtered, expected), 1.5)
        XCTAssertGreaterThan(meanAbsoluteDifference(filtered, input), 20)
    }

    func testAnRGBAStillGoingToH264IsRenderedAs420() throws {
        let sink = try RecorderSink(url: MediaFixtures.outputDirectory().appendingPathComponent("x.mp4"))
        XCTAssertEqual(sink.preferredLayout(for: .rgba8), .yuv420p)
        XCTAssertEqual(sink.preferredLayout(for: .yuv444p), .yuv444p)
        let png = try RecorderSink(url: MediaFixtures.outputDirectory().appendingPathComponent("x.png"))
        XCTAssertEqual(png.preferredLayout(for: .yuv420p), .rgba8)
        XCTAssertEqual(png.preferredLayout(for: .rgba8), .rgba8)
    }

    func testOverlayReadsItsImageThroughTheMediaLoader() throws {
        let folder = MediaFixtures.outputDirectory()
        let logo = folder.appendingPathComponent("logo.png")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=20x10,format=rgba", "-frames:v", "1", logo.path])
        let output = folder.appendingPathComponent("overlaid.png")
        let sink = try RecorderSink(url: output)
        let source = try AssetSource(url: MediaFixtures.png)
        let processor = GraphProcessor(
            renderer: try renderer(), chain: try FilterChain(parsing: "overlay=file=\(logo.path):x=10:y=20"),
            output: .layout(sink.preferredLayout(for: source.metadata.layout)))
        let pipeline = MediaPipeline(source: source, processor: processor, sink: sink)
        try pipeline.start()
        guard case .finished = pipeline.wait() else {
            return XCTFail("the export ended \(pipeline.state): \(String(describing: pipeline.lastError))")
        }
        let pixels = [UInt8](try TestMedia.frame(of: output.path, index: 0, pixelFormat: "rgb24"))
        let width = 160
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * width + x) * 3..<(y * width + x) * 3 + 3]) }
        XCTAssertEqual(pixel(15, 25), [255, 0, 0], "inside the logo")
        XCTAssertEqual(pixel(29, 29), [255, 0, 0], "its last pixel")
        XCTAssertNotEqual(pixel(30, 25), [255, 0, 0], "right of the logo")
    }
}
