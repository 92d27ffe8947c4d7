import Foundation
import Kakapos

/// Writes one frame as a still image (PNG or JPEG, by the extension)
/// through a `RecorderSink`, so it gets the recorder's guarantees: a
/// temporary file renamed into place, nothing left behind on failure.
enum StillImage {
    static func write(_ frame: VideoFrame, to url: URL, overwrite: Bool) throws(ToolError) {
        let sink: RecorderSink
        do {
            sink = try RecorderSink(url: url, options: .init(overwrite: overwrite))
        } catch {
            throw ToolError(recorderError: error)
        }
        let timeBase = Rational(1, 25)
        do {
            try sink.begin(RecordingInput(format: frame.format, timeBase: timeBase, frameRate: Rational(25, 1)))
            try sink.append(TimedFrame(frame: frame, pts: 0, duration: 1, timeBase: timeBase, index: 0))
            _ = try sink.finishRecording()
        } catch {
            sink.cancel()
            throw ToolError(recorderError: error)
        }
    }
}
