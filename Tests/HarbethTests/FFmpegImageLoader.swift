import Foundation
import Harbeth
import HarbethTestSupport

/// A resource loader for tests: files as they are, images decoded to RGBA8
/// by the ffmpeg CLI (Harbeth has no image decoder; the media layer will
/// provide the real one).
struct FFmpegImageLoader: FilterResourceLoader {
    func data(at path: String) throws -> [UInt8] {
        try FileResourceLoader().data(at: path)
    }

    func image(at path: String) throws -> VideoFrame {
        let size = String(
            decoding: try TestMedia.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of",
                    "csv=p=0:s=x", path,
                ]), as: UTF8.self
        ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { throw FilterResourceError.unreadable(path: path) }
        let bytes = try TestMedia.run(
            "ffmpeg", ["-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        return try VideoFrame(rgba: [UInt8](bytes), width: size[0], height: size[1])
    }
}
