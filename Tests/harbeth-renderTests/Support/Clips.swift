import Foundation
import HarbethTestSupport
import XCTest

/// Inputs made with the ffmpeg CLI once per test process, and the checks
/// made with ffprobe. Each test works in a folder of its own, with the
/// inputs it needs copied in, since the tool writes beside its input.
enum Clips {
    /// 1 s of testsrc2 at 160x120, 25 frames of H.264, with 1 s of AAC.
    static func video() throws -> String {
        try TestMedia.clip(
            "cli-clip.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000:duration=1", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            ])
    }

    /// 0.4 s of testsrc2 at `size` in `format`, 10 frames of FFV1, no sound.
    static func testPattern(_ name: String, size: String, format: String) throws -> String {
        try TestMedia.clip(
            name,
            ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=25", "-t", "0.4", "-c:v", "ffv1", "-pix_fmt", format])
    }

    /// The inputs FFmpeg's plane filters are held to: cli-clip.mp4 (4:2:0)
    /// and testsrc2 as 4:2:0 of odd size, 4:2:2 at 10 bits, 4:4:4 at 10
    /// bits with alpha and grey, made once as `prefix-*.mkv`; their paths,
    /// and their names in a folder made with them.
    static func planeLayouts(_ prefix: String) throws -> (paths: [String], names: [String]) {
        let made = [
            ("odd", "161x121", "yuv420p"), ("422", "160x120", "yuv422p10le"), ("alpha", "161x120", "yuva444p10le"),
            ("gray", "161x121", "gray"),
        ]
        let names = made.map { "\(prefix)-\($0.0).mkv" }
        let paths = try [video()] + zip(names, made).map { try testPattern($0, size: $1.1, format: $1.2) }
        return (paths, ["cli-clip.mp4"] + names)
    }

    /// FFmpeg's own run of `-vf filter` on `input` in `folder`, as FFV1
    /// without sound in `theirs.mkv`; its path. Its filters run on one
    /// thread: FFmpeg 5.1's colorlevels on packed RGB races between its
    /// slices (its frames differ from run to run on two threads; on one
    /// they are the same every time, and ours).
    static func ffmpegFiltered(_ folder: URL, input: String, filter: String) throws -> String {
        let reference = folder.appendingPathComponent("theirs.mkv").path
        try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-filter_threads", "1", "-i",
                folder.appendingPathComponent(input).path, "-vf",
                filter, "-an", "-c:v", "ffv1", reference,
            ])
        return reference
    }

    /// The video with a display matrix: players turn it 90 degrees.
    static func rotated() throws -> String {
        try TestMedia.clip("cli-rotated.mp4", ["-i", try video(), "-c", "copy", "-metadata:s:v", "rotate=90"])
    }

    static func png() throws -> String {
        try TestMedia.clip("cli-still.png", ["-f", "lavfi", "-i", "testsrc2=size=160x120", "-frames:v", "1"])
    }

    static func jpeg() throws -> String {
        try TestMedia.clip("cli-still.jpg", ["-f", "lavfi", "-i", "testsrc2=size=160x120", "-frames:v", "1"])
    }

    /// A new empty folder with copies of `files` in it (by their names).
    static func folder(with files: [String] = []) throws -> URL {
        let folder = URL(fileURLWithPath: TestMedia.directory).appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.copyItem(
                atPath: file, toPath: folder.appendingPathComponent((file as NSString).lastPathComponent).path)
        }
        return folder
    }

    /// The names in a folder, sorted (hidden ones too: temporary files are).
    static func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// `ffprobe -show_entries ENTRIES`, one value per line.
    static func probe(_ entries: String, stream: String? = nil, countFrames: Bool = false, of path: String) throws
        -> [String]
    {
        var arguments = ["-v", "error"]
        if countFrames { arguments.append("-count_frames") }
        if let stream { arguments += ["-select_streams", stream] }
        arguments += ["-show_entries", entries, "-of", "default=noprint_wrappers=1:nokey=1", path]
        return String(decoding: try TestMedia.run("ffprobe", arguments), as: UTF8.self)
            .split(separator: "\n").map(String.init)
    }

    /// Decoded frames counted by ffprobe.
    static func frameCount(_ path: String) throws -> Int? {
        try probe("stream=nb_read_frames", stream: "v:0", countFrames: true, of: path).first.flatMap { Int($0) }
    }

    /// One frame as packed bytes of `pixelFormat`, decoded by ffmpeg
    /// (with its automatic rotation unless `noAutorotate`).
    static func pixels(_ path: String, index: Int = 0, pixelFormat: String = "rgb24", noAutorotate: Bool = false)
        throws -> [UInt8]
    {
        [UInt8](
            try TestMedia.frame(
                of: path, index: index, pixelFormat: pixelFormat, inputOptions: noAutorotate ? ["-noautorotate"] : []))
    }

    /// Each video frame's timestamp and MD5 (`PTS MD5`), as ffmpeg's
    /// framemd5 lists them: two files with the same list decode to the same
    /// frames at the same times.
    static func frameHashes(_ path: String) throws -> [String] {
        String(
            decoding: try TestMedia.run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"]),
            as: UTF8.self
        ).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return fields[2] + " " + fields[5]
        }
    }

    /// Each frame's PSNR (the average of the planes, 100 for identical
    /// frames) of `ours` against `reference`, by FFmpeg's psnr filter: of
    /// the frames as stored, or with `asShown` of both in RGB, as a player
    /// shows them (codes outside RGB clipped); or of one `plane` (y, u, v;
    /// r, g, b as shown).
    static func framePSNRs(_ ours: String, _ reference: String, asShown: Bool = false, plane: String = "avg") throws
        -> [Double]
    {
        let stats = ours + ".psnr.txt"
        let graph =
            asShown
            ? "[0]format=rgb24[a];[1]format=rgb24[b];[a][b]psnr=stats_file=\(stats)"
            : "[0][1]psnr=stats_file=\(stats)"
        _ = try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-i", ours, "-i", reference, "-lavfi", graph, "-f", "null", "-",
            ])
        let lines = try String(contentsOfFile: stats, encoding: .utf8).split(separator: "\n")
        return lines.compactMap { line -> Double? in
            let prefix = "psnr_\(plane):"
            guard let field = line.split(separator: " ").first(where: { $0.hasPrefix(prefix) }) else { return nil }
            let text = field.dropFirst(prefix.count)
            return text == "inf" ? 100 : Double(text)
        }
    }

    static func meanAbsoluteDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return zip(a, b).reduce(0.0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(a.count)
    }
}
