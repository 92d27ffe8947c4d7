import Foundation
import XCTest

@testable import Kakapos

/// What a recording may replace at its output path, and what it leaves
/// there when it fails: only a regular file (or nothing) is replaced, a
/// symbolic link is followed, without `overwrite` nothing that exists is
/// replaced (not even a file that appeared during the recording), and a
/// failure leaves the path exactly as it was.
final class OutputFileTests: XCTestCase {
    private let precious = Data("precious".utf8)
    /// Device 1:3, the one /dev/null is (`makedev(1, 3)`, which Swift does not import).
    private let nullDevice = dev_t(1 << 8 | 3)

    /// Records five frames of the fixture clip to `url`, calling `beforeFinish`
    /// between the last frame and `finishRecording()`.
    private func record(
        to url: URL, options: RecorderSink.Options = .init(audio: .none), beforeFinish: () throws -> Void = {}
    ) throws -> Result<RecordedClip, MediaError> {
        let sink = try RecorderSink(url: url, options: options)
        let source = try AssetSource(url: MediaFixtures.clip, options: .init(frameLimit: 5))
        do {
            try sink.begin(try source.sinkInput())
            for frame in try collectFrames(source) { try sink.append(frame) }
        } catch let error as MediaError {
            return .failure(error)
        }
        try beforeFinish()
        do { return .success(try sink.finishRecording()) } catch { return .failure(error) }
    }

    private func overwriting() -> RecorderSink.Options {
        var options = RecorderSink.Options(audio: .none)
        options.overwrite = true
        return options
    }

    func testAnExistingFileIsRefusedWithoutOverwriteAndReplacedWithIt() throws {
        let folder = MediaFixtures.outputDirectory()
        let url = folder.appendingPathComponent("out.mkv")
        try precious.write(to: url)
        XCTAssertThrowsError(try record(to: url).get()) {
            XCTAssertEqual($0 as? MediaError, .outputExists(path: url.path))
        }
        XCTAssertEqual(try Data(contentsOf: url), precious)
        XCTAssertEqual(folderEntries(folder), ["out.mkv"])

        let clip = try record(to: url, options: overwriting()).get()
        XCTAssertEqual(clip.frameCount, 5)
        XCTAssertEqual(try MediaTool.framePTSTimes(url).count, 5)
        XCTAssertEqual(folderEntries(folder), ["out.mkv"])
    }

    /// Two recordings to one output at once: the first to finish wins; the
    /// second finds its file there, leaves it alone and fails on its own.
    func testAFileThatAppearsDuringTheRecordingIsNeverReplacedWithoutOverwrite() throws {
        let folder = MediaFixtures.outputDirectory()
        let url = folder.appendingPathComponent("race.mkv")
        let result = try record(to: url) {
            // The other run finishes first.
            _ = try record(to: url).get()
            try precious.write(to: url)
        }
        XCTAssertEqual(result.failure, .outputAppeared(path: url.path))
        XCTAssertEqual(try Data(contentsOf: url), precious, "the other run's file is untouched")
        XCTAssertEqual(folderEntries(folder), ["race.mkv"], "the temporary file is removed")
    }

    func testADeviceAtTheOutputIsNeverReplacedEvenWithOverwrite() throws {
        let folder = MediaFixtures.outputDirectory()
        let url = folder.appendingPathComponent("null.mkv")
        // The same device as /dev/null (the tests run as root, as in CI).
        XCTAssertEqual(mknod(url.path, S_IFCHR | 0o666, nullDevice), 0, String(cString: strerror(errno)))
        XCTAssertThrowsError(try record(to: url, options: overwriting()).get()) {
            XCTAssertEqual($0 as? MediaError, .outputNotReplaceable(path: url.path, kind: "character device"))
        }
        XCTAssertEqual(OutputFile.entry(at: url.path), .special(kind: "character device"))
        XCTAssertEqual(folderEntries(folder), ["null.mkv"])

        // One that appears while recording is put back where it was.
        let late = folder.appendingPathComponent("late.mkv")
        let result = try record(to: late, options: overwriting()) {
            XCTAssertEqual(mknod(late.path, S_IFCHR | 0o666, nullDevice), 0)
        }
        XCTAssertEqual(result.failure, .outputNotReplaceable(path: late.path, kind: "character device"))
        XCTAssertEqual(OutputFile.entry(at: late.path), .special(kind: "character device"))
        XCTAssertEqual(folderEntries(folder), ["late.mkv", "null.mkv"])
    }

    func testNamedPipesAndDirectoriesAreRefused() throws {
        let folder = MediaFixtures.outputDirectory()
        let pipe = folder.appendingPathComponent("pipe.mkv")
        XCTAssertEqual(mkfifo(pipe.path, 0o644), 0)
        XCTAssertThrowsError(try record(to: pipe, options: overwriting()).get()) {
            XCTAssertEqual($0 as? MediaError, .outputNotReplaceable(path: pipe.path, kind: "named pipe"))
        }
        let directory = folder.appendingPathComponent("dir.mkv")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        XCTAssertThrowsError(try record(to: directory, options: overwriting()).get()) {
            XCTAssertEqual($0 as? MediaError, .outputNotReplaceable(path: directory.path, kind: "directory"))
        }
        XCTAssertEqual(folderEntries(folder), ["dir.mkv", "pipe.mkv"])
    }

    /// A symbolic link is followed: its target is replaced atomically (the
    /// temporary file beside the target, not the link) and the link stays.
    func testASymbolicLinkIsFollowedAndStaysALink() throws {
        let folder = MediaFixtures.outputDirectory()
        let targets = folder.appendingPathComponent("targets")
        try FileManager.default.createDirectory(at: targets, withIntermediateDirectories: false)
        let target = targets.appendingPathComponent("real.mkv")
        try precious.write(to: target)
        let link = folder.appendingPathComponent("link.mkv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "targets/real.mkv")

        XCTAssertThrowsError(try record(to: link).get()) {
            XCTAssertEqual($0 as? MediaError, .outputExists(path: link.path))
        }
        let clip = try record(to: link, options: overwriting()).get()
        XCTAssertEqual(clip.frameCount, 5)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "targets/real.mkv", "still a link")
        XCTAssertEqual(try MediaTool.framePTSTimes(target).count, 5)
        XCTAssertEqual(folderEntries(targets), ["real.mkv"])
        XCTAssertEqual(folderEntries(folder), ["link.mkv", "targets"])

        // A dangling link names the file to make.
        let dangling = folder.appendingPathComponent("dangling.mkv")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "targets/new.mkv")
        _ = try record(to: dangling, options: overwriting()).get()
        XCTAssertEqual(try MediaTool.framePTSTimes(targets.appendingPathComponent("new.mkv")).count, 5)
        XCTAssertEqual(OutputFile.entry(at: dangling.path), .special(kind: "symbolic link"))
    }

    /// The finished file vanishing is its own error, and the file that
    /// was at the output before (replaced with overwrite on success) is
    /// left exactly as it was.
    func testAFailedRecordingLeavesThePreviousFileAsItWas() throws {
        let folder = MediaFixtures.outputDirectory()
        let url = folder.appendingPathComponent("kept.mp4")
        try precious.write(to: url)
        var options = overwriting()
        options.faultInjection = .outputVanishes
        XCTAssertEqual(try record(to: url, options: options).failure, .outputMissing(path: url.path))
        XCTAssertEqual(try Data(contentsOf: url), precious)
        XCTAssertEqual(folderEntries(folder), ["kept.mp4"])
    }

    func testPathsAreTakenApartWithoutFoundation() {
        let cases: [(String, folder: String, name: String, stem: String, pathExtension: String)] = [
            ("x", "", "x", "x", ""), ("-", "", "-", "-", ""), ("", "", "", "", ""), ("/", "/", "", "", ""),
            ("/x", "/", "x", "x", ""), ("a/b.mp4", "a", "b.mp4", "b", "mp4"), ("a//b/", "a", "b", "b", ""),
            (".hidden", "", ".hidden", ".hidden", ""), ("a.", "", "a.", "a", ""),
            ("dir/.mp4", "dir", ".mp4", ".mp4", ""),
            ("clip.take.MOV", "", "clip.take.MOV", "clip.take", "MOV"), ("//srv//x.y", "//srv", "x.y", "x", "y"),
        ]
        for (text, folder, name, stem, pathExtension) in cases {
            let path = PathName(text)
            XCTAssertEqual(path.folder, folder, text)
            XCTAssertEqual(path.name, name, text)
            XCTAssertEqual(path.stem, stem, text)
            XCTAssertEqual(path.pathExtension, pathExtension, text)
        }
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Frames handed to the recorder with timestamps that do not rise are
/// moved to the next tick, and the clip's notes say how many.
final class TimestampNoteTests: XCTestCase {
    func testFramesOutOfOrderOrRepeatedAreMovedAndCounted() throws {
        let source = try AssetSource(url: MediaFixtures.tiny)
        let frames = try collectFrames(source)
        let folder = MediaFixtures.outputDirectory()
        let sink = try RecorderSink(url: folder.appendingPathComponent("order.mkv"), options: .init(codec: .ffv1))
        try sink.begin(try source.sinkInput())
        // 0, 1, 1 (repeated), 3, 2 (out of order), 5...
        let order = [0, 1, 1, 3, 2] + Array(5..<frames.count)
        for index in order { try sink.append(frames[index]) }
        let clip = try sink.finishRecording()
        XCTAssertEqual(clip.frameCount, order.count)
        XCTAssertEqual(
            clip.notes,
            [
                "2 frame(s) came with a timestamp at or before the previous frame's (out of order, repeated, "
                    + "or finer than ffv1's time base) and were each moved to the next tick"
            ])
        let times = try MediaTool.framePTSTimes(clip.url).compactMap(Double.init)
        XCTAssertEqual(times.count, order.count)
        XCTAssertEqual(times, times.sorted(), "the written timestamps rise")
    }
}
