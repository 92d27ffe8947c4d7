import Foundation
import XCTest

@testable import Kakapos

/// Each kind of bad input ends in its own `MediaError`, one line naming the file.
final class AssetSourceErrorTests: XCTestCase {
    private func openingError(_ url: URL, options: AssetSource.Options = .init()) -> MediaError? {
        do {
            _ = try AssetSource(url: url, options: options)
            XCTFail("\(url.lastPathComponent) opened")
            return nil
        } catch {
            XCTAssertFalse(error.description.contains("\n"))
            XCTAssertTrue(error.description.contains(url.path), error.description)
            return error
        }
    }

    /// Decodes to the end and returns the finish.
    private func finish(_ url: URL, options: AssetSource.Options = .init()) throws -> (SourceFinish, Int) {
        let source = try AssetSource(url: url, options: options)
        let frames = Box(0)
        let counted = EventLog()
        let result = Box<SourceFinish?>(nil)
        let done = DispatchSemaphore(value: 0)
        try source.start { event in
            switch event {
            case .frame: counted.append("frame")
            case .finish(let end):
                result.set(end)
                done.signal()
            }
        }
        done.wait()
        frames.set(counted.events.count)
        return (result.current!, frames.current)
    }

    func testMissingFile() {
        let url = MediaFixtures.url("no-such-file.mp4")
        XCTAssertEqual(openingError(url), .fileNotFound(path: url.path))
    }

    func testDirectory() {
        let url = MediaFixtures.outputDirectory()
        XCTAssertEqual(openingError(url), .notARegularFile(path: url.path, kind: "directory"))
    }

    func testEmptyFile() {
        XCTAssertEqual(openingError(MediaFixtures.empty), .emptyFile(path: MediaFixtures.empty.path))
    }

    func testRandomBytesAndTextNamedMP4AreNotMedia() {
        XCTAssertEqual(openingError(MediaFixtures.randomBytes), .notMediaFile(path: MediaFixtures.randomBytes.path))
        XCTAssertEqual(openingError(MediaFixtures.text), .notMediaFile(path: MediaFixtures.text.path))
    }

    func testAudioOnlyFileHasNoVideoStream() {
        XCTAssertEqual(
            openingError(MediaFixtures.audioOnly),
            .noVideoStream(path: MediaFixtures.audioOnly.path, streams: ["audio: aac"]))
    }

    func testVideoStreamWithoutDecodableFrames() {
        guard case .noDecodableFrames(let path, let undecodable) = openingError(MediaFixtures.allCorrupt) else {
            return XCTFail("expected noDecodableFrames")
        }
        XCTAssertEqual(path, MediaFixtures.allCorrupt.path)
        XCTAssertEqual(undecodable, 10)
    }

    func testMP4CutBeforeItsIndexIsTruncated() {
        guard case .truncated(let path, _) = openingError(MediaFixtures.truncated) else {
            return XCTFail("expected truncated")
        }
        XCTAssertEqual(path, MediaFixtures.truncated.path)
    }

    func testMP4CutInItsMediaDataEndsEarlyOrFailsWhenStrict() throws {
        let (lenient, frames) = try finish(MediaFixtures.truncatedFaststart)
        XCTAssertEqual(lenient.reason, .endOfStream)
        XCTAssertTrue(lenient.summary.endedEarly)
        XCTAssertGreaterThan(frames, 0)
        XCTAssertLessThan(frames, 25)

        let (strict, _) = try finish(MediaFixtures.truncatedFaststart, options: .init(strict: true))
        guard case .failed(.truncated(let path, _)) = strict.reason else {
            return XCTFail("expected a truncated failure, got \(strict.reason)")
        }
        XCTAssertEqual(path, MediaFixtures.truncatedFaststart.path)
    }

    func testAbsurdDeclaredSizeIsRefusedBeforeDecoding() {
        XCTAssertEqual(
            openingError(MediaFixtures.hugeY4M),
            .dimensionsTooLarge(path: MediaFixtures.hugeY4M.path, width: 12000, height: 12000, maxPixels: 8192 * 8192))
        XCTAssertEqual(
            openingError(MediaFixtures.clip, options: .init(maxPixels: 100 * 100)),
            .dimensionsTooLarge(path: MediaFixtures.clip.path, width: 160, height: 120, maxPixels: 10000))
    }

    func testAHeaderTheDemuxerRefusesNamesTheFormat() {
        guard case .headerRefused(let path, let format, _) = openingError(MediaFixtures.absurdY4M) else {
            return XCTFail("expected headerRefused")
        }
        XCTAssertEqual(path, MediaFixtures.absurdY4M.path)
        XCTAssertEqual(format, "yuv4mpegpipe")
    }

    func testCorruptPacketsAreSkippedAndCountedOrFailWhenStrict() throws {
        let (lenient, frames) = try finish(MediaFixtures.oneCorruptFrame)
        XCTAssertEqual(lenient.reason, .endOfStream)
        XCTAssertEqual(frames, 9)
        XCTAssertEqual(lenient.summary.undecodableFrames, 1)
        XCTAssertEqual(lenient.summary.warningCount, 1)

        let (strict, strictFrames) = try finish(MediaFixtures.oneCorruptFrame, options: .init(strict: true))
        guard case .failed(.corruptFrame(let path, let frame, _)) = strict.reason else {
            return XCTFail("expected corruptFrame, got \(strict.reason)")
        }
        XCTAssertEqual(path, MediaFixtures.oneCorruptFrame.path)
        XCTAssertEqual(frame, 4)
        XCTAssertEqual(strictFrames, 4)
    }

    func testEveryErrorIsOneLine() {
        let errors: [MediaError] = [
            .fileNotFound(path: "/a.mp4"), .noVideoStream(path: "/a.m4a", streams: []),
            .muxWriteFailed(path: "/o.mp4", packet: 3, error: .io),
            .encoderOpenFailed(path: "/o.mp4", encoder: "libx264", error: .invalidArgument),
            .pipelineAlreadyStarted(state: "finished"), .noFramesWritten(path: "/o.mp4"),
        ]
        for error in errors {
            XCTAssertFalse(error.description.isEmpty)
            XCTAssertFalse(error.description.contains("\n"), error.description)
        }
    }
}
