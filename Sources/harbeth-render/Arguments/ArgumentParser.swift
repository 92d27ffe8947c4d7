import Kakapos

/// A usage error: bad options. Printed as one line; exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Parses `harbeth-render`'s arguments from a table of options, so the
/// help text, the parser and the tests read from one place.
enum ArgumentParser {
    /// One option: its spellings, its value's name (nil for flags), its help
    /// and what it does to the options.
    struct Option: Sendable {
        let names: [String]
        let value: String?
        let help: String
        let apply: @Sendable (inout CommandLineOptions, String) throws -> Void
    }

    static let options: [Option] = [
        Option(
            names: ["-i", "--input"], value: "INPUT",
            help: "a file, - (stdin), pipe:N, a URL, img%03d.png or a device; repeat for a graph's inputs"
        ) {
            $0.flaggedInputs.append($0.takeInput($1, flagged: true))
        },
        Option(
            names: ["-f"], value: "FORMAT",
            help: "before an input: its format or device (mpegts, image2, lavfi, x11grab, v4l2); after: the output's"
        ) {
            guard !$1.isEmpty else { throw UsageError(message: "-f needs a format name") }
            // FFmpeg's `-f null -` after the inputs: filter, write nothing.
            if $1 == "null" && !$0.flaggedInputs.isEmpty && $0.pendingFormat == nil {
                $0.nullOutput = true
                $0.nullOutputNamePending = true
                return
            }
            if $0.pendingFormat != nil {
                throw UsageError(message: "-f is given twice before one input")
            }
            $0.pendingFormat = $1
        },
        Option(
            names: ["--format"], value: "FORMAT",
            help: "the output's container when the name has no extension: matroska, mp4, mpegts, flv, nut, ..."
        ) {
            guard !$1.isEmpty else { throw UsageError(message: "--format needs a format name") }
            $0.outputFormat = $1
        },
        Option(names: ["-framerate"], value: "RATE", help: "the next input's frame rate (image sequences, devices)") {
            let parts = $1.split(separator: "/", omittingEmptySubsequences: false).map { Double($0) }
            guard (1...2).contains(parts.count), parts.allSatisfy({ ($0 ?? 0) > 0 && $0!.isFinite }) else {
                throw UsageError(message: "-framerate takes a rate like 25 or 30000/1001, not '\($1)'")
            }
            $0.pendingInputOptions["framerate"] = $1
        },
        Option(names: ["-start_number"], value: "N", help: "the next image sequence's first number") {
            _ = try integer($1, option: "-start_number", range: 0...Int(Int32.max))
            $0.pendingInputOptions["start_number"] = $1
        },
        Option(names: ["-pattern_type"], value: "sequence|glob", help: "how the next image sequence's name matches") {
            guard ["sequence", "glob", "glob_sequence", "none"].contains($1) else {
                throw UsageError(message: "-pattern_type takes sequence or glob, not '\($1)'")
            }
            $0.pendingInputOptions["pattern_type"] = $1
        },
        Option(
            names: ["-stream_loop"], value: "N",
            help: "the next input plays N more times (-1: without end, until -t, -frames:v or -shortest)"
        ) {
            guard let count = Int($1), count >= -1 else {
                throw UsageError(message: "-stream_loop takes a count (-1 for no end), not '\($1)'")
            }
            $0.pendingInputOptions[CommandLineOptions.InputArgument.streamLoopKey] = String(count)
        },
        Option(names: ["-loop"], value: "0|1", help: "1 before a still image: it repeats, a video (with -t)") {
            guard $1 == "0" || $1 == "1" else { throw UsageError(message: "-loop takes 0 or 1, not '\($1)'") }
            $0.pendingInputOptions["loop"] = $1
        },
        Option(
            names: ["-video_size", "-s"], value: "WxH",
            help: "the next input's picture size (devices, raw video); after the inputs, the output's (scale last)"
        ) {
            let (width, height) = try videoSize($1)
            $0.pendingInputOptions["video_size"] = "\(width)x\(height)"
        },
        keyValueOption(
            ["--input-option"],
            help: "any option of the next input's demuxer, device or protocol (draw_mouse=0, listen=1)",
            into: \.pendingInputOptions),
        Option(
            names: ["--timeout"], value: "SECONDS",
            help: "an input silent this long ends (finishing what was recorded); an output blocked this long fails"
        ) {
            guard let seconds = Double($1), seconds > 0, seconds.isFinite else {
                throw UsageError(message: "--timeout takes seconds more than 0, not '\($1)'")
            }
            $0.timeout = seconds
        },
        Option(
            names: ["--segment-time"], value: "SECONDS",
            help: "write segments of this length (out_%03d.mp4), each put in place whole at a key frame"
        ) {
            guard let seconds = Double($1), seconds > 0, seconds.isFinite else {
                throw UsageError(message: "--segment-time takes seconds more than 0, not '\($1)'")
            }
            $0.segmentTime = seconds
        },
        Option(
            names: ["--drop"], value: "newest|oldest|none",
            help: "when a live input outruns the GPU: drop arriving frames (default), the oldest waiting, or none"
        ) {
            guard let policy = CommandLineOptions.DropPolicy(rawValue: $1) else {
                throw UsageError(message: "--drop takes newest, oldest or none, not '\($1)'")
            }
            $0.dropPolicy = policy
        },
        Option(
            names: ["--on-interrupt"], value: "finish|cancel",
            help: "what Ctrl-C does: finish (default for live inputs) or cancel (default for files)"
        ) {
            guard let action = CommandLineOptions.InterruptAction(rawValue: $1) else {
                throw UsageError(message: "--on-interrupt takes finish or cancel, not '\($1)'")
            }
            $0.onInterrupt = action
        },
        Option(
            names: ["--shard"], value: "K/N",
            help: "render shard K (0...N-1) of N, split at key frames, video only, timestamps kept (see join)"
        ) {
            let parts = $1.split(separator: "/")
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 0,
                index < count
            else { throw UsageError(message: "--shard takes K/N with 0 <= K < N, not '\($1)'") }
            $0.shard = .init(index: index, count: count)
        },
        Option(
            names: ["--plan-shards"], value: "N", help: "print where N shards of INPUT begin (with --json: the plan)"
        ) {
            $0.action = .planShards(try integer($1, option: "--plan-shards", range: 1...100_000))
        },
        Option(names: ["--join"], value: nil, help: "join SHARD... -o OUT: the shards stream-copied into one file") {
            options, _ in
            options.action = .join
        },
        Option(
            names: ["--audio-from"], value: "SOURCE|K",
            help:
                "for a join: the source whose audio is muxed in once; with several inputs: input K's audio and streams"
        ) {
            $0.audioFrom = $1
        },
        Option(
            names: ["--inputs"], value: "LIST.txt",
            help: "a batch: render every file the list names (one a line), each on its own"
        ) {
            $0.inputList = $1
        },
        Option(
            names: ["--keep-going"], value: nil, help: "in a batch, go on with the other inputs after one fails"
        ) { options, _ in
            options.keepGoing = true
        },
        Option(
            names: ["--graph", "-filter_complex", "-lavfi"], value: "GRAPH",
            help: "a filtergraph over the inputs, FFmpeg's syntax: '[0]sepia[a];[a][1]overlay=x=16:y=16[out]'"
        ) {
            guard $0.graph == nil else { throw UsageError(message: "--graph is given twice; write one graph") }
            $0.graph = $1
        },
        Option(
            names: ["--end"], value: "first|shortest|longest",
            help:
                "with several inputs: end with input 0, the shortest or the longest (default longest, as FFmpeg's, or a filter's shortest=1)"
        ) {
            guard let rule = SynchronizedSource.EndRule(rawValue: $1) else {
                throw UsageError(message: "--end takes first, shortest or longest, not '\($1)'")
            }
            $0.endRule = rule
        },
        Option(
            names: ["-shortest"], value: nil,
            help: "end the output with its shortest stream: the video at the audio's end, or the audio at the video's"
        ) { options, _ in
            options.shortest = true
        },
        Option(
            names: ["-vf", "--filter", "-filter:v"], value: "CHAIN",
            help: "filter chain, e.g. sepia,gaussian_blur=sigma=3; repeat to append"
        ) {
            $0.chains.append($1)
        },
        Option(
            names: ["-o", "--output"], value: "PATH",
            help:
                "a file, out%04d.png, - (stdout), pipe:N or a URL (default: <stem>.<first-filter>.<ext> beside INPUT);"
                + " once per graph output, each after its --map '[LABEL]' and its own encoder options"
        ) {
            guard !$1.isEmpty else { throw UsageError(message: "-o needs a file name, not an empty one") }
            $0.takeOutputSize()
            // Several: one per graph output, each after its --map '[LABEL]'
            // and its own encoder options.
            if $0.output == nil {
                $0.output = $1
            } else {
                $0.moreOutputs.append($1)
                $0.outputEncoders.append($0.pendingEncoder)
                $0.pendingEncoder = EncoderOverrides()
            }
        },
        Option(names: ["-y", "--overwrite"], value: nil, help: "replace an existing output file") { options, _ in
            options.overwrite = true
        },
        Option(
            names: ["--shader"], value: "FILE[:k=v...]",
            help: "append a custom GLSL or mpv user shader with parameter values"
        ) {
            $0.chains.append("shader=" + $1)
        },
        Option(
            names: ["--codec", "-c:v", "-codec:v", "-vcodec"], value: "NAME",
            help: "h264 (default; vp9 for webm, gif for .gif), hevc, vp9, av1, mpeg4, ffv1, prores, png, mjpeg"
        ) {
            let chosen = try codec($1)
            $0.setEncoder { $0.codec = chosen }
        },
        Option(
            names: ["-pix_fmt", "--pixel-format"], value: "NAME",
            help: "the encoded pixel format by FFmpeg's name (yuv420p, yuv444p10le, gray, ...); default: the"
                + " nearest to the input's that the encoder takes"
        ) {
            let name = try pixelFormat($1)
            $0.setEncoder { $0.pixelFormat = name }
        },
        Option(
            names: ["-aspect", "--aspect"], value: "RATIO",
            help: "the picture's shape to tag the output with (16:9, 4/3, 2.35), as FFmpeg's -aspect; default:"
                + " the input's, as the filters leave it"
        ) {
            let shape = try aspect($1, option: "-aspect", max: 255)
            $0.setEncoder { $0.aspect = .display(width: shape.width, height: shape.height) }
        },
        Option(names: ["--crf", "-crf"], value: "N", help: "constant rate factor (quality; lower is better)") {
            let value = try integer($1, option: "--crf", range: 0...63)
            $0.setEncoder { $0.crf = value }
        },
        Option(names: ["--preset", "-preset"], value: "NAME", help: "encoder preset, e.g. veryfast, medium") {
            options, preset in
            options.setEncoder { $0.preset = preset }
        },
        Option(names: ["--bitrate", "-b:v"], value: "RATE", help: "target bit rate, e.g. 4M, 800k") {
            let value = try bitrate($1)
            $0.setEncoder { $0.bitrate = value }
        },
        Option(names: ["--gop", "-g"], value: "N", help: "keyframe interval in frames") {
            let value = try integer($1, option: "--gop", range: 1...100_000)
            $0.setEncoder { $0.gop = value }
        },
        Option(
            names: ["--audio"], value: "copy|none|reencode", help: "audio: copy packets (default), drop, or re-encode"
        ) {
            guard let mode = AudioMode(rawValue: $1) else {
                throw UsageError(message: "--audio takes copy, none or reencode, not '\($1)'")
            }
            $0.setEncoder { $0.audio = mode }
            if mode == .copy { $0.copiesAudioAsIs = true }
        },
        Option(
            names: ["-c:a", "-acodec", "-codec:a"], value: "copy|NAME",
            help: "FFmpeg's: copy the audio (as --audio copy), or re-encode it with that encoder (aac, libopus,"
                + " libmp3lame, flac, ac3, ...)"
        ) {
            guard !$1.isEmpty else { throw UsageError(message: "-c:a needs copy or an encoder's name") }
            let name = $1
            $0.setEncoder {
                $0.audio = name == "copy" ? .copy : .reencode
                $0.audioEncoder = name == "copy" ? nil : name
            }
            if name == "copy" { $0.copiesAudioAsIs = true }
            if name == "copy", $0.audioSampleRate != nil || $0.audioChannels != nil {
                throw UsageError(message: "-c:a copy keeps the audio as it is: -ar and -ac need it re-encoded")
            }
        },
        Option(
            names: ["-af", "-filter:a"], value: "CHAIN",
            help: "FFmpeg's audio filters (libavfilter), e.g. volume=0.5,atempo=1.25: the sound is re-encoded at the"
                + " chain's rate and channels"
        ) {
            guard $0.audioFilter == nil else { throw UsageError(message: "-af is given twice; write one chain") }
            $0.audioFilter = try audioFilter($1)
        },
        Option(
            names: ["-c:s", "-scodec", "-codec:s"], value: "copy|NAME",
            help: "FFmpeg's: copy the subtitles as they are, or convert text subtitles to that encoder's (mov_text,"
                + " ass, srt, webvtt); by default they are copied or converted to what the container holds"
        ) {
            guard !$1.isEmpty else { throw UsageError(message: "-c:s needs copy or an encoder's name") }
            $0.subtitleCodec = $1
        },
        Option(names: ["-b:a", "-ab"], value: "RATE", help: "re-encoded audio's bit rate, e.g. 128k") {
            let value = try bitrate($1)
            $0.setEncoder { $0.audioBitrate = value }
        },
        Option(names: ["-ar", "-ar:a"], value: "HZ", help: "the audio's sample rate, re-encoded (44100, 48000)") {
            let value = try integer($1, option: "-ar", range: 1000...384_000)
            $0.setEncoder {
                $0.audioSampleRate = value
                if $0.audio != AudioMode.none { $0.audio = .reencode }
            }
        },
        Option(names: ["-ac", "-ac:a"], value: "N", help: "the audio's channels, re-encoded (1 mono, 2 stereo)") {
            let value = try integer($1, option: "-ac", range: 1...8)
            $0.setEncoder {
                $0.audioChannels = value
                if $0.audio != AudioMode.none { $0.audio = .reencode }
            }
        },
        keyedOption(
            ["-profile:v", "-profile", "-vprofile"], key: "profile", help: "the encoder's profile (high, main10)",
            into: \.encoderOptions),
        keyedOption(["-level", "-level:v"], key: "level", help: "the encoder's level (4.1)", into: \.encoderOptions),
        keyedOption(
            ["-tune", "-tune:v"], key: "tune", help: "the encoder's tuning (film, animation, grain)",
            into: \.encoderOptions),
        keyedOption(
            ["-maxrate", "-maxrate:v"], key: "maxrate", help: "the highest bit rate (4M)", into: \.encoderOptions),
        keyedOption(["-minrate", "-minrate:v"], key: "minrate", help: "the lowest bit rate", into: \.encoderOptions),
        keyedOption(
            ["-bufsize", "-bufsize:v"], key: "bufsize", help: "the rate control's buffer (8M)", into: \.encoderOptions),
        keyedOption(
            ["-x264-params"], key: "x264-params", help: "libx264's own options (keyint=60:bframes=2)",
            into: \.encoderOptions),
        keyedOption(["-x265-params"], key: "x265-params", help: "libx265's own options", into: \.encoderOptions),
        keyValueOption(
            ["--encoder-option"],
            help: "any option of the video encoder by FFmpeg's name (one it does not take is named in a note)",
            into: \.encoderOptions),
        keyedOption(
            ["-movflags"], key: "movflags", help: "the MP4 and MOV muxer's flags (default +faststart)",
            into: \.muxerOptions),
        keyValueOption(
            ["--muxer-option"], help: "any option of the output's muxer (one it does not take is named in a note)",
            into: \.muxerOptions),
        keyValueOption(["-metadata", "-metadata:g"], help: "a tag of the output file (title=...)", into: \.metadata),
        keepOrDropOption(
            "-map_metadata", what: "tags", help: "the input's file tags (-1: only -metadata's)",
            into: \.keepsSourceTags),
        keepOrDropOption("-map_chapters", what: "chapters", help: "the input's chapters", into: \.keepsSourceChapters),
        Option(names: ["-tag:v", "-vtag"], value: "FOURCC", help: "the video stream's FourCC (hvc1)") {
            guard $1.utf8.count == 4, $1.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                throw UsageError(message: "-tag:v takes four characters (hvc1, avc1), not '\($1)'")
            }
            $0.videoTag = $1
        },
        Option(names: ["-sn"], value: nil, help: "no subtitles (as --map -0:s?)") { options, _ in
            options.maps.append(try StreamMap(parsing: "-0:s?"))
        },
        Option(names: ["-dn"], value: nil, help: "no data streams (as --map -0:d?)") { options, _ in
            options.maps.append(try StreamMap(parsing: "-0:d?"))
        },
        Option(
            names: ["-q:v", "-qscale:v", "-qscale"], value: "N",
            help: "FFmpeg's quantiser (2 best .. 31) for mjpeg (JPEG stills) and mpeg4, as --crf"
        ) {
            let value = try integer($1, option: "-q:v", range: 1...31)
            $0.setEncoder { $0.crf = value }
        },
        keyedOption(
            ["-x264opts"], key: "x264opts", help: "libx264's options, the older way (keyint=60)", into: \.encoderOptions
        ),
        keyedOption(
            ["-update"], key: "update", help: "the image muxer's: one image, rewritten (stills do)",
            into: \.muxerOptions),
        Option(names: ["-an"], value: nil, help: "no audio (as --audio none)") { options, _ in
            options.setEncoder { $0.audio = AudioMode.none }
        },
        Option(
            names: ["--map", "-map"], value: "[-]0[:v|a|s|d|t][:N][?]",
            help: "choose streams as ffmpeg -map does (0:a:1 keeps only that audio; -0:s drops subtitles);"
                + " '[LABEL]' chooses a graph output for the -o after it"
        ) {
            if $1.hasPrefix("[") {
                guard $1.hasSuffix("]"), $1.count > 2 else {
                    throw UsageError(message: "--map '\($1)': a graph output is written [LABEL]")
                }
                let label = String($1.dropFirst().dropLast())
                if $0.graphOutput == nil { $0.graphOutput = label } else { $0.moreGraphOutputs.append(label) }
                return
            }
            do { $0.maps.append(try StreamMap(parsing: $1)) } catch let error as StreamMapError {
                throw UsageError(message: error.description)
            }
        },
        Option(
            names: ["--keep-timestamps", "-copyts"], value: nil,
            help: "keep the input's timestamps (by default the output starts at 0)"
        ) { options, _ in
            options.keepTimestamps = true
        },
        Option(names: ["--start", "-ss"], value: "TIME", help: "start at TIME (seconds, or [hh:]mm:ss[.f])") {
            $0.start = try time($1, option: "--start")
            $0.startBeforeInput = $0.flaggedInputs.isEmpty
        },
        Option(
            names: ["-to"], value: "TIME",
            help: "FFmpeg's: stop at TIME (after an input -ss, the output's time, as in FFmpeg)"
        ) {
            $0.endTime = try time($1, option: "-to")
            $0.endBeforeInput = $0.flaggedInputs.isEmpty
        },
        Option(
            names: ["--duration", "-t"], value: "TIME",
            help: "process at most TIME; in a graph's run, -t before an -i is that input's length (FFmpeg's)"
        ) {
            // The run's, unless an -i comes next (then, in a graph, that input's).
            if let earlier = $0.pendingLength { $0.duration = earlier }
            $0.pendingLength = try time($1, option: "--duration")
            if $0.pendingLength == 0 { throw UsageError(message: "--duration must be more than 0") }
        },
        Option(
            names: ["-r", "--frame-rate"], value: "RATE",
            help: "output frame rate after the filters, as FFmpeg's fps filter makes it (frames dropped or"
                + " repeated): 25, 30000/1001, 12.5, ntsc, pal, film"
        ) {
            guard $0.frameRate == nil else { throw UsageError(message: "-r is given twice; write one rate") }
            guard !$0.flaggedInputs.isEmpty || !$0.inputs.isEmpty else {
                throw UsageError(
                    message: "-r before -i is FFmpeg's input rate, which re-times the input; here -r is the"
                        + " output's rate: give it after -i")
            }
            do {
                $0.frameRate = FrameRateConversion(rate: try FrameRateConversion.rate(parsing: $1))
            } catch {
                throw UsageError(message: "-r: \(error)")
            }
        },
        Option(
            names: ["--frames", "-frames:v", "-vframes", "-frames"], value: "N", help: "process at most N video frames"
        ) {
            $0.frames = try integer($1, option: "--frames", range: 1...Int(Int32.max))
        },
        Option(names: ["--null"], value: nil, help: "filter without writing a file (for measuring)") { options, _ in
            options.nullOutput = true
        },
        Option(names: ["-q", "--quiet"], value: nil, help: "no progress line, notes or summary") { options, _ in
            options.quiet = true
        },
        Option(
            names: ["-v", "--verbose"], value: nil,
            help: "also print the device, the input, the GPU plan and FFmpeg's warnings"
        ) {
            options, _ in
            options.verbose = true
        },
        Option(
            names: ["-loglevel"], value: "LEVEL",
            help: "FFmpeg's log level (also -v LEVEL): quiet to error are -q, verbose to trace -v"
        ) {
            guard let level = LogLevel(ffmpeg: $1) else {
                throw UsageError(
                    message: "-loglevel takes quiet, panic, fatal, error, warning, info, verbose, debug, trace or a"
                        + " number, not '\($1)'")
            }
            level.apply(to: &$0)
        },
        Option(
            names: ["-hide_banner", "-nostdin", "-nostats", "-stats"], value: nil,
            help: "FFmpeg's; accepted, and change nothing here (no banner, no keys read, the progress line as ever)"
        ) { _, _ in },
        Option(names: ["-threads"], value: "N", help: "FFmpeg's codec threads; accepted, the codecs choose here") {
            guard let count = Int($1), count >= 0 else {
                throw UsageError(message: "-threads takes a count (0 for automatic), not '\($1)'")
            }
            _ = count
        },
        Option(names: ["--json"], value: nil, help: "print a JSON report as the last line of standard output") {
            options, _ in
            options.json = true
        },
        Option(names: ["--device"], value: "N|NAME", help: "GPU by index or name substring (see --list-devices)") {
            $0.device = $1
        },
        Option(
            names: ["--gallery"], value: "SHEET.png",
            help: "render a contact sheet of every filter on one frame of INPUT"
        ) {
            $0.gallery = $1
        },
        Option(names: ["--max-pixels"], value: "N", help: "refuse inputs larger than N pixels (default 67108864)") {
            $0.maxPixels = try integer($1, option: "--max-pixels", range: 1...Int(Int32.max))
        },
        Option(names: ["--strict"], value: nil, help: "fail on undecodable frames instead of skipping them") {
            options, _ in
            options.strict = true
        },
        Option(names: ["--frames-in-flight"], value: "N", help: "frames the GPU works on at once (default 3)") {
            $0.framesInFlight = try integer($1, option: "--frames-in-flight", range: 1...16)
        },
        Option(
            names: ["--frame-timeout"], value: "SECONDS",
            help: "fail the run when one frame takes longer (default 60; 0 for no limit)"
        ) {
            guard let seconds = Double($1), seconds >= 0, seconds.isFinite else {
                throw UsageError(message: "--frame-timeout takes seconds, not '\($1)'")
            }
            $0.frameTimeout = seconds
        },
        Option(names: ["--no-fusion"], value: nil, help: "run every filter in its own GPU pass") { options, _ in
            options.fusion = false
        },
        Option(names: ["--linear"], value: nil, help: "run blurs and resizes in linear light") { options, _ in
            options.linear = true
        },
        Option(names: ["--precision"], value: "half|float", help: "intermediate image precision between passes") {
            guard let precision = CommandLineOptions.Precision(rawValue: $1) else {
                throw UsageError(message: "--precision takes half or float, not '\($1)'")
            }
            $0.precision = precision
        },
        Option(
            names: ["--apply-rotation"], value: nil,
            help: "rotate the pixels upright instead of keeping the rotation tag"
        ) {
            options, _ in
            options.applyRotation = true
        },
        Option(names: ["--list-filters"], value: nil, help: "list every filter with its parameters") { options, _ in
            options.action = .listFilters
        },
        Option(names: ["--describe"], value: "FILTER", help: "describe one filter: formula, parameters, example") {
            $0.action = .describe($1)
        },
        Option(names: ["--list-devices"], value: nil, help: "list the Vulkan devices") { options, _ in
            options.action = .listDevices
        },
        Option(names: ["-h", "--help"], value: nil, help: "show this help") { options, _ in
            options.action = .help
        },
        Option(names: ["--version"], value: nil, help: "show the version") { options, _ in
            options.action = .version
        },
    ]

    /// Parses arguments (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        // `join` first is the join command, as `--join` is.
        if arguments.first == "join" { return try parse(["--join"] + arguments.dropFirst()) }
        var options = CommandLineOptions()
        var index = 0
        var positional: [CommandLineOptions.InputArgument] = []
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
                options.takeOutputSize()
                if options.nullOutputNamePending {
                    options.nullOutputNamePending = false
                    continue
                }
                // FFmpeg's way: after an -i, a bare argument names an output
                // (unless an input's -f or options wait for it); before any,
                // bare arguments are inputs (a batch).
                if !options.flaggedInputs.isEmpty && options.pendingFormat == nil
                    && options.pendingInputOptions.isEmpty
                {
                    options.bareOutputs.append(argument)
                    try run(option(named: "-o")!, &options, argument)
                } else {
                    positional.append(options.takeInput(argument))
                }
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            // --name=value is the same as --name value.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            // FFmpeg's -v takes a log level; ours alone is --verbose.
            if name == "-v", index < arguments.count, let level = LogLevel(ffmpeg: arguments[index]) {
                level.apply(to: &options)
                index += 1
                continue
            }
            guard let option = option(named: name) else {
                if let reason = ffmpegOptionsNotTaken[name] {
                    throw UsageError(message: "FFmpeg's \(name) is not taken here: \(reason)")
                }
                let suggestion =
                    (ffmpegOptionSpellings[name] ?? nearestOption(to: name)).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(suggestion)")
            }
            if option.value != nil {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError(message: "\(name) needs a value (\(option.value!))")
                    }
                    value = arguments[index]
                    index += 1
                }
                try run(option, &options, value)
            } else {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value") }
                try run(option, &options, "")
            }
        }
        options.settleEncoders()
        // A -f after the last input names the output's format.
        if let format = options.pendingFormat {
            guard options.outputFormat == nil else {
                throw UsageError(message: "-f \(format) after the inputs and --format both name the output's format")
            }
            options.outputFormat = format
            options.pendingFormat = nil
        }
        options.takeOutputSize()
        if let length = options.pendingLength {
            options.duration = length
            options.pendingLength = nil
        }
        takeInputLengths(&options)
        try takeEndTime(&options)
        if let name = options.pendingInputOptions.keys.sorted().first {
            throw UsageError(message: "the input option \(name) comes before the input it is for (-i INPUT after it)")
        }
        switch options.action {
        case .join:
            options.inputArguments = options.flaggedInputs + positional
            options.inputs = options.inputArguments.map(\.text)
            guard !options.inputs.isEmpty else { throw UsageError(message: "join needs the shards to join") }
            guard options.output != nil else { throw UsageError(message: "join needs -o OUTPUT") }
        case .planShards:
            options.inputArguments = options.flaggedInputs + positional
            options.inputs = options.inputArguments.map(\.text)
            guard options.inputs.count == 1 else { throw UsageError(message: "--plan-shards plans one input") }
            options.input = options.inputs[0]
        case .render:
            options.inputArguments = options.flaggedInputs + positional
            try takeFiltergraphFromVf(&options)
            try takeMovieSources(&options)
            try takeConcatSoundFromGraph(&options)
            try takeAudioChainFromGraph(&options)
            // In a graph an input may loop on where another ends the run,
            // which the run checks by its end rule.
            if options.duration == nil, options.frames == nil, !options.shortest, options.graph == nil {
                if options.inputArguments.contains(where: { $0.options["loop"] == "1" }) {
                    throw UsageError(message: "-loop 1 repeats the image without end: give -t, -frames:v or -shortest")
                }
                if options.inputArguments.contains(where: { $0.loops < 0 }) {
                    throw UsageError(
                        message: "-stream_loop -1 repeats the input without end: give -t, -frames:v or -shortest")
                }
            }
            if let live = options.inputArguments.first(where: { $0.loops != 0 && $0.location.isLive }) {
                throw UsageError(message: "-stream_loop repeats a file; \(live.text) is live, read once")
            }
            try checkSeveralOutputs(options)
            if options.audioFilter != nil {
                if options.copiesAudioAsIs {
                    throw UsageError(
                        message: "-af filters the sound, which -c:a copy keeps as it is; name an encoder or leave"
                            + " -c:a out")
                }
                if let live = options.inputArguments.first(where: { $0.location.isLive }) {
                    throw UsageError(
                        message: "-af filters sound read from a file; the sound of \(live.text), a live input, is"
                            + " encoded as it comes")
                }
            }
            if options.shard != nil {
                if options.inputArguments.count != 1 || options.graph != nil {
                    throw UsageError(message: "--shard renders a shard of one input, without a --graph")
                }
                if options.output == nil && !options.nullOutput {
                    throw UsageError(message: "--shard needs -o for the shard's file (e.g. shard_03.mkv)")
                }
                if options.start != nil || options.duration != nil || options.segmentTime != nil {
                    throw UsageError(
                        message:
                            "--shard chooses the frames itself; it goes without --start, --duration, --segment-time")
                }
                // Video only, with the source's timestamps: the join takes the
                // audio once and needs the shards' times to line up.
                options.keepTimestamps = true
                options.audio = .none
                if options.maps.isEmpty, let video = try? StreamMap(parsing: "0:v") { options.maps = [video] }
            }
            options.inputs = options.inputArguments.map(\.text)
            guard !options.inputs.isEmpty || options.inputList != nil else {
                throw UsageError(message: "no input file given")
            }
            if options.isBatch {
                // Several inputs without a graph: a batch, each on its own.
                if options.gallery != nil {
                    throw UsageError(message: "--gallery takes one input; a batch of inputs is for --filter")
                }
                if options.nullOutput && options.output != nil {
                    throw UsageError(message: "--null writes no file, so it cannot go with --output")
                }
                if options.chains.isEmpty && options.frameRate == nil && options.outputScale == nil {
                    throw UsageError(message: "no filter given; use --filter CHAIN (see --list-filters)")
                }
                if options.segmentTime != nil {
                    throw UsageError(message: "--segment-time is for one input; give each its own run")
                }
                options.input = options.inputs.first
                return options
            }
            if options.shortest && options.graph != nil {
                throw UsageError(
                    message: "-shortest ends a run without a graph with its shortest stream; a graph's inputs end"
                        + " by --end first|shortest|longest")
            }
            if options.graph != nil && options.outputScale != nil {
                throw UsageError(message: "-s after the inputs scales a -vf chain's output; end the --graph with scale")
            }
            if options.graph != nil && !options.chains.isEmpty {
                throw UsageError(message: "--graph and --filter do not go together; write the chain in the graph")
            }
            if options.graphOutput != nil && options.graph == nil {
                throw UsageError(message: "--map '[\(options.graphOutput!)]' chooses a graph output; give a --graph")
            }
            if let from = options.audioFrom {
                guard options.graph != nil else {
                    throw UsageError(
                        message: "--audio-from \(from) chooses among several inputs; give them with a --graph")
                }
                guard let index = Int(from), index >= 0 else {
                    throw UsageError(message: "--audio-from takes an input's number (0, 1, ...), not '\(from)'")
                }
                options.audioInput = index
            }
            if options.graph == nil, let map = options.maps.first(where: { $0.input >= options.inputs.count }) {
                let inputs =
                    options.inputs.count == 1
                    ? "there is one input, 0" : "the inputs are 0 to \(options.inputs.count - 1)"
                throw UsageError(message: "--map \(map): input \(map.input) does not exist (\(inputs))")
            }
            options.input = options.inputs[0]
            if options.json && (options.output == "-" || options.output == "pipe:1") {
                throw UsageError(
                    message: "--json prints to standard output, which -o \(options.output!) fills with the video")
            }
            let stillOutput = options.output.map {
                OutputTarget.stillExtensions.contains(PathName($0).pathExtension.lowercased())
            }
            let streamOutput = options.output.map { OutputDestination(parsing: $0).isStream }
            if options.segmentTime != nil, options.nullOutput || stillOutput == true || streamOutput == true {
                throw UsageError(message: "--segment-time writes video files; give -o with a video name (out_%03d.mp4)")
            }
            if options.nullOutput, let output = options.output {
                throw UsageError(
                    message: options.bareOutputs.contains(output)
                        ? "--null writes no file, so it cannot go with an output ('\(output)' after -i names one,"
                            + " as in FFmpeg)"
                        : "--null writes no file, so it cannot go with --output")
            }
            if options.gallery != nil {
                if options.output != nil || options.nullOutput {
                    throw UsageError(
                        message: "--gallery writes the sheet it names, so it cannot go with --output or --null")
                }
                if !options.chains.isEmpty {
                    throw UsageError(
                        message: "--gallery applies every filter itself, so it cannot go with --filter or --shader")
                }
            } else if options.chains.isEmpty && options.graph == nil && options.frameRate == nil
                && options.outputScale == nil
            {
                throw UsageError(message: "no filter given; use --filter CHAIN (see --list-filters)")
            }
        default:
            guard positional.isEmpty else {
                throw UsageError(message: "unexpected argument '\(positional[0].text)'")
            }
        }
        return options
    }

    /// Several outputs are several outputs of a graph, each chosen with its
    /// own `--map '[LABEL]'`, all encoded as the options say: files, image
    /// sequences, stills (which hold the first frame) and streams.
    private static func checkSeveralOutputs(_ options: CommandLineOptions) throws(UsageError) {
        let outputs = 1 + options.moreOutputs.count
        let labels = (options.graphOutput == nil ? 0 : 1) + options.moreGraphOutputs.count
        guard outputs > 1 || labels > 1 else { return }
        guard options.graph != nil else {
            if options.bareOutputs.count > 1 {
                let named = options.bareOutputs.map { "'\($0)'" }
                throw UsageError(
                    message: "after -i, a bare argument names an output, as in FFmpeg: "
                        + named.dropLast().joined(separator: ", ") + " and \(named.last!) are \(outputs) outputs;"
                        + " a batch gives its inputs without -i (-vf sepia a.mp4 b.mp4 -o FOLDER)")
            }
            throw UsageError(
                message: outputs > 1
                    ? "-o is given \(outputs) times; several outputs are the outputs of a --graph,"
                        + " each chosen with --map '[LABEL]' before its -o"
                    : "--map chooses \(labels) graph outputs; give a --graph")
        }
        guard options.output != nil, outputs == labels else {
            throw UsageError(
                message:
                    "\(labels) graph output(s) chosen with --map '[LABEL]' for \(options.output == nil ? 0 : outputs)"
                    + " -o path(s): give each output its own --map '[LABEL]' and -o")
        }
        if options.nullOutput { throw UsageError(message: "--null writes no file, so it cannot go with --output") }
        if options.segmentTime != nil || options.shard != nil || options.gallery != nil {
            throw UsageError(message: "several outputs go without --segment-time, --shard and --gallery")
        }
        let paths = [options.output!] + options.moreOutputs
        if let twice = paths.first(where: { path in paths.filter { $0 == path }.count > 1 }) {
            throw UsageError(message: "-o \(twice) is given for two outputs")
        }
        let chosen = [options.graphOutput!] + options.moreGraphOutputs
        if let twice = chosen.first(where: { label in chosen.filter { $0 == label }.count > 1 }) {
            throw UsageError(message: "--map '[\(twice)]' is chosen for two outputs")
        }
    }

    private static func run(_ option: Option, _ options: inout CommandLineOptions, _ value: String)
        throws(UsageError)
    {
        do {
            try option.apply(&options, value)
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(message: "\(error)")
        }
    }

    private static func option(named name: String) -> Option? {
        options.first { $0.names.contains(name) }
    }

    /// FFmpeg's -to as a duration: before the input, a time of the input,
    /// from its start (-ss); after, a time of the output, which starts at
    /// 0 after an input -ss (FFmpeg resets the timestamps) and at the start
    /// after an output -ss.
    private static func takeEndTime(_ options: inout CommandLineOptions) throws(UsageError) {
        guard let end = options.endTime else { return }
        guard options.duration == nil else { throw UsageError(message: "-t and -to both say when to stop; give one") }
        let from = options.endBeforeInput || !options.startBeforeInput ? options.start ?? 0 : 0
        guard end > from else {
            let text = { (seconds: Double) in seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)" }
            throw UsageError(message: "-to \(text(end)) is not after the start (\(text(from)))")
        }
        options.duration = end - from
    }

    /// FFmpeg's abbreviations of picture sizes (`-s hd720`).
    private static let videoSizeNames: [String: (Int, Int)] = [
        "ntsc": (720, 480), "pal": (720, 576), "qvga": (320, 240), "vga": (640, 480), "svga": (800, 600),
        "xga": (1024, 768), "wxga": (1366, 768), "hd480": (852, 480), "hd720": (1280, 720),
        "hd1080": (1920, 1080), "qhd": (960, 540), "2k": (2048, 1080), "4k": (4096, 2160), "uhd2160": (3840, 2160),
    ]

    /// A picture size from `WIDTHxHEIGHT` or FFmpeg's name for one (`hd720`).
    private static func videoSize(_ text: String) throws(UsageError) -> (Int, Int) {
        if let named = videoSizeNames[text.lowercased()] { return named }
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            throw UsageError(message: "-video_size takes WIDTHxHEIGHT or a name (hd720, vga), not '\(text)'")
        }
        return (width, height)
    }

    /// An option that sets `key` of `field` (the video encoder's or the
    /// muxer's options) to its value.
    private static func keyedOption(
        _ names: [String], key: String, help: String,
        into field: WritableKeyPath<CommandLineOptions, [String: String]> & Sendable
    ) -> Option {
        Option(names: names, value: "VALUE", help: "FFmpeg's: " + help) { $0[keyPath: field][key] = $1 }
    }

    /// FFmpeg's `-map_metadata` or `-map_chapters`: `0` keeps what the
    /// filtered video's input has (the default), `-1` none of it.
    private static func keepOrDropOption(
        _ name: String, what: String, help: String, into field: WritableKeyPath<CommandLineOptions, Bool> & Sendable
    ) -> Option {
        Option(names: [name], value: "-1|0", help: help + ": 0 the video's input's (the default), -1 none") {
            guard $1 == "-1" || $1 == "0" else {
                throw UsageError(
                    message: "\(name) takes -1 (none of the input's \(what)) or 0 (the filtered video's input's,"
                        + " the default), not '\($1)'")
            }
            $0[keyPath: field] = $1 == "0"
        }
    }

    /// An option whose `KEY=VALUE` (split at the first `=`) sets KEY in
    /// `field`.
    private static func keyValueOption(
        _ names: [String], help: String, into field: WritableKeyPath<CommandLineOptions, [String: String]> & Sendable
    ) -> Option {
        Option(names: names, value: "KEY=VALUE", help: help) {
            guard let equals = $1.firstIndex(of: "="), equals != $1.startIndex else {
                throw UsageError(message: "\(names[0]) takes KEY=VALUE, not '\($1)'")
            }
            $0[keyPath: field][String($1[..<equals])] = String($1[$1.index(after: equals)...])
        }
    }

    /// A graph's audio chain (`[0:a]volume=2[a]`) is `-af` on that input's
    /// sound, as if `--audio-from` named it; one of several inputs' sound
    /// (`[0:a][1:a]amix[a]`) or of an input's later audio stream
    /// (`[1:a:1]volume=2[a]`) is the run's mix (`audioMix`); `--map '[a]'`
    /// names its output beside the video's, for the same -o, as in FFmpeg.
    private static func takeAudioChainFromGraph(_ options: inout CommandLineOptions) throws(UsageError) {
        guard let graph = options.graph, let audio = try GraphAudioChain.taken(from: graph) else { return }
        options.graphWritten = options.graphWritten ?? graph
        guard options.audioFilter == nil else {
            throw UsageError(message: "-af and the graph's audio chain both filter the sound; give one of them")
        }
        if let from = options.audioFrom, audio.isPlain, from != String(audio.input) {
            throw UsageError(
                message: "--audio-from \(from) and the graph's audio chain, of input \(audio.input)'s sound,"
                    + " disagree; give one of them")
        }
        // A graph of sound alone leaves input 0's video as it is (FFmpeg
        // maps it beside the graph's sound).
        options.graph = audio.graph.allSatisfy(\.isWhitespace) ? "[0:v]null" : audio.graph
        // Several sounds or chains, or an input's other audio stream than
        // its first, are mixed before the run; `--audio-from` takes an
        // input's first.
        if !audio.isPlain {
            if options.concatSound != nil {
                throw UsageError(
                    message: "the graph's concat joins its inputs' sound and its audio chain makes another; give one"
                        + " of them")
            }
            if let from = options.audioFrom {
                throw UsageError(
                    message: "--audio-from \(from) and the graph's audio chain, which mixes"
                        + " \(audio.sounds.map { "[\($0.input):a:\($0.stream)]" }.joined()), disagree; give one of them"
                )
            }
            options.audioMix = audio
        } else {
            options.audioFrom = String(audio.input)
            options.audioFilter = try audioFilter(audio.filters)
        }
        guard let label = audio.label else { return }
        let mapped = options.graphOutput == label || options.moreGraphOutputs.contains(label)
        if options.graphOutput == label {
            options.graphOutput = options.moreGraphOutputs.isEmpty ? nil : options.moreGraphOutputs.removeFirst()
        }
        options.moreGraphOutputs.removeAll { $0 == label }
        // Beside stream maps (`-map 0:v -map '[a]'`), the chain's sound is
        // one more: its input's first audio stream, which -af filters.
        if mapped, audio.isPlain, options.maps.contains(where: { !$0.negative }),
            let sound = try? StreamMap(parsing: "\(audio.input):a:0")
        {
            options.maps.append(sound)
        }
    }

    /// A `-t` before an `-i` is that input's length in a graph's run, as in
    /// FFmpeg; with one input and a chain it limits the run (the same
    /// thing there), the last -t given as before.
    private static func takeInputLengths(_ options: inout CommandLineOptions) {
        guard options.graph == nil || options.action != .render else { return }
        if options.duration == nil { options.duration = options.flaggedInputs.compactMap(\.length).last }
        for index in options.flaggedInputs.indices { options.flaggedInputs[index].length = nil }
    }

    /// A concat's sound (`[0:v][0:a][1:v][1:a]concat=n=2:v=1:a=1[v][a]`)
    /// is the inputs' sound joined by the run, as if no map chose the
    /// sound; `--map '[a]'` names it beside the video's, for the same -o.
    private static func takeConcatSoundFromGraph(_ options: inout CommandLineOptions) throws(UsageError) {
        guard let graph = options.graph, let sound = try GraphConcatSound.taken(from: graph) else { return }
        options.graphWritten = options.graphWritten ?? graph
        if let from = options.audioFrom {
            throw UsageError(
                message: "--audio-from \(from) and the graph's concat, which joins its inputs' sound, disagree;"
                    + " give one of them")
        }
        options.graph = sound.graph
        options.concatSound = sound
        guard let label = sound.label else { return }
        if options.graphOutput == label {
            options.graphOutput = options.moreGraphOutputs.isEmpty ? nil : options.moreGraphOutputs.removeFirst()
        }
        options.moreGraphOutputs.removeAll { $0 == label }
    }

    /// `text` as an audio filter chain, or why it cannot be one.
    private static func audioFilter(_ text: String) throws(UsageError) -> AudioFilterChain {
        do {
            return try AudioFilterChain(text)
        } catch {
            switch error {
            case .unknownAudioFilter(_, let name):
                throw UsageError(message: "-af '\(text)': libavfilter has no filter '\(name)'")
            case .audioFilterRefused(_, let reason):
                throw UsageError(message: "-af '\(text)': \(reason)")
            default:
                throw UsageError(message: "-af '\(text)': \(error)")
            }
        }
    }

    /// FFmpeg's options that have no counterpart here, with why.
    static let ffmpegOptionsNotTaken: [String: String] = [
        "-vn": "this tool writes the filtered video; for the audio alone, use ffmpeg",
        "-vsync": "frames keep their times; -r converts to a constant rate",
        "-fps_mode": "frames keep their times; -r converts to a constant rate",
    ]

    /// FFmpeg's options whose work an option here does differently: the
    /// hint for them (those that do the same are spellings of ours).
    static let ffmpegOptionSpellings: [String: String] = [
        "-c": "--codec", "-codec": "--codec", "-b": "--bitrate",
    ]

    private static func nearestOption(to name: String) -> String? {
        nearest(to: name, among: options.flatMap(\.names).filter { $0.hasPrefix("--") })
    }

    /// The first of `candidates` nearest `text`, when it is near enough to
    /// be a typo of it: options, codecs and pixel formats are suggested so.
    static func nearest(to text: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(text, candidate)
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, text.count / 3) else { return nil }
        return best.name
    }

    static func integer(_ text: String, option: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text) else { throw UsageError(message: "\(option) takes a whole number, not '\(text)'") }
        guard range.contains(value) else {
            throw UsageError(
                message: "\(option) \(value) is out of range; allowed \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// Seconds from "12.5", "1:30" or "01:02:03.5".
    static func time(_ text: String, option: String) throws(UsageError) -> Double {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else {
            throw UsageError(message: "\(option) takes seconds or [hh:]mm:ss[.f], not '\(text)'")
        }
        var seconds = 0.0
        for (index, part) in parts.enumerated() {
            guard let value = Double(part), value >= 0, value.isFinite,
                index == parts.count - 1 || value == value.rounded()
            else {
                throw UsageError(message: "\(option) takes seconds or [hh:]mm:ss[.f], not '\(text)'")
            }
            if index > 0 && value >= 60 {
                throw UsageError(message: "\(option) takes seconds or [hh:]mm:ss[.f], not '\(text)'")
            }
            seconds = seconds * 60 + value
        }
        return seconds
    }

    /// The codec names `--codec` takes: the codec, and the encoder that provides it.
    static let codecNames: [(name: String, codec: VideoCodec)] = [
        ("h264", .h264), ("libx264", .h264), ("hevc", .hevc), ("h265", .hevc), ("libx265", .hevc), ("vp9", .vp9),
        ("libvpx-vp9", .vp9), ("av1", .av1), ("mpeg4", .mpeg4), ("ffv1", .ffv1), ("prores", .prores),
        ("prores_ks", .prores), ("png", .png), ("mjpeg", .mjpeg), ("jpeg", .mjpeg),
    ]

    static func codec(_ text: String) throws(UsageError) -> VideoCodec {
        if let match = codecNames.first(where: { $0.name == text.lowercased() }) { return match.codec }
        let suggestion = nearest(to: text, among: codecNames.map(\.name)).map { "; did you mean '\($0)'?" }
        throw UsageError(
            message:
                "unknown codec '\(text)'\(suggestion ?? "") (one of \(VideoCodec.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
    }

    /// A pixel format FFmpeg knows by this name.
    static func pixelFormat(_ text: String) throws(UsageError) -> String {
        let names = RecorderSink.pixelFormatNames
        if names.contains(text) { return text }
        let suggestion = nearest(to: text, among: names).map { "; did you mean '\($0)'?" }
        throw UsageError(message: "unknown pixel format '\(text)'\(suggestion ?? "") (see ffmpeg -pix_fmts)")
    }

    /// A shape, width to height, from `16:9`, `16/9`, `1.7778` or `2`, as
    /// FFmpeg reads one: a decimal becomes the nearest fraction whose terms
    /// are at most `max`.
    static func aspect(_ text: String, option: String, max: Int) throws(UsageError) -> SampleAspectRatio {
        guard let shape = SampleAspectRatio(parsing: text, max: max) else {
            throw UsageError(message: SampleAspectRatio.refusal(text, option: option))
        }
        return shape
    }

    /// Bits per second from "4M", "800k", "1500000".
    static func bitrate(_ text: String) throws(UsageError) -> Int {
        var digits = Substring(text)
        var scale = 1.0
        if let last = digits.last, "kKmMgG".contains(last) {
            scale = "kK".contains(last) ? 1e3 : "mM".contains(last) ? 1e6 : 1e9
            digits = digits.dropLast()
        }
        guard let value = Double(digits), value > 0, value * scale <= 1e10 else {
            throw UsageError(message: "--bitrate takes a rate like 4M or 800k, not '\(text)'")
        }
        return Int(value * scale)
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The examples `--help` shows: a command, and what it does when the
    /// command alone does not say.
    static let examples: [(command: String, what: String?)] = [
        ("harbeth-render --filter sepia in.mp4", "writes in.sepia.mp4 beside the input"),
        ("harbeth-render -vf 'gaussian_blur=sigma=3,brightness=0.1' -o out.mkv in.mov", nil),
        ("harbeth-render -vf vignette -vf 'overlay=file=logo.png:x=16:y=16' in.mp4", "filters in turn; a PNG logo"),
        ("harbeth-render -i in.mp4 -vf sepia out.mp4", "FFmpeg's order: after -i, a bare name is the output"),
        (
            "harbeth-render -ss 5 -i in.mp4 -t 10 -vf sepia -c:v libx264 -crf 20 -pix_fmt yuv420p -an out.mp4",
            "FFmpeg's spellings of the options"
        ),
        ("harbeth-render --filter sepia photo.png -o sepia.png", "stills too"),
        ("harbeth-render --filter sepia --start 2 in.mp4 -o frame.png", "one frame of a video as a still"),
        ("harbeth-render --shader grade.glsl:amount=0.3 in.mp4", "a custom GLSL shader with a parameter"),
        (
            "harbeth-render -i a.mp4 -i b.mp4 --graph '[1]resize=w=480:h=-1[p];[0][p]overlay=x=16:y=16' -o pip.mp4",
            "picture in picture"
        ),
        ("harbeth-render -i a.mp4 -i b.mp4 -filter_complex xfade=transition=wipeleft:offset=4 -o cut.mp4", nil),
        ("harbeth-render --filter sepia --null --json in.mp4", "measures without writing"),
        ("cat in.mkv | harbeth-render -vf sepia - -f matroska -o - | ffplay -", "a pipe in and out"),
        ("harbeth-render -vf sepia udp://127.0.0.1:5000 -o live.mkv", "records a stream until Ctrl-C finishes it"),
        ("harbeth-render -f x11grab -framerate 25 -video_size 1280x720 -vf vignette :0 -o screen.mkv", nil),
        ("harbeth-render -vf sepia in.mp4 -o 'frames/out%04d.png'", "every frame as an image"),
        ("harbeth-render -vf sepia a.mp4 b.mkv c.mov -o graded/", "a batch: each input on its own"),
        (
            "harbeth-render -vf sepia --shard 2/4 in.mp4 -o s2.mkv; harbeth-render join s*.mkv -o out.mkv --audio-from in.mp4",
            "one shard of four, and the join"
        ),
        ("harbeth-render --gallery sheet.png in.mp4", "every filter on one frame, as a contact sheet"),
    ]

    /// The help text, from the option table.
    static var help: String {
        var text = """
            harbeth-render: GPU video filtering (Vulkan compute shaders) in the FFmpeg family

            usage: harbeth-render [options] --filter CHAIN INPUT
                   harbeth-render -i INPUT... [options] OUTPUT...      (FFmpeg's order)
                   harbeth-render [options] --filter CHAIN INPUT... -o FOLDER/
                   harbeth-render join SHARD... -o OUTPUT [--audio-from SOURCE]
                   harbeth-render --gallery SHEET.png INPUT
                   harbeth-render --list-filters | --describe FILTER | --list-devices | --version

            examples:

            """
        for (command, what) in examples {
            text += "  " + command + "\n" + (what.map { "      " + $0 + "\n" } ?? "")
        }
        text += """

            options:

            """
        for option in options {
            var names = option.names.joined(separator: ", ")
            if let value = option.value { names += " " + value }
            // At least two spaces: Scripts/slurm/submit reads the table by them.
            let padding = String(repeating: " ", count: max(2, 30 - names.count))
            text += "  " + names + padding + option.help + "\n"
        }
        text += """

            Inputs and outputs: a file, - or pipe:N, a URL (http, tcp, udp, rtp, srt,
            rtmp in; udp, srt, tcp, rtmp out as mpegts or flv), an image sequence
            (img%03d.png), or a device with -f (x11grab :0, v4l2 /dev/video0, lavfi
            testsrc2). A file output is written beside its name and renamed into place;
            an image sequence is put in place whole when the run finishes; a pipe or
            URL output is written as it comes (there is nothing to rename), and a
            failure closes it with the error here.

            Stopping: SIGINT, SIGTERM, SIGHUP or SIGQUIT cancels a file export (nothing
            is left at the output, exit 128 + the signal: 130, 143, 129, 131) and
            finishes a live recording (a pipe, a network stream, a device): the file
            is kept if it has frames (exit 0), and a recording stopped before its first
            frame leaves nothing (exit 1). A second signal cancels. --on-interrupt
            chooses for any input.

            Exit status: 0 success, 1 failure while processing, 2 usage error. A
            failed write to standard output (--json into a closed pipe) is exit 1.
            """
        return text
    }
}
