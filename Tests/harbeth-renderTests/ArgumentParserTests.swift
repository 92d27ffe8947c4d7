import Harbeth
import Kakapos
import XCTest

@testable import harbeth_render

/// The option table and the parser, without running anything.
final class ArgumentParserTests: XCTestCase {
    private func parse(_ arguments: String...) throws -> CommandLineOptions {
        try ArgumentParser.parse(arguments)
    }

    private func parse(_ arguments: [String]) throws -> CommandLineOptions {
        try ArgumentParser.parse(arguments)
    }

    private func assertUsageError(
        _ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try ArgumentParser.parse(arguments), file: file, line: line) { error in
            XCTAssertEqual((error as? UsageError)?.message, message, file: file, line: line)
        }
    }

    func testTheIssuesFirstCommand() throws {
        let options = try parse("--filter", "sepia", "in.mp4")
        XCTAssertEqual(options.action, .render)
        XCTAssertEqual(options.input, "in.mp4")
        XCTAssertEqual(options.chain, "sepia")
        XCTAssertNil(options.output)
        XCTAssertFalse(options.overwrite)
        XCTAssertEqual(options.audio, .copy)
    }

    /// `-f` and the input options go with the input after them, as in
    /// FFmpeg; a `-f` after the last input is the output's.
    /// Encoder options before the first -o are every output's; those
    /// before a later -o (or after the last) are that output's own; with one
    /// output, all of them are its.
    func testEncoderOptionsBelongToTheOutputAfterThem() throws {
        let several = try parse(
            "-i", "a.mp4", "--graph", "[0]split[x][y]", "--codec", "ffv1", "--crf", "20", "--map", "[x]", "-o",
            "x.mkv", "--map", "[y]", "--codec", "h264", "--preset", "fast", "-o", "y.mp4", "--audio", "none",
            "-pix_fmt", "yuv420p")
        XCTAssertEqual(several.codec, .ffv1)
        XCTAssertEqual(several.crf, 20)
        XCTAssertNil(several.preset)
        XCTAssertEqual(several.audio, .copy)
        XCTAssertEqual(
            several.outputEncoders,
            [EncoderOverrides(codec: .h264, preset: "fast", audio: AudioMode.none, pixelFormat: "yuv420p")])
        XCTAssertNil(several.pixelFormat)
        let one = try parse("-vf", "sepia", "-o", "out.mkv", "--codec", "ffv1", "--gop", "12", "in.mp4")
        XCTAssertEqual(one.codec, .ffv1)
        XCTAssertEqual(one.gop, 12)
        XCTAssertEqual(one.outputEncoders, [])
    }

    func testFormatsAndInputOptionsBelongToTheInputAfterThem() throws {
        let options = try parse(
            "-f", "x11grab", "-framerate", "30", "-video_size", "320x240", "-i", ":99", "-f",
            "lavfi", "testsrc2", "--graph", "[0][1]hstack", "-f", "mpegts", "-o", "udp://127.0.0.1:5000")
        XCTAssertEqual(
            options.inputArguments,
            [
                .init(text: ":99", format: "x11grab", options: ["framerate": "30", "video_size": "320x240"]),
                .init(text: "testsrc2", format: "lavfi"),
            ])
        XCTAssertEqual(options.inputArguments[0].location, .device(format: "x11grab", name: ":99"))
        XCTAssertEqual(options.outputFormat, "mpegts")
        XCTAssertEqual(
            try parse("-vf", "sepia", "-", "-o", "-", "--format", "nut").inputArguments[0].location, .pipe(0))
        assertUsageError(
            ["-vf", "sepia", "in.mp4", "-framerate", "25"],
            "the input option framerate comes before the input it is for (-i INPUT after it)")
        assertUsageError(
            ["-vf", "sepia", "-f", "mpegts", "in.mp4", "-f", "nut", "--format", "mp4"],
            "-f nut after the inputs and --format both name the output's format")
        assertUsageError(
            ["-vf", "sepia", "in.mp4", "--json", "-o", "-"],
            "--json prints to standard output, which -o - fills with the video")
        assertUsageError(["-framerate", "fast", "in.mp4"], "-framerate takes a rate like 25 or 30000/1001, not 'fast'")
        assertUsageError(["--drop", "all", "in.mp4"], "--drop takes newest, oldest or none, not 'all'")
    }

    func testLocationsAreReadAsFFmpegReadsThem() {
        XCTAssertEqual(MediaLocation(parsing: "pipe:3"), .pipe(3))
        XCTAssertEqual(
            MediaLocation(parsing: "srt://127.0.0.1:9000?mode=listener"), .url("srt://127.0.0.1:9000?mode=listener"))
        XCTAssertEqual(MediaLocation(parsing: "img%03d.png"), .imageSequence("img%03d.png"))
        XCTAssertEqual(MediaLocation(parsing: "100%%.png"), .file("100%%.png"))
        XCTAssertEqual(MediaLocation(parsing: "C:/x.mp4"), .file("C:/x.mp4"))
        XCTAssertTrue(MediaLocation(parsing: "udp://127.0.0.1:1").isRealTime)
        XCTAssertFalse(MediaLocation(parsing: "http://127.0.0.1/a.mp4").isLive)
        XCTAssertFalse(MediaLocation(parsing: "testsrc2", format: "lavfi").isRealTime)
        XCTAssertEqual(OutputDestination(parsing: "-"), .pipe(1))
        XCTAssertEqual(OutputDestination(parsing: "out%04d.png"), .imageSequence("out%04d.png"))
        XCTAssertEqual(OutputDestination(parsing: "out%04d.mp4"), .file("out%04d.mp4"))
        XCTAssertEqual(OutputDestination(parsing: "rtmp://127.0.0.1/live/x"), .url("rtmp://127.0.0.1/live/x"))
    }

    func testRepeatedFiltersAndShadersAppendInOrder() throws {
        let options = try parse(
            "-vf", "sepia", "--filter=brightness=0.1", "--shader", "grade.glsl:amount=0.3", "in.mp4")
        XCTAssertEqual(options.chain, "sepia,brightness=0.1,shader=grade.glsl:amount=0.3")
    }

    func testEveryValueOptionTakesBothSpellings() throws {
        let options = try parse(
            "-o", "out.mkv", "-y", "--codec", "libx265", "--crf=20", "--preset", "fast", "--bitrate", "4M", "--gop",
            "50",
            "--audio", "reencode", "--start", "1:02.5", "--duration", "3", "--frames", "10", "--device", "1",
            "--max-pixels", "1000000", "--strict", "--frames-in-flight", "2", "--no-fusion", "--precision", "float",
            "--apply-rotation", "-q", "-v", "--json", "-vf", "sepia", "in.mov")
        XCTAssertEqual(options.output, "out.mkv")
        XCTAssertTrue(options.overwrite)
        XCTAssertEqual(options.codec, .hevc)
        XCTAssertEqual(options.crf, 20)
        XCTAssertEqual(options.preset, "fast")
        XCTAssertEqual(options.bitrate, 4_000_000)
        XCTAssertEqual(options.gop, 50)
        XCTAssertEqual(options.audio, .reencode)
        XCTAssertEqual(options.start, 62.5)
        XCTAssertEqual(options.duration, 3)
        XCTAssertEqual(options.frames, 10)
        XCTAssertEqual(options.device, "1")
        XCTAssertEqual(options.maxPixels, 1_000_000)
        XCTAssertTrue(options.strict)
        XCTAssertEqual(options.framesInFlight, 2)
        XCTAssertFalse(options.fusion)
        XCTAssertEqual(options.precision, .float)
        XCTAssertTrue(options.applyRotation)
        XCTAssertTrue(options.quiet)
        XCTAssertTrue(options.verbose)
        XCTAssertTrue(options.json)
        XCTAssertEqual(options.input, "in.mov")
    }

    func testActionsNeedNoInput() throws {
        XCTAssertEqual(try parse("--list-filters").action, .listFilters)
        XCTAssertEqual(try parse("--describe", "sepia").action, .describe("sepia"))
        XCTAssertEqual(try parse("--list-devices").action, .listDevices)
        XCTAssertEqual(try parse("-h").action, .help)
        XCTAssertEqual(try parse("--version").action, .version)
        let gallery = try parse("--gallery", "sheet.png", "in.mp4")
        XCTAssertEqual(gallery.gallery, "sheet.png")
        XCTAssertEqual(gallery.input, "in.mp4")
    }

    /// FFmpeg's way: after an `-i`, a bare argument names an output, so
    /// `-i in.mp4 -vf sepia out.mp4` writes out.mp4 (it was a batch that
    /// read out.mp4 as a second input). Before any `-i`, bare arguments
    /// stay inputs (a batch), as does one after an input's `-f`.
    func testABareArgumentAfterAnInputIsTheOutputAsInFFmpeg() throws {
        let one = try parse("-i", "in.mp4", "-vf", "sepia", "out.mp4")
        XCTAssertEqual(one.inputs, ["in.mp4"])
        XCTAssertEqual(one.output, "out.mp4")
        XCTAssertFalse(one.isBatch)
        let several = try parse(
            "-i", "a.mp4", "--graph", "[0]split[x][y]", "--map", "[x]", "x.mkv", "--map", "[y]", "--codec", "ffv1",
            "y.mkv")
        XCTAssertEqual(several.inputs, ["a.mp4"])
        XCTAssertEqual(several.output, "x.mkv")
        XCTAssertEqual(several.moreOutputs, ["y.mkv"])
        XCTAssertEqual(several.outputEncoders, [EncoderOverrides(codec: .ffv1)])
        XCTAssertEqual(try parse("-i", "in.mp4", "-vf", "sepia", "-").output, "-")
        let generated = try parse("-i", "in.mp4", "-f", "lavfi", "testsrc2", "--graph", "[0][1]hstack", "o.mp4")
        XCTAssertEqual(generated.inputs, ["in.mp4", "testsrc2"])
        XCTAssertEqual(generated.output, "o.mp4")
        XCTAssertTrue(try parse("-vf", "sepia", "a.mp4", "b.mp4").isBatch)
        assertUsageError(
            ["-i", "a.mp4", "b.mp4", "c.mp4", "-vf", "sepia"],
            "after -i, a bare argument names an output, as in FFmpeg: 'b.mp4' and 'c.mp4' are 2 outputs;"
                + " a batch gives its inputs without -i (-vf sepia a.mp4 b.mp4 -o FOLDER)")
        assertUsageError(
            ["-i", "a.mp4", "-vf", "sepia", "--null", "b.mp4"],
            "--null writes no file, so it cannot go with an output ('b.mp4' after -i names one, as in FFmpeg)")
    }

    /// FFmpeg's spellings of the options that do the same work here, so
    /// an ffmpeg command line runs with our filter names.
    func testFFmpegsOptionSpellingsDoTheSameWork() throws {
        let options = try parse(
            "-ss", "1.5", "-i", "in.mp4", "-t", "2", "-filter:v", "sepia", "-c:v", "libx264", "-crf", "20", "-preset",
            "slow", "-b:v", "4M", "-g", "50", "-pix_fmt", "yuv420p", "-an", "-frames:v", "10", "-map", "0:v", "out.mp4")
        XCTAssertEqual(options.inputs, ["in.mp4"])
        XCTAssertEqual(options.output, "out.mp4")
        XCTAssertEqual(options.start, 1.5)
        XCTAssertEqual(options.duration, 2)
        XCTAssertEqual(options.chain, "sepia")
        XCTAssertEqual(options.codec, .h264)
        XCTAssertEqual(options.crf, 20)
        XCTAssertEqual(options.preset, "slow")
        XCTAssertEqual(options.bitrate, 4_000_000)
        XCTAssertEqual(options.gop, 50)
        XCTAssertEqual(options.pixelFormat, "yuv420p")
        XCTAssertEqual(options.audio, AudioMode.none)
        XCTAssertEqual(options.frames, 10)
        XCTAssertEqual(options.maps.count, 1)
        XCTAssertEqual(try parse("-vcodec", "ffv1", "-vframes", "3", "-vf", "sepia", "in.mp4").frames, 3)
        XCTAssertEqual(try parse("-i", "in.mp4", "-vf", "sepia", "-frames", "4", "out.mp4").frames, 4)
        XCTAssertEqual(try parse("-i", "a.mp4", "-lavfi", "[0]sepia", "o.mp4").graph, "[0]sepia")
        // FFmpeg's global options in a pasted command: its log levels are -q
        // and -v; the banner, stdin, stats and thread count change nothing
        // here. `-f null -` is --null.
        let pasted = try parse(
            "-hide_banner", "-nostdin", "-loglevel", "error", "-threads", "4", "-nostats", "-i", "a.mp4", "-vf",
            "sepia", "o.mp4")
        XCTAssertEqual([pasted.quiet, pasted.verbose], [true, false])
        XCTAssertEqual(pasted.inputs, ["a.mp4"])
        XCTAssertEqual(pasted.output, "o.mp4")
        for (level, quiet, verbose) in [
            ("error", true, false), ("repeat+warning", false, false), ("info", false, false), ("debug", false, true),
            ("16", true, false), ("48", false, true),
        ] {
            let options = try parse("-v", level, "-i", "a.mp4", "-vf", "sepia", "o.mp4")
            XCTAssertEqual([options.quiet, options.verbose], [quiet, verbose], level)
            XCTAssertEqual(options.output, "o.mp4", level)
        }
        XCTAssertTrue(try parse("-v", "-i", "a.mp4", "-vf", "sepia", "o.mp4").verbose)
        let discarded = try parse("-i", "a.mp4", "-vf", "sepia", "-f", "null", "-")
        XCTAssertTrue(discarded.nullOutput)
        XCTAssertNil(discarded.output)
        XCTAssertEqual(discarded.inputs, ["a.mp4"])
        assertUsageError(
            ["-loglevel", "loud", "-i", "a.mp4", "-vf", "sepia", "o.mp4"],
            "-loglevel takes quiet, panic, fatal, error, warning, info, verbose, debug, trace or a number, not 'loud'")
        // A -vf with labels is FFmpeg's filtergraph of the one input, [in] its input.
        let vfGraph = try parse("-i", "a.mp4", "-vf", "[in]split[a][b];[a][b]hstack[out]", "o.mp4")
        XCTAssertEqual(vfGraph.graph, "[0]split[a][b];[a][b]hstack[out]")
        XCTAssertEqual(vfGraph.chains, [])
        XCTAssertEqual(try parse("-i", "a.mp4", "-vf", "brightness='0@0;0.3@2'", "o.mp4").graph, nil)
        assertUsageError(
            ["-i", "a.mp4", "-vf", "sepia", "-vf", "split[a][b];[a][b]hstack", "o.mp4"],
            "a -vf filtergraph (with [labels]) is the whole of the filtering: give it as the only -vf")
        // -loop 1 before a still makes it a video, as the image demuxer's option.
        let looped = try parse("-loop", "1", "-i", "logo.png", "-t", "5", "-vf", "sepia", "o.mp4")
        XCTAssertEqual(looped.inputArguments.first?.options, ["loop": "1"])
        assertUsageError(["-loop", "yes", "-i", "logo.png", "o.mp4"], "-loop takes 0 or 1, not 'yes'")
        assertUsageError(
            ["-loop", "1", "-i", "logo.png", "-vf", "sepia", "o.mp4"],
            "-loop 1 repeats the image without end: give -t, -frames:v or -shortest")
        // -s after the inputs is the output's size: FFmpeg's scale last.
        let sized = try parse("-i", "a.mp4", "-vf", "sepia", "-s", "640x480", "o.mp4")
        XCTAssertEqual(sized.chains, ["sepia"])
        XCTAssertEqual(sized.outputScale, "scale=640:480")
        XCTAssertEqual(sized.output, "o.mp4")
        XCTAssertEqual(sized.inputs, ["a.mp4"])
        XCTAssertEqual(try parse("-i", "a.mp4", "-s", "hd720", "-o", "o.mp4").outputScale, "scale=1280:720")
        XCTAssertEqual(
            try parse("-f", "rawvideo", "-s", "64x48", "-i", "raw.yuv", "-vf", "sepia", "o.mp4").inputArguments.first?
                .options, ["video_size": "64x48"])
        // -to stops where FFmpeg stops: after an input -ss the output's time
        // starts at 0, after an output -ss at the start, before -i the
        // input's time counts.
        for (arguments, duration) in [
            (["-ss", "5", "-i", "a.mp4", "-to", "10"], 10.0), (["-i", "a.mp4", "-ss", "5", "-to", "10"], 5),
            (["-to", "8", "-ss", "2", "-i", "a.mp4"], 6), (["-i", "a.mp4", "-to", "1.5"], 1.5),
        ] {
            XCTAssertEqual(try parse(arguments + ["-vf", "sepia", "o.mp4"]).duration, duration, "\(arguments)")
        }
        assertUsageError(["-i", "a.mp4", "-t", "1", "-to", "2", "o.mp4"], "-t and -to both say when to stop; give one")
        assertUsageError(["-i", "a.mp4", "-ss", "5", "-to", "3", "o.mp4"], "-to 3 is not after the start (5)")
        // -sn and -dn leave those streams out; -q:v is the quantiser (--crf).
        let trimmed = try parse("-i", "a.mp4", "-vf", "sepia", "-sn", "-dn", "-q:v", "2", "o.jpg")
        XCTAssertEqual(trimmed.maps, [try StreamMap(parsing: "-0:s?"), try StreamMap(parsing: "-0:d?")])
        XCTAssertEqual(trimmed.crf, 2)
        // -c:a copies or names the encoder, -b:a its rate, per output.
        let audio = try parse("-i", "in.mp4", "-vf", "sepia", "-c:a", "libmp3lame", "-b:a", "96k", "out.mp4")
        XCTAssertEqual(audio.audio, .reencode)
        XCTAssertEqual(audio.audioEncoder, "libmp3lame")
        XCTAssertEqual(audio.audioBitrate, 96_000)
        let resampled = try parse("-i", "in.mp4", "-vf", "sepia", "-ar", "44100", "-ac", "1", "out.mp4")
        XCTAssertEqual(resampled.audio, .reencode)
        XCTAssertEqual([resampled.audioSampleRate, resampled.audioChannels], [44100, 1])
        assertUsageError(
            ["-i", "in.mp4", "-ar", "44100", "-c:a", "copy", "out.mp4"],
            "-c:a copy keeps the audio as it is: -ar and -ac need it re-encoded")
        let copied = try parse("-i", "in.mp4", "-vf", "sepia", "-acodec", "copy", "out.mp4")
        XCTAssertEqual(copied.audio, .copy)
        XCTAssertNil(copied.audioEncoder)
        // Those with no counterpart say why.
        assertUsageError(
            ["-i", "in.mp4", "-vf", "sepia", "-vsync", "0", "out.mp4"],
            "FFmpeg's -vsync is not taken here: frames keep their times; -r converts to a constant rate")
        XCTAssertEqual(
            try parse("-i", "in.mp4", "-vf", "sepia", "-filter:a", "volume=2", "out.mp4").audioFilter?.text,
            "volume=2")
        // Those whose work differs here get ours as the hint.
        assertUsageError(
            ["-i", "in.mp4", "-vf", "sepia", "-b", "4M", "out.mp4"], "unknown option '-b'; did you mean '--bitrate'?")
    }

    /// The notes for FFmpeg's filters are for names the catalog does not
    /// have, nor spells as one of its own.
    func testTheNotesForFFmpegsFiltersNameNoFilterOfOurs() {
        for name in Array(ChainSetup.ffmpegFilters.keys) + ["format"] {
            XCTAssertNil(FilterCatalog.standard.descriptor(named: name), name)
            XCTAssertNil(FilterCatalog.ffmpegSpellings[name], name)
            XCTAssertNotNil(ChainSetup.ffmpegNote(for: name, at: 1, in: name), name)
        }
        XCTAssertEqual(
            ChainSetup.ffmpegNote(for: "format", at: 7, in: "sepia,format=pix_fmts=yuv420p|nv12,vignette"),
            "is the output's pixel format here, as -pix_fmt yuv420p: it works last in a chain or on a filtergraph's"
                + " output")
    }

    func testADoubleDashEndsTheOptions() throws {
        XCTAssertEqual(try parse("--filter", "sepia", "--", "-odd-name.mp4").input, "-odd-name.mp4")
    }

    func testUsageErrorsSayWhatIsWrongAndSuggest() {
        assertUsageError(["--fliter", "sepia", "in.mp4"], "unknown option '--fliter'; did you mean '--filter'?")
        assertUsageError(["--overwrit", "in.mp4"], "unknown option '--overwrit'; did you mean '--overwrite'?")
        assertUsageError(["--filter", "sepia", "in.mp4", "-o"], "-o needs a value (PATH)")
        assertUsageError(["--crf", "high", "-vf", "sepia", "in.mp4"], "--crf takes a whole number, not 'high'")
        assertUsageError(["--crf", "99", "-vf", "sepia", "in.mp4"], "--crf 99 is out of range; allowed 0...63")
        assertUsageError(
            ["--frames", "0", "-vf", "sepia", "in.mp4"], "--frames 0 is out of range; allowed 1...2147483647")
        assertUsageError(
            ["--start", "1:75", "-vf", "sepia", "in.mp4"], "--start takes seconds or [hh:]mm:ss[.f], not '1:75'")
        assertUsageError(
            ["--bitrate", "fast", "-vf", "sepia", "in.mp4"], "--bitrate takes a rate like 4M or 800k, not 'fast'")
        assertUsageError(
            ["--audio", "keep", "-vf", "sepia", "in.mp4"], "--audio takes copy, none or reencode, not 'keep'")
        assertUsageError(
            ["--codec", "h246", "-vf", "sepia", "in.mp4"],
            "unknown codec 'h246'; did you mean 'h264'? (one of h264, hevc, vp9, av1, mpeg4, ffv1, prores, png, mjpeg, tiff, webp, gif, bmp)"
        )
        assertUsageError(["--filter", "sepia"], "no input file given")
        // Several -i without a graph: one's video is filtered, the others
        // give streams (which has video is known once they are opened).
        XCTAssertFalse(try parse("--filter", "sepia", "-i", "a.mp4", "-i", "b.mp4").isBatch)
        XCTAssertTrue(try parse("-i", "a.mp4", "-i", "b.m4a", "-vf", "sepia", "-shortest").shortest)
        assertUsageError(
            ["-i", "a.mp4", "-i", "b.mp4", "--graph", "[0][1]hstack", "-shortest"],
            "-shortest ends a run without a graph with its shortest stream; a graph's inputs end by --end"
                + " first|shortest|longest")
        assertUsageError(
            ["-i", "a.mp4", "-i", "b.m4a", "-vf", "sepia", "--map", "2:a"],
            "--map 2:a: input 2 does not exist (the inputs are 0 to 1)")
        // Plain arguments are a batch, each input on its own.
        XCTAssertTrue(try parse("--filter", "sepia", "a.mp4", "b.mp4").isBatch)
        assertUsageError(
            ["--filter", "sepia", "a.mp4", "b.mp4", "--segment-time", "2"],
            "--segment-time is for one input; give each its own run")
        assertUsageError(["in.mp4"], "no filter given; use --filter CHAIN (see --list-filters)")
        assertUsageError(
            ["--filter", "sepia", "--null", "-o", "out.mp4", "in.mp4"],
            "--null writes no file, so it cannot go with --output")
        assertUsageError(["--quiet=yes", "-vf", "sepia", "in.mp4"], "--quiet takes no value")
        assertUsageError(["--list-filters", "extra"], "unexpected argument 'extra'")
        assertUsageError(
            ["--gallery", "sheet.png", "-vf", "sepia", "in.mp4"],
            "--gallery applies every filter itself, so it cannot go with --filter or --shader")
    }

    func testCodecNamesAndBitrates() throws {
        XCTAssertEqual(try ArgumentParser.codec("libx264"), .h264)
        XCTAssertEqual(try ArgumentParser.codec("VP9"), .vp9)
        XCTAssertEqual(try ArgumentParser.codec("prores_ks"), .prores)
        XCTAssertEqual(try ArgumentParser.bitrate("800k"), 800_000)
        XCTAssertEqual(try ArgumentParser.bitrate("1.5M"), 1_500_000)
        XCTAssertEqual(try ArgumentParser.bitrate("1500000"), 1_500_000)
        XCTAssertEqual(try ArgumentParser.time("90", option: "--start"), 90)
        XCTAssertEqual(try ArgumentParser.time("01:02:03.5", option: "--start"), 3723.5)
    }

    func testTheHelpListsEveryOptionOfTheTable() {
        let help = ArgumentParser.help
        for option in ArgumentParser.options {
            for name in option.names {
                XCTAssertTrue(help.contains(name), "\(name) is missing from --help")
            }
        }
        XCTAssertTrue(help.contains("examples:"))
        XCTAssertTrue(help.contains("Exit status"))
        // Each option's names and value end in two spaces: Scripts/slurm/submit
        // reads which options take a value from these lines (a long list of
        // names followed by one space once made it read -vf's chain as an input).
        for option in ArgumentParser.options {
            let names = option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
            XCTAssertTrue(help.contains("\n  " + names + "  "), names)
        }
        // No two options share a spelling.
        let names = ArgumentParser.options.flatMap(\.names)
        XCTAssertEqual(Set(names).count, names.count)
    }
}
