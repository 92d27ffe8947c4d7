import Foundation
import Kakapos
import XCTest

/// Runs a whole export and returns the clip, failing the test otherwise.
func export(
    _ input: URL, to name: String, source options: AssetSource.Options = .init(),
    recorder recorderOptions: RecorderSink.Options = .init(), processor: any FrameProcessor = PassThroughProcessor(),
    file: StaticString = #filePath, line: UInt = #line
) throws -> RecordedClip {
    let output = MediaFixtures.outputDirectory().appendingPathComponent(name)
    let pipeline = MediaPipeline(
        source: try AssetSource(url: input, options: options), processor: processor,
        sink: try RecorderSink(url: output, options: recorderOptions))
    try pipeline.start()
    switch pipeline.wait() {
    case .finished(let clip):
        // Nothing but the output is left in its folder.
        XCTAssertEqual(folderEntries(output.deletingLastPathComponent()), [name], file: file, line: line)
        return clip
    case .cancelled:
        throw TestFailure(message: "export of \(input.lastPathComponent) was cancelled")
    case .failed(let error):
        throw error
    }
}

/// Runs an export that must fail; returns the error and the output folder.
func failingExport(
    _ input: URL, to name: String, recorder recorderOptions: RecorderSink.Options
) throws -> (MediaError, RecorderSink, URL) {
    let folder = MediaFixtures.outputDirectory()
    let sink = try RecorderSink(url: folder.appendingPathComponent(name), options: recorderOptions)
    let pipeline = MediaPipeline(source: try AssetSource(url: input), processor: PassThroughProcessor(), sink: sink)
    do { try pipeline.start() } catch {}
    guard case .failed(let error) = pipeline.wait() else {
        throw TestFailure(message: "export to \(name) did not fail")
    }
    XCTAssertEqual(pipeline.lastError, error)
    return (error, sink, folder)
}
