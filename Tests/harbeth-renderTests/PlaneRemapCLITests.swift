import Foundation
import HarbethTestSupport
import XCTest

/// `-vf flip`, `transpose`, quarter turns and pads move the decoded
/// planes: the output decodes to exactly FFmpeg's hflip, vflip, transpose
/// and pad (each frame's MD5), at an even and an odd frame size.
final class PlaneRemapCLITests: XCTestCase {
    /// 161x121 4:2:0: chroma planes of 81x61.
    private func oddClip() throws -> String {
        try TestMedia.clip(
            "remap-odd.mkv",
            ["-f", "lavfi", "-i", "testsrc2=size=161x121:rate=25", "-t", "0.4", "-c:v", "ffv1", "-pix_fmt", "yuv420p"])
    }

    /// Pads on the chroma grid, black and white (whose code values FFmpeg's
    /// pad and our conversion agree on), alone and after a move, written as
    /// FFmpeg writes them.
    func testPadsAreFFmpegsExactly() throws {
        let cases: [(ours: String, theirs: String)] = [
            ("pad=w=200:h=160:x=20:y=20", "pad=200:160:20:20"),
            ("pad=w=240:h=180:x=-1:y=-1:color=1/1/1", "pad=240:180:-1:-1:color=white"),
            // FFmpeg's forms: the defaults (the top-left corner), and x and
            // y that read the canvas size.
            ("pad=240:180", "pad=240:180"),
            ("pad=240:180:(ow-iw)/2:(oh-ih)/2", "pad=240:180:(ow-iw)/2:(oh-ih)/2"),
            ("pad=w=iw+40:h=ih:x=out_w-in_w", "pad=w=iw+40:h=ih:x=out_w-in_w"),
            ("rotate=90,pad=w=200:h=200:x=40:y=20", "transpose=clock,pad=200:200:40:20"),
        ]
        let folder = try Clips.folder(with: [try Clips.video()])
        for (ours, theirs) in cases {
            try assertFFmpegsFrames(ours, theirs: theirs, plan: "on the planes", in: folder)
        }
    }

    /// FFmpeg's crop with its x and y read from the output size
    /// (`(iw-ow)/2`), as FFmpeg writes it: a view of the planes, no pass,
    /// and exactly FFmpeg's frames.
    func testCropsThatReadTheOutputSizeAreFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for crop in ["crop=80:60:(iw-ow)/2:(ih-oh)/2", "crop=w=iw/2:h=ih/2:x=iw-out_w:y=0"] {
            try assertFFmpegsFrames(crop, theirs: crop, plan: "plan: no GPU pass per frame", in: folder)
        }
    }

    /// A crop whose corner moves with `t` or `n` (FFmpeg's moving crop):
    /// the corner is evaluated on every frame and, as FFmpeg does, held
    /// inside the frame (a corner past an edge stops at it). The corner is
    /// exact, as FFmpeg's with `exact=1`: a frame whose corner is on the
    /// chroma grid is a view of the planes, FFmpeg's frame byte for byte;
    /// one whose corner is not gets a pass, with FFmpeg's luma to within
    /// the YUV round trip (FFmpeg's chroma is then half a sample off, ours
    /// is not, so it is not compared). A corner one pixel off would differ
    /// by tens of codes on testsrc2's edges. Before, a moving x or y was
    /// refused as a value that decides the plan.
    func testACropThatMovesIsFFmpegsMovingCrop() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let cases: [(crop: String, corner: (Int) -> (x: Int, y: Int))] = [
            ("crop=80:60:'t*40':'n'", { n in (Int((1.6 * Double(n)).rounded()), n) }),
            // Held inside: x past the right edge, y below 0.
            ("crop=w=80:h=60:x='n*8':y='40-n*4'", { n in (min(n * 8, 80), max(40 - n * 4, 0)) }),
        ]
        let width = 80
        let height = 60
        let lumaBytes = width * height
        let frameBytes = lumaBytes + 2 * (width / 2) * (height / 2)
        for (crop, corner) in cases {
            let run = try Tool.run(
                ["-v", "-vf", crop, "--codec", "ffv1", "-y", "-o", "ours.mkv", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let reference = folder.appendingPathComponent("theirs.mkv").path
            _ = try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-i",
                    folder.appendingPathComponent("cli-clip.mp4").path,
                    "-vf", crop + ":exact=1", "-an", "-c:v", "ffv1", reference,
                ])
            let raw = { (path: String) in
                [UInt8](
                    try TestMedia.run(
                        "ffmpeg",
                        [
                            "-v", "error", "-i", path, "-map", "0:v", "-fps_mode", "passthrough", "-f", "rawvideo",
                            "-pix_fmt", "yuv420p", "-",
                        ]))
            }
            let ours = try raw(folder.appendingPathComponent("ours.mkv").path)
            let theirs = try raw(reference)
            XCTAssertEqual(ours.count, 25 * frameBytes, crop)
            XCTAssertEqual(theirs.count, ours.count, crop)
            guard ours.count == theirs.count, ours.count == 25 * frameBytes else { continue }
            var views = 0
            for n in 0..<25 {
                let start = n * frameBytes
                let (x, y) = corner(n)
                if x % 2 == 0, y % 2 == 0 {
                    views += 1
                    XCTAssertEqual(
                        ours[start..<(start + frameBytes)], theirs[start..<(start + frameBytes)],
                        "\(crop): frame \(n), corner \(x),\(y)")
                } else {
                    let luma = { (bytes: [UInt8]) in Array(bytes[start..<(start + lumaBytes)]) }
                    let difference = Clips.meanAbsoluteDifference(luma(ours), luma(theirs))
                    XCTAssertLessThan(difference, 1, "\(crop): frame \(n), corner \(x),\(y)")
                }
            }
            XCTAssertGreaterThan(views, 5, crop)
        }
    }

    /// Ours with the chain `ours` decodes to FFmpeg's `-vf theirs`, frame
    /// for frame, and the plan says `plan`.
    private func assertFFmpegsFrames(
        _ ours: String, theirs: String, plan: String, in folder: URL, line: UInt = #line
    ) throws {
        let run = try Tool.run(
            ["-v", "-vf", ours, "--codec", "ffv1", "-y", "-o", "ours.mkv", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr, line: line)
        XCTAssertTrue(run.stderr.contains(plan), run.stderr, line: line)
        let reference = folder.appendingPathComponent("theirs.mkv").path
        _ = try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-i", folder.appendingPathComponent("cli-clip.mp4").path,
                "-vf", theirs, "-an", "-c:v", "ffv1", reference,
            ])
        let pictures = { (path: String) in try Clips.frameHashes(path).map { $0.split(separator: " ").last! } }
        XCTAssertEqual(
            try pictures(folder.appendingPathComponent("ours.mkv").path), try pictures(reference),
            "\(ours) against \(theirs)", line: line)
    }

    /// A vertical flip is a view of the decoded planes read bottom up (a
    /// negative stride), which goes to the encoder as it is: libx264 makes
    /// of it what it makes of the planes read top down (the crop that shows
    /// the whole frame, a view too), rows reversed, to within its loss.
    /// (The FFV1 files above are FFmpeg's vflip bit for bit.)
    func testAFlippedViewEncodesAsTheFrameItStandsFor() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for (chain, output) in [("flip=direction=vertical", "flipped.mp4"), ("crop=w=160:h=120", "upright.mp4")] {
            let run = try Tool.run(
                ["-v", "-vf", chain, "--crf", "18", "-y", "-o", output, "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stderr.contains("plan: no GPU pass per frame"), run.stderr)
        }
        let rowBytes = 160 * 3
        for index in [0, 12, 24] {
            let flipped = try Clips.pixels(folder.appendingPathComponent("flipped.mp4").path, index: index)
            let upright = try Clips.pixels(folder.appendingPathComponent("upright.mp4").path, index: index)
            XCTAssertEqual(flipped.count, 120 * rowBytes)
            let reversed = (0..<120).reversed().flatMap { upright[($0 * rowBytes)..<(($0 + 1) * rowBytes)] }
            XCTAssertLessThan(Clips.meanAbsoluteDifference(flipped, reversed), 3, "frame \(index)")
            // The bound tells a flipped picture from one that is not.
            XCTAssertGreaterThan(Clips.meanAbsoluteDifference(flipped, upright), 20, "frame \(index)")
        }
    }

    func testMovesAreFFmpegsExactly() throws {
        let cases: [(ours: String, theirs: String)] = [
            ("flip=direction=horizontal", "hflip"), ("flip=direction=vertical", "vflip"),
            ("flip=direction=both", "hflip,vflip"), ("transpose", "transpose=cclock_flip"),
            ("rotate=90", "transpose=clock"), ("rotate=270", "transpose=cclock"),
            // FFmpeg's spellings of transpose, its numbers included.
            ("transpose=1", "transpose=1"), ("transpose=dir=cclock", "transpose=cclock"),
            ("transpose=clock_flip", "transpose=3"), ("transpose=0", "transpose=cclock_flip"),
            // FFmpeg's own names.
            ("hflip", "hflip"), ("vflip,hflip", "vflip,hflip"),
        ]
        let folder = try Clips.folder(with: [try Clips.video(), try oddClip()])
        for input in ["cli-clip.mp4", "remap-odd.mkv"] {
            for (ours, theirs) in cases {
                let run = try Tool.run(
                    ["-vf", ours, "--codec", "ffv1", "-q", "-y", "-o", "ours.mkv", input], in: folder)
                XCTAssertEqual(run.status, 0, run.stderr)
                let reference = folder.appendingPathComponent("theirs.mkv").path
                _ = try TestMedia.run(
                    "ffmpeg",
                    [
                        "-hide_banner", "-loglevel", "error", "-y", "-i", folder.appendingPathComponent(input).path,
                        "-vf", theirs, "-an", "-c:v", "ffv1", reference,
                    ])
                // The pictures, in order (FFmpeg's MP4 reading shifts the
                // first timestamp to 0; the tool keeps the source's).
                let pictures = { (path: String) in try Clips.frameHashes(path).map { $0.split(separator: " ").last! } }
                XCTAssertEqual(
                    try pictures(folder.appendingPathComponent("ours.mkv").path), try pictures(reference),
                    "\(input): \(ours) against \(theirs)")
            }
        }
    }

    /// FFmpeg's scale as FFmpeg writes it is resize: the same sizes (0 is the
    /// input's, one value is WxH, -n keeps the aspect on a multiple of
    /// n), and with each flag's method a picture within 30 dB of FFmpeg's
    /// (ours resamples in RGB, swscale on the planes).
    func testFFmpegsScaleIsResize() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for scale in [
            "scale=100:-2", "scale=320x180", "scale=0:60", "scale=-2:90", "scale=w=200:h=100:flags=lanczos",
            "scale=iw/2:ih/2:flags=bilinear",
        ] {
            let run = try Tool.run(
                ["-vf", scale, "--codec", "ffv1", "-q", "-y", "-o", "ours.mkv", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let ours = folder.appendingPathComponent("ours.mkv").path
            let theirs = folder.appendingPathComponent("theirs.mkv").path
            _ = try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-i",
                    folder.appendingPathComponent("cli-clip.mp4").path,
                    "-vf", scale, "-an", "-c:v", "ffv1", theirs,
                ])
            let size = { (path: String) in
                String(
                    decoding: try TestMedia.run(
                        "ffprobe",
                        [
                            "-v", "error", "-select_streams", "v", "-show_entries", "stream=width,height", "-of",
                            "csv=p=0", path,
                        ]),
                    as: UTF8.self)
            }
            XCTAssertEqual(try size(ours), try size(theirs), scale)
            // Each frame's PSNR, from the psnr filter's statistics on standard output.
            let report = String(
                decoding: try TestMedia.run(
                    "ffmpeg",
                    ["-v", "error", "-i", ours, "-i", theirs, "-lavfi", "psnr=stats_file=-", "-f", "null", "-"]),
                as: UTF8.self)
            let frames = report.split(separator: "\n").compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("psnr_avg:") }.flatMap { Double($0.dropFirst(9)) }
            }
            XCTAssertFalse(frames.isEmpty, report)
            let average = frames.min()
            XCTAssertGreaterThan(average ?? 0, 30, "\(scale): \(report.suffix(200))")
        }
    }
}
