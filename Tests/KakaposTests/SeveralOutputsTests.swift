import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// One run, two outputs of one graph: each is what a run for it alone
/// makes, and the run has one outcome, so a failure of either leaves both
/// paths as they were.
final class SeveralOutputsTests: XCTestCase {
    private static let graph = "[0]split[a][b];[a]sepia[big];[b]resize=w=80:h=60,invert[small]"

    private func renderer() throws -> Renderer {
        Renderer(context: try GPUTestEnvironment.context(), options: .init(resources: MediaResourceLoader()))
    }

    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    /// Each frame's MD5, as ffmpeg decodes it.
    private func frameHashes(_ url: URL) throws -> [String] {
        let data = try TestMedia.run("ffmpeg", ["-v", "error", "-i", url.path, "-map", "0:v", "-f", "framemd5", "-"])
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { String($0.split(separator: ",").last!).trimmingCharacters(in: .whitespaces) }
    }

    /// A pipeline of the clip through both outputs of the graph into `sinks`.
    private func run(_ sinks: [RecorderSink], labels: [String]) throws -> MediaPipeline<RecorderGroup>.Outcome {
        let source = try AssetSource(url: MediaFixtures.clip)
        let processor = try GraphProcessor(
            renderer: try renderer(), graph: try FilterGraph(parsing: Self.graph), labels: labels, otherInputs: [],
            outputs: sinks.map { .layout($0.preferredLayout(for: source.metadata.layout)) })
        let pipeline = MediaPipeline(source: source, processor: processor, sink: RecorderGroup(sinks))
        try pipeline.start()
        return pipeline.wait()
    }

    func testTwoOutputsOfOneRunAreWhatTwoSeparateRunsMake() throws {
        let folder = MediaFixtures.outputDirectory()
        let big = folder.appendingPathComponent("big.mkv")
        let small = folder.appendingPathComponent("small.mkv")
        let outcome = try run(
            [
                try RecorderSink(url: big, options: .init(codec: .ffv1)),
                try RecorderSink(url: small, options: .init(codec: .ffv1)),
            ],
            labels: ["big", "small"])
        guard case .finished(let clips) = outcome else { return XCTFail("the run ended \(outcome)") }
        XCTAssertEqual(clips.map(\.frameCount), [25, 25])
        XCTAssertEqual(clips.map { "\($0.width)x\($0.height)" }, ["160x120", "80x60"])
        XCTAssertEqual(try MediaTool.probe("stream=codec_type", of: small).sorted(), ["audio", "video"])

        for (label, url) in [("big", big), ("small", small)] {
            let alone = folder.appendingPathComponent("alone-\(label).mkv")
            let source = try AssetSource(url: MediaFixtures.clip)
            let sink = try RecorderSink(url: alone, options: .init(codec: .ffv1))
            let processor = try GraphProcessor(
                renderer: try renderer(), graph: try FilterGraph(parsing: Self.graph), label: label, otherInputs: [],
                output: .layout(sink.preferredLayout(for: source.metadata.layout)))
            let pipeline = MediaPipeline(source: source, processor: processor, sink: sink)
            try pipeline.start()
            guard case .finished = pipeline.wait() else { return XCTFail("the run for \(label) alone failed") }
            XCTAssertEqual(try frameHashes(url), try frameHashes(alone), "\(label): the same frames as alone")
        }
    }

    /// Output 2 fails as it finishes (its file vanishes), after output 1
    /// has finished: output 1's old file stays, and neither is written.
    func testAFailureOfTheSecondOutputAtTheEndLeavesTheFirstAsItWas() throws {
        let folder = MediaFixtures.outputDirectory()
        let first = folder.appendingPathComponent("first.mkv")
        let second = folder.appendingPathComponent("second.mkv")
        try Data("old".utf8).write(to: first)
        var failing = RecorderSink.Options(codec: .ffv1)
        failing.faultInjection = .outputVanishes
        let outcome = try run(
            [
                try RecorderSink(url: first, options: .init(codec: .ffv1, overwrite: true)),
                try RecorderSink(url: second, options: failing),
            ],
            labels: ["big", "small"])
        guard case .failed(.outputMissing) = outcome else { return XCTFail("the run ended \(outcome)") }
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "old")
        XCTAssertFalse(FileManager.default.fileExists(atPath: second.path))
        XCTAssertEqual(try leftovers(in: folder), [])
    }

    /// Output 2 fails while frames arrive: output 1 is cancelled with it.
    func testAFailureOfTheSecondOutputMidRunCancelsTheFirst() throws {
        let folder = MediaFixtures.outputDirectory()
        let first = folder.appendingPathComponent("first.mkv")
        let second = folder.appendingPathComponent("second.mkv")
        var failing = RecorderSink.Options(codec: .ffv1)
        failing.faultInjection = .muxWrite(packet: 5)
        let outcome = try run(
            [
                try RecorderSink(url: first, options: .init(codec: .ffv1)),
                try RecorderSink(url: second, options: failing),
            ],
            labels: ["big", "small"])
        guard case .failed = outcome else { return XCTFail("the run ended \(outcome)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: second.path))
        XCTAssertEqual(try leftovers(in: folder), [])
    }

    /// Output 2 cannot be put in place (a file appeared at its path during
    /// the run), after output 1 was: output 1 is taken back, and the file
    /// it had replaced is there again.
    func testAnOutputThatCannotBePutInPlaceTakesBackTheOnesThatWere() throws {
        let folder = MediaFixtures.outputDirectory()
        let first = folder.appendingPathComponent("first.mkv")
        let second = folder.appendingPathComponent("second.mkv")
        try Data("old".utf8).write(to: first)
        let late = try sinkWhoseFileAppears(at: second)
        let outcome = try run(
            [try RecorderSink(url: first, options: .init(codec: .ffv1, overwrite: true)), late],
            labels: ["big", "small"])
        guard case .failed(.outputAppeared) = outcome else { return XCTFail("the run ended \(outcome)") }
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "old", "output 1 was taken back")
        XCTAssertEqual(try String(contentsOf: second, encoding: .utf8), "theirs", "what appeared is left alone")
        XCTAssertEqual(try leftovers(in: folder), [])
    }

    /// A still among the outputs holds the run's first frame, as a run for
    /// it alone writes it; the other outputs hold every frame.
    func testAStillAmongTheOutputsHoldsTheFirstFrame() throws {
        let folder = MediaFixtures.outputDirectory()
        let video = folder.appendingPathComponent("big.mkv")
        let thumb = folder.appendingPathComponent("thumb.png")
        let outcome = try run(
            [try RecorderSink(url: video, options: .init(codec: .ffv1)), try RecorderSink(url: thumb)],
            labels: ["big", "small"])
        guard case .finished(let clips) = outcome else { return XCTFail("the run ended \(outcome)") }
        XCTAssertEqual(clips.map(\.frameCount), [25, 1])

        let alone = folder.appendingPathComponent("alone.png")
        var options = AssetSource.Options()
        options.frameLimit = 1
        let source = try AssetSource(url: MediaFixtures.clip, options: options)
        let sink = try RecorderSink(url: alone)
        let processor = try GraphProcessor(
            renderer: try renderer(), graph: try FilterGraph(parsing: Self.graph), label: "small", otherInputs: [],
            output: .layout(sink.preferredLayout(for: source.metadata.layout)))
        let pipeline = MediaPipeline(source: source, processor: processor, sink: sink)
        try pipeline.start()
        guard case .finished = pipeline.wait() else { return XCTFail("the still alone failed") }
        XCTAssertEqual(try frameHashes(thumb), try frameHashes(alone))
        XCTAssertEqual(try leftovers(in: folder), [])
    }

    /// An image sequence put in place before a later output fails to be
    /// is taken back: the image it replaced is there again and its other
    /// images are gone.
    func testASequenceIsTakenBackWhenALaterOutputCannotBePutInPlace() throws {
        let folder = MediaFixtures.outputDirectory()
        let images = folder.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: images.appendingPathComponent("img002.png"))
        let sequence = try RecorderSink(
            destination: .imageSequence(images.path + "/img%03d.png"), options: .init(overwrite: true))
        let second = folder.appendingPathComponent("second.mkv")
        let late = try sinkWhoseFileAppears(at: second)
        let outcome = try run([sequence, late], labels: ["big", "small"])
        guard case .failed(.outputAppeared) = outcome else { return XCTFail("the run ended \(outcome)") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: images.path), ["img002.png"])
        XCTAssertEqual(
            try String(contentsOf: images.appendingPathComponent("img002.png"), encoding: .utf8), "old",
            "the image it replaced is back")
        XCTAssertEqual(try leftovers(in: folder), [])
    }

    /// An FFV1 recorder of `url` at whose path another file ("theirs")
    /// appears once its recording has begun: its decided calls are the
    /// begin first, then the appends.
    private func sinkWhoseFileAppears(at url: URL) throws -> RecorderSink {
        let sink = try RecorderSink(url: url, options: .init(codec: .ffv1))
        let decided = ConditionLock(0)
        sink.testHooks.withLock { hooks in
            hooks.afterDeciding = {
                if decided.withLock({ count -> Int in
                    count += 1
                    return count
                }) == 2 {
                    _ = FileManager.default.createFile(atPath: url.path, contents: Data("theirs".utf8))
                }
            }
        }
        return sink
    }

    /// Hidden temporary files or folders a recording left.
    private func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".harbeth-") }
    }
}
