import Foundation
import HarbethTestSupport
import XCTest

/// Runs with several inputs and a filtergraph, against FFmpeg's own
/// filters on the same decoded clips (xfade, hstack, vstack) and against
/// a paste computed here (overlay): frame counts and timestamps equal,
/// and every frame within a stated PSNR.
final class GraphCLITests: XCTestCase {
    /// 1 s of testsrc2 at 160x120, 25 fps (the standard CLI clip, with audio).
    private func first() throws -> String { try Clips.video() }

    /// 2 s of a different picture at the same size and rate.
    private func second() throws -> String {
        try TestMedia.clip(
            "graph-second.mp4",
            [
                "-f", "lavfi", "-i", "mandelbrot=size=160x120:rate=25", "-t", "2", "-c:v", "libx264", "-crf", "12",
                "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            ])
    }

    /// An 80x60 inset, 1 s.
    private func inset() throws -> String {
        try TestMedia.clip(
            "graph-inset.mp4",
            [
                "-f", "lavfi", "-i", "smptebars=size=80x60:rate=25", "-t", "1", "-c:v", "libx264", "-crf", "12",
                "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            ])
    }

    /// Per-frame PSNR (average of the planes) of `ours` against `reference`
    /// by FFmpeg's psnr filter, with both frame counts and timestamps.
    private func compare(_ ours: String, _ reference: String) throws -> (minimum: Double, frames: Int) {
        XCTAssertEqual(try Clips.frameCount(ours), try Clips.frameCount(reference), "frame counts")
        let timestamps = { (path: String) in try Clips.probe("frame=pts_time", stream: "v:0", of: path) }
        XCTAssertEqual(try timestamps(ours), try timestamps(reference), "timestamps")
        let values = try Clips.framePSNRs(ours, reference)
        return (values.min() ?? 0, values.count)
    }

    private func reference(_ folder: URL, _ name: String, _ graph: String, inputs: [String]) throws -> String {
        let path = folder.appendingPathComponent(name).path
        _ = try TestMedia.run(
            "ffmpeg",
            ["-hide_banner", "-loglevel", "error"] + inputs.flatMap { ["-i", $0] } + [
                "-filter_complex", graph, "-an", "-c:v", "ffv1", path,
            ])
        return path
    }

    /// Runs `ours` over cli-clip.mp4 and `second` (`second` first where
    /// `swapped`) and FFmpeg's `theirs` over the same clips: every frame is
    /// the same, all `frames`.
    private func assertExactlyFFmpegs(
        _ ours: String, _ theirs: String, second: String, swapped: Bool = false, frames expected: Int = 25,
        in folder: URL, line: UInt = #line
    ) throws {
        let names = ["cli-clip.mp4", URL(fileURLWithPath: second).lastPathComponent]
        guard
            let output = try render(
                (swapped ? names.reversed() : names).flatMap { ["-i", $0] } + ["--graph", ours], to: "composed.mkv",
                in: folder, line: line)
        else { return }
        let reference = try reference(
            folder, "ffmpeg-composed-\(abs(theirs.hashValue))-\(swapped).mkv", theirs,
            inputs: swapped ? [second, try first()] : [try first(), second])
        let (minimum, frames) = try compare(output, reference)
        XCTAssertEqual(frames, expected, ours, line: line)
        XCTAssertEqual(minimum, 100, "\(ours): every frame identical", line: line)
    }

    /// Runs the tool with `arguments` (the inputs and the graph), writing
    /// ffv1 without sound to `name` in `folder`: its path, or nil where the
    /// run failed (a recorded failure), as it does on a validation message.
    private func render(_ arguments: [String], to name: String, in folder: URL, line: UInt = #line) throws -> String? {
        let output = folder.appendingPathComponent(name).path
        let run = try Tool.run(
            arguments + ["--codec", "ffv1", "--audio", "none", "-q", "-y", "-o", output], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr, line: line)
        guard run.status == 0 else { return nil }
        Tool.assertNoValidationMessages(run, line: line)
        return output
    }

    /// Each graph, run over cli-clip.mp4 and graph-second.mp4, is refused
    /// with its one line (after "filtergraph 'GRAPH': ") and exit status 2.
    private func assertRefused(
        _ cases: [(graph: String, message: String)], in folder: URL, second: String = "graph-second.mp4",
        line: UInt = #line
    ) throws {
        for (graph, message) in cases {
            try assertOneLineError(
                ["-i", "cli-clip.mp4", "-i", second, "--graph", graph], "filtergraph '\(graph)': " + message,
                in: folder, line: line)
        }
    }

    /// The run (with --null unless `null` is false) is refused with the
    /// one line `message` and exit status 2.
    private func assertOneLineError(
        _ arguments: [String], _ message: String, in folder: URL, null: Bool = true, line: UInt = #line
    ) throws {
        let run = try Tool.run(arguments + (null ? ["--null"] : []), in: folder)
        XCTAssertEqual(
            run.stderrLines, ["harbeth-render: error: " + message], arguments.joined(separator: " "), line: line)
        XCTAssertEqual(run.status, 2, run.stderr, line: line)
    }

    /// xfade into a longer clip: FFmpeg's length (offset + the second's),
    /// its timestamps, and each frame within 33 dB of FFmpeg's. Both mix
    /// the planes, ours 4:2:0 as it comes, FFmpeg's converted to 4:4:4
    /// (its xfade takes no subsampled layout): the chroma along an edge
    /// differs, 34 to 38 dB at the worst frame. No frame
    /// falls exactly on the offset, where FFmpeg's first transition frame
    /// is timed its own way.
    func testXfadeMatchesFFmpegsTransitions() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        for transition in ["fade", "wipeleft", "slideup", "circleopen", "radial"] {
            let graph = "xfade=transition=\(transition):duration=0.5:offset=0.42"
            guard
                let ours = try render(
                    ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "-filter_complex", graph],
                    to: "ours-\(transition).mkv", in: folder)
            else { continue }
            let theirs = try reference(
                folder, "ffmpeg-\(transition).mkv", graph, inputs: [try first(), try second()])
            let (minimum, frames) = try compare(ours, theirs)
            XCTAssertEqual(frames, 61, "0.42 s of the first, then the 2 s second")
            XCTAssertGreaterThanOrEqual(minimum, 33, transition)
        }
    }

    func testStacksMatchFFmpegs() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        for (ours, theirs) in [
            ("[0][1]hstack=shortest=1", "[0][1]hstack=shortest=1"),
            ("[1]flip=direction=horizontal[b];[0][b]vstack=shortest=1[out]", "[1]hflip[b];[0][b]vstack=shortest=1"),
        ] {
            guard
                let output = try render(
                    ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", ours], to: "stack.mkv", in: folder)
            else { continue }
            let reference = try reference(
                folder, "ffmpeg-stack-\(ours.count).mkv", theirs, inputs: [try first(), try second()])
            let (minimum, frames) = try compare(output, reference)
            XCTAssertEqual(frames, 25, "the run ends with the shorter input")
            XCTAssertGreaterThanOrEqual(minimum, 42, ours)
        }
    }

    /// Stacks, a 2x2 grid and an opaque overlay of plain inputs in one
    /// layout run on the planes (`PlaneComposition`): every frame is
    /// FFmpeg's, exactly (PSNR inf), where the RGB path was 42 dB.
    func testCompositionsOfPlainInputsAreFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        let grid = "[0][1]hstack[t];[1][0]hstack[b];[t][b]vstack=shortest=1"
        for (ours, theirs) in [
            ("[0][1]hstack=shortest=1", "[0][1]hstack=shortest=1"),
            ("[0][1]overlay=x=16:y=8:shortest=1", "[0][1]overlay=16:8:shortest=1"),
            (
                grid,
                "[0]split[a][c];[1]split[b][d];[a][b]hstack=shortest=1[t];[d][c]hstack=shortest=1[u];"
                    + "[t][u]vstack=shortest=1"
            ),
        ] {
            try assertExactlyFFmpegs(ours, theirs, second: try second(), in: folder)
        }
    }

    /// FFmpeg's stacks of more than two (`hstack=inputs=3`), their
    /// `shortest` (the run ends with the shortest input, or with
    /// `shortest=0` the longest, the others showing their last frame), and
    /// `null` and `copy` in a graph: every frame is FFmpeg's, exactly.
    /// Before, `inputs` and `shortest` were unknown parameters and `null`
    /// an unknown filter in a graph.
    func testFFmpegsStacksOfSeveralInputsAndTheirEnds() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        for (ours, theirs) in [
            ("[0][1][0]hstack=inputs=3:shortest=1", "[0]split[a][b];[a][1][b]hstack=inputs=3:shortest=1"),
            ("[1]null[b];[0][b]vstack=shortest=1,copy", "[0][1]vstack=shortest=1"),
            (
                "[0][1][1][0]vstack=inputs=4:shortest=1",
                "[0]split[a][d];[1]split[b][c];[a][b][c][d]vstack=inputs=4:shortest=1"
            ),
        ] {
            try assertExactlyFFmpegs(ours, theirs, second: try second(), in: folder)
        }
        // shortest=0, FFmpeg's default: to the longest input's end.
        guard
            let output = try render(
                ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", "[1][0]hstack=inputs=2:shortest=0"],
                to: "longest.mkv", in: folder)
        else { return }
        let reference = try reference(
            folder, "ffmpeg-longest.mkv", "[1][0]hstack", inputs: [try first(), try second()])
        let (minimum, frames) = try compare(output, reference)
        XCTAssertEqual(frames, 50)
        XCTAssertEqual(minimum, 100, "every frame identical")
        try assertRefused(
            [
                (
                    "[0][1]hstack=shortest=1[a];[a][0]vstack=shortest=0",
                    "shortest at column 41 disagrees with shortest at column 14: the run has one end"
                        + " (--end first|shortest|longest)"
                ),
                ("[0][1]hstack=inputs=1", "hstack inputs='1' is invalid at column 21; expected a count of 2...64"),
                // A third pad not given takes the next input, as FFmpeg's do.
                ("[0][1]hstack=inputs=3", "input 2 (column 7) does not exist: the run has 2 inputs"),
            ], in: folder)
    }

    /// FFmpeg's watermark recipe, `movie=logo.png[wm];[in][wm]overlay=...`
    /// in -vf or a graph: the file is one more input, shown on every frame.
    /// Against FFmpeg's own run: the same frames and times, each within
    /// 45 dB (the logo is RGB, which each side turns into 4:2:0 with its
    /// own rounding), also half see-through (`format=rgba,colorchannelmixer=
    /// aa=0.5`, which was refused). `movie` with its other options is one
    /// line. Before, movie was an unknown filter.
    func testFFmpegsMovieSourceIsOneMoreInput() throws {
        let logo = try TestMedia.clip(
            "graph-logo.png", ["-f", "lavfi", "-i", "testsrc2=size=40x30", "-frames:v", "1", "-pix_fmt", "rgb24"])
        let folder = try Clips.folder(with: [try first(), logo])
        let recipe = "movie=graph-logo.png[wm];[in][wm]overlay=W-w-8:8[out]"
        for arguments in [["-vf", recipe], ["--graph", "movie=graph-logo.png [wm]; [0][wm]overlay=W-w-8:8"]] {
            guard let output = try render(["-i", "cli-clip.mp4"] + arguments, to: "marked.mkv", in: folder) else {
                continue
            }
            let reference = folder.appendingPathComponent("ffmpeg-marked.mkv").path
            _ = try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-i", try first(), "-vf",
                    recipe.replacingOccurrences(of: "graph-logo.png", with: logo), "-an", "-c:v", "ffv1", reference,
                ])
            let (minimum, frames) = try compare(output, reference)
            XCTAssertEqual(frames, 25)
            XCTAssertGreaterThan(minimum, 45, "\(arguments)")
        }
        // Half see-through, FFmpeg's way: format=rgba gives the logo alpha
        // and colorchannelmixer's aa scales it.
        let faded = "[1]format=rgba,colorchannelmixer=aa=0.5[l];[0][l]overlay=10:10"
        guard
            let output = try render(
                ["-i", "cli-clip.mp4", "-i", "graph-logo.png", "--graph", faded], to: "faded.mkv", in: folder)
        else { return }
        let (minimum, frames) = try compare(
            output, try reference(folder, "ffmpeg-faded.mkv", faded, inputs: [try first(), logo]))
        XCTAssertEqual(frames, 25)
        XCTAssertGreaterThan(minimum, 45)
        try assertOneLineError(
            ["-i", "cli-clip.mp4", "-vf", "movie=graph-logo.png:loop=0[wm];[in][wm]overlay"],
            "filtergraph 'movie=graph-logo.png:loop=0[wm];[0][wm]overlay': movie at column 1 takes a file name alone"
                + " here (movie=logo.png); for its other options give the file as an -i with them (see harbeth-render"
                + " --help)", in: folder)
    }

    /// FFmpeg's looped still in a graph (`-loop 1 -i logo.png`) with
    /// `shortest=1`: a watermark over the video, and a backdrop under it
    /// (the still input 0), each the same frames and times as FFmpeg's
    /// run and within 45 dB (the images are RGB: over the backdrop, FFmpeg
    /// composes in RGB too, `format=rgb`, where its default YUV uses
    /// BT.601 and ours, tagged, BT.709). Where nothing else ends
    /// the run (the longest input's end, FFmpeg's default) it is one line.
    /// Before, `-loop 1` in a graph asked for -shortest, which a graph
    /// refuses.
    func testALoopedStillInAGraphEndsWithTheVideo() throws {
        let logo = try TestMedia.clip(
            "graph-logo.png", ["-f", "lavfi", "-i", "testsrc2=size=40x30", "-frames:v", "1", "-pix_fmt", "rgb24"])
        let backdrop = try TestMedia.clip(
            "graph-backdrop.png",
            ["-f", "lavfi", "-i", "smptebars=size=200x150", "-frames:v", "1", "-pix_fmt", "rgb24"])
        let folder = try Clips.folder(with: [try first(), logo, backdrop])
        for (inputs, graph, format) in [
            (["-i", "cli-clip.mp4", "-loop", "1", "-i", "graph-logo.png"], "[0][1]overlay=W-w-8:8:shortest=1", ""),
            (
                ["-loop", "1", "-i", "graph-backdrop.png", "-i", "cli-clip.mp4"], "[0][1]overlay=20:15:shortest=1",
                ":format=rgb"
            ),
        ] {
            guard let output = try render(inputs + ["--graph", graph], to: "looped.mkv", in: folder) else { continue }
            let reference = folder.appendingPathComponent("ffmpeg-looped.mkv").path
            _ = try TestMedia.run(
                "ffmpeg",
                ["-hide_banner", "-loglevel", "error", "-y"]
                    + inputs.map {
                        $0.hasSuffix(".png") || $0.hasSuffix(".mp4") ? folder.appendingPathComponent($0).path : $0
                    }
                    + ["-filter_complex", graph + format, "-an", "-c:v", "ffv1", reference])
            let (minimum, frames) = try compare(output, reference)
            XCTAssertEqual(frames, 25, graph)
            XCTAssertGreaterThan(minimum, 45, graph)
        }
        try Tool.assertUsageError(
            ["-i", "cli-clip.mp4", "-loop", "1", "-i", "graph-logo.png", "--graph", "[0][1]overlay", "-o", "x.mp4"],
            in: folder,
            "-loop 1 repeats input 1 without end, and the graph ends with its longest input: give -t, -frames:v, a"
                + " filter's shortest=1 or --end first (see harbeth-render --help)")
        // The one input of a -vf graph: only a length ends it.
        try Tool.assertUsageError(
            ["-loop", "1", "-i", "graph-logo.png", "-vf", "split[a][b];[a][b]hstack", "-o", "x.mp4"], in: folder,
            "-loop 1 repeats input 0 without end, and the graph ends with its longest input: give -t or -frames:v"
                + " (see harbeth-render --help)")
    }

    /// fps last on a graph's output chain is the output's rate, as -r (and
    /// FFmpeg's fps) makes it: the same frames at the same times as
    /// FFmpeg's graph. Before other filters, or differing between two
    /// outputs of one run, it is one line. Before, fps in a graph was
    /// refused.
    func testFpsLastInAGraphIsTheOutputsRate() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        guard
            let output = try render(
                ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", "[0][1]hstack=shortest=1,fps=10,setsar=1"],
                to: "slower.mkv", in: folder)
        else { return }
        let reference = try reference(
            folder, "ffmpeg-slower.mkv", "[0][1]hstack=shortest=1,fps=10,setsar=1", inputs: [try first(), try second()])
        let (minimum, frames) = try compare(output, reference)
        XCTAssertEqual(frames, 10)
        XCTAssertEqual(minimum, 100, "every frame identical")
        try assertRefused(
            [
                (
                    "[0]fps=10[a];[a][1]hstack",
                    "fps at column 4 is before other filters; put it last on an output's chain (the output's rate,"
                        + " as -r), or change an input's rate in a run of its own"
                )
            ], in: folder)
        try assertOneLineError(
            [
                "-i", "cli-clip.mp4", "--graph", "[0]split[a][b];[a]fps=10[x];[b]fps=5[y]", "--map", "[x]", "-o",
                "x.mkv", "--map", "[y]", "-o", "y.mkv",
            ],
            "filtergraph '[0]split[a][b];[a]fps=10[x];[b]fps=5[y]': fps at column 19 is one output's rate, and a"
                + " run has one: give each output the same fps, or -r (see harbeth-render --help)", in: folder,
            null: false)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.mkv").path))
    }

    /// FFmpeg's xstack: a layout of positions (sums of pixels and the
    /// inputs' sizes), a grid, the canvas where no input covers it in the
    /// fill colour. Every frame is FFmpeg's, exactly. Before, xstack was an
    /// unknown filter.
    func testXstackPlacesEachInputAsFFmpegs() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        for (ours, theirs) in [
            (
                "[0][1][1][0]xstack=inputs=4:layout=0_0|w0_0|0_h0|w0_h0:shortest=1",
                "[0]split[a][d];[1]split[b][c];[a][b][c][d]xstack=inputs=4:layout=0_0|w0_0|0_h0|w0_h0:shortest=1"
            ),
            ("[1][0]xstack=grid=1x2:shortest=1", "[1][0]xstack=grid=1x2:shortest=1"),
            (
                "[0][1][0]xstack=inputs=3:layout=0_0|w0+8_0|0_h1+4:fill=white:shortest=1",
                "[0]split[a][c];[a][1][c]xstack=inputs=3:layout=0_0|w0+8_0|0_h1+4:fill=white:shortest=1"
            ),
        ] {
            try assertExactlyFFmpegs(ours, theirs, second: try second(), in: folder)
        }
        try assertRefused(
            [
                (
                    "[0][1]xstack=inputs=2:layout=0_0|w0_0|0_h0",
                    "xstack layout='0_0|w0_0|0_h0' is invalid at column 30; expected a layout of 2 positions, not 3"
                ),
                (
                    "[0][1]xstack=layout=0_0|w2_0",
                    "xstack layout='0_0|w2_0' is invalid at column 21; expected terms of pixels or the inputs' sizes"
                        + " (w0, h1; inputs 0...1), not 'w2'"
                ),
                (
                    "[0][1][0]xstack=inputs=3",
                    "xstack layout='' is invalid at column 25; expected a layout (0_0|w0_0|...) or a grid (2x2) of 3"
                        + " inputs"
                ),
            ], in: folder)
    }

    /// `setpts=PTS-STARTPTS`, the line FFmpeg's filtergraphs put on each
    /// input so that they start together, is what every input of a graph
    /// gets here already (each counts from its own first frame), so it
    /// passes the frames on, anywhere in a chain: every frame is FFmpeg's
    /// with it, exactly. Any other setpts in a graph is refused with its
    /// column and what does the work instead; before, every setpts in a
    /// graph was an unknown filter.
    func testStartPTSInAGraphIsFFmpegsAndOtherRetimingsAreRefused() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        for (ours, theirs) in [
            (
                "[0]setpts=PTS-STARTPTS[a];[1]setpts=expr='PTS - STARTPTS'[b];[a][b]overlay=x=16:y=8:shortest=1",
                "[0]setpts=PTS-STARTPTS[a];[1]setpts=PTS-STARTPTS[b];[a][b]overlay=16:8:shortest=1"
            ),
            (
                "[1]hflip,setpts=-STARTPTS+PTS[b];[0][b]hstack=shortest=1,setpts=PTS-STARTPTS",
                "[1]hflip,setpts=PTS-STARTPTS[b];[0][b]hstack=shortest=1,setpts=PTS-STARTPTS"
            ),
        ] {
            try assertExactlyFFmpegs(ours, theirs, second: try second(), in: folder)
        }
        try assertRefused(
            [
                (
                    "[1]setpts=PTS-STARTPTS+2/TB[b];[0][b]overlay",
                    "setpts at column 4 retimes its video, which a filtergraph does not: its inputs count from their"
                        + " first frames, as setpts=PTS-STARTPTS makes them; retime the video in a run of its own"
                        + " (-vf 'setpts=...') and give the graph the result"
                ),
                (
                    "[0]setpts=PTS-[a];[a][1]overlay",
                    "setpts expr='PTS-': expected a value, found the end at column 15"
                ),
            ], in: folder)
    }

    /// FFmpeg's overlay recipes mean what they mean there: `x:y`
    /// positional, `W`, `H` (`main_w`, `main_h`) the video's size and `w`,
    /// `h` (`overlay_w`, `overlay_h`) the inset's; `enable` shows the inset
    /// only within its window, as x or y `NAN` hides it (FFmpeg's idiom);
    /// `format` (where FFmpeg composes, ours the frames' own) and `eval`
    /// change nothing. Every frame is FFmpeg's,
    /// exactly. Before, `overlay=10:10` named a file "10" and `W` was
    /// unknown, and `enable`, `format` and `eval` were unknown parameters;
    /// `eval=init` with x or y of `t` and `alpha=premultiplied` are one
    /// line.
    func testFFmpegsOverlayRecipesPlaceAsFFmpegs() throws {
        let folder = try Clips.folder(with: [try first(), try inset()])
        for recipe in [
            "[0][1]overlay=16:8", "[0][1]overlay=W-w-10:H-h-10", "[0][1]overlay=main_w-overlay_w-20:y=main_h/4",
            "[0][1]overlay=x=(W-w)/2:y=(H-h)/2", "[0][1]overlay=16:8:enable='between(t,0.2,0.6)'",
            "[0][1]overlay=W-w-10:H-h-10:format=auto", "[0][1]overlay=16:8:eval=init:format=yuv420",
            "[0][1]overlay=x='if(lt(t,0.4),16,NAN)':y=8",
        ] {
            try assertExactlyFFmpegs(recipe, recipe, second: try inset(), in: folder)
        }
        try assertRefused(
            [
                (
                    "[0][1]overlay=x='t*10':eval=init",
                    "overlay eval='init' is invalid at column 29; expected frame: x and y read t or n, which init"
                        + " would read once"
                ),
                (
                    "[0][1]overlay=alpha=premultiplied",
                    "overlay alpha='premultiplied' is invalid at column 21; expected straight: the inset's colours"
                        + " are not multiplied by its alpha"
                ),
                (
                    "[0][1]overlay=format=nv12",
                    "overlay format='nv12' is invalid at column 22; expected one of auto, yuv420, yuv420p10, yuv422,"
                        + " yuv422p10, yuv444, yuv444p10, rgb, gbrp"
                ),
            ], in: folder, second: "graph-inset.mp4")
        // The inset's size is a graph input's; a file's is not known here.
        try assertOneLineError(
            ["-i", "cli-clip.mp4", "-vf", "overlay=file=graph-inset.mp4:x=W-w"],
            "filter chain 'overlay=file=graph-inset.mp4:x=W-w': overlay x='W-w': w and h (overlay_w, overlay_h) are"
                + " the size of a graph's second input, not of a file: give the image as one ([0][1]overlay) at"
                + " column 32", in: folder)
    }

    /// A composition ends as FFmpeg's does: by default with its longest
    /// input (the shorter one's last frame shown on), with `shortest=1` or
    /// `eof_action=endall` its shortest, for overlay, blend and the stacks
    /// alike: every frame and time is FFmpeg's (overlay's and the stacks'
    /// exactly, blend's count and times). Before, a graph ended with
    /// input 0, overlay's and blend's
    /// `shortest`, `eof_action` and `repeatlast` were unknown parameters,
    /// and a run to the longest input lost input 0's last frame where
    /// input 0 was the longest.
    func testACompositionEndsAsFFmpegs() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        for (recipe, frames) in [
            ("[0][1]overlay=16:8", 50), ("[1][0]hstack", 50), ("[0][1]overlay=16:8:shortest=1", 25),
            ("[0][1]overlay=16:8:eof_action=endall", 25), ("[0][1]overlay=x=16:eof_action=repeat:repeatlast=1", 50),
        ] {
            try assertExactlyFFmpegs(recipe, recipe, second: try second(), frames: frames, in: folder)
        }
        // The first input the longest: its own last frame is the last.
        try assertExactlyFFmpegs(
            "[0][1]overlay=16:8", "[0][1]overlay=16:8", second: try second(), swapped: true, frames: 50, in: folder)
        for (ours, theirs, frames) in [
            ("[0][1]blend=mode=multiply", "[0][1]blend=all_mode=multiply", 50),
            ("[0][1]blend=mode=multiply:shortest=1", "[0][1]blend=all_mode=multiply:shortest=1", 25),
        ] {
            guard
                let output = try render(
                    ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", ours], to: "blend-end.mkv", in: folder)
            else { continue }
            let reference = try reference(
                folder, "ffmpeg-blend-end-\(frames).mkv", theirs, inputs: [try first(), try second()])
            XCTAssertEqual(try Clips.frameCount(output), frames, ours)
            let timestamps = { (path: String) in try Clips.probe("frame=pts_time", stream: "v:0", of: path) }
            XCTAssertEqual(try timestamps(output), try timestamps(reference), ours)
        }
        try assertRefused(
            [
                (
                    "[0][1]overlay=eof_action=stop",
                    "overlay eof_action='stop' is invalid at column 26; expected repeat, endall or pass"
                ),
                ("[0][1]blend=repeatlast=2", "blend repeatlast='2' is invalid at column 24; expected 0 or 1"),
                ("[0][1]overlay=shortest=yes", "overlay shortest='yes' is invalid at column 24; expected 0 or 1"),
                (
                    "[0][1]overlay=eof_action=endall[a];[a][1]hstack=shortest=0",
                    "shortest at column 49 disagrees with eof_action at column 15: the run has one end"
                        + " (--end first|shortest|longest)"
                ),
            ], in: folder)
    }

    /// FFmpeg's concat: the segments one after another, every frame and
    /// time FFmpeg's exactly (the second clip's frames timed on from the
    /// first's end), with filters on each segment and after it, and three
    /// segments; segments of different sizes, and an end before the last
    /// segment, are refused. Before, `concat` was an unknown filter.
    func testConcatPlaysTheSegmentsInARowAsFFmpegs() throws {
        let fullChroma = try TestMedia.clip(
            "graph-444.mp4",
            [
                "-f", "lavfi", "-i", "mandelbrot=size=160x120:rate=25", "-t", "2", "-c:v", "libx264", "-preset",
                "ultrafast", "-pix_fmt", "yuv444p",
            ])
        let folder = try Clips.folder(with: [try first(), try second(), try inset(), fullChroma])
        try assertExactlyFFmpegs("[0][1]concat", "[0][1]concat", second: try second(), frames: 75, in: folder)
        try assertExactlyFFmpegs(
            "[0][1]concat", "[0][1]concat", second: try second(), swapped: true, frames: 75, in: folder)
        let filtered = "[0:v]hflip[a];[1:v]vflip[b];[a][b]concat=n=2:v=1:a=0[c];[c]hflip"
        try assertExactlyFFmpegs(filtered, filtered, second: try second(), frames: 75, in: folder)
        let three = "[0][1][2]concat=n=3"
        if let output = try render(
            ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "-i", "cli-clip.mp4", "--graph", three],
            to: "three.mkv", in: folder)
        {
            let reference = try reference(
                folder, "ffmpeg-three.mkv", three, inputs: [try first(), try second(), try first()])
            let (minimum, frames) = try compare(output, reference)
            XCTAssertEqual(frames, 100)
            XCTAssertEqual(minimum, 100, "every frame identical")
        }
        // A segment in another layout (4:4:4) is made in input 0's, with
        // no encoder to say which (before: "frame is 160x120 yuv444p but
        // the encoder was opened for 160x120 yuv420p" at the second).
        let null = try Tool.run(
            ["-i", "cli-clip.mp4", "-i", "graph-444.mp4", "--graph", "[0][1]concat", "--null"], in: folder)
        XCTAssertEqual(null.status, 0, null.stderr)
        XCTAssertTrue(null.stderr.contains("75 frames of 160x120 yuv420p"), null.stderr)
        // Frames that play as they are need no pass, and the plan says so
        // (before: "yuv->rgb+rgb->yuv", which the frames never took).
        let plain = try Tool.run(
            ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", "[0][1]concat", "--null", "--json", "-q"],
            in: folder)
        let report = try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(report?["passes"] as? [String], [], plain.stdout)
        XCTAssertEqual(report?["gpuPassesPerFrame"] as? Int, 0, plain.stdout)
        try assertRefused(
            [
                (
                    "[0][1]concat",
                    "concat at column 7 joins segments of different sizes: segment 2 is 80x60, segment 1 160x120;"
                        + " resize them to one size first"
                )
            ], in: folder, second: "graph-inset.mp4")
        try assertOneLineError(
            ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", "[0][1]concat", "--end", "first"],
            "--end first would end the run before concat's later segments play: a graph with concat ends with its"
                + " longest input (leave --end out) (see harbeth-render --help)", in: folder)
    }

    /// -t and -frames:v end a graph's run, as FFmpeg's output options do,
    /// where it goes on past input 0's end (a concat, a composition with
    /// a longer second input, an xfade). Before, they cut input 0 alone
    /// and the run went on to its longest input: 75 frames each time.
    func testDurationAndFrameLimitsEndAGraphsRun() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        for (graph, limit, frames) in [
            ("[0][1]concat", ["-t", "1.6"], 40), ("[0][1]concat", ["-frames:v", "30"], 30),
            ("[0][1]overlay=8:8", ["-t", "1.2"], 30), ("xfade=duration=0.5:offset=0.8", ["-frames:v", "20"], 20),
        ] {
            guard
                let output = try render(
                    ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", graph] + limit,
                    to: "limited.mkv", in: folder)
            else { continue }
            XCTAssertEqual(try Clips.frameCount(output), frames, "\(graph) \(limit)")
        }
    }

    /// FFmpeg's slideshow recipe: in a graph, -t before an -i is that
    /// input's length (with -loop 1, a still shown that long), so stills
    /// play one after another, each frame's time FFmpeg's; -t after the
    /// inputs is the run's. Before, -t was the run's wherever it stood: the
    /// run ended after the first still.
    func testATimeBeforeAnInputIsItsLength() throws {
        let stills = try ["testsrc2", "mandelbrot"].map { source in
            try TestMedia.clip(
                "graph-\(source).png", ["-f", "lavfi", "-i", "\(source)=size=160x120", "-frames:v", "1"])
        }
        let folder = try Clips.folder(with: stills)
        let inputs = [
            "-loop", "1", "-t", "1", "-i", "graph-testsrc2.png", "-loop", "1", "-t", "0.6", "-i",
            "graph-mandelbrot.png",
        ]
        guard let ours = try render(inputs + ["-filter_complex", "[0][1]concat"], to: "slides.mkv", in: folder)
        else { return }
        let theirs = folder.appendingPathComponent("ffmpeg-slides.mkv").path
        _ = try TestMedia.run(
            "ffmpeg",
            ["-hide_banner", "-loglevel", "error"]
                + inputs.map { $0.hasSuffix(".png") ? folder.appendingPathComponent($0).path : $0 }
                + ["-filter_complex", "[0][1]concat", "-c:v", "ffv1", theirs])
        XCTAssertEqual(try Clips.frameCount(ours), 40, "25 frames of the first, 15 of the second")
        let timestamps = { (path: String) in try Clips.probe("frame=pts_time", stream: "v:0", of: path) }
        XCTAssertEqual(try timestamps(ours), try timestamps(theirs))
        guard
            let limited = try render(
                inputs + ["-filter_complex", "[0][1]concat", "-t", "1.2"], to: "limited.mkv", in: folder)
        else { return }
        XCTAssertEqual(try Clips.frameCount(limited), 30)
    }

    /// FFmpeg's `eof_action=pass` (and `repeatlast=0`): after the inset's
    /// input ends, the video shows without it, and that input does not
    /// hold the run open: every frame and time is FFmpeg's, exactly, for
    /// an inset shorter than the video (50 frames, the last 25 the video
    /// alone) and longer (25, the video's end); blend's count and times.
    /// Before, both options were refused.
    func testAnInsetGoneAfterItsEndIsFFmpegsPass() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        for recipe in ["[0][1]overlay=16:8:eof_action=pass", "[0][1]overlay=16:8:repeatlast=0"] {
            try assertExactlyFFmpegs(recipe, recipe, second: try second(), swapped: true, frames: 50, in: folder)
        }
        try assertExactlyFFmpegs(
            "[0][1]overlay=16:8:eof_action=pass", "[0][1]overlay=16:8:eof_action=pass", second: try second(),
            frames: 25, in: folder)
        // The inset through a chain of its own, and a split: the branch
        // that is not the inset shows the inset's input's last frame on.
        try assertExactlyFFmpegs(
            "[1]split[a][b];[a]hflip[c];[0][c]overlay=8:8:eof_action=pass[d];[d][b]hstack",
            "[1]split[a][b];[a]hflip[c];[0][c]overlay=8:8:eof_action=pass[d];[d][b]hstack", second: try second(),
            swapped: true, frames: 50, in: folder)
        guard
            let output = try render(
                ["-i", "graph-second.mp4", "-i", "cli-clip.mp4", "--graph", "[0][1]blend=mode=screen:repeatlast=0"],
                to: "blend-pass.mkv", in: folder)
        else { return }
        let reference = try reference(
            folder, "ffmpeg-blend-pass.mkv", "[0][1]blend=all_mode=screen:repeatlast=0",
            inputs: [try second(), try first()])
        let timestamps = { (path: String) in try Clips.probe("frame=pts_time", stream: "v:0", of: path) }
        XCTAssertEqual(try timestamps(output), try timestamps(reference))
        // After the inset's end, the video's own frames, as FFmpeg's.
        let ours = try Clips.frameHashes(output)
        let theirs = try Clips.frameHashes(reference)
        XCTAssertEqual(Array(ours.suffix(25)), Array(theirs.suffix(25)))
    }

    /// FFmpeg's -vf takes a filtergraph of the one input, with labels and
    /// `;` (a mirror, a side by side), its unlabeled or `[in]` input the
    /// run's input: every frame is FFmpeg's from the same -vf, exactly on
    /// the planes, within 45 dB where a filtered branch is placed over the
    /// picture in RGB (measured 48.5). Before, it was refused as a chain
    /// (`unknown filter 'split'`).
    func testAFiltergraphInVfIsAGraphOfTheInput() throws {
        let folder = try Clips.folder(with: [try first()])
        for (index, (graph, bound)) in [
            ("split[a][b];[a]hflip[c];[b][c]hstack", 100.0),
            ("[in]split[main][tmp];[tmp]crop=iw/2:ih:0:0,hflip[left];[main][left]overlay=0:0[out]", 45),
        ].enumerated() {
            guard let output = try render(["-i", "cli-clip.mp4", "-vf", graph], to: "vf-graph.mkv", in: folder) else {
                continue
            }
            let reference = folder.appendingPathComponent("ffmpeg-vf-\(index).mkv").path
            _ = try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-i", try first(), "-vf", graph, "-an", "-c:v", "ffv1",
                    reference,
                ])
            let (minimum, frames) = try compare(output, reference)
            XCTAssertEqual(frames, 25, graph)
            XCTAssertGreaterThanOrEqual(minimum, bound, "\(graph): the worst frame's PSNR")
        }
    }

    /// A filtered inset over a video: outside the inset the video, inside
    /// it the inset's pixels, per frame, against a paste done here.
    func testPictureInPictureIsThePaste() throws {
        let folder = try Clips.folder(with: [try first(), try inset()])
        let run = try Tool.run(
            [
                "-i", "cli-clip.mp4", "-i", "graph-inset.mp4", "--graph",
                "[1]invert[pip];[0][pip]overlay=x=70:y=50[out]",
                "--map", "[out]", "--codec", "ffv1", "-o", "pip.mkv",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("wrote pip.mkv: ffv1 160x120"), run.stderr)
        let output = folder.appendingPathComponent("pip.mkv").path
        for index in [0, 12, 24] {
            let made = try Clips.pixels(output, index: index)
            let video = try Clips.pixels(try first(), index: index)
            let small = try Clips.pixels(try inset(), index: index)
            var worst = 0
            var total = 0.0
            for y in 0..<120 {
                for x in 0..<160 {
                    for c in 0..<3 {
                        let inside = x >= 70 && x < 150 && y >= 50 && y < 110
                        let expected =
                            inside
                            ? 255 - Int(small[((y - 50) * 80 + x - 70) * 3 + c]) : Int(video[(y * 160 + x) * 3 + c])
                        let error = abs(Int(made[(y * 160 + x) * 3 + c]) - expected)
                        worst = max(worst, error)
                        total += Double(error)
                    }
                }
            }
            // Chroma at the inset's edge mixes both sides (4:2:0), so the
            // mean is what holds; no pixel is far off.
            XCTAssertLessThan(total / Double(160 * 120 * 3), 2.5, "frame \(index)")
            XCTAssertLessThan(worst, 90, "frame \(index)")
        }
        // The first input's audio goes with the run.
        XCTAssertEqual(try Clips.probe("stream=codec_name", stream: "a:0", of: output), ["aac"])
    }

    func testGraphErrorsNameTheLabelOrTheInput() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        let cases: [([String], String)] = [
            (
                ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", "[0]sepia[a];[a][c]overlay"],
                "filtergraph '[0]sepia[a];[a][c]overlay': [c] is used at column 16 but never made"
            ),
            (
                ["-i", "cli-clip.mp4", "--graph", "[0][2]hstack"],
                "filtergraph '[0][2]hstack': input 2 (column 4) does not exist: the run has 1 input"
            ),
            (
                ["-i", "cli-clip.mp4", "--graph", "[0]split[a][b];[a]sepia[x];[b]invert[y]"],
                "filtergraph '[0]split[a][b];[a]sepia[x];[b]invert[y]': the graph has 2 outputs ([x], [y]):"
                    + " choose one with --map '[LABEL]'"
            ),
            (
                ["-i", "cli-clip.mp4", "--graph", "[0]sepia[x]", "--map", "[y]"],
                "filtergraph '[0]sepia[x]': the graph has no output [y]; its outputs: [x]"
            ),
            (
                ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "-vf", "sepia"],
                "inputs 0 and 1 (cli-clip.mp4 graph-second.mp4) both have video: give a --graph that says how they"
                    + " combine, or --map K:v for the one to filter (see harbeth-render --help)"
            ),
            (
                ["-i", "cli-clip.mp4", "-vf", "hstack"],
                "cli-clip.mp4: the filter chain does not fit this input: hstack: it needs a second video: use it in a graph,"
                    + " e.g. --graph '[0][1]hstack[out]' with two -i"
            ),
        ]
        for (arguments, message) in cases {
            let run = try Tool.run(arguments + ["--null"], in: folder)
            XCTAssertEqual(run.stderrLines, ["harbeth-render: error: " + message], arguments.joined(separator: " "))
            XCTAssertEqual(run.status, 2 - (message.contains("does not fit") ? 1 : 0), run.stderr)
        }
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "graph-second.mp4"], "no output was made")

        // The outputs of a split, each chosen by --map.
        let chosen = try Tool.run(
            ["-i", "cli-clip.mp4", "--graph", "[0]split[a][b];[a]sepia[x];[b]invert[y]", "--map", "[y]", "--null"],
            in: folder)
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
    }

    /// Two outputs of one graph in one run, each chosen with its own
    /// --map before its -o: each is what a run for it alone writes, frame
    /// for frame, with the audio; bad pairings are refused before any work.
    func testTwoOutputsOfOneRunAreWhatTwoRunsMake() throws {
        let folder = try Clips.folder(with: [try first()])
        let graph = "[0]split[a][b];[a]sepia[big];[b]resize=w=80:h=60,invert[small]"
        let both = try Tool.run(
            [
                "-i", "cli-clip.mp4", "--graph", graph, "--codec", "ffv1", "--json", "-q", "--map", "[big]", "-o",
                "big.mkv", "--map", "[small]", "-o", "small.mkv",
            ], in: folder)
        XCTAssertEqual(both.status, 0, both.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(report?["outputs"] as? [String], ["big.mkv", "small.mkv"])
        for label in ["big", "small"] {
            let alone = try Tool.run(
                [
                    "-i", "cli-clip.mp4", "--graph", graph, "--codec", "ffv1", "-q", "--map", "[\(label)]", "-o",
                    "alone-\(label).mkv",
                ], in: folder)
            XCTAssertEqual(alone.status, 0, alone.stderr)
            let path = folder.appendingPathComponent("\(label).mkv").path
            XCTAssertEqual(
                try Clips.frameHashes(path),
                try Clips.frameHashes(folder.appendingPathComponent("alone-\(label).mkv").path),
                label)
            XCTAssertEqual(try Clips.probe("stream=codec_type", of: path).sorted(), ["audio", "video"], label)
        }
        XCTAssertEqual(
            try Clips.probe("stream=width,height", stream: "v:0", of: folder.appendingPathComponent("small.mkv").path),
            ["80", "60"])

        // Each output with its own encoder: options before its -o, or
        // after the last -o for the last output, over the run's.
        let mixed = try Tool.run(
            [
                "-i", "cli-clip.mp4", "--graph", graph, "-q", "--codec", "ffv1", "--map", "[big]", "-o",
                "mixed-big.mkv",
                "--map", "[small]", "--codec", "h264", "-o", "mixed-small.mp4", "--audio", "none",
            ], in: folder)
        XCTAssertEqual(mixed.status, 0, mixed.stderr)
        XCTAssertEqual(
            try Clips.probe("stream=codec_name", of: folder.appendingPathComponent("mixed-big.mkv").path).sorted(),
            ["aac", "ffv1"])
        XCTAssertEqual(
            try Clips.probe("stream=codec_name", of: folder.appendingPathComponent("mixed-small.mp4").path), ["h264"])

        let refused: [([String], String)] = [
            (
                ["-vf", "sepia", "-o", "a.mp4", "-o", "b.mp4"],
                "-o is given 2 times; several outputs are the outputs of a --graph, each chosen with --map '[LABEL]' before its -o"
            ),
            (
                ["--graph", graph, "--map", "[big]", "-o", "a.mp4", "-o", "b.mp4"],
                "1 graph output(s) chosen with --map '[LABEL]' for 2 -o path(s): give each output its own --map '[LABEL]' and -o"
            ),
            (
                ["--graph", graph, "--map", "[big]", "-o", "a.mp4", "--map", "[small]", "-o", "a.mp4"],
                "-o a.mp4 is given for two outputs"
            ),
        ]
        for (arguments, message) in refused {
            let run = try Tool.run(["-i", "cli-clip.mp4"] + arguments, in: folder)
            XCTAssertEqual(
                run.stderrLines.first, "harbeth-render: error: " + message + " (see harbeth-render --help)",
                arguments.joined(separator: " "))
            XCTAssertEqual(run.status, 2, run.stderr)
        }
        // An output that cannot be written fails the run before any work,
        // and the other is not written either.
        let unwritable = try Tool.run(
            [
                "-i", "cli-clip.mp4", "--graph", graph, "--map", "[big]", "-o", "one.mp4", "--map", "[small]", "-o",
                "missing/two.mp4",
            ], in: folder)
        XCTAssertEqual(unwritable.status, 1, unwritable.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("one.mp4").path))
    }

    /// A still and an image sequence among the outputs: the still holds the
    /// first frame, as a run for it alone writes it, and the others every
    /// frame; a failure of a later output takes the sequence back.
    func testAStillAndAnImageSequenceAreOutputsLikeAnyOther() throws {
        let folder = try Clips.folder(with: [try first()])
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("frames"), withIntermediateDirectories: true)
        let graph = "[0]split=3[a][b][c];[a]sepia[big];[b]resize=w=80:h=60[thumb];[c]invert[frames]"
        let run = try Tool.run(
            [
                "-i", "cli-clip.mp4", "--graph", graph, "--json", "-q", "--map", "[big]", "-o", "big.mp4", "--map",
                "[thumb]", "-o", "thumb.png", "--map", "[frames]", "-o", "frames/f%03d.png",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(report?["outputs"] as? [String], ["big.mp4", "thumb.png", "frames/f%03d.png"])
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("big.mp4").path), 25)
        let images = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("frames").path)
        XCTAssertEqual(images.count, 25)
        let thumb = folder.appendingPathComponent("thumb.png").path
        XCTAssertEqual(try Clips.probe("stream=width,height", stream: "v:0", of: thumb), ["80", "60"])
        let alone = try Tool.run(
            ["-i", "cli-clip.mp4", "--graph", graph, "-q", "--map", "[thumb]", "-o", "alone.png"], in: folder)
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(
            try Clips.frameHashes(thumb), try Clips.frameHashes(folder.appendingPathComponent("alone.png").path))

        // A later output that cannot be written fails the run before any
        // work, and no image of the sequence is written.
        let again = folder.appendingPathComponent("again")
        try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
        let failing = try Tool.run(
            [
                "-i", "cli-clip.mp4", "--graph", graph, "-q", "--map", "[frames]", "-o", "again/f%03d.png", "--map",
                "[thumb]", "-o", "t.png", "--map", "[big]", "-o", "missing/big.mp4",
            ], in: folder)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        XCTAssertTrue(failing.stderr.contains("missing/big.mp4"), failing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.png").path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: again.path), [])
    }

    /// 2 s of a third picture with its own sound: 22050 Hz mono, where
    /// the first clip's is 48000 Hz, so the output says whose it carries.
    private func voiced() throws -> String {
        try toned("graph-voiced.mp4", frequency: 880, sampleRate: 22050, channels: 1)
    }

    /// 2 s of testsrc with a sine tone.
    private func toned(_ name: String, frequency: Int, sampleRate: Int, channels: Int) throws -> String {
        try TestMedia.clip(
            name,
            [
                "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=2", "-f", "lavfi", "-i",
                "sine=frequency=\(frequency):sample_rate=\(sampleRate):duration=2", "-ac", "\(channels)", "-c:v",
                "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            ])
    }

    /// Another input's audio (--audio-from K, or --map K:a), shifted by
    /// the input's offset as its video is; maps that name two inputs'
    /// streams, or an input that does not exist, are refused.
    /// A graph's audio chain, FFmpeg's way (`[1:a]volume=0.5[a]` beside
    /// the video's chains, `-map '[v]' -map '[a]'`), is that input's sound
    /// through libavfilter: the same sound as `--audio-from 1 -af
    /// volume=0.5`, at half the input's RMS level. A chain that takes a
    /// label other than an input's sound, a second chain, or -af beside it
    /// is one line.
    /// Before, the audio filter was an unknown video filter.
    func testAGraphsAudioChainFiltersThatInputsSound() throws {
        let folder = try Clips.folder(with: [try first(), try voiced()])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let decoded = { (name: String) in
            String(
                decoding: try TestMedia.run(
                    "ffmpeg", ["-v", "error", "-i", path(name), "-map", "0:a", "-f", "md5", "-"]),
                as: UTF8.self)
        }
        // The sound's RMS level, decoded by FFmpeg to 16-bit samples.
        let level = { (name: String) throws -> Double in
            let data = try TestMedia.run(
                "ffmpeg", ["-v", "error", "-i", path(name), "-map", "0:a", "-f", "s16le", "-ac", "1", "-"])
            let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(samples.count, 1))
            return power.squareRoot()
        }
        let graphed = try Tool.run(
            [
                "-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "-filter_complex",
                "[0][1]overlay=x=16:y=8[v];[1:a]volume=0.5[a]", "-map", "[v]", "-map", "[a]", "-q", "graphed.mkv",
            ], in: folder)
        XCTAssertEqual(graphed.status, 0, graphed.stderr)
        let chosen = try Tool.run(
            [
                "-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "--graph", "[0][1]overlay=x=16:y=8", "--audio-from",
                "1",
                "-af", "volume=0.5", "-q", "-o", "chosen.mkv",
            ], in: folder)
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertEqual(try decoded("graphed.mkv"), try decoded("chosen.mkv"))
        XCTAssertEqual(try Clips.frameHashes(path("graphed.mkv")), try Clips.frameHashes(path("chosen.mkv")))
        XCTAssertEqual(try level("graphed.mkv") / level("graph-voiced.mp4"), 0.5, accuracy: 0.02)
        // A graph of sound alone beside an input's video mapped by stream
        // (FFmpeg's `-map 0:v -map '[a]'`), or not mapped at all: input 0's
        // video as it is, the sound through the chain. Before, both were
        // refused as an empty graph, and a stream map beside the chain's
        // label dropped the sound.
        for (name, maps) in [("alone.mkv", ["-map", "1:v", "-map", "[a]"]), ("unmapped.mkv", [])] {
            let run = try Tool.run(
                ["-i", "graph-voiced.mp4", "-filter_complex", "[0:a]volume=0.5[a]"]
                    + maps.map {
                        $0 == "1:v" ? "0:v" : $0
                    } + ["-q", "-o", name], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try level(name) / level("graph-voiced.mp4"), 0.5, accuracy: 0.02, name)
            XCTAssertEqual(
                try Clips.frameHashes(path(name)).count, try Clips.frameHashes(path("graph-voiced.mp4")).count, name)
        }
        try assertRefused(
            [
                (
                    "[0][1]overlay[v];[0:a][v]amix[a]",
                    "the audio chain at column 18 takes [v], which is neither an input's sound nor an audio chain's"
                        + " output: audio chains here take inputs' sound ([k:a]) and each other's"
                        + " (see harbeth-render --help)"
                ),
                // The graph as written, not with its sound blanked out.
                (
                    "[0]setpts=2*PTS[v];[0:a]volume=2[a]",
                    "setpts at column 4 retimes its video, which a filtergraph does not: its inputs count from their"
                        + " first frames, as setpts=PTS-STARTPTS makes them; retime the video in a run of its own"
                        + " (-vf 'setpts=...') and give the graph the result"
                ),
                (
                    "[0][1]overlay[v];[0:a]volume=2[a];[1:a]volume=3[b]",
                    "the audio chain at column 35 ends the audio in 2 outputs ([a], [b]): one output makes the run's"
                        + " sound (see harbeth-render --help)"
                ),
            ], in: folder, second: "graph-voiced.mp4")
    }

    /// A graph's audio chain of several inputs' sound (`[0:a][1:a]amix`,
    /// with filters after it, inputs in any order; chains that feed each
    /// other, `[1:a]volume=0.3[bg];[0:a][bg]amix`), or of one input's
    /// second audio stream (`[1:a:1]`), is mixed by libavfilter
    /// as FFmpeg's -filter_complex mixes it: the same samples as FFmpeg's
    /// run of the same graph (FLAC both, over the video's length, which
    /// ours ends with), its note naming the mix. An input's second audio
    /// stream that is not there, -af or --audio-from beside the mix, and a
    /// generated input are one line each. Before, amix was refused, and a
    /// chain of `[1:a:1]` filtered input 1's first audio stream.
    func testAGraphsAudioChainMixesSeveralInputsAsFFmpegDoes() throws {
        let twoSounds = try TestMedia.clip(
            "graph-two-sounds.mkv",
            [
                "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=2", "-f", "lavfi", "-i",
                "sine=frequency=300:sample_rate=48000:duration=2", "-f", "lavfi", "-i",
                "sine=frequency=1200:sample_rate=32000:duration=2", "-map", "0", "-map", "1", "-map", "2", "-c:v",
                "ffv1", "-c:a", "flac",
            ])
        let folder = try Clips.folder(with: [try first(), try voiced(), twoSounds])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let samples = { (name: String) throws -> [Float] in
            let data = try TestMedia.run(
                "ffmpeg", ["-v", "error", "-i", path(name), "-map", "0:a", "-f", "f32le", "-ac", "1", "-"])
            return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
        for (graph, second) in [
            ("[0][1]overlay=x=16:y=8[v];[0:a][1:a]amix=inputs=2[a]", "graph-voiced.mp4"),
            ("[0][1]overlay[v];[1:a][0:a]amix=inputs=2:weights=1 3,volume=2[a]", "graph-voiced.mp4"),
            // Chains that feed each other, written in any order, between the video's.
            ("[0:a][bg]amix=inputs=2[a];[0][1]overlay[v];[1:a]volume=0.3[bg]", "graph-voiced.mp4"),
            // One input's second audio stream, not its first.
            ("[0][1]overlay[v];[1:a:1]volume=0.5[a]", "graph-two-sounds.mkv"),
            // (FFmpeg 5.1's CLI cuts input 0's sound 4096 samples short
            // when it is amix's first of these two: not compared.)
            ("[0][1]overlay[v];[1:a:1][0:a]amix[a]", "graph-two-sounds.mkv"),
        ] {
            let ours = try Tool.run(
                [
                    "-i", "cli-clip.mp4", "-i", second, "-filter_complex", graph, "-map", "[v]", "-map",
                    "[a]", "-c:a", "flac", "-y", "-o", "ours.mkv",
                ], in: folder)
            XCTAssertEqual(ours.status, 0, ours.stderr)
            XCTAssertTrue(ours.stderr.contains("flac (mixed by ["), ours.stderr)
            _ = try TestMedia.run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-i", path("cli-clip.mp4"), "-i", path(second), "-filter_complex",
                    graph, "-map", "[v]", "-map", "[a]", "-c:a", "flac", path("theirs.mkv"),
                ])
            let (mine, theirs) = (try samples("ours.mkv"), try samples("theirs.mkv"))
            // Both as long as the 2 s video, less or more an AAC frame of padding.
            XCTAssertEqual(mine.count, theirs.count, accuracy: 2048, graph)
            let power = mine.reduce(0.0) { $0 + Double($1) * Double($1) }
            XCTAssertGreaterThan(power, 0, "\(graph): the mix is not silent")
            let error = zip(mine, theirs).map { Double($0 - $1) }.reduce(0.0) { $0 + $1 * $1 }
            XCTAssertGreaterThan(10 * log10(power / max(error, 1e-30)), 60, "\(graph): SNR against FFmpeg's mix")
        }
        let refused: [([String], String)] = [
            (
                ["--graph", "[0][1]overlay[v];[0:a][1:a:1]amix[a]", "--map", "[v]", "--map", "[a]"],
                "filtergraph audio chain '[0:a][1:a:1]amix[a]': graph-voiced.mp4 has 1 audio stream, no [1:a:1]"
                    + " (see harbeth-render --help)"
            ),
            (
                ["--graph", "[0][1]overlay[v];[0:a][1:a]amix[a]", "--audio-from", "1"],
                "--audio-from 1 and the graph's audio chain, which mixes [0:a:0][1:a:0], disagree; give one of them"
                    + " (see harbeth-render --help)"
            ),
        ]
        for (arguments, message) in refused {
            try assertOneLineError(
                ["-i", "cli-clip.mp4", "-i", "graph-voiced.mp4"] + arguments + ["-o", "refused.mkv"], message,
                in: folder, null: false)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("refused.mkv")), message)
        }
    }

    func testTheAudioCanComeFromAnotherInput() throws {
        let folder = try Clips.folder(with: [try first(), try voiced()])
        let audio = { (path: String) in
            try Clips.probe("stream=sample_rate,channels", stream: "a:0", of: folder.appendingPathComponent(path).path)
        }
        for (name, choice) in [("from.mkv", ["--audio-from", "1"]), ("mapped.mkv", ["--map", "1:a"])] {
            let run = try Tool.run(
                ["-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "--graph", "[0][1]hstack", "-q", "-o", name] + choice,
                in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try audio(name), ["22050", "1"], name)
        }
        let plain = try Tool.run(
            ["-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "--graph", "[0][1]hstack", "-q", "-o", "plain.mkv"],
            in: folder)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(try audio("plain.mkv"), ["48000", "1"], "input 0's by default")

        // Into an xfade at 0.5 s: the second input's sound starts there too.
        let faded = try Tool.run(
            [
                "-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "-filter_complex",
                "xfade=transition=fade:duration=0.5:offset=0.5", "--audio-from", "1", "-q", "-o", "faded.mkv",
            ], in: folder)
        XCTAssertEqual(faded.status, 0, faded.stderr)
        let start = try Clips.probe(
            "stream=start_time", stream: "a:0", of: folder.appendingPathComponent("faded.mkv").path)
        XCTAssertEqual(Double(start.first ?? "") ?? -1, 0.5, accuracy: 0.05, "the audio starts at the offset")

        let refused: [([String], String)] = [
            (
                ["--map", "0:a", "--map", "1:a"],
                "the streams carried come from one input per run; these maps name inputs 0 and 1"
            ),
            (["--map", "2:a"], "input 2 does not exist (the run has 2)"),
            (["--audio-from", "3"], "the audio is to come from input 3, which does not exist"),
            (["--audio-from", "x"], "--audio-from takes an input's number (0, 1, ...), not 'x'"),
        ]
        for (arguments, message) in refused {
            let run = try Tool.run(
                ["-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "--graph", "[0][1]hstack", "--null"] + arguments,
                in: folder)
            XCTAssertEqual(
                run.stderrLines.first, "harbeth-render: error: " + message + " (see harbeth-render --help)",
                arguments.joined(separator: " "))
            XCTAssertEqual(run.status, 2, run.stderr)
        }
    }

    /// --start trims every input, as `ffmpeg -ss T -i a -ss T -i b` does:
    /// the second input's pictures start at T too, not at its beginning.
    func testStartTrimsEveryInput() throws {
        let folder = try Clips.folder(with: [try first(), try second()])
        guard
            let output = try render(
                [
                    "-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", "[0][1]hstack=shortest=1", "--start",
                    "0.4",
                ], to: "trimmed.mkv", in: folder)
        else { return }
        let reference = folder.appendingPathComponent("ffmpeg-trimmed.mkv").path
        _ = try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-ss", "0.4", "-i", try first(), "-ss", "0.4", "-i",
                try second(), "-filter_complex", "[0][1]hstack=shortest=1", "-an", "-c:v", "ffv1", reference,
            ])
        let (minimum, frames) = try compare(output, reference)
        XCTAssertEqual(frames, 15, "0.6 s of the shorter input")
        XCTAssertGreaterThanOrEqual(minimum, 42)
    }

    /// An xfade between two inputs with sound crossfades the sound over
    /// the same window (libavfilter's afade and amix): against the closed
    /// form, the 440 Hz tone of input 0 at full level before it, half way
    /// through it both tones at half level, and after it only input 1's
    /// 880 Hz tone. Amplitudes by a DFT at each tone over 50 ms (a whole
    /// number of periods of both), within 20% (AAC's loss).
    func testAnXfadeCrossfadesTheSound() throws {
        let folder = try Clips.folder(with: [try first(), try voiced()])
        let run = try Tool.run(
            [
                "-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "-filter_complex",
                "xfade=transition=fade:duration=0.4:offset=0.5", "-o", "faded.mp4",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stderr.contains("aac (crossfaded from cli-clip.mp4 to graph-voiced.mp4, 0.4 s from 0.5 s)"), run.stderr)
        let sound = try Sound(folder.appendingPathComponent("faded.mp4").path)
        // lavfi's sine is 1/8 of full scale; the fades are linear.
        let full = 0.125
        for (time, low, high) in [(0.3, full, 0.0), (0.7, full / 2, full / 2), (1.5, 0.0, full)] {
            XCTAssertEqual(sound.amplitude(440, at: time), low, accuracy: 0.2 * full, "440 Hz at \(time) s")
            XCTAssertEqual(sound.amplitude(880, at: time), high, accuracy: 0.2 * full, "880 Hz at \(time) s")
        }
        XCTAssertEqual(sound.seconds, 2.5, accuracy: 0.1, "the sound lasts as the run does")
    }

    /// 1 s of testsrc2 with the 440 Hz tone, two text subtitles, two
    /// chapters, a title and an artist, and a second audio track (660 Hz)
    /// in Matroska.
    private func subtitled() throws -> String {
        let srt = TestMedia.directory + "/graph-subtitled.srt"
        let chapters = TestMedia.directory + "/graph-subtitled.txt"
        try Data("1\n00:00:00,100 --> 00:00:00,400\nhello\n\n2\n00:00:00,600 --> 00:00:00,900\nagain\n\n".utf8)
            .write(to: URL(fileURLWithPath: srt))
        let metadata =
            ";FFMETADATA1\ntitle=Subtitled\nartist=The Tests\n\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=500\n"
            + "title=First\n\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=500\nEND=1000\ntitle=Second\n"
        try Data(metadata.utf8).write(to: URL(fileURLWithPath: chapters))
        return try TestMedia.clip(
            "graph-subtitled.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000:duration=1", "-f", "lavfi", "-i",
                "sine=frequency=660:sample_rate=48000:duration=1", "-i", srt, "-i", chapters, "-map", "0", "-map",
                "1", "-map", "2", "-map", "3", "-map_metadata", "4", "-map_chapters", "4", "-c:v", "libx264",
                "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-c:s", "srt",
                "-metadata:s:s:0", "language=eng",
            ])
    }

    /// A crossfade replaces input 0's sound with the mix, and keeps
    /// everything else input 0 carries: its subtitles (with their
    /// language), chapters and global metadata. Its second audio track,
    /// which the mix does not take, is named as dropped.
    func testAnXfadeKeepsInput0sOtherStreams() throws {
        let folder = try Clips.folder(with: [try subtitled(), try voiced()])
        let run = try Tool.run(
            [
                "-i", "graph-subtitled.mkv", "-i", "graph-voiced.mp4", "-filter_complex",
                "xfade=transition=fade:duration=0.4:offset=0.5", "-o", "faded.mkv",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("crossfaded from graph-subtitled.mkv to graph-voiced.mp4"), run.stderr)
        XCTAssertTrue(run.stderr.contains("dropped audio"), run.stderr)
        XCTAssertFalse(run.stderr.contains("dropped subtitle"), run.stderr)
        let output = folder.appendingPathComponent("faded.mkv").path
        XCTAssertEqual(try Clips.probe("stream=codec_type", of: output), ["video", "audio", "subtitle"])
        XCTAssertEqual(try Clips.probe("stream_tags=language", stream: "s", of: output), ["eng"])
        XCTAssertEqual(try Clips.probe("chapter_tags=title", of: output), ["First", "Second"])
        XCTAssertEqual(try Clips.probe("format_tags=title", of: output), ["Subtitled"])
        // Each cue as far after the first frame as in the input (the
        // muxer may move both by the audio encoder's delay).
        let cues = try Clips.probe("packet=pts_time", stream: "s", of: output).compactMap(Double.init)
        let video = try Clips.probe("stream=start_time", stream: "v", of: output).compactMap(Double.init)
        XCTAssertEqual(cues.count, 2, "both subtitles")
        XCTAssertEqual((cues.first ?? -1) - (video.first ?? 0), 0.1, accuracy: 0.005)
        XCTAssertEqual((cues.last ?? -1) - (video.first ?? 0), 0.6, accuracy: 0.005)
        // The sound is still the mix: input 1's tone after the transition.
        let sound = try Sound(output)
        XCTAssertEqual(sound.amplitude(880, at: 1.5), 0.125, accuracy: 0.025)
        XCTAssertEqual(sound.amplitude(440, at: 1.5), 0, accuracy: 0.025)
    }

    /// 2 s of a fourth picture with a 660 Hz tone, in stereo at 44100 Hz.
    private func sung() throws -> String {
        try toned("graph-sung.mp4", frequency: 660, sampleRate: 44100, channels: 2)
    }

    /// A concat joins its segments' sound: each input's from when its
    /// picture starts, cut where the next starts, as FFmpeg's concat with
    /// `a=1` does; FFmpeg's own spelling of it (`[0:v][0:a]...a=1[v][a]`
    /// and `--map '[a]'`) is the same run. An input without sound in that
    /// spelling is an error. Before, the run carried input 0's sound alone
    /// and `a=1` was refused.
    func testConcatJoinsTheSegmentsSound() throws {
        let folder = try Clips.folder(with: [try first(), try voiced(), try sung(), try second()])
        let full = 0.125
        let joined = try Tool.run(
            [
                "-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "-i", "graph-sung.mp4", "-filter_complex",
                "[0][1][2]concat=n=3", "-o", "joined.mp4",
            ], in: folder)
        XCTAssertEqual(joined.status, 0, joined.stderr)
        XCTAssertTrue(
            joined.stderr.contains("aac (joined cli-clip.mp4, graph-voiced.mp4 from 1 s, graph-sung.mp4 from 3 s)"),
            joined.stderr)
        let sound = try Sound(folder.appendingPathComponent("joined.mp4").path)
        let expected: [(time: Double, tones: [Double: Double])] = [
            (0.5, [440: full, 880: 0, 660: 0]), (1.5, [440: 0, 880: full, 660: 0]),
            (2.7, [440: 0, 880: full, 660: 0]), (3.3, [440: 0, 880: 0, 660: full]),
            (4.6, [440: 0, 880: 0, 660: full]),
        ]
        sound.assertTones(expected, full: full)
        XCTAssertEqual(sound.seconds, 5, accuracy: 0.1, "the sound lasts as the run does")

        let spellings = [
            ("[0:v][0:a][1:v][1:a]concat=n=2:v=1:a=1[v][a]", ["--map", "[v]", "--map", "[a]"]),
            ("[0:v][0:a][1:v][1:a]concat=n=2:v=1:a=1[v][a]", []), ("concat=n=2:v=1:a=1", []),
        ]
        for (graph, maps) in spellings {
            let spelled = try Tool.run(
                ["-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "-filter_complex", graph] + maps + [
                    "-y", "-o", "spelled.mp4",
                ], in: folder)
            XCTAssertEqual(spelled.status, 0, spelled.stderr)
            let heard = try Sound(folder.appendingPathComponent("spelled.mp4").path)
            XCTAssertEqual(heard.amplitude(440, at: 0.5), full, accuracy: 0.2 * full, "\(graph) \(maps)")
            XCTAssertEqual(heard.amplitude(880, at: 1.5), full, accuracy: 0.2 * full, "\(graph) \(maps)")
            XCTAssertEqual(heard.amplitude(440, at: 1.5), 0, accuracy: 0.2 * full, "\(graph) \(maps)")
            XCTAssertEqual(heard.seconds, 3, accuracy: 0.1, "\(graph) \(maps)")
        }
        let graph = "[0:v][0:a][1:v][1:a]concat=n=2:v=1:a=1[v][a]"
        try assertOneLineError(
            ["-i", "cli-clip.mp4", "-i", "graph-second.mp4", "--graph", graph, "-o", "none.mp4"],
            "filtergraph '\(graph)': [1:a] at column 16 is input 1's sound, and graph-second.mp4 has none"
                + " (see harbeth-render --help)",
            in: folder, null: false)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.mp4").path))
        try assertOneLineError(
            ["-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "--graph", "[0:v][x][1:v][1:a]concat=a=1[v][a]"],
            "filtergraph '[0:v][x][1:v][1:a]concat=a=1[v][a]': concat's sound at column 6 is [x]; a concat here"
                + " joins its inputs' own sound ([0:a]) (see harbeth-render --help)", in: folder)
    }

    /// Two transitions in a row, three clips: each window crossfades the
    /// sound of the clip that is leaving into the one that comes.
    func testTransitionsInARowCrossfadeEachPair() throws {
        let folder = try Clips.folder(with: [try first(), try voiced(), try sung()])
        let run = try Tool.run(
            [
                "-i", "cli-clip.mp4", "-i", "graph-voiced.mp4", "-i", "graph-sung.mp4", "-filter_complex",
                "[0][1]xfade=transition=fade:duration=0.4:offset=0.5[a];[a][2]xfade=transition=wipeleft:duration=0.4:"
                    + "offset=1.5",
                "-o", "faded.mp4",
            ], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "crossfaded from cli-clip.mp4 to graph-voiced.mp4, 0.4 s from 0.5 s, to graph-sung.mp4, 0.4 s from 1.5 s"
            ),
            run.stderr)
        let sound = try Sound(folder.appendingPathComponent("faded.mp4").path)
        let full = 0.125
        let expected: [(time: Double, tones: [Double: Double])] = [
            (0.3, [440: full, 880: 0, 660: 0]), (0.7, [440: full / 2, 880: full / 2, 660: 0]),
            (1.2, [440: 0, 880: full, 660: 0]), (1.7, [440: 0, 880: full / 2, 660: full / 2]),
            (2.5, [440: 0, 880: 0, 660: full]),
        ]
        sound.assertTones(expected, full: full)
        XCTAssertEqual(sound.seconds, 3.5, accuracy: 0.1, "the sound lasts as the run does")
    }

    /// A file's sound, mixed to mono at 48 kHz by ffmpeg.
    private struct Sound {
        let samples: [Float]

        /// Each tone at each time at its level, within a fifth of `full`.
        func assertTones(
            _ expected: [(time: Double, tones: [Double: Double])], full: Double, line: UInt = #line
        ) {
            for (time, tones) in expected {
                for (frequency, level) in tones {
                    XCTAssertEqual(
                        amplitude(frequency, at: time), level, accuracy: 0.2 * full, "\(frequency) Hz at \(time) s",
                        line: line)
                }
            }
        }

        init(_ path: String) throws {
            let data = try TestMedia.run(
                "ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-ac", "1", "-ar", "48000", "-f", "f32le", "-"])
            samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }

        var seconds: Double { Double(samples.count) / 48000 }

        /// The amplitude of one tone over 50 ms around `time` (one DFT bin).
        func amplitude(_ frequency: Double, at time: Double) -> Double {
            let count = 2400
            let first = Int(time * 48000) - count / 2
            // Past the end is silence.
            guard first >= 0, first + count <= samples.count else { return 0 }
            var (re, im) = (0.0, 0.0)
            for index in 0..<count {
                let phase = 2 * Double.pi * frequency * Double(first + index) / 48000
                re += Double(samples[first + index]) * cos(phase)
                im += Double(samples[first + index]) * sin(phase)
            }
            return 2 * (re * re + im * im).squareRoot() / Double(count)
        }
    }
}
