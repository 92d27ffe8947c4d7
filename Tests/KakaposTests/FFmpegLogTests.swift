import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// FFmpeg's log goes to the program's handler, at the level it chose, and
/// never to standard error by itself.
final class FFmpegLogTests: XCTestCase {
    override func tearDown() {
        FFmpegLibrary.logHandler = nil
        FFmpegLibrary.logLevel = .warning
        super.tearDown()
    }

    func testAnExportPrintsNothingToStandardErrorWithoutAHandler() throws {
        // libx264 says what it does at the info level: ~25 lines per export.
        FFmpegLibrary.logLevel = .info
        let printed = try Self.capturingStandardError {
            _ = try export(MediaFixtures.tiny, to: "quiet.mp4", recorder: .init(audio: .none))
        }
        XCTAssertEqual(printed, "")
    }

    func testTheHandlerGetsWholeLinesAtTheChosenLevelAndStandardErrorNothing() throws {
        let lines = Box<[FFmpegLibrary.LogMessage]>([])
        FFmpegLibrary.logHandler = { message in lines.modify { $0.append(message) } }
        FFmpegLibrary.logLevel = .info
        let printed = try Self.capturingStandardError {
            _ = try export(MediaFixtures.tiny, to: "told.mp4", recorder: .init(audio: .none))
        }
        XCTAssertEqual(printed, "")
        let x264 = lines.current.filter { $0.component == "libx264" }
        XCTAssertTrue(x264.contains { $0.text.hasPrefix("profile High") }, "\(lines.current)")
        XCTAssertTrue(x264.allSatisfy { $0.level == .info && !$0.text.contains("\n") })
        XCTAssertEqual(x264.first.map { "\($0)" }?.hasPrefix("[libx264] "), true)

        // At the default level the same export says nothing.
        lines.modify { $0.removeAll() }
        FFmpegLibrary.logLevel = .warning
        _ = try export(MediaFixtures.tiny, to: "told-less.mp4", recorder: .init(audio: .none))
        XCTAssertEqual(lines.current, [])
    }

    func testADecodersComplaintArrivesAsAnError() throws {
        let lines = Box<[FFmpegLibrary.LogMessage]>([])
        FFmpegLibrary.logHandler = { message in lines.modify { $0.append(message) } }
        let printed = try Self.capturingStandardError {
            _ = try collectFrames(try AssetSource(url: MediaFixtures.oneCorruptFrame))
        }
        XCTAssertEqual(printed, "")
        XCTAssertFalse(lines.current.isEmpty, "the damaged frame is logged")
        XCTAssertTrue(lines.current.allSatisfy { $0.level <= .warning }, "\(lines.current)")
        XCTAssertTrue(lines.current.contains { $0.level == .error && $0.component == "mjpeg" }, "\(lines.current)")
    }

    /// Runs `body` with file descriptor 2 pointing into a file, and returns
    /// what was written there.
    private static func capturingStandardError(_ body: () throws -> Void) throws -> String {
        let file = MediaFixtures.outputDirectory().appendingPathComponent("stderr.txt")
        fflush(nil)
        let descriptor = open(file.path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        let saved = dup(2)
        dup2(descriptor, 2)
        close(descriptor)
        let result = Result { try body() }
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        try result.get()
        return try String(contentsOf: file, encoding: .utf8)
    }
}
