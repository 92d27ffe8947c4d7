import Foundation
import XCTest

@testable import Kakapos

/// The sink that counts frames and writes nothing (`--null`).
final class NullSinkTests: XCTestCase {
    private let format = FrameFormat(width: 4, height: 2, layout: .rgba8)

    private func frame(_ index: Int, width: Int = 4) throws -> TimedFrame {
        let video = try VideoFrame(rgba: [UInt8](repeating: 0, count: width * 2 * 4), width: width, height: 2)
        return TimedFrame(frame: video, pts: Int64(index) * 10, duration: 10, timeBase: Rational(1, 100), index: index)
    }

    func testItCountsFramesAndTheirTime() throws {
        let sink = NullSink()
        try sink.begin(SinkInput(format: format, timeBase: Rational(1, 100)))
        for index in 0..<3 { try sink.append(try frame(index)) }
        let summary = try sink.finish()
        XCTAssertEqual(summary.frameCount, 3)
        XCTAssertEqual(summary.format, format)
        XCTAssertEqual(summary.duration, 0.3, accuracy: 1e-9)
        XCTAssertEqual(try sink.finish(), summary, "a second finish returns the same summary")
    }

    func testCancelZeroFramesAndMismatchAreErrors() throws {
        let cancelled = NullSink(label: "null")
        try cancelled.begin(SinkInput(format: format, timeBase: Rational(1, 100)))
        try cancelled.append(try frame(0))
        cancelled.cancel()
        XCTAssertThrowsError(try cancelled.append(try frame(1))) {
            XCTAssertEqual($0 as? MediaError, .recordingCancelled(path: "null"))
        }
        XCTAssertThrowsError(try cancelled.finish()) {
            XCTAssertEqual($0 as? MediaError, .recordingCancelled(path: "null"))
        }

        let empty = NullSink(label: "null")
        try empty.begin(SinkInput(format: format, timeBase: Rational(1, 100)))
        XCTAssertThrowsError(try empty.finish()) {
            XCTAssertEqual($0 as? MediaError, .noFramesWritten(path: "null"))
        }

        let mismatched = NullSink(label: "null")
        try mismatched.begin(SinkInput(format: format, timeBase: Rational(1, 100)))
        XCTAssertThrowsError(try mismatched.append(try frame(0, width: 6))) {
            guard case .frameFormatMismatch = $0 as? MediaError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try NullSink().finish()) {
            XCTAssertEqual($0 as? MediaError, .recorderNotRecording(path: "null output", state: "idle"))
        }
    }

    func testAPipelineIntoItSeesEveryFrame() throws {
        let source = try AssetSource(url: MediaFixtures.clip)
        let pipeline = MediaPipeline(source: source, processor: PassThroughProcessor(), sink: NullSink())
        try pipeline.start()
        guard case .finished(let summary) = pipeline.wait() else { return XCTFail("\(pipeline.state)") }
        XCTAssertEqual(summary.frameCount, 25)
        XCTAssertEqual(summary.duration, 1.0, accuracy: 1e-6)
        XCTAssertEqual(summary.format, source.metadata.frameFormat)
    }
}
