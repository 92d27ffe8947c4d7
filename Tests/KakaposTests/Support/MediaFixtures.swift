import Foundation

/// Small clips made with the ffmpeg CLI on first use, in one temporary
/// folder for the test process (removed when it exits).
enum MediaFixtures {
    static let directory: URL = {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("kakapos-tests-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit {
            try? FileManager.default.removeItem(at: MediaFixtures.directory)
        }
        return url
    }()

    /// A fresh empty folder for one test's outputs.
    static func outputDirectory() -> URL {
        let url = directory.appendingPathComponent("out-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    private static func make(_ name: String, _ arguments: [String]) -> URL {
        let url = url(name)
        do {
            try MediaTool.ffmpeg(arguments + [url.path])
        } catch {
            fatalError("could not make fixture \(name): \(error)")
        }
        return url
    }

    private static func write(_ name: String, _ bytes: [UInt8]) -> URL {
        let url = url(name)
        precondition(FileManager.default.createFile(atPath: url.path, contents: Data(bytes)), "cannot write \(name)")
        return url
    }

    static let pattern = ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1"]
    static let tone = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1"]
    static let x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]

    /// 1 s, 25 frames of 160x120 H.264 yuv420p (BT.709 tagged) with AAC audio, in MP4.
    static let clip = make(
        "clip.mp4",
        pattern + tone + x264 + [
            "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
            "-c:a", "aac", "-shortest",
        ])

    /// The clip with a display matrix turning it 90 degrees clockwise.
    static let rotated = make("rotated.mp4", ["-i", clip.path, "-c", "copy", "-metadata:s:v", "rotate=90"])

    /// Variable frame rate: 10 frames 4/30 s apart, then 20 frames 1/30 s
    /// apart, with PCM audio in Matroska (which mp4 cannot take).
    static let vfr = make(
        "vfr.mkv",
        ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=1"] + tone + [
            "-vf", "setpts='if(lt(N,10),N*4,30+N)/30/TB'", "-fps_mode", "passthrough",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "pcm_s16le",
        ])

    /// The clip with a subtitle stream, in Matroska.
    static let subtitled: URL = {
        let subtitles = write("subtitles.srt", Array("1\n00:00:00,000 --> 00:00:00,500\nhello\n\n".utf8))
        return make("subtitled.mkv", ["-i", clip.path, "-i", subtitles.path, "-map", "0", "-map", "1", "-c", "copy"])
    }()

    /// 12 frames of 64x48 H.264 at 25 fps, no audio: for runs by the hundred.
    static let tiny = make("tiny.mp4", ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25:duration=0.48"] + x264)

    /// No audio, in Matroska.
    static let silentMKV = make("silent.mkv", pattern + x264)

    /// Audio only.
    static let audioOnly = make("tone.m4a", tone + ["-c:a", "aac"])

    /// Still images.
    static let png = make("still.png", ["-f", "lavfi", "-i", "testsrc2=size=160x120", "-frames:v", "1"])
    static let jpeg = make("still.jpg", ["-f", "lavfi", "-i", "testsrc2=size=160x120", "-frames:v", "1"])

    /// Full-range JPEG video (yuvj422p), 10 frames of MJPEG.
    static let mjpeg422 = make(
        "mjpeg422.mkv",
        ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=0.4", "-c:v", "mjpeg", "-pix_fmt", "yuvj422p"])
    static let mjpeg444 = make(
        "mjpeg444.mkv",
        ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=0.4", "-c:v", "mjpeg", "-pix_fmt", "yuvj444p"])

    /// 10-bit H.264, BT.2020 tagged.
    static let tenBit = make(
        "tenbit.mp4",
        pattern + [
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-colorspace", "bt2020nc",
            "-color_primaries", "bt2020", "-color_trc", "smpte2084",
        ])

    // MARK: Raw frames with known bytes

    static let rawWidth = 64
    static let rawHeight = 48

    /// Deterministic bytes: three frames' worth for any format.
    static func rawBytes(count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// Three 64x48 frames of `pixelFormat` stored as rawvideo in NUT, with
    /// the bytes that went in.
    static func raw(_ pixelFormat: String, frameBytes: Int) -> (url: URL, bytes: [UInt8]) {
        let bytes = rawBytes(count: frameBytes * 3, seed: UInt32(pixelFormat.hashValue & 0xffff))
        let source = write("raw-\(pixelFormat).bin", bytes)
        let url = make(
            "raw-\(pixelFormat).nut",
            [
                "-f", "rawvideo", "-pix_fmt", pixelFormat, "-s", "\(rawWidth)x\(rawHeight)", "-r", "25", "-i",
                source.path,
                "-c", "copy",
            ])
        return (url, bytes)
    }

    // MARK: Damaged and misleading files

    /// Ten MJPEG frames in Matroska; `broken` lists the frames whose JPEG
    /// data is zeroed (the packets stay, undecodable).
    static func mjpeg(named name: String, broken: Set<Int>) -> URL {
        let clean = make(
            "\(name)-clean.mkv",
            ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=0.4", "-c:v", "mjpeg", "-q:v", "5"])
        var bytes = [UInt8](try! Data(contentsOf: clean))
        var frame = 0
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0xFF, bytes[index + 1] == 0xD8, bytes[index + 2] == 0xFF {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0xFF && bytes[end + 1] == 0xD9) { end += 1 }
                if broken.contains(frame) {
                    for position in index...min(end + 1, bytes.count - 1) { bytes[position] = 0 }
                }
                frame += 1
                index = end + 2
            } else {
                index += 1
            }
        }
        return write("\(name).mkv", bytes)
    }

    static let oneCorruptFrame = mjpeg(named: "corrupt-one", broken: [4])
    static let allCorrupt = mjpeg(named: "corrupt-all", broken: Set(0..<10))

    /// An MP4 cut off before its index (moov at the end).
    static let truncated: URL = {
        let whole = [UInt8](try! Data(contentsOf: clip))
        return write("truncated.mp4", Array(whole.prefix(whole.count * 6 / 10)))
    }()

    /// A faststart MP4 cut off in the middle of its media data.
    static let truncatedFaststart: URL = {
        let faststart = make("faststart.mp4", ["-i", clip.path, "-c", "copy", "-movflags", "+faststart"])
        let whole = [UInt8](try! Data(contentsOf: faststart))
        return write("truncated-faststart.mp4", Array(whole.prefix(whole.count * 6 / 10)))
    }()

    static let randomBytes = write("random.mp4", rawBytes(count: 20000, seed: 7))
    static let text = write("text.mp4", Array("this is a text file, not a video at all\n".utf8))
    static let empty = write("empty.mp4", [])

    /// A Y4M header declaring 12000x12000 frames (144 megapixels, 216 MB a
    /// frame), followed by a few bytes.
    /// A Y4M header declaring 99999999x99999999, a size FFmpeg's own
    /// image checks refuse while reading the header.
    static let absurdY4M = write(
        "absurd.y4m",
        Array("YUV4MPEG2 W99999999 H99999999 F25:1 Ip C420jpeg\nFRAME\n".utf8) + [UInt8](repeating: 16, count: 4096))

    static let hugeY4M = write(
        "huge.y4m",
        Array("YUV4MPEG2 W12000 H12000 F25:1 Ip A1:1 C420jpeg\nFRAME\n".utf8) + [UInt8](repeating: 16, count: 4096))
}
