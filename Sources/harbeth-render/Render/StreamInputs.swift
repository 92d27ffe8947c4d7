import Kakapos

/// Several inputs without a graph, as FFmpeg takes them: one input's video
/// is filtered and the others give streams, a song for a looped cover
/// (`-loop 1 -i cover.png -i song.m4a`) or a video's new sound (`-i
/// video.mp4 -i song.m4a --map 0:v --map 1:a`). The video is the input a
/// `--map K:v` names, else the only input that has video; the others are
/// probed for their streams, which `AddedStreamsSource` carries.
struct StreamInputs {
    /// The input whose video is filtered.
    var videoInput = 0
    /// The other inputs, probed, by number.
    var others: [Int: StreamsInput] = [:]
    /// The video input, probed, where `-shortest` needs its streams' ends.
    var video: StreamsInput?

    /// The inputs of `options` arranged as above; for a graph or a single
    /// input, the video is input 0 and there are no others.
    static func arrange(_ options: CommandLineOptions) throws(ToolError) -> StreamInputs {
        let arguments = options.inputArguments
        guard options.graph == nil, arguments.count > 1 else {
            guard options.shortest, options.graph == nil, let only = arguments.first, !only.location.isLive,
                !only.location.isImageSequence
            else { return StreamInputs() }
            return StreamInputs(video: try probe(only, options))
        }
        let mapped = Set(options.maps.filter { !$0.negative && $0.kind == .video }.map(\.input)).sorted()
        if mapped.count > 1 {
            throw .usage(
                UsageError(
                    message: "--map names the video of inputs \(Self.list(mapped.map(String.init))): one input's video"
                        + " is filtered without a graph; a --graph combines them"))
        }
        var probed: [Int: StreamsInput] = [:]
        var withVideo: [Int] = []
        for (index, argument) in arguments.enumerated() {
            let location = argument.location
            if location.isLive || location.isImageSequence {
                // Read once, or a pattern of pictures: video, not probed.
                withVideo.append(index)
                continue
            }
            let input = try probe(argument, options)
            probed[index] = input
            if input.hasVideo { withVideo.append(index) }
        }
        guard let videoInput = mapped.first ?? withVideo.first else {
            throw .usage(UsageError(message: "no input has video (\(options.inputs.joined(separator: " ")))"))
        }
        if mapped.isEmpty && withVideo.count > 1 {
            let both = withVideo.count == 2 ? "both have" : "have"
            throw .usage(
                UsageError(
                    message:
                        "inputs \(Self.list(withVideo.map(String.init))) (\(withVideo.map { options.inputs[$0] }.joined(separator: " ")))"
                        + " \(both) video: give a --graph that says how they combine, or --map K:v for the one to"
                        + " filter"))
        }
        var arranged = StreamInputs(videoInput: videoInput, video: probed[videoInput])
        for (index, argument) in arguments.enumerated() where index != videoInput {
            let name = options.inputs[index]
            guard let input = probed[index] else {
                throw .usage(
                    UsageError(
                        message: "input \(index) (\(name)) is live or a picture sequence: only the filtered video's"
                            + " input may be; another input gives streams from a file"))
            }
            if argument.format != nil || !argument.options.isEmpty {
                throw .usage(
                    UsageError(
                        message: "input \(index) (\(name)) gives streams, read again from the file as it is:"
                            + " input options (-f, -loop, ...) go with the filtered video's input"))
            }
            arranged.others[index] = input
        }
        return arranged
    }

    /// Seconds the output's shortest carried audio lasts, from where each
    /// input starts (`--start`); nil when no audio is carried or none
    /// declares its length. `carried` is `AddedStreamsSource`'s choice.
    func shortestAudio(carried: [Int: [Int]], start: Double?) -> Double? {
        var inputs = others
        if let video { inputs[videoInput] = video }
        let lengths = carried.flatMap { number, streams -> [Double] in
            guard let input = inputs[number] else { return [] }
            return streams.compactMap { index in
                guard input.streams.first(where: { $0.index == index })?.kind == .audio, let end = input.ends[index]
                else { return nil }
                return end - input.startTime - (start ?? 0)
            }
        }
        return lengths.min()
    }

    private static func probe(_ argument: CommandLineOptions.InputArgument, _ options: CommandLineOptions)
        throws(ToolError) -> StreamsInput
    {
        do {
            return try StreamsInput.probe(
                argument.location,
                options: AssetSource.Options(
                    maxPixels: options.maxPixels ?? AssetSource.defaultMaxPixels, format: argument.format,
                    formatOptions: argument.demuxerOptions, timeout: options.timeout))
        } catch {
            throw .media(error)
        }
    }

    /// "0 and 1", "0, 1 and 2".
    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
