import Foundation
import HarbethTestSupport
import Kakapos
import XCTest

/// The built `harbeth-render` binary, run on clips made with the ffmpeg CLI
/// and checked with ffprobe: outputs, defaults, refusals, every usage error,
/// exit codes, the JSON report, stills, signals and the listings.
final class CLITests: XCTestCase {
    // MARK: Rendering

    func testSepiaWritesBesideTheInputKeepingFramesSizeAndAudio() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let run = try Tool.run(["--filter", "sepia", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = folder.appendingPathComponent("cli-clip.sepia.mp4").path
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "cli-clip.sepia.mp4"])
        // It says where it wrote, in one line; nothing goes to stdout.
        XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
        XCTAssertTrue(
            run.stderr.hasPrefix("harbeth-render: wrote cli-clip.sepia.mp4: libx264 160x120 yuv420p, 25 frames"),
            run.stderr)
        XCTAssertEqual(run.stdout, "")

        XCTAssertEqual(try Clips.frameCount(output), 25)
        XCTAssertEqual(try Clips.probe("stream=width,height", stream: "v:0", of: output), ["160", "120"])
        XCTAssertEqual(try Clips.probe("stream=codec_name", stream: "a:0", of: output), ["aac"])
        // Sepia: the output's colours are warm browns, unlike the pattern's.
        let input = try Clips.pixels(try Clips.video(), index: 5)
        let toned = try Clips.pixels(output, index: 5)
        XCTAssertGreaterThan(Clips.meanAbsoluteDifference(input, toned), 20)
        var warm = 0
        for pixel in stride(from: 0, to: toned.count, by: 3) {
            let (r, g, b) = (Int(toned[pixel]), Int(toned[pixel + 1]), Int(toned[pixel + 2]))
            if r + 2 >= g && g + 2 >= b { warm += 1 }
        }
        XCTAssertGreaterThan(Double(warm) / Double(toned.count / 3), 0.95, "r >= g >= b almost everywhere")
    }

    /// `t` counts from the start of the output, as FFmpeg's filters see it
    /// without -copyts, even when the input's timestamps start late (MPEG-TS
    /// starts at 1.4 s): the first half second here is black.
    func testTimeInExpressionsCountsFromTheStartOfTheOutput() throws {
        let clip = try TestMedia.clip(
            "cli-late.ts",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-c:v", "libx264", "-preset",
                "ultrafast", "-pix_fmt", "yuv420p", "-f", "mpegts",
            ])
        let folder = try Clips.folder(with: [clip])
        let run = try Tool.run(
            ["-vf", "brightness='if(lt(t,0.5),-1,0)'", "--codec", "ffv1", "-o", "out.mkv", "cli-late.ts"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = folder.appendingPathComponent("out.mkv").path
        func mean(_ index: Int) throws -> Double {
            let pixels = try Clips.pixels(output, index: index, pixelFormat: "gray")
            return Double(pixels.reduce(0) { $0 + Int($1) }) / Double(pixels.count)
        }
        XCTAssertLessThan(try mean(5), 2, "t = 0.2 s: black")
        XCTAssertGreaterThan(try mean(20), 40, "t = 0.8 s: the picture")
        // -copyts keeps the input's timestamps, and t is then theirs (1.4 s on).
        let kept = try Tool.run(
            [
                "-vf", "brightness='if(lt(t,0.5),-1,0)'", "--codec", "ffv1", "-copyts", "-y", "-o", "out.mkv",
                "cli-late.ts",
            ], in: folder)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertGreaterThan(try mean(5), 40, "with -copyts, t = 1.68 s at frame 5")
    }

    /// The pipeline cache is saved in the background while a run renders,
    /// and the tool saves what is left before it exits: a run with an
    /// empty cache folder leaves the pipelines there for the next.
    func testARunLeavesItsPipelinesInTheCacheFolder() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let cache = folder.appendingPathComponent("cache")
        let run = try Tool.run(
            ["-vf", "sepia,gaussian_blur", "--null", "cli-clip.mp4"], in: folder,
            environment: ["HARBETH_CACHE_DIR": cache.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let saved = Clips.entries(cache).filter { $0.hasPrefix("pipelines-") && $0.hasSuffix(".bin") }
        XCTAssertEqual(saved.count, 1, "\(Clips.entries(cache))")
    }

    func testAnExistingOutputIsRefusedUnlessOverwriting() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let output = folder.appendingPathComponent("taken.mp4")
        try Data("precious".utf8).write(to: output)
        let refused = try Tool.run(["-vf", "invert", "-o", "taken.mp4", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.stderrLines,
            ["harbeth-render: error: taken.mp4: already exists; use -y to replace it or -o to choose another name"])
        XCTAssertEqual(try Data(contentsOf: output), Data("precious".utf8))

        let replaced = try Tool.run(["-vf", "invert", "-o", "taken.mp4", "-y", "-q", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertEqual(replaced.stderr, "", "--quiet prints nothing on success")
        XCTAssertEqual(try Clips.frameCount(output.path), 25)
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "taken.mp4"])
    }

    /// `harbeth-render -i in.mp4 -vf sepia out.mp4`, as FFmpeg is typed,
    /// writes out.mp4 and nothing else. Before, it was a batch of two
    /// inputs: it wrote cli-clip.sepia.mp4 and failed on out.mp4.
    func testTheFFmpegCommandLineWritesTheOutputItNames() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let run = try Tool.run(["-i", "cli-clip.mp4", "-vf", "sepia", "out.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "out.mp4"])
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("out.mp4").path), 25)
        // With FFmpeg's spellings of the options too.
        let spelled = try Tool.run(
            [
                "-ss", "0.2", "-i", "cli-clip.mp4", "-t", "0.4", "-vf", "sepia", "-c:v", "libx264", "-crf", "20", "-an",
                "cut.mp4",
            ], in: folder)
        XCTAssertEqual(spelled.status, 0, spelled.stderr)
        let cut = folder.appendingPathComponent("cut.mp4").path
        XCTAssertEqual(try Clips.frameCount(cut), 10)
        XCTAssertEqual(try Clips.probe("stream=codec_type", of: cut), ["video"])
        // -s after the input is the output's size (a scale after the chain,
        // before its format), -loop 1 a still's repeats, -f null - no file.
        let pasted = try Tool.run(
            [
                "-hide_banner", "-loglevel", "error", "-i", "cli-clip.mp4", "-vf", "sepia,format=gray", "-s", "80x60",
                "-c:v", "ffv1", "small.mkv",
            ], in: folder)
        XCTAssertEqual(pasted.status, 0, pasted.stderr)
        let small = folder.appendingPathComponent("small.mkv").path
        XCTAssertEqual(try Clips.probe("stream=width,height,pix_fmt", stream: "v:0", of: small), ["80", "60", "gray"])
        let still = try Tool.run(
            ["-i", "cli-clip.mp4", "-frames:v", "1", "-vf", "sepia", "still.png"], in: folder)
        XCTAssertEqual(still.status, 0, still.stderr)
        let looped = try Tool.run(
            ["-loop", "1", "-i", "still.png", "-t", "0.4", "-vf", "invert", "looped.mp4"], in: folder)
        XCTAssertEqual(looped.status, 0, looped.stderr)
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("looped.mp4").path), 10)
        let discarded = try Tool.run(["-i", "cli-clip.mp4", "-vf", "sepia", "-f", "null", "-"], in: folder)
        XCTAssertEqual(discarded.status, 0, discarded.stderr)
        XCTAssertEqual(
            Clips.entries(folder), ["cli-clip.mp4", "cut.mp4", "looped.mp4", "out.mp4", "small.mkv", "still.png"])
    }

    func testTheOutputIsNeverTheInputEvenWithOverwrite() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let input = folder.appendingPathComponent("cli-clip.mp4")
        let before = try Data(contentsOf: input)
        XCTAssertEqual(link(input.path, folder.appendingPathComponent("hard.mp4").path), 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("soft.mp4").path, withDestinationPath: input.path)
        for output in ["cli-clip.mp4", "./cli-clip.mp4", "hard.mp4", "soft.mp4", input.path] {
            let run = try Tool.run(["-vf", "sepia", "-y", "-o", output, "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 1, output)
            XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains("is the input file"), run.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: input), before)
    }

    func testTrimmingAndFrameLimits() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let frames = try Tool.run(
            ["-vf", "grayscale", "--frames", "7", "--audio", "none", "-o", "seven.mkv", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(frames.status, 0, frames.stderr)
        let seven = folder.appendingPathComponent("seven.mkv").path
        XCTAssertEqual(try Clips.frameCount(seven), 7)
        XCTAssertEqual(try Clips.probe("stream=codec_type", of: seven), ["video"], "--audio none")
        let trimmed = try Tool.run(
            ["-vf", "grayscale", "--start", "0.4", "--duration", "0.4", "-o", "trim.mp4", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(trimmed.status, 0, trimmed.stderr)
        let path = folder.appendingPathComponent("trim.mp4").path
        XCTAssertEqual(try Clips.frameCount(path), 10)
        let audio = Double(try Clips.probe("stream=duration", stream: "a:0", of: path).first ?? "") ?? 0
        XCTAssertEqual(audio, 0.4, accuracy: 0.05)
    }

    /// Keyframes from black to white over the clip, in -vf's own syntax.
    func testAnAnimatedParameterMovesOverTheVideo() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let run = try Tool.run(
            ["-vf", "brightness=-1@0;1@0.9:ease=in_out", "--codec", "ffv1", "-o", "fade.mkv", "cli-clip.mp4"],
            in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let path = folder.appendingPathComponent("fade.mkv").path
        func mean(_ index: Int) throws -> Double {
            let pixels = try Clips.pixels(path, index: index)
            return Double(pixels.reduce(0) { $0 + Int($1) }) / Double(pixels.count)
        }
        XCTAssertLessThan(try mean(0), 20, "black at the start")
        XCTAssertGreaterThan(try mean(24), 235, "white at the end")
        let middle = try mean(11)
        XCTAssertGreaterThan(middle, 20)
        XCTAssertLessThan(middle, 235)

        let describe = try Tool.run(["--describe", "brightness"])
        XCTAssertTrue(describe.stdout.contains("(can be animated)"), describe.stdout)
        XCTAssertTrue(try Tool.run(["--describe", "resize"]).stdout.contains("w: integer"))
        XCTAssertTrue(
            try Tool.run(["--describe", "resize"]).stdout.contains("(constant: it decides the shader or size)"))

        let bad = try Tool.run(["-vf", "brightness='sin(2*PI*t'", "-o", "bad.mkv", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderrLines.count, 1, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("expected ',' or ')' in sin(...), found the end at column 23"), bad.stderr)
    }

    func testApplyRotationTurnsThePixelsUprightAndDropsTheTag() throws {
        let folder = try Clips.folder(with: [try Clips.rotated()])
        let run = try Tool.run(
            ["-vf", "brightness", "--apply-rotation", "-v", "-o", "upright.mkv", "cli-rotated.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        // -v says what it does; the tests run the tool with the validation layer on.
        XCTAssertTrue(run.stderr.contains("(Vulkan validation on)"), run.stderr)
        XCTAssertTrue(run.stderr.contains("rotation 90: applied to the pixels"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "plan: 2 GPU pass(es) per frame: rotate on the planes | fold(brightness) on the planes"),
            run.stderr)
        let output = folder.appendingPathComponent("upright.mkv").path
        XCTAssertEqual(try Clips.probe("stream=width,height", stream: "v:0", of: output), ["120", "160"])
        XCTAssertEqual(try Clips.probe("stream_side_data=rotation", stream: "v:0", of: output), [])
        // The pixels are what ffmpeg shows for the tagged input.
        let shown = try Clips.pixels(try Clips.rotated(), index: 3, pixelFormat: "gray")
        let made = try Clips.pixels(output, index: 3, pixelFormat: "gray")
        XCTAssertLessThan(Clips.meanAbsoluteDifference(shown, made), 3)
    }

    // MARK: Stills

    func testStillsInStillsOut() throws {
        let folder = try Clips.folder(with: [try Clips.png(), try Clips.jpeg(), try Clips.video()])
        let png = try Tool.run(["--filter", "sepia", "cli-still.png", "-o", "out.png"], in: folder)
        XCTAssertEqual(png.status, 0, png.stderr)
        let jpeg = try Tool.run(["--filter", "invert", "cli-still.jpg"], in: folder)
        XCTAssertEqual(jpeg.status, 0, jpeg.stderr)
        // A video's frame at --start, as a still.
        let frame = try Tool.run(
            ["--filter", "sepia", "--start", "0.5", "cli-clip.mp4", "-o", "frame.png"], in: folder)
        XCTAssertEqual(frame.status, 0, frame.stderr)
        for (name, codec) in [("out.png", "png"), ("cli-still.invert.jpg", "mjpeg"), ("frame.png", "png")] {
            let path = folder.appendingPathComponent(name).path
            XCTAssertEqual(try Clips.probe("stream=codec_name,width,height", of: path), [codec, "160", "120"], name)
        }
        let before = try Clips.pixels(folder.appendingPathComponent("cli-still.png").path)
        let after = try Clips.pixels(folder.appendingPathComponent("out.png").path)
        XCTAssertGreaterThan(Clips.meanAbsoluteDifference(before, after), 20)
    }

    // MARK: Errors and exit codes

    func testEveryUsageErrorIsOneLineWithExitStatus2() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let cases: [([String], String)] = [
            (["--fliter", "sepia", "cli-clip.mp4"], "unknown option '--fliter'; did you mean '--filter'?"),
            (["--filter", "sepia", "cli-clip.mp4", "-o"], "-o needs a value (PATH)"),
            (["--crf", "abc", "-vf", "sepia", "cli-clip.mp4"], "--crf takes a whole number, not 'abc'"),
            (["--crf", "70", "-vf", "sepia", "cli-clip.mp4"], "--crf 70 is out of range; allowed 0...63"),
            (
                ["--filter", "sepai", "cli-clip.mp4"],
                "filter chain 'sepai': unknown filter 'sepai' at column 1; did you mean 'sepia'?"
            ),
            (
                ["--filter", "sepia=intensity=2", "cli-clip.mp4"],
                "filter chain 'sepia=intensity=2': sepia intensity=2 is out of range at column 17; allowed 0...1"
            ),
            (["--filter", "sepia"], "no input file given"),
            (
                ["--filter", "sepia", "--null", "-o", "x.mp4", "cli-clip.mp4"],
                "--null writes no file, so it cannot go with --output"
            ),
            (["cli-clip.mp4"], "no filter given; use --filter CHAIN (see --list-filters)"),
            (["--codec", "x246", "-vf", "sepia", "cli-clip.mp4"], "unknown codec 'x246'"),
            (["-vf", "sepia", "-o", "out.xyz", "cli-clip.mp4"], "out.xyz: no container for extension 'xyz'"),
            (["--describe", "sepai"], "unknown filter 'sepai'; did you mean 'sepia'? (see --list-filters)"),
            // FFmpeg's filters that are options here, or have no counterpart,
            // say so (fps got "did you mean 'cas'?").
            (
                ["-vf", "sepia,trim=start=1:duration=2", "cli-clip.mp4"],
                "filter chain 'sepia,trim=start=1:duration=2': unknown filter 'trim' at column 7; FFmpeg's trim"
                    + " filter is --start and --duration here (-ss and -t)"
            ),
            // FFmpeg's fade form runs (FadeCLITests); what it cannot do here
            // says why.
            (
                ["-vf", "fade=t=in:st=0:d=1:alpha=1", "cli-clip.mp4"],
                "filter chain 'fade=t=in:st=0:d=1:alpha=1': fade alpha='1' is invalid at column 26; expected 0 (this"
                    + " fade mixes the colour into the picture; it does not fade the alpha channel)"
            ),
            (
                ["-vf", "fade=t=out:st=2", "cli-clip.mp4"],
                "filter chain 'fade=t=out:st=2': fade start_time='2' is invalid at column 15; expected a duration"
                    + " with it (d=SECONDS), or start_frame and nb_frames"
            ),
            (
                ["-vf", "fade=in:0:30:speed=2", "cli-clip.mp4"],
                "filter chain 'fade=in:0:30:speed=2': fade has no parameter 'speed' at column 14; valid: type (t),"
                    + " start_frame (s), nb_frames (n), alpha (alpha), start_time (st), duration (d), color (c)"
            ),
            (
                ["-vf", "drawtext=text=hi", "cli-clip.mp4"],
                "filter chain 'drawtext=text=hi': unknown filter 'drawtext' at column 1; FFmpeg's drawtext filter has"
                    + " no counterpart here: no filter draws text"
            ),
        ]
        for (arguments, message) in cases {
            let run = try Tool.run(arguments, in: folder)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderrLines.count, 1, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("harbeth-render: error: " + message), "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "")
        }
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4"], "no usage error writes anything")
    }

    func testProcessingErrorsAreOneLineWithExitStatus1() throws {
        // Bad inputs and outputs have a table of their own: BadInputTests.
        let folder = try Clips.folder(with: [try Clips.video()])
        let cases: [([String], String)] = [
            (["-vf", "overlay=file=logo.png", "cli-clip.mp4"], "logo.png: no such file (named by overlay file=)"),
            (["-vf", "crop=w=400:h=10", "cli-clip.mp4"], "cli-clip.mp4: the filter chain does not fit this input"),
            (
                ["-vf", "sepia", "--start", "9", "cli-clip.mp4"],
                "cli-clip.mp4: nothing to render: --start 9 is past the end"
            ),
            (["-vf", "lut3d", "cli-clip.mp4"], "cli-clip.mp4: rendering failed: lut3d: name the file"),
        ]
        for (arguments, message) in cases {
            let run = try Tool.run(arguments, in: folder)
            XCTAssertEqual(run.status, 1, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderrLines.count, 1, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("harbeth-render: error: " + message), "\(arguments): \(run.stderr)")
        }
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4"], "no failure leaves anything")
    }

    // MARK: Reports

    func testJSONIsTheLastLineOfStandardOutput() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let run = try Tool.run(
            ["-vf", "sepia,gaussian_blur=sigma=2", "--json", "-o", "out.mp4", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let line = try XCTUnwrap(run.stdoutLines.last)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(report["input"] as? String, "cli-clip.mp4")
        XCTAssertEqual(report["output"] as? String, "out.mp4")
        XCTAssertEqual(report["frames"] as? Int, 25)
        XCTAssertEqual(report["duration"] as? Double ?? 0, 1.0, accuracy: 0.01)
        XCTAssertEqual(report["codec"] as? String, "libx264")
        XCTAssertEqual(report["width"] as? Int, 160)
        XCTAssertEqual(
            report["gpuPassesPerFrame"] as? Int, 3,
            "sepia folds onto the planes; the blur is two passes on them (PlaneSegmentTests)")
        XCTAssertEqual((report["passes"] as? [String])?.count, 3)
        XCTAssertFalse((report["device"] as? String ?? "").isEmpty)
        for key in ["fps", "speed", "elapsedSeconds", "decodeSeconds", "gpuSeconds", "encodeSeconds"] {
            XCTAssertGreaterThan(report[key] as? Double ?? 0, 0, key)
        }
        let compiles = report["shaderCompiles"] as? Int ?? -1
        let hits = report["shaderCacheHits"] as? Int ?? -1
        XCTAssertGreaterThanOrEqual(compiles, 0)
        XCTAssertGreaterThanOrEqual(compiles + hits, 3, "each pass's shader was compiled or found")

        // --null: frames counted, nothing written, output null.
        let null = try Tool.run(["-vf", "sepia", "--null", "--json", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(null.status, 0, null.stderr)
        let nullReport = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data((null.stdoutLines.last ?? "").utf8)) as? [String: Any])
        XCTAssertTrue(nullReport["output"] is NSNull)
        XCTAssertTrue(nullReport["codec"] is NSNull)
        XCTAssertEqual(nullReport["frames"] as? Int, 25)
        XCTAssertEqual(nullReport["encodeSeconds"] as? Double, 0)
        XCTAssertEqual(nullReport["gpuPassesPerFrame"] as? Int, 1)
        // Without fusion the conversions and the filter are passes of their own.
        let unfused = try Tool.run(["-vf", "sepia", "--null", "--json", "--no-fusion", "cli-clip.mp4"], in: folder)
        let unfusedReport = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data((unfused.stdoutLines.last ?? "").utf8)) as? [String: Any])
        XCTAssertEqual(unfusedReport["passes"] as? [String], ["yuv->rgb", "sepia", "rgb->yuv"])
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "out.mp4"])
    }

    // MARK: Signals

    /// Interrupts a render that is certainly in progress: the hold hook
    /// keeps frame 5 from finishing and says so once it holds it.
    private func interrupt(with signal: Int32, expecting status: Int32) throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let running = try Tool.start(
            ["-vf", "sepia", "-o", "out.mp4", "cli-clip.mp4"], in: folder,
            environment: ["HARBETH_RENDER_HOLD_AT_FRAME": "5"])
        XCTAssertTrue(running.waitForStderrLine(containing: "holding frame 5"), "the render did not reach frame 5")
        // Mid-render: the temporary file is there beside the input.
        XCTAssertEqual(
            Clips.entries(folder).filter { $0.hasPrefix(".out.harbeth-") }.count, 1, "\(Clips.entries(folder))")
        kill(running.process.processIdentifier, signal)
        let run = running.finish()
        Tool.assertNoValidationMessages(run)
        XCTAssertFalse(run.killedBySignal, "the tool handles the signal itself")
        XCTAssertEqual(run.status, status, run.stderr)
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT"][signal]!
        XCTAssertEqual(run.stderrLines.last, "harbeth-render: interrupted by \(name); nothing was written to out.mp4")
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4"], "no output and no temporary file")
    }

    func testSIGINTMidRenderCancelsCleanlyAndExits130() throws {
        try interrupt(with: SIGINT, expecting: 130)
    }

    func testSIGTERMMidRenderCancelsCleanlyAndExits143() throws {
        try interrupt(with: SIGTERM, expecting: 143)
    }

    /// The terminal closing (SIGHUP) stops a run as SIGTERM does.
    func testSIGHUPMidRenderCancelsCleanlyAndExits129() throws {
        try interrupt(with: SIGHUP, expecting: 129)
    }

    /// Ctrl-\ (SIGQUIT) is a clean quit too: no core dump, nothing left.
    func testSIGQUITMidRenderCancelsCleanlyAndExits131() throws {
        try interrupt(with: SIGQUIT, expecting: 131)
    }

    // MARK: Standard output

    /// A report that cannot be written (a full disk, a reader that went
    /// away) is a failure: exit 1, one line saying so.
    func testAFailedWriteToStandardOutputIsAnError() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let json = try Tool.run(["-vf", "sepia", "--null", "--json", "cli-clip.mp4"], in: folder, standardOutput: full)
        XCTAssertEqual(json.status, 1, json.stderr)
        XCTAssertEqual(
            json.stderrLines.last,
            "harbeth-render: error: standard output: could not write the JSON report (No space left on device)")
        let closed = Pipe()
        try closed.fileHandleForReading.close()
        let listing = try Tool.run(["--list-filters"], standardOutput: closed.fileHandleForWriting)
        XCTAssertEqual(listing.status, 1, listing.stderr)
        XCTAssertEqual(
            listing.stderrLines,
            ["harbeth-render: error: standard output: could not write the filter list (Broken pipe)"])
    }

    /// A crop on the chroma grid is FFmpeg's crop exactly: no pass, the
    /// decoded planes seen from the corner.
    /// A size of -n keeps the aspect and rounds to a multiple of n, as
    /// FFmpeg's scale does (`resize=1280:-2` for 4:2:0): the sizes are
    /// FFmpeg's own for the same values. Before, -2 was out of range.
    func testANegativeResizeSizeRoundsAsFFmpegsScale() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for size in ["100:-2", "-4:50", "101:-1", "333:-8"] {
            let run = try Tool.run(
                ["-vf", "resize=" + size, "--frames", "1", "-y", "-q", "-o", "ours.png", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            try TestMedia.run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-i", folder.appendingPathComponent("cli-clip.mp4").path, "-vf",
                    "scale=" + size, "-frames:v", "1", folder.appendingPathComponent("theirs.png").path,
                ])
            let dimensions = { (name: String) in
                try Clips.probe("stream=width,height", of: folder.appendingPathComponent(name).path)
            }
            XCTAssertEqual(try dimensions("ours.png"), try dimensions("theirs.png"), size)
        }
    }

    /// FFmpeg's scale with `force_original_aspect_ratio` (a box the picture
    /// fits inside or fills, its aspect kept) and `force_divisible_by` is
    /// resize's `fit` and `multiple`: the sizes are FFmpeg's own, in both
    /// spellings, with FFmpeg's rounding (the other side rounded to the
    /// nearest, the multiple down when fitting and up when filling). The
    /// common recipe `scale=W:H:force_original_aspect_ratio=decrease,pad=W:H:...`
    /// letterboxes. Before, the option was an unknown parameter.
    func testFitAndFillAreFFmpegsForceOriginalAspectRatio() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let cases: [(ours: String, theirs: String)] = [
            (
                "scale=100:100:force_original_aspect_ratio=decrease",
                "scale=100:100:force_original_aspect_ratio=decrease"
            ),
            ("resize=w=100:h=100:fit=fill", "scale=100:100:force_original_aspect_ratio=increase"),
            (
                "resize=w=101:h=100:fit=fit:multiple=4",
                "scale=101:100:force_original_aspect_ratio=1:force_divisible_by=4"
            ),
            (
                "scale=w=101:h=101:force_original_aspect_ratio=increase:force_divisible_by=4",
                "scale=w=101:h=101:force_original_aspect_ratio=increase:force_divisible_by=4"
            ),
            (
                "scale=-4:50:force_original_aspect_ratio=1:force_divisible_by=6",
                "scale=-4:50:force_original_aspect_ratio=1:force_divisible_by=6"
            ),
            (
                "scale=100:-2:force_original_aspect_ratio=2:force_divisible_by=8",
                "scale=100:-2:force_original_aspect_ratio=2:force_divisible_by=8"
            ),
            ("scale=0:50:force_original_aspect_ratio=decrease", "scale=0:50:force_original_aspect_ratio=decrease"),
            // Without a kept aspect FFmpeg ignores the multiple.
            ("scale=101:77:force_divisible_by=4", "scale=101:77:force_divisible_by=4"),
            (
                "scale=120:120:force_original_aspect_ratio=decrease,pad=120:120:(ow-iw)/2:(oh-ih)/2",
                "scale=120:120:force_original_aspect_ratio=decrease,pad=120:120:(ow-iw)/2:(oh-ih)/2"
            ),
        ]
        for (ours, theirs) in cases {
            let run = try Tool.run(
                ["-vf", ours, "--frames", "1", "-y", "-q", "-o", "ours.png", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            guard run.status == 0 else { continue }
            try TestMedia.run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-i", folder.appendingPathComponent("cli-clip.mp4").path, "-vf", theirs,
                    "-frames:v", "1", folder.appendingPathComponent("theirs.png").path,
                ])
            let dimensions = { (name: String) in
                try Clips.probe("stream=width,height", of: folder.appendingPathComponent(name).path)
            }
            XCTAssertEqual(try dimensions("ours.png"), try dimensions("theirs.png"), ours)
        }
        let refused = try Tool.run(
            ["-vf", "resize=w=101:h=77:multiple=4", "--null", "cli-clip.mp4"], in: folder)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertEqual(refused.stderrLines.count, 1, refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                "resize: multiple rounds the size that fit or fill make; with fit=stretch give the size itself"),
            refused.stderr)
    }

    /// Also written as FFmpeg writes it, with the input's size in the
    /// expressions (`crop=in_w/2:in_h/2`, centred by default in both).
    func testACropOnTheChromaGridIsFFmpegsCropExactly() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for (ours, theirs) in [
            ("crop=w=100:h=80:x=20:y=10", "crop=100:80:20:10"), ("crop=in_w/2:in_h/2", "crop=in_w/2:in_h/2"),
        ] {
            let run = try Tool.run(
                ["-v", "-vf", ours, "--codec", "ffv1", "-y", "-o", "ours.mkv", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stderr.contains("plan: no GPU pass per frame"), run.stderr)
            try TestMedia.run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-i", folder.appendingPathComponent("cli-clip.mp4").path, "-vf", theirs,
                    "-c:v", "ffv1", folder.appendingPathComponent("ffmpeg.mkv").path,
                ])
            XCTAssertEqual(
                try Clips.frameHashes(folder.appendingPathComponent("ours.mkv").path).map {
                    $0.split(separator: " ")[1]
                },
                try Clips.frameHashes(folder.appendingPathComponent("ffmpeg.mkv").path).map {
                    $0.split(separator: " ")[1]
                }, ours)
        }
    }

    /// A chain that needs no GPU pass (crops on the chroma grid, vertical
    /// flips, colour filters that change nothing) starts no Vulkan device,
    /// as FFmpeg's crop and vflip need none: with no driver to be found it
    /// still writes FFmpeg's crop and vflip exactly, and its report names
    /// no device. A chain with a pass fails there with one line and writes
    /// nothing.
    func testAChainWithNoPassStartsNoDevice() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        // A folder of drivers with none in it.
        let drivers = folder.appendingPathComponent("drivers")
        try FileManager.default.createDirectory(at: drivers, withIntermediateDirectories: false)
        let noDriver = ["VK_DRIVER_FILES": drivers.path]
        let run = try Tool.run(
            [
                "-v", "-vf", "crop=w=100:h=80:x=20:y=10,flip=direction=vertical,brightness=0", "--codec", "ffv1",
                "--json", "-o", "ours.mkv", "cli-clip.mp4",
            ], in: folder, environment: noDriver)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("device: none started (no GPU pass)"), run.stderr)
        let line = try XCTUnwrap(run.stdoutLines.last)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertTrue(report["device"] is NSNull, "\(report["device"] ?? "absent")")
        XCTAssertEqual(report["gpuPassesPerFrame"] as? Int, 0)
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-i", folder.appendingPathComponent("cli-clip.mp4").path, "-vf",
                "crop=100:80:20:10,vflip", "-c:v", "ffv1", folder.appendingPathComponent("ffmpeg.mkv").path,
            ])
        XCTAssertEqual(
            try Clips.frameHashes(folder.appendingPathComponent("ours.mkv").path).map { $0.split(separator: " ")[1] },
            try Clips.frameHashes(folder.appendingPathComponent("ffmpeg.mkv").path).map { $0.split(separator: " ")[1] })

        let failed = try Tool.run(
            ["-vf", "sepia", "-o", "sepia.mkv", "cli-clip.mp4"], in: folder, environment: noDriver)
        XCTAssertNotEqual(failed.status, 0)
        // One line of ours (the loader's own report comes first: the tests
        // turn it on with VK_LOADER_DEBUG).
        XCTAssertEqual(
            failed.stderrLines.filter { $0.hasPrefix("harbeth-render:") },
            [
                "harbeth-render: error: Vulkan is not available: vkCreateInstance failed with VK_ERROR_INCOMPATIBLE_DRIVER"
                    + " (install a driver, e.g. mesa-vulkan-drivers)"
            ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sepia.mkv").path))
    }

    // MARK: Listings

    func testListFiltersNamesEveryCatalogFilter() throws {
        let run = try Tool.run(["--list-filters"])
        XCTAssertEqual(run.status, 0)
        let catalog = FilterCatalog.standard.descriptors
        XCTAssertEqual(run.stdoutLines.first, "\(catalog.count) filters (harbeth-render --describe NAME for details)")
        let listed = Set(
            run.stdoutLines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("    ") }.compactMap {
                $0.split(separator: " ").first.map(String.init)
            })
        XCTAssertEqual(listed, Set(catalog.map(\.name)))
        XCTAssertTrue(run.stdout.contains("      intensity: number, default 1, 0...1"), run.stdout)
    }

    func testDescribeHelpVersionAndDevices() throws {
        let describe = try Tool.run(["--describe", "gaussian_blur"])
        XCTAssertEqual(describe.status, 0)
        XCTAssertTrue(describe.stdout.hasPrefix("gaussian_blur (neighborhood): "), describe.stdout)
        XCTAssertTrue(describe.stdout.contains("sigma: number"), describe.stdout)
        XCTAssertTrue(describe.stdout.contains("example: harbeth-render --filter 'gaussian_blur=sigma=2' in.mp4"))
        XCTAssertTrue(describe.stdout.contains("interlaced video: applied to the frame as it is"), describe.stdout)
        // A filter of two videos says it needs a graph, and shows one.
        let transition = try Tool.run(["--describe", "xfade"]).stdout
        XCTAssertTrue(transition.contains("inputs: the frame and 1 more video, in a graph only"), transition)
        XCTAssertTrue(
            transition.contains("example: harbeth-render -i in0.mp4 -i in1.mp4 --graph '[0][1]xfade"), transition)
        XCTAssertFalse(transition.contains("--filter 'xfade"), transition)
        let overlay = try Tool.run(["--describe", "overlay"]).stdout
        XCTAssertTrue(overlay.contains("example: harbeth-render --filter 'overlay=file=FILE' in.mp4"), overlay)
        let pointwise = try Tool.run(["--describe", "sepia"])
        XCTAssertFalse(pointwise.stdout.contains("interlaced video"), "a pointwise filter is the same either way")

        let help = try Tool.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("harbeth-render --filter sepia in.mp4"))
        let version = try Tool.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("harbeth-render "), version.stdout)
        let devices = try Tool.run(["--list-devices"])
        XCTAssertEqual(devices.status, 0)
        XCTAssertTrue(devices.stdout.contains("llvmpipe"), devices.stdout)
        let missing = try Tool.run(["--device", "no-such-gpu", "-vf", "sepia", "--null", try Clips.video()])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("harbeth-render: error: --device no-such-gpu: no Vulkan device matches"))
    }

    func testTheGalleryIsAPictureOfEveryFilter() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let run = try Tool.run(["--gallery", "sheet.png", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        // The original, every catalog filter and a custom shader, seven to a
        // row, in 240x180 tiles with a 22-pixel label strip, 6 pixels apart,
        // under a 30-pixel title.
        let tiles = FilterCatalog.standard.descriptors.count + 2
        let rows = (tiles + 6) / 7
        let width = 7 * 240 + 8 * 6
        let height = 30 + rows * (180 + 22) + (rows + 1) * 6
        let sheet = folder.appendingPathComponent("sheet.png").path
        XCTAssertEqual(try Clips.probe("stream=codec_name,width,height", of: sheet), ["png", "\(width)", "\(height)"])
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "sheet.png"])
        XCTAssertTrue(run.stderr.contains("\(tiles) tiles (\(tiles - 1) filters)"), run.stderr)
    }
}
