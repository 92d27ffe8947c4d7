import Foundation
import Harbeth
import HarbethTestSupport

/// A resource loader for tests that decodes images with the ffmpeg CLI,
/// standing in for the media layer's decoder: ffprobe for the size, ffmpeg
/// for the RGBA8 pixels of the first frame. Decoded images are kept by
/// path (test images never change while the tests run), since a renderer
/// asks again for every new value of a filter.
final class FFmpegImageLoader: FilterResourceLoader {
    private let decoded = Locked<[String: VideoFrame]>([:])

    func data(at path: String) throws -> [UInt8] {
        try FileResourceLoader().data(at: path)
    }

    func image(at path: String) throws -> VideoFrame {
        if let frame = decoded.withLock({ $0[path] }) { return frame }
        let probe = try TestMedia.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", path])
        let size = String(decoding: probe, as: UTF8.self).split(whereSeparator: { $0 == "," || $0.isWhitespace })
            .compactMap { Int($0) }
        guard size.count == 2 else { throw FilterResourceError.malformed(path: path, line: nil, reason: "no size") }
        let pixels = try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt",
                "rgba",
                "-",
            ])
        let frame = try VideoFrame(rgba: [UInt8](pixels), width: size[0], height: size[1])
        decoded.withLock { $0[path] = frame }
        return frame
    }
}
