import Foundation
import XCTest

@testable import Kakapos

/// `SegmentedRecorderSink`: names, cuts, and what a cancel or a failure leaves.
final class SegmentedRecorderTests: XCTestCase {
    private func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    func testNamesFillTheNumberField() {
        XCTAssertEqual(SegmentedRecorderSink.name("out_%03d.mp4", 7), "out_007.mp4")
        XCTAssertEqual(SegmentedRecorderSink.name("out_%03d.mp4", 1234), "out_1234.mp4")
        XCTAssertEqual(SegmentedRecorderSink.name("100%%_%d.mkv", 2), "100%_2.mkv")
        XCTAssertThrowsError(try SegmentedRecorderSink(pattern: "plain.mp4", segmentDuration: 1)) { error in
            XCTAssertEqual(error as? MediaError, .segmentPatternHasNoNumber(pattern: "plain.mp4"))
        }
    }

    func testSegmentsAreCutByTimeAndEachIsInPlaceAsTheNextBegins() throws {
        let folder = MediaFixtures.outputDirectory()
        let sink = try SegmentedRecorderSink(
            pattern: folder.appendingPathComponent("seg_%02d.mkv").path, segmentDuration: 0.4,
            options: .init(audio: .none))
        let source = try AssetSource(url: MediaFixtures.clip)
        try sink.begin(try source.sinkInput())
        for frame in try collectFrames(source) {
            try sink.append(frame)
            // A segment is in place as soon as the next has begun.
            if frame.index == 10 {
                XCTAssertEqual(sink.finishedSegments.count, 1)
                XCTAssertTrue(entries(folder).contains("seg_00.mkv"), "\(entries(folder))")
            }
        }
        let clips = try sink.finish()
        XCTAssertEqual(clips.map(\.frameCount), [10, 10, 5])
        XCTAssertEqual(entries(folder), ["seg_00.mkv", "seg_01.mkv", "seg_02.mkv"])
        XCTAssertEqual(try sink.finish().count, 3, "a second finish returns the same segments")
    }

    func testACancelLeavesNoSegmentButAFailureKeepsTheFinishedOnes() throws {
        let folder = MediaFixtures.outputDirectory()
        let source = try AssetSource(url: MediaFixtures.clip)
        let frames = try collectFrames(source)
        let input = try source.sinkInput()

        let cancelled = try SegmentedRecorderSink(
            pattern: folder.appendingPathComponent("c_%d.mkv").path, segmentDuration: 0.2, options: .init(audio: .none))
        try cancelled.begin(input)
        for frame in frames.prefix(12) { try cancelled.append(frame) }
        XCTAssertEqual(cancelled.finishedSegments.count, 2)
        cancelled.cancel()
        XCTAssertEqual(cancelled.state, .cancelled)
        XCTAssertEqual(entries(folder), [])

        // Segment 1's name is taken: the recording fails there, and segment 0 stays.
        try Data("mine".utf8).write(to: folder.appendingPathComponent("f_1.mkv"))
        let failing = try SegmentedRecorderSink(
            pattern: folder.appendingPathComponent("f_%d.mkv").path, segmentDuration: 0.2, options: .init(audio: .none))
        try failing.begin(input)
        var failure: MediaError?
        for frame in frames {
            do { try failing.append(frame) } catch {
                failure = error
                break
            }
        }
        XCTAssertEqual(failure, .outputExists(path: folder.appendingPathComponent("f_1.mkv").path))
        failing.cancel()
        XCTAssertEqual(entries(folder), ["f_0.mkv", "f_1.mkv"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("f_1.mkv")), Data("mine".utf8))
    }
}
