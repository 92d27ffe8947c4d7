import Foundation
import HarbethTestSupport
import XCTest

/// The built tool on every kind of bad input there is a name for: each is
/// refused with exactly one `harbeth-render: error:` line that names the
/// file, exit status 1 (2 for what the command line itself got wrong), no
/// crash, well within a time limit (a hang is killed and fails the test),
/// and nothing new in the folder: no output, no temporary file.
///
/// The inputs are made once per test process with ffmpeg, dd, truncate
/// and mkfifo; each case runs in a fresh folder holding only what it needs.
final class BadInputTests: XCTestCase {
    /// One bad input: what goes in the folder, the arguments, and the error.
    struct Case: Sendable {
        let name: String
        /// Files copied from the fixtures folder, by name.
        var files: [String] = []
        /// Made in the case's folder before the run (links, pipes, folders).
        var prepare: @Sendable (URL) throws -> Void = { _ in }
        let arguments: [String]
        var status: Int32 = 1
        /// The start of the line after `harbeth-render: error: `.
        let message: String
    }

    /// A bad input is refused before the GPU is set up or as the first
    /// frame fails; 60 s is far more than any needs on two busy cores.
    private let timeLimit: Double = 60

    // MARK: The inputs

    /// The fixtures folder, made on first use.
    private static let fixtures = Result { () throws -> URL in
        let folder = try Clips.folder()
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        func ffmpeg(_ arguments: [String]) throws {
            try TestMedia.run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y"] + arguments)
        }
        func write(_ name: String, _ bytes: [UInt8]) throws {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        let clip = try Clips.video()
        try FileManager.default.copyItem(atPath: clip, toPath: path("cli-clip.mp4"))

        try TestMedia.run("truncate", ["-s", "0", path("empty.mp4")])
        // The clip's index (moov) is at its end: cut it off.
        try FileManager.default.copyItem(atPath: clip, toPath: path("truncated.mp4"))
        let size = try FileManager.default.attributesOfItem(atPath: clip)[.size] as? Int ?? 0
        try TestMedia.run("truncate", ["-s", "\(size * 6 / 10)", path("truncated.mp4")])
        try TestMedia.run("dd", ["if=/dev/urandom", "of=" + path("random.mp4"), "bs=1024", "count=20", "status=none"])
        try write("text.mp4", Array("This is a text file with an .mp4 name.\n".utf8))
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", path("tone.mp4")])
        // MJPEG in Matroska with every frame's JPEG data zeroed, and with one.
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=0.4", "-c:v", "mjpeg", "-q:v", "5",
            path("mjpeg.mkv"),
        ])
        let mjpeg = [UInt8](try Data(contentsOf: folder.appendingPathComponent("mjpeg.mkv")))
        try write("undecodable.mkv", zeroingJPEGs(in: mjpeg, frames: Set(0..<10)))
        try write("one-corrupt.mkv", zeroingJPEGs(in: mjpeg, frames: [4]))
        // Y4M headers declaring a 144-megapixel frame, and one so large that
        // FFmpeg itself refuses it; a few bytes of "frame" follow.
        let frameBytes = [UInt8](repeating: 16, count: 4096)
        try write("huge.y4m", Array("YUV4MPEG2 W12000 H12000 F25:1 Ip A1:1 C420jpeg\nFRAME\n".utf8) + frameBytes)
        try write("absurd.y4m", Array("YUV4MPEG2 W99999999 H99999999 F25:1 Ip C420jpeg\nFRAME\n".utf8) + frameBytes)
        // uyyvyy411, which swscale cannot read, as raw video in NUT.
        try write("raw411.bin", [UInt8](repeating: 128, count: 64 * 48 * 3 / 2 * 3))
        try ffmpeg([
            "-f", "rawvideo", "-pix_fmt", "uyyvyy411", "-s", "64x48", "-r", "25", "-i", path("raw411.bin"), "-c",
            "copy", path("uyyvyy411.nut"),
        ])
        // yuv410p, which is converted.
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=0.4", "-pix_fmt", "yuv410p", "-c:v", "ffv1",
            path("yuv410p.mkv"),
        ])

        // Filter files: a .cube whose table is short, random bytes as a
        // .cube, text as a LUT image, a LUT image of the wrong size, a
        // shader with a syntax error and one with no entry point.
        try write("short.cube", Array("TITLE \"short\"\nLUT_3D_SIZE 2\n0 0 0\n1 0 0\n".utf8))
        try TestMedia.run("dd", ["if=/dev/urandom", "of=" + path("noise.cube"), "bs=1024", "count=3", "status=none"])
        try write("text.png", Array("not an image\n".utf8))
        try ffmpeg(["-f", "lavfi", "-i", "color=red:s=100x100", "-frames:v", "1", path("small.png")])
        try write(
            "syntax.glsl",
            Array(
                "uniform float amount = 0.3; // range 0...1\nvec4 filter(vec4 rgba, ivec2 pos) {\n    return rgba * amount +;\n}\n"
                    .utf8))
        try write("nothing.glsl", Array("uniform float amount = 0.3;\nvec4 grade(vec4 rgba) { return rgba; }\n".utf8))
        try write("signature.glsl", Array("// grade\nvec4 filter(vec3 rgb) {\n    return vec4(rgb, 1.0);\n}\n".utf8))
        return folder
    }

    /// Zeroes the JPEG data (SOI to EOI) of the listed frames; the packets
    /// stay in the container, undecodable.
    private static func zeroingJPEGs(in bytes: [UInt8], frames: Set<Int>) -> [UInt8] {
        var bytes = bytes
        var frame = 0
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == 0xFF, bytes[index + 1] == 0xD8, bytes[index + 2] == 0xFF else {
                index += 1
                continue
            }
            var end = index + 2
            while end + 1 < bytes.count, !(bytes[end] == 0xFF && bytes[end + 1] == 0xD9) { end += 1 }
            if frames.contains(frame) {
                for position in index...min(end + 1, bytes.count - 1) { bytes[position] = 0 }
            }
            frame += 1
            index = end + 2
        }
        return bytes
    }

    // MARK: The table

    static let cases: [Case] = [
        // Inputs that are not a video.
        Case(name: "missing file", arguments: ["missing.mp4"], message: "missing.mp4: no such file"),
        Case(
            name: "directory",
            prepare: {
                try FileManager.default.createDirectory(
                    at: $0.appendingPathComponent("dir.mp4"), withIntermediateDirectories: false)
            },
            arguments: ["dir.mp4"], message: "dir.mp4: is a directory, not a regular file"),
        Case(
            name: "named pipe (opening it would block)",
            prepare: { XCTAssertEqual(mkfifo($0.appendingPathComponent("pipe.mp4").path, 0o644), 0) },
            arguments: ["pipe.mp4"], message: "pipe.mp4: is a pipe, not a regular file"),
        Case(name: "device", arguments: ["/dev/zero"], message: "/dev/zero: is a device, not a regular file"),
        Case(
            name: "symbolic link loop",
            prepare: {
                try FileManager.default.createSymbolicLink(
                    atPath: $0.appendingPathComponent("loop.mp4").path, withDestinationPath: "loop.mp4")
            },
            arguments: ["loop.mp4"], message: "loop.mp4: cannot be read (Too many levels of symbolic links)"),
        Case(
            name: "empty file", files: ["empty.mp4"], arguments: ["empty.mp4"], message: "empty.mp4: the file is empty"),
        Case(
            name: "truncated mp4", files: ["truncated.mp4"], arguments: ["truncated.mp4"],
            message: "truncated.mp4: the file is truncated or damaged"),
        Case(
            name: "random bytes named .mp4", files: ["random.mp4"], arguments: ["random.mp4"],
            message: "random.mp4: not a media file FFmpeg recognises"),
        Case(
            name: "text named .mp4", files: ["text.mp4"], arguments: ["text.mp4"],
            message: "text.mp4: not a media file FFmpeg recognises"),
        Case(
            name: "audio only", files: ["tone.mp4"], arguments: ["tone.mp4"],
            message: "tone.mp4: has no video stream (only audio: aac)"),
        Case(
            name: "video stream without a decodable frame", files: ["undecodable.mkv"], arguments: ["undecodable.mkv"],
            message: "undecodable.mkv: the video stream has no decodable frames (10 packets failed to decode)"),
        // Sizes: refused from the header, before a frame buffer exists.
        Case(
            name: "absurd declared size", files: ["huge.y4m"], arguments: ["huge.y4m"],
            message: "huge.y4m: declared size 12000x12000 is over the limit of 67108864 pixels"),
        Case(
            name: "a size FFmpeg refuses in the header", files: ["absurd.y4m"], arguments: ["absurd.y4m"],
            message: "absurd.y4m: FFmpeg's yuv4mpegpipe demuxer refused the header"),
        Case(
            name: "over --max-pixels", files: ["cli-clip.mp4"], arguments: ["--max-pixels", "10000", "cli-clip.mp4"],
            message: "cli-clip.mp4: declared size 160x120 is over the limit of 10000 pixels"),
        // Damage and formats.
        Case(
            name: "corrupt frame with --strict", files: ["one-corrupt.mkv"],
            arguments: ["--strict", "one-corrupt.mkv"],
            message: "one-corrupt.mkv: frame 4 failed to decode ("),
        Case(
            name: "pixel format swscale cannot read", files: ["uyyvyy411.nut"], arguments: ["uyyvyy411.nut"],
            message: "uyyvyy411.nut: pixel format uyyvyy411 is not supported and cannot be converted"),
        // Outputs.
        Case(
            name: "output in a missing folder", files: ["cli-clip.mp4"],
            arguments: ["-o", "nowhere/out.mp4", "cli-clip.mp4"],
            message: "nowhere/out.mp4: the folder nowhere does not exist"),
        Case(
            name: "output in a folder where even root cannot make a file (sysfs)", files: ["cli-clip.mp4"],
            arguments: ["-o", "/sys/out.mp4", "cli-clip.mp4"],
            message: "/sys/out.mp4: cannot write in /sys (Permission denied)"),
        Case(
            name: "output equal to the input", files: ["cli-clip.mp4"],
            arguments: ["-y", "-o", "cli-clip.mp4", "cli-clip.mp4"],
            message: "cli-clip.mp4: is the input file; choose another output with -o"),
        // What the filters read.
        Case(
            name: "malformed chain", files: ["cli-clip.mp4"], arguments: ["-vf", "sepia,,invert", "cli-clip.mp4"],
            status: 2,
            message:
                "filter chain 'sepia,,invert': malformed filter chain at column 7: expected a filter name, found ','"),
        Case(
            name: "chain with a value missing", files: ["cli-clip.mp4"],
            arguments: ["-vf", "sepia=intensity", "cli-clip.mp4"],
            status: 2, message: "filter chain 'sepia=intensity': sepia intensity='intensity' is invalid at column 7"),
        Case(
            name: ".cube with a short table", files: ["cli-clip.mp4", "short.cube"],
            arguments: ["-vf", "lut3d=file=short.cube", "cli-clip.mp4"],
            message:
                "cli-clip.mp4: rendering failed: lut3d: short.cube:4: the table ends after 2 of the 2^3 = 8 entries"),
        Case(
            name: ".cube of random bytes", files: ["cli-clip.mp4", "noise.cube"],
            arguments: ["-vf", "lut3d=file=noise.cube", "cli-clip.mp4"],
            message: "cli-clip.mp4: rendering failed: lut3d: noise.cube:"),
        Case(
            name: "LUT image that is text", files: ["cli-clip.mp4", "text.png"],
            arguments: ["-vf", "lookup=file=text.png", "cli-clip.mp4"],
            message:
                "cli-clip.mp4: rendering failed: lookup: text.png: reading failed (Invalid data found when processing input)"
        ),
        Case(
            name: "LUT image of the wrong size", files: ["cli-clip.mp4", "small.png"],
            arguments: ["-vf", "lookup=file=small.png", "cli-clip.mp4"],
            message:
                "cli-clip.mp4: rendering failed: lookup: small.png: a lookup image is 512x512 (8x8 tiles of 64x64), not 100x100"
        ),
        Case(
            name: "LUT that is a folder", files: ["cli-clip.mp4"],
            prepare: {
                try FileManager.default.createDirectory(
                    at: $0.appendingPathComponent("lut.cube"), withIntermediateDirectories: false)
            },
            arguments: ["-vf", "lut3d=file=lut.cube", "cli-clip.mp4"],
            message: "lut.cube: not a regular file (named by lut3d file=)"),
        Case(
            name: "custom shader with a syntax error", files: ["cli-clip.mp4", "syntax.glsl"],
            arguments: ["--shader", "syntax.glsl", "cli-clip.mp4"],
            message:
                "cli-clip.mp4: rendering failed: shader pass yuv->rgb+shader+rgb->yuv failed to compile: syntax.glsl:3: "
        ),
        Case(
            name: "custom shader without an entry point", files: ["cli-clip.mp4", "nothing.glsl"],
            arguments: ["--shader", "nothing.glsl", "cli-clip.mp4"], status: 2,
            message:
                "filter chain 'shader=nothing.glsl': shader refused at column 8: nothing.glsl defines none of"
        ),
        Case(
            name: "custom shader whose entry point takes the wrong parameters",
            files: ["cli-clip.mp4", "signature.glsl"],
            arguments: ["--shader", "signature.glsl", "cli-clip.mp4"], status: 2,
            message:
                "filter chain 'shader=signature.glsl': shader refused at column 8: "
                + "signature.glsl:2: the entry point takes (vec3); it must be vec4 filter(vec4 rgba, ivec2 pos)"
        ),
    ]

    func testEveryBadInputIsOneErrorLineWithNothingWritten() throws {
        let fixtures = try Self.fixtures.get()
        for bad in Self.cases {
            let folder = try Clips.folder()
            for file in bad.files {
                try FileManager.default.copyItem(
                    at: fixtures.appendingPathComponent(file), to: folder.appendingPathComponent(file))
            }
            try bad.prepare(folder)
            let before = Clips.entries(folder)
            // Every run names an output, so the folder is where it would go.
            let output = bad.arguments.contains("-o") ? [] : ["-o", "out.mp4"]
            let filter = bad.arguments.contains("-vf") || bad.arguments.contains("--shader") ? [] : ["-vf", "sepia"]
            let run = try Tool.run(filter + output + bad.arguments, in: folder, timeLimit: timeLimit)
            XCTAssertFalse(run.killedBySignal, "\(bad.name): crashed: \(run.stderr)")
            XCTAssertEqual(run.status, bad.status, "\(bad.name): \(run.stderr)")
            XCTAssertEqual(run.stderrLines.count, 1, "\(bad.name): \(run.stderr)")
            XCTAssertTrue(
                run.stderr.hasPrefix("harbeth-render: error: " + bad.message), "\(bad.name): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", bad.name)
            XCTAssertEqual(Clips.entries(folder), before, "\(bad.name): nothing is written")
        }
    }

    // MARK: Inputs that render, with a word about it

    /// An undecodable frame is skipped, counted and reported; the rest render.
    func testACorruptFrameIsSkippedWithANoteUnlessStrict() throws {
        let folder = try Clips.folder()
        try FileManager.default.copyItem(
            at: try Self.fixtures.get().appendingPathComponent("one-corrupt.mkv"),
            to: folder.appendingPathComponent("one-corrupt.mkv"))
        let run = try Tool.run(["-vf", "sepia", "-o", "out.mkv", "one-corrupt.mkv"], in: folder, timeLimit: timeLimit)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stderrLines.first,
            "harbeth-render: note: 1 undecodable frame(s) skipped (--strict stops at the first)")
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("out.mkv").path), 9)
        XCTAssertEqual(Clips.entries(folder), ["one-corrupt.mkv", "out.mkv"])
        XCTAssertFalse(run.stderr.contains("[mjpeg"), "FFmpeg's own log only with -v: \(run.stderr)")

        // -v adds FFmpeg's complaint, as FFmpeg's tools print it.
        let verbose = try Tool.run(
            ["-v", "-y", "-vf", "sepia", "-o", "out.mkv", "one-corrupt.mkv"], in: folder, timeLimit: timeLimit)
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertTrue(verbose.stderrLines.contains { $0.hasPrefix("[mjpeg] ") }, verbose.stderr)
    }

    /// A pixel format without a layout of its own is converted, and -v says so.
    func testAPixelFormatWithoutALayoutIsConverted() throws {
        let folder = try Clips.folder()
        try FileManager.default.copyItem(
            at: try Self.fixtures.get().appendingPathComponent("yuv410p.mkv"),
            to: folder.appendingPathComponent("yuv410p.mkv"))
        let run = try Tool.run(
            ["-v", "-vf", "sepia", "-o", "out.mp4", "yuv410p.mkv"], in: folder, timeLimit: timeLimit)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("converted yuv410p -> yuv420p (swscale)"), run.stderr)
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("out.mp4").path), 10)
    }
}
