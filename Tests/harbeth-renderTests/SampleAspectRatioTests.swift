import Foundation
import HarbethTestSupport
import XCTest

/// The shape of the pixels (the sample aspect ratio) goes from the input
/// to the output as FFmpeg carries it: an anamorphic 16:9 frame of 32:27
/// pixels keeps them through a colour filter, a crop or a pad; a resize
/// keeps the picture's shape, so its pixels change; a transpose turns
/// them. The output's is FFmpeg's own for the same geometry, in MP4 and
/// Matroska. Before, every output was written with square pixels, and an
/// anamorphic picture was shown squeezed.
final class SampleAspectRatioTests: XCTestCase {
    private static let anamorphic = Result {
        try TestMedia.clip(
            "cli-anamorphic.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=0.4", "-vf", "setsar=32/27",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            ])
    }

    private func aspect(_ path: String) throws -> String? {
        try Clips.probe("stream=sample_aspect_ratio", stream: "v:0", of: path).first
    }

    func testThePixelShapeIsFFmpegsThroughEveryKindOfFilter() throws {
        let folder = try Clips.folder(with: [try Self.anamorphic.get()])
        XCTAssertEqual(try aspect(folder.appendingPathComponent("cli-anamorphic.mp4").path), "32:27")
        let cases: [(ours: String, theirs: String)] = [
            ("sepia", "null"), ("crop=80:60:10:10", "crop=80:60:10:10"), ("pad=w=200:h=150", "pad=200:150"),
            ("resize=w=80:h=80", "scale=80:80"), ("transpose=1", "transpose=1"),
            ("crop=80:60,resize=w=120:h=-2,vignette", "crop=80:60,scale=120:-2"),
            (
                "scale=100:100:force_original_aspect_ratio=decrease:force_divisible_by=2",
                "scale=100:100:force_original_aspect_ratio=decrease:force_divisible_by=2"
            ),
        ]
        for (ours, theirs) in cases {
            for output in ["ours.mp4", "ours.mkv"] {
                let run = try Tool.run(
                    ["-vf", ours, "-y", "-q", "-o", output, "cli-anamorphic.mp4"], in: folder)
                XCTAssertEqual(run.status, 0, run.stderr)
                let reference = folder.appendingPathComponent("theirs." + (output as NSString).pathExtension).path
                try TestMedia.run(
                    "ffmpeg",
                    [
                        "-v", "error", "-y", "-i", folder.appendingPathComponent("cli-anamorphic.mp4").path, "-vf",
                        theirs, "-c:v", "libx264", "-preset", "ultrafast", reference,
                    ])
                let expected = try aspect(reference)
                XCTAssertNotNil(expected)
                XCTAssertEqual(try aspect(folder.appendingPathComponent(output).path), expected, "\(ours) \(output)")
            }
        }
    }

    /// In a graph the shape comes along each filter's first input, as
    /// FFmpeg's overlay takes its main input's: the anamorphic video under
    /// a square one keeps 32:27, and a resize after the overlay changes it.
    func testAGraphsOutputHasItsFirstInputsShape() throws {
        let folder = try Clips.folder(with: [try Self.anamorphic.get(), try Clips.video()])
        for (ours, theirs) in [
            ("[0][1]overlay=x=16:y=8", "[0][1]overlay=16:8:shortest=1"),
            ("[0][1]overlay=x=0:y=0,resize=w=100:h=100", "[0][1]overlay=0:0:shortest=1,scale=100:100"),
        ] {
            let run = try Tool.run(
                ["-i", "cli-anamorphic.mp4", "-i", "cli-clip.mp4", "--graph", ours, "-y", "-q", "-o", "ours.mp4"],
                in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let reference = folder.appendingPathComponent("theirs.mp4").path
            try TestMedia.run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-i", folder.appendingPathComponent("cli-anamorphic.mp4").path, "-i",
                    folder.appendingPathComponent("cli-clip.mp4").path, "-filter_complex", theirs, "-an", "-c:v",
                    "libx264", "-preset", "ultrafast", reference,
                ])
            XCTAssertEqual(
                try aspect(folder.appendingPathComponent("ours.mp4").path), try aspect(reference), ours)
        }
    }
}
