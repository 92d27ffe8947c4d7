import Foundation
import Kakapos

/// Writes one frame as a still image (PNG, JPEG, TIFF or WebP, by the
/// extension) with the recorder's guarantees (`VideoFrame.write(to:)`): a
/// temporary file renamed into place, nothing left behind on failure.
enum StillImage {
    static func write(_ frame: VideoFrame, to url: URL, overwrite: Bool) throws(ToolError) {
        do {
            try frame.write(to: url, options: .init(overwrite: overwrite))
        } catch {
            throw ToolError(recorderError: error)
        }
    }
}
