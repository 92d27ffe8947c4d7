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

    /// FFmpeg's setsar and setdar last in a chain, and its -aspect, tag the
    /// output with the shape they set, as FFmpeg's own output has it, with
    /// FFmpeg's reading of the value (a decimal to the nearest fraction of
    /// terms at most max; `setdar=16:9` is a ratio of 16 with a max of 9).
    /// A step before other filters, a ratio that is not one, and an
    /// -aspect that disagrees with the chain are one line each. Before, setsar
    /// and setdar were unknown filters and -aspect an unknown option, and
    /// then a zero ratio (FFmpeg's `setsar=0`, which clears the shape) was
    /// refused.
    func testSetsarSetdarAndAspectTagTheOutputAsFFmpegs() throws {
        let folder = try Clips.folder(with: [try Self.anamorphic.get()])
        let cases: [(ours: [String], theirs: [String])] = [
            (["-vf", "sepia,setsar=1"], ["-vf", "setsar=1"]),
            (["-vf", "resize=w=160:h=90,setsar=sar=10/11"], ["-vf", "scale=160:90,setsar=sar=10/11"]),
            (["-vf", "setdar=16/9"], ["-vf", "setdar=16/9"]),
            (["-vf", "setdar=dar=1.7778"], ["-vf", "setdar=dar=1.7778"]),
            (["-vf", "vignette,setdar=16:9"], ["-vf", "setdar=16:9"]),
            (["-vf", "setsar=r=0.9:max=10,format=yuv420p,fps=10"], ["-vf", "setsar=r=0.9:max=10,fps=10"]),
            (["-vf", "sepia", "-aspect", "16:9"], ["-aspect", "16:9"]),
            (["-vf", "sepia", "-aspect", "2.35"], ["-aspect", "2.35"]),
            (["-vf", "setdar=4/3", "-aspect", "4:3"], ["-aspect", "4:3"]),
            // A zero ratio: setsar's leaves the shape undeclared, setdar's
            // is square pixels, as FFmpeg writes them.
            (["-vf", "sepia,setsar=0"], ["-vf", "setsar=0"]),
            (["-vf", "resize=w=80:h=80,setsar=r=0/1"], ["-vf", "scale=80:80,setsar=r=0/1"]),
            (["-vf", "setdar=0"], ["-vf", "setdar=0"]),
        ]
        for (ours, theirs) in cases {
            let run = try Tool.run(ours + ["-y", "-q", "-o", "ours.mp4", "cli-anamorphic.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            guard run.status == 0 else { continue }
            let reference = folder.appendingPathComponent("theirs.mp4").path
            try TestMedia.run(
                "ffmpeg",
                ["-v", "error", "-y", "-i", folder.appendingPathComponent("cli-anamorphic.mp4").path] + theirs
                    + ["-c:v", "libx264", "-preset", "ultrafast", reference])
            XCTAssertEqual(
                try aspect(folder.appendingPathComponent("ours.mp4").path), try aspect(reference), "\(ours)")
        }
        for (arguments, message) in [
            (
                ["-vf", "setsar=1,sepia"],
                "filter chain 'setsar=1,sepia': setsar at column 1 is before other filters; put it last (the"
                    + " output's shape, as -aspect: the filters after it would change it)"
            ),
            (
                ["-vf", "sepia,setdar=wide"],
                "filter chain 'sepia,setdar=wide': setdar at column 7: setdar takes a positive ratio (16:9, 4/3,"
                    + " 1.7778), not 'wide'"
            ),
            (
                ["-vf", "sepia,setsar=1:size=2"],
                "filter chain 'sepia,setsar=1:size=2': setsar at column 7: unknown option 'size' (r, max)"
            ),
            (["-vf", "sepia", "-aspect", "0"], "-aspect takes a positive ratio (16:9, 4/3, 1.7778), not '0'"),
            (
                ["-vf", "sepia,setdar=16/9", "-aspect", "4:3"],
                "-aspect and the chain's setsar or setdar disagree; give one of them"
            ),
        ] {
            let run = try Tool.run(arguments + ["-y", "-o", "refused.mp4", "cli-anamorphic.mp4"], in: folder)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("harbeth-render: error: " + message), run.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("refused.mp4").path))
    }

    /// A declared square shape is a shape like any other, as FFmpeg takes
    /// it: a resize to a square frame gives 4:3 pixels (the picture stays
    /// 4:3; FFmpeg recipes append setsar=1 for square ones). A shape that is
    /// not declared stays undeclared, as in FFmpeg's output.
    func testADeclaredSquareShapeIsOneAndAnUndeclaredOneStaysUndeclared() throws {
        let undeclared = try TestMedia.clip(
            "cli-undeclared.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=0.2", "-vf", "setsar=0", "-c:v",
                "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            ])
        let folder = try Clips.folder(with: [try Clips.video(), undeclared])
        for input in ["cli-clip.mp4", "cli-undeclared.mp4"] {
            for (ours, theirs) in [("resize=w=80:h=80", "scale=80:80"), ("sepia", "null")] {
                let run = try Tool.run(["-vf", ours, "-y", "-q", "-o", "ours.mp4", input], in: folder)
                XCTAssertEqual(run.status, 0, run.stderr)
                let reference = folder.appendingPathComponent("theirs.mp4").path
                try TestMedia.run(
                    "ffmpeg",
                    [
                        "-v", "error", "-y", "-i", folder.appendingPathComponent(input).path, "-vf", theirs, "-an",
                        "-c:v", "libx264", "-preset", "ultrafast", reference,
                    ])
                XCTAssertEqual(
                    try aspect(folder.appendingPathComponent("ours.mp4").path), try aspect(reference),
                    "\(input) \(ours)")
            }
        }
    }

    /// Two outputs of one run each get their own shape, FFmpeg's for the
    /// same outputs: a resized one's pixels change, the other's do not.
    func testEachOutputOfARunHasItsOwnShape() throws {
        let folder = try Clips.folder(with: [try Self.anamorphic.get()])
        let graph = "[0]split[a][b];[a]sepia[same];[b]resize=w=80:h=80[resized]"
        let run = try Tool.run(
            [
                "-i", "cli-anamorphic.mp4", "--graph", graph, "-q", "--map", "[same]", "-o", "same.mp4", "--map",
                "[resized]", "-o", "resized.mp4",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-i", folder.appendingPathComponent("cli-anamorphic.mp4").path,
                "-filter_complex", "[0]split[a][b];[b]scale=80:80[resized]", "-map", "[a]",
                folder.appendingPathComponent("theirs-same.mp4").path, "-map", "[resized]",
                folder.appendingPathComponent("theirs-resized.mp4").path,
            ])
        for name in ["same", "resized"] {
            XCTAssertEqual(
                try aspect(folder.appendingPathComponent("\(name).mp4").path),
                try aspect(folder.appendingPathComponent("theirs-\(name).mp4").path), name)
        }
    }

    /// In a graph the shape comes along each filter's first input, as
    /// FFmpeg's overlay takes its main input's, from whichever input that
    /// path starts at: the anamorphic video under a square one keeps 32:27,
    /// a resize after the overlay changes it, and an output made on input
    /// 1 has input 1's shape, whether input 0's is square or undeclared.
    /// Before, only input 0's shape was known: such an output was written
    /// square, or undeclared. setsar and setdar in a graph set the shape
    /// from where they stand, as FFmpeg's do (they were unknown filters in
    /// a graph), and a bad value is refused with its column.
    func testAGraphsOutputHasItsFirstInputsShape() throws {
        let undeclared = try TestMedia.clip(
            "cli-undeclared.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=0.2", "-vf", "setsar=0", "-c:v",
                "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            ])
        let folder = try Clips.folder(with: [try Self.anamorphic.get(), try Clips.video(), undeclared])
        let anamorphicFirst = ["cli-anamorphic.mp4", "cli-clip.mp4"]
        let cases: [(inputs: [String], ours: String, theirs: String)] = [
            (anamorphicFirst, "[0][1]overlay=x=16:y=8", "[0][1]overlay=16:8:shortest=1"),
            (
                anamorphicFirst, "[0][1]overlay=x=0:y=0,resize=w=100:h=100",
                "[0][1]overlay=0:0:shortest=1,scale=100:100"
            ),
            (["cli-clip.mp4", "cli-anamorphic.mp4"], "[1][0]overlay=x=16:y=8", "[1][0]overlay=16:8:shortest=1"),
            (
                ["cli-undeclared.mp4", "cli-anamorphic.mp4"], "[1][0]overlay=x=0:y=0,resize=w=100:h=100",
                "[1][0]overlay=0:0:shortest=1,scale=100:100"
            ),
            (["cli-anamorphic.mp4", "cli-undeclared.mp4"], "[1][0]overlay=x=0:y=0", "[1][0]overlay=0:0:shortest=1"),
            // setsar and setdar set it from where they stand.
            (
                anamorphicFirst, "[0]resize=w=160:h=90,setsar=1[a];[a][1]overlay=x=0:y=0",
                "[0]scale=160:90,setsar=1[a];[a][1]overlay=0:0:shortest=1"
            ),
            (anamorphicFirst, "[0][1]hstack,setdar=16/9", "[0][1]hstack=shortest=1,setdar=16/9"),
            (anamorphicFirst, "[0]setsar=0[a];[a][1]hstack", "[0]setsar=0[a];[a][1]hstack=shortest=1"),
            (
                ["cli-undeclared.mp4", "cli-clip.mp4"], "[0]setsar=sar=10/11,resize=w=80:h=120[a];[a][1]hstack",
                "[0]setsar=sar=10/11,scale=80:120[a];[a][1]hstack=shortest=1"
            ),
            (
                anamorphicFirst, "[1]setdar=dar=2.35:max=1000[b];[b][0]overlay",
                "[1]setdar=dar=2.35:max=1000[b];[b][0]overlay=shortest=1"
            ),
        ]
        for (inputs, ours, theirs) in cases {
            let run = try Tool.run(
                inputs.flatMap { ["-i", $0] } + ["--graph", ours, "-y", "-q", "-o", "ours.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let reference = folder.appendingPathComponent("theirs.mp4").path
            try TestMedia.run(
                "ffmpeg",
                ["-v", "error", "-y"] + inputs.flatMap { ["-i", folder.appendingPathComponent($0).path] } + [
                    "-filter_complex", theirs, "-an", "-c:v", "libx264", "-preset", "ultrafast", reference,
                ])
            XCTAssertEqual(
                try aspect(folder.appendingPathComponent("ours.mp4").path), try aspect(reference),
                "\(inputs) \(ours)")
        }
        for (graph, message) in [
            (
                "[0]setdar=wide[a];[a][1]hstack",
                "setdar r='wide' is invalid at column 11; expected a positive ratio (16/9, 4/3, 1.7778) or 0"
            ),
            ("[0]setsar=1:size=2[a];[a][1]hstack", "setsar has no parameter 'size' at column 13; valid: r, max"),
        ] {
            let run = try Tool.run(
                anamorphicFirst.flatMap { ["-i", $0] } + ["--graph", graph, "--null"], in: folder)
            XCTAssertEqual(run.stderrLines, ["harbeth-render: error: filtergraph '\(graph)': " + message], graph)
            XCTAssertEqual(run.status, 2, run.stderr)
        }
    }
}
