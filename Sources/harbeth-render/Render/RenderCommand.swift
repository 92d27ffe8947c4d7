import Dispatch
import Foundation
import Kakapos

/// `harbeth-render [options] --filter CHAIN INPUT`: decodes the input,
/// runs every frame through the chain on the GPU, and encodes the result
/// (or, with `--null`, counts it). Everything that can be checked without
/// decoding is checked first: the chain, the input's existence, the files
/// the filters name, and the output path.
struct RenderCommand {
    let options: CommandLineOptions
    let console: Console
    let interrupts: Interrupts
    /// Which input's video is filtered, and the inputs that give streams
    /// beside it; for a graph, input 0 and none.
    var streamInputs = StreamInputs()

    /// What a finished run reports, whichever sink it had.
    private struct Finished {
        var frames: Int
        var duration: Double
        var codec: String?
        var audio: String?
        var notes: [String]
        var description: String
        /// With several outputs: each output's destination and description.
        var outputs: [(destination: String, description: String)] = []
    }

    func run() throws(ToolError) {
        let videoInput = streamInputs.videoInput
        let inputPath = options.inputs[videoInput]
        console.alias(inputPath)
        let resources = MediaResourceLoader(maxPixels: options.maxPixels ?? AssetSource.defaultMaxPixels)
        // A graph's filters are checked and named like a chain's; the
        // output file is named after the filter that makes the output.
        let filterGraph = try options.graph.map { text throws(ToolError) in
            try ChainSetup.parseGraph(
                text, inputs: options.inputs.count, output: options.graphOutput, resources: resources,
                shownAs: options.graphWritten)
        }
        if filterGraph != nil && options.linear {
            throw .usage(UsageError(message: "--linear applies to a chain (-vf), not to a filtergraph"))
        }
        // FFmpeg's fps first or last in a chain is a conversion of the run,
        // its format last the output's pixel format.
        var steps =
            filterGraph == nil
            ? try ChainSetup.runSteps(in: options.chain, outputScale: options.outputScale)
            : ChainSetup.RunSteps(text: "")
        // A graph's fps last on its outputs' chains: the run's rate, after the filters.
        if let filterGraph {
            steps.after = try ChainSetup.frameRate(
                of: filterGraph, outputs: [options.graphOutput] + options.moreGraphOutputs)
        }
        let graphFormat = try filterGraph.flatMap { graph throws(ToolError) in
            try ChainSetup.pixelFormat(of: graph, output: options.graphOutput)
        }
        let pixelFormat = try Self.pixelFormat(options.pixelFormat, chain: steps.pixelFormat ?? graphFormat)
        if let option = options.aspect, let chain = steps.aspect, option != chain {
            throw .usage(UsageError(message: "-aspect and the chain's setsar or setdar disagree; give one of them"))
        }
        let aspect = options.aspect ?? steps.aspect
        let userChain: FilterChain
        let namingChain: FilterChain
        if let filterGraph {
            userChain = FilterChain(filterGraph.steps.compactMap(\.filter))
            let made = try? filterGraph.output(named: options.graphOutput)
            namingChain = FilterChain(made.flatMap { filterGraph.steps[$0.step].filter }.map { [$0] } ?? [])
        } else {
            userChain = try ChainSetup.parse(
                steps.text, resources: resources, allowEmpty: !steps.isEmpty || options.frameRate != nil)
            namingChain = userChain
        }
        let locations = options.inputArguments.map(\.location)
        for (argument, location) in zip(options.inputArguments, locations) {
            console.alias(argument.text)
            if let format = argument.format, !MediaLocation.inputFormatExists(format) {
                throw .media(.unknownInputFormat(input: location.description, format: format))
            }
            if case .file(let path) = location { try Self.checkInputExists(path) }
        }
        let live = locations[videoInput].isLive
        try ChainSetup.checkFiles(of: userChain)
        // Filters report the files they read by absolute path; errors show them as given.
        for file in ChainSetup.files(of: userChain) { console.alias(file.path) }
        let output: OutputTarget? =
            options.nullOutput
            ? nil
            : try OutputTarget.plan(
                output: options.output, input: locations[videoInput],
                firstFilter: OutputTarget.nameForOutput(of: namingChain),
                overwrite: options.overwrite)
        if let output { console.alias(output.path) }
        // The graph's other outputs, each to its own -o.
        var moreTargets: [OutputTarget] = []
        for path in options.moreOutputs {
            let target = try OutputTarget.plan(
                output: path, input: locations[videoInput], firstFilter: "out", overwrite: options.overwrite)
            console.alias(target.path)
            moreTargets.append(target)
        }
        // A still output holds one frame (the first at --start) and no
        // audio; among several outputs the others go on to the end.
        let isStillOutput = output?.isStill ?? false
        let onlyStills = isStillOutput && moreTargets.allSatisfy(\.isStill)
        var recorder = try output.map { target throws(ToolError) in
            try makeRecorder(
                target, still: isStillOutput, keepRotation: !options.applyRotation, pixelFormat: pixelFormat,
                aspect: aspect)
        }
        // Each with the encoder options given for it, over the run's.
        // Each output's own format step, which -pix_fmt must agree with.
        let moreFormats = try options.moreGraphOutputs.map { label throws(ToolError) in
            try Self.pixelFormat(
                options.pixelFormat,
                chain: try filterGraph.flatMap { graph throws(ToolError) in
                    try ChainSetup.pixelFormat(of: graph, output: label)
                })
        }
        let moreRecorders = try zip(zip(moreTargets, options.outputEncoders), moreFormats).map {
            outputs, format throws(ToolError) in
            try makeRecorder(
                outputs.0, still: outputs.0.isStill, keepRotation: !options.applyRotation,
                pixelFormat: format, aspect: aspect, encoder: outputs.1)
        }
        try interrupts.check(output: output?.path)
        // With a frame-rate conversion, -frames:v counts output frames (FrameRateSource's limit).
        let converts = steps.before != nil || steps.after != nil || options.frameRate != nil
        let frameLimit = onlyStills ? 1 : converts ? nil : options.frames
        let convertedLimit = onlyStills ? 1 : options.frames
        // The device starts when a frame or a report first needs it, so a
        // chain that needs no GPU pass never starts one; first for a live
        // input, which captures from the moment it opens, and for a device
        // the user chose, which is checked before any work.
        let device = DeviceOnDemand { () throws(ToolError) in try makeRenderer(resources: resources) }
        if live || options.device != nil { _ = try device.renderer() }
        defer {
            // The process ends with _exit, so the pipeline cache is saved
            // here, after the run, rather than by the context's deinit.
            if let renderer = device.started {
                renderer.context.savePipelineCache()
                reportValidation(renderer.context)
            }
        }
        // A signal while a live input is opened (waiting for its first
        // frame) ends the wait: the run fails with nothing written.
        let opening = InputInterruption()
        interrupts.onSignal { _ in opening.stop() }
        var sources: [AssetSource] = []
        let shortestAudio = try shortestAudio()
        for (index, argument) in options.inputArguments.enumerated() where streamInputs.others[index] == nil {
            var sourceOptions = AssetSource.Options(
                delivery: locations[index].isRealTime || (locations[index].isLive && options.dropPolicy != nil)
                    ? (options.dropPolicy ?? .newest).delivery : .lossless,
                maxPixels: options.maxPixels ?? AssetSource.defaultMaxPixels, strict: options.strict,
                format: argument.format, formatOptions: argument.demuxerOptions, timeout: options.timeout)
            sourceOptions.loops = argument.loops
            // Every input starts at --start, as ffmpeg's -ss before each -i.
            sourceOptions.start = options.start
            // Its own -t, in a graph's run.
            sourceOptions.duration = argument.length
            if index == videoInput {
                sourceOptions.duration = [options.duration, shortestAudio, argument.length].compactMap { $0 }.min()
                sourceOptions.frameLimit = frameLimit
                sourceOptions.videoStreamNumber = StreamMap.videoStreamNumber(in: options.maps)
                if let shard = options.shard, case .file(let path) = locations[0] {
                    // The shard's frames, exactly, from the plan of its input.
                    do {
                        let plan = try ShardPlan.make(
                            path: path, count: shard.count, videoStreamNumber: sourceOptions.videoStreamNumber)
                        sourceOptions.range = try plan.shard(shard.index).range
                    } catch {
                        throw .media(error)
                    }
                }
            }
            if options.verbose && locations[index].isLive {
                let stop = interruptAction(live: index == 0) == .finish ? "finishes" : "cancels"
                console.note("opening \(locations[index]) (live: a signal \(stop) the recording)")
            }
            do {
                sources.append(
                    try AssetSource(location: locations[index], options: sourceOptions, interruption: opening))
            } catch {
                interrupts.onSignal { _ in }
                if case .inputStoppedBeforeFirstFrame = error, let signal = interrupts.receivedSignal {
                    throw .stoppedBeforeFirstFrame(input: locations[index].description, signal: signal)
                }
                throw .media(error)
            }
        }
        interrupts.onSignal { _ in }
        let source = sources[0]
        let others = Array(sources.dropFirst())
        // The maps against what the inputs really hold, before any work.
        do {
            _ = try StreamMap.select(
                source.metadata.streams, maps: StreamMap.maps(of: videoInput, in: options.maps),
                video: source.metadata.videoStreamIndex)
            for (index, other) in others.enumerated() {
                _ = try StreamMap.select(
                    other.metadata.streams,
                    maps: StreamMap.maps(of: index + 1, in: options.maps).filter { $0.kind != .video },
                    video: other.metadata.videoStreamIndex)
            }
        } catch {
            throw .usage(UsageError(message: error.description))
        }
        let carried = try carriedStreams(of: source)
        if filterGraph != nil {
            do {
                _ = try SynchronizedSource.streamInput(
                    maps: options.maps, streamsFrom: options.audioInput, inputCount: sources.count)
            } catch {
                if case .invalidStreamMap(let why) = error { throw .usage(UsageError(message: why)) }
                throw .media(error)
            }
        }
        // A live recording that a signal stops from here on finishes.
        if interruptAction(live: live) == .cancel { try interrupts.check(output: output?.path) }

        var chain = options.linear ? userChain.linearized() : userChain
        // A rotation the output cannot store is applied to the pixels, as
        // FFmpeg's autorotation does: a still is upright, and Matroska (to
        // which FFmpeg 5.1 writes no display matrix) gets upright frames.
        let rotation = source.metadata.rotation
        var rotationNote: String?
        if filterGraph == nil, !options.applyRotation, rotation != 0, let current = recorder, let output,
            isStillOutput || !current.storesRotation
        {
            recorder = try makeRecorder(
                output, still: isStillOutput, keepRotation: false, pixelFormat: pixelFormat, aspect: aspect)
            rotationNote =
                "rotation \(rotation) applied to the pixels: "
                + (isStillOutput
                    ? "a still has no display matrix" : "\(current.containerName) stores no display matrix")
        }
        if filterGraph == nil && (options.applyRotation || rotationNote != nil) {
            // After a deinterlacer, which reads the frames as decoded.
            let first = chain.filters.first.map { $0.readsNeighbouringFrames ? [$0] : [] } ?? []
            chain = FilterChain(
                first + (try ChainSetup.upright(rotation: rotation).filters) + chain.filters.dropFirst(first.count))
        }
        // A key on an opaque YUV video: frames with alpha where the file
        // holds it, for each output whose frames the key reaches.
        let keyed: [Bool]
        if let filterGraph {
            let withAlpha = Set(sources.indices.filter { sources[$0].metadata.layout.hasAlpha })
            keyed = ([options.graphOutput] + options.moreGraphOutputs).map { label in
                (try? filterGraph.output(named: label)).map {
                    filterGraph.makesTransparentAsWritten($0, inputsWithAlpha: withAlpha)
                } ?? false
            }
        } else {
            keyed = [chain.filters.contains(where: \.makesTransparentAsWritten)]
        }
        var alphaNotes: [String] = []
        func renderLayout(_ recorder: RecorderSink, keyed: Bool, path: String?) -> RenderOutput {
            let own = source.metadata.layout
            if keyed, own.isYUV, !own.hasAlpha {
                if let alpha = recorder.alphaLayout(for: own) { return .layout(alpha) }
                alphaNotes.append(
                    "alpha dropped\(path.map { " in \($0)" } ?? ""): \(recorder.encoderName) takes no alpha")
            }
            return .layout(recorder.preferredLayout(for: own))
        }
        let layout: RenderOutput =
            recorder.map { renderLayout($0, keyed: keyed[0], path: moreRecorders.isEmpty ? nil : output?.path) }
            ?? .sameAsSource
        // A chain that needs no GPU pass for the input's frames runs on the
        // CPU, with no device (NoPassProcessor).
        let noPass =
            filterGraph == nil && device.started == nil
            ? try? chain.formatWithoutPass(for: source.metadata.frameFormat, output: layout) : nil
        let graph: any FrameProcessor
        if noPass != nil {
            graph = NoPassProcessor(
                chain: chain, output: layout, device: device, framesInFlight: options.framesInFlight ?? 3)
        } else if let filterGraph {
            let renderer = try device.renderer()
            do {
                let layouts = zip(zip(moreRecorders, moreTargets), keyed.dropFirst()).map { outputs, keyed in
                    renderLayout(outputs.0, keyed: keyed, path: outputs.1.path)
                }
                graph = try GraphProcessor(
                    renderer: renderer, graph: filterGraph, labels: [options.graphOutput] + options.moreGraphOutputs,
                    otherInputs: others.map(\.metadata.frameFormat),
                    otherSampleAspectRatios: others.map(\.metadata.sampleAspectRatio), outputs: [layout] + layouts)
            } catch {
                throw .invalidGraph(graph: options.graphWritten ?? filterGraph.description, error: error)
            }
        } else {
            graph = GraphProcessor(renderer: try device.renderer(), chain: chain, output: layout)
        }
        let format: FrameFormat
        do {
            format = try noPass ?? graph.outputFormat(for: source.metadata.frameFormat)
        } catch let error as FilterGraphError {
            throw .invalidGraph(graph: options.graphWritten ?? filterGraph?.description ?? "", error: error)
        } catch {
            throw .chainDoesNotFit(input: inputPath, reason: "\(error)")
        }
        // The passes per frame, and the intermediate images' peak.
        var plan: (passes: [String], intermediateBytes: Int) = ([], 0)
        if noPass == nil, let processor = graph as? GraphProcessor {
            let renderer = try device.renderer()
            do {
                let summary = try renderer.summary(
                    for: processor.planNode(for: source.metadata.frameFormat), output: layout)
                plan = (summary.passes, summary.intermediateBytes)
            } catch {
                throw .renderFailed(input: inputPath, reason: "\(error)")
            }
        }
        // Several inputs run as one source, synchronised by time.
        var runSource: any FrameSource
        if let filterGraph {
            // FFmpeg's: the longest input, unless a filter's shortest says.
            let endRule =
                options.endRule ?? filterGraph.endsWithShortest.map { $0 ? .shortest : .longest } ?? .longest
            if options.duration == nil, options.frames == nil {
                try endRule.checkEnds(options.inputArguments, shownUntilTheirEnd: filterGraph.inputsShownUntilTheirEnd)
            }
            if !filterGraph.startsAfter.isEmpty, endRule != .longest {
                throw .usage(
                    UsageError(
                        message: "--end \(endRule.rawValue) would end the run before concat's later segments play: a"
                            + " graph with concat ends with its longest input (leave --end out)"))
            }
            let offsets = filterGraph.inputOffsets()
            let crossfade = try crossfade(
                for: filterGraph, sources: sources, recording: recorder != nil && !onlyStills)
            if let crossfade, options.verbose { console.note("audio: \(crossfade.summary)") }
            runSource = SynchronizedSource(
                inputs: [source] + others, offsets: (0..<(others.count + 1)).map { offsets[$0] ?? 0 },
                endRule: endRule, streamsFrom: options.audioInput, crossfade: crossfade,
                shownUntilTheirEnd: filterGraph.inputsShownUntilTheirEnd, startsAfter: filterGraph.startsAfter,
                duration: options.duration, frameLimit: frameLimit,
                estimatedFrameCount: endRule.estimatedFrames(
                    lengths: zip([source] + others, options.inputArguments).map { input, argument in
                        // Its own -t; else the file's, from --start; none where it loops.
                        let file =
                            argument.endlessLoop == nil && argument.loops == 0
                            ? input.metadata.duration.map { $0 - (options.start ?? 0) } : nil
                        return [argument.length, file].compactMap { $0 }.min()
                    }, offsets: (0..<(others.count + 1)).map { offsets[$0] ?? 0 },
                    startsAfter: filterGraph.startsAfter, shownUntilTheirEnd: filterGraph.inputsShownUntilTheirEnd,
                    frameRate: (source.metadata.averageFrameRate ?? source.metadata.realFrameRate)?.doubleValue,
                    duration: options.duration))
        } else {
            // setpts or fps first: the filters (a deinterlacer too) see the new times.
            let retimed: any FrameSource =
                steps.retiming.flatMap { retiming in
                    retiming.placement == .beforeFilters
                        ? RetimedSource(input: source, expression: retiming.expression, placement: .beforeFilters)
                        : nil
                } ?? source
            let last = steps.after == nil && options.frameRate == nil
            let converted = steps.before.map {
                FrameRateSource(
                    input: retimed, conversion: $0, placement: .beforeFilters, frameLimit: last ? convertedLimit : nil)
                    as any FrameSource
            }
            // A deinterlacer's frames carry the frames around them.
            runSource = FieldSource(input: converted ?? retimed, chain: chain) ?? converted ?? retimed
            // setpts last: the filters see each frame's own time.
            if let retiming = steps.retiming, retiming.placement == .afterFilters {
                runSource = RetimedSource(input: runSource, expression: retiming.expression, placement: .afterFilters)
            }
            if carried != nil {
                runSource = AddedStreamsSource(
                    video: runSource, videoInput: videoInput, videoStreams: source.metadata.streams,
                    videoStream: source.metadata.videoStreamIndex, others: streamInputs.others, start: options.start,
                    duration: options.duration, endsWithVideo: options.shortest)
            }
        }
        // fps last and -r: the filters' output at the new rate, each
        // repeated frame with its input's time; the last counts -frames:v.
        let after = [steps.after, options.frameRate].compactMap { $0 }
        for (index, conversion) in after.enumerated() {
            runSource = FrameRateSource(
                input: runSource, conversion: conversion, placement: .afterFilters,
                frameLimit: index == after.count - 1 ? convertedLimit : nil)
        }
        if !options.quiet, let renderer = device.started {
            for note in renderer.context.driverNotes { console.note(note) }
        }
        if options.verbose {
            if let renderer = device.started {
                let validation = renderer.context.validationLog != nil ? " (Vulkan validation on)" : ""
                console.note("device: \(renderer.context.info)\(validation)")
            } else {
                console.note("device: none started (no GPU pass)")
            }
            let conversion = source.metadata.conversion.map { ", converted \($0)" } ?? ""
            console.note(
                "input: \(inputPath): \(source.metadata.frameFormat), \(source.metadata.codecName)\(conversion)")
            if (options.applyRotation || rotationNote != nil) && source.metadata.rotation != 0 {
                console.note("rotation \(source.metadata.rotation): applied to the pixels, no rotation tag written")
            }
            let passes = plan.passes.joined(separator: " | ")
            let intermediate = String(format: "%.1f MiB", Double(plan.intermediateBytes) / 1_048_576)
            let moving = noPass != nil && chain.filters.contains(where: \.changesOverTime)
            console.note(
                moving
                    ? "plan: no GPU pass for a frame whose moving crop starts on the chroma grid, one pass for a frame"
                        + " whose crop does not -> \(format)"
                    : plan.passes.isEmpty
                        ? "plan: no GPU pass per frame (the planes are cropped where they are) -> \(format)"
                        : "plan: \(plan.passes.count) GPU pass(es) per frame: \(passes) -> \(format);"
                            + " intermediate images \(intermediate) at the peak")
        }

        let hold = HoldingProcessor.holdFrame.map { HoldingProcessor(graph, holdFrame: $0, console: console) }
        let processor: any FrameProcessor = hold ?? graph
        let started = ContinuousClock.now
        let finished: Finished
        if let recorder, let output, let segmentTime = options.segmentTime {
            let segmented: SegmentedRecorderSink
            do {
                segmented = try SegmentedRecorderSink(
                    pattern: Self.segmentPattern(output.path), segmentDuration: segmentTime, options: recorder.options)
            } catch {
                throw ToolError(recorderError: error)
            }
            let clips = try execute(
                source: runSource, primary: source, processor: processor, sink: segmented, hold: hold,
                output: output.path)
            let frames = clips.reduce(0) { $0 + $1.frameCount }
            let duration = (clips.last?.timeRange.upperBound ?? 0) - (clips.first?.timeRange.lowerBound ?? 0)
            let first = clips[0]
            finished = Finished(
                frames: frames, duration: duration, codec: first.codecName, audio: first.audio,
                notes: clips.flatMap(\.notes).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                    + clips.map { "segment \($0.url.lastPathComponent): " + Self.describe($0, still: false) },
                description: "\(clips.count) segment(s), \(first.codecName) \(first.width)x\(first.height)"
                    + " \(first.pixelFormat), \(frames) frames, " + String(format: "%.3f s", duration))
        } else if let recorder, let output, !moreRecorders.isEmpty {
            let clips = try execute(
                source: runSource, primary: source, processor: processor,
                sink: RecorderGroup([recorder] + moreRecorders),
                hold: hold, output: output.path)
            let targets = [output] + moreTargets
            finished = Finished(
                frames: clips[0].frameCount, duration: clips[0].duration, codec: clips[0].codecName,
                audio: clips[0].audio,
                notes: zip(targets, clips).flatMap { target, clip in clip.notes.map { "\(target.path): \($0)" } },
                description: "\(clips.count) outputs",
                outputs: zip(targets, clips).map { ("\($0.destination)", Self.describe($1, still: $0.isStill)) })
        } else if let recorder, let output {
            let clip = try execute(
                source: runSource, primary: source, processor: processor, sink: recorder, hold: hold,
                output: output.path)
            finished = Finished(
                frames: clip.frameCount, duration: clip.duration, codec: clip.codecName, audio: clip.audio,
                notes: clip.notes, description: Self.describe(clip, still: isStillOutput))
        } else {
            let result = try execute(
                source: runSource, primary: source, processor: processor, sink: NullSink(), hold: hold, output: nil)
            finished = Finished(
                frames: result.frameCount, duration: result.duration, codec: nil, audio: nil, notes: [],
                description: "\(result.frameCount) frames of \(result.format), "
                    + String(format: "%.3f s", result.duration))
        }
        let elapsed = (ContinuousClock.now - started).seconds

        var notes = (rotationNote.map { [$0] } ?? []) + alphaNotes + finished.notes
        let skipped = source.summary.undecodableFrames
        if skipped > 0 { notes.append("\(skipped) undecodable frame(s) skipped (--strict stops at the first)") }
        if source.summary.concealedFrames > 0 {
            notes.append("\(source.summary.concealedFrames) frame(s) decoded with concealed damage")
        }
        if source.summary.endedEarly { notes.append("the input ended before the frames it declares") }
        if let stalled = source.summary.stalledAfter {
            notes.append(
                "\(source.location) sent nothing for " + String(format: "%g", stalled)
                    + " s (--timeout): the recording was finished with what had arrived")
        }
        let dropped = source.summary.framesDroppedByPolicy
        if dropped > 0 {
            notes.append("\(dropped) frame(s) dropped: the live input was faster than the filters (--drop)")
        }
        if let signal = interrupts.receivedSignal {
            notes.append("\(Interrupts.name(of: signal)) stopped the live input; the recording was finished")
        }
        if !options.quiet {
            for note in notes { console.note("note: \(note)") }
            let speed = elapsed > 0 ? finished.duration / elapsed : 0
            let timing =
                onlyStills
                ? String(format: "in %.2f s", elapsed) : String(format: "in %.2f s (%.2fx)", elapsed, speed)
            if !finished.outputs.isEmpty {
                for (index, written) in finished.outputs.enumerated() {
                    console.note(
                        "wrote \(written.destination): \(written.description)" + (index == 0 ? " \(timing)" : ""))
                }
            } else if let output, options.segmentTime != nil {
                console.note("wrote \(Self.segmentPattern(output.path)): \(finished.description) \(timing)")
            } else if let output {
                console.note("wrote \(output.destination): \(finished.description) \(timing)")
            } else {
                console.note("null output: \(finished.description) \(timing)")
            }
        }
        if options.json {
            let renderer = device.started
            let statistics = renderer?.statistics ?? RenderStatistics()
            let cache = renderer?.context.compiler.cacheStatistics
            let report = RunReport(
                input: inputPath, output: output?.path, chain: filterGraph?.description ?? chain.description,
                frames: finished.frames,
                duration: RunReport.rounded(finished.duration), elapsedSeconds: RunReport.rounded(elapsed),
                fps: RunReport.rounded(elapsed > 0 ? Double(finished.frames) / elapsed : 0),
                speed: RunReport.rounded(elapsed > 0 ? finished.duration / elapsed : 0), width: format.width,
                height: format.height, layout: format.layout.rawValue, device: renderer?.context.info.name,
                codec: finished.codec, audio: finished.audio, gpuPassesPerFrame: plan.passes.count,
                passes: plan.passes, intermediateBytes: plan.intermediateBytes,
                decodeSeconds: RunReport.rounded(source.decodeSeconds),
                gpuSeconds: RunReport.rounded(statistics.gpuSeconds),
                uploadSeconds: RunReport.rounded(statistics.uploadSeconds),
                encodeSeconds: RunReport.rounded(recorder?.encodeSeconds ?? 0), shaderCompiles: cache?.compiles ?? 0,
                shaderCacheHits: (cache?.memoryHits ?? 0) + (cache?.diskHits ?? 0),
                shaderDiskCacheHits: cache?.diskHits ?? 0, pipelinesCreated: cache?.pipelinesCreated ?? 0,
                skippedFrames: skipped, droppedFrames: dropped, notes: notes,
                outputs: ([output] + moreTargets).compactMap { $0?.path })
            try console.output(report.jsonLine() + "\n", what: "the JSON report")
        }
    }

    // MARK: Steps

    /// The streams each input carries beside the video where other inputs
    /// give streams or `-shortest` ends them (`AddedStreamsSource`'s
    /// choice, checked before any work); nil otherwise.
    private func carriedStreams(of source: AssetSource) throws(ToolError) -> [Int: [Int]]? {
        guard options.graph == nil, !streamInputs.others.isEmpty || options.shortest else { return nil }
        return try carriedStreams(videoStreams: source.metadata.streams, videoStream: source.metadata.videoStreamIndex)
    }

    /// `AddedStreamsSource.carriedStreams` for the video input's streams;
    /// a map that names what an input lacks is a usage error.
    private func carriedStreams(videoStreams: [StreamInfo], videoStream: Int) throws(ToolError) -> [Int: [Int]] {
        do {
            return try AddedStreamsSource.carriedStreams(
                videoInput: streamInputs.videoInput, videoStreams: videoStreams, videoStream: videoStream,
                others: streamInputs.others.mapValues(\.streams), maps: options.maps)
        } catch {
            if case .invalidStreamMap(let why) = error { throw .usage(UsageError(message: why)) }
            throw .media(error)
        }
    }

    /// With `-shortest`, the seconds the shortest carried audio lasts: the
    /// video's end, decided before its input opens. A looped image with no
    /// audio that ends is refused.
    private func shortestAudio() throws(ToolError) -> Double? {
        guard options.shortest, options.graph == nil else { return nil }
        var length: Double?
        if let video = streamInputs.video {
            let videoStream = video.streams.first { $0.kind == .video && !$0.isAttachedPicture }?.index ?? 0
            let carried = try carriedStreams(videoStreams: video.streams, videoStream: videoStream)
            length = streamInputs.shortestAudio(carried: carried, start: options.start)
        }
        let loops = options.inputArguments[streamInputs.videoInput].options["loop"] == "1"
        if loops && length == nil && options.duration == nil && options.frames == nil {
            throw .usage(
                UsageError(
                    message: "-loop 1 repeats the image without end: -shortest ends it with an audio stream, and no"
                        + " input gives one that declares its length (give -t or -frames:v)"))
        }
        return length
    }

    /// The sound of the graph's one transition between two inputs that are
    /// files with sound: their audio crossfaded over its window. None when
    /// the audio is chosen otherwise (--audio-from, --map, --audio none),
    /// when nothing is recorded, or when the graph has another number of
    /// transitions.
    private func crossfade(for graph: FilterGraph, sources: [AssetSource], recording: Bool) throws(ToolError)
        -> CrossfadedAudio?
    {
        if let mix = options.audioMix {
            return try mixedSound(mix, sources: sources, recording: recording)
        }
        if let joined = try joinedSound(for: graph, sources: sources, recording: recording) { return joined }
        guard recording, options.audio != .none, options.audioInput == nil, options.maps.isEmpty,
            let order = Self.crossfadeOrder(graph.transitions(), inputs: sources.count)
        else { return nil }
        var files: [URL] = []
        for input in order.inputs {
            guard case .file(let path) = sources[input].location, sources[input].metadata.hasAudio else { return nil }
            files.append(URL(fileURLWithPath: path))
        }
        do {
            return try CrossfadedAudio(files: files, transitions: order.transitions, start: options.start)
        } catch {
            throw .media(error)
        }
    }

    /// The sound of the graph's audio chain of several inputs' sound
    /// (`[0:a][1:a]amix=inputs=2`), mixed by libavfilter before the run;
    /// nil where nothing is recorded or the run has no sound (`--audio
    /// none`). Each input it takes must be a file with that audio stream.
    private func mixedSound(_ mix: GraphAudioChain, sources: [AssetSource], recording: Bool) throws(ToolError)
        -> CrossfadedAudio?
    {
        guard recording, options.audio != .none else { return nil }
        let shownAs = mix.written
        var sounds: [(file: URL, audioStream: Int)] = []
        for sound in mix.sounds {
            guard sources.indices.contains(sound.input) else {
                throw .usage(
                    UsageError(message: "filtergraph audio chain '\(shownAs)': input \(sound.input) does not exist"))
            }
            let source = sources[sound.input]
            guard case .file(let path) = source.location else {
                throw .usage(
                    UsageError(
                        message: "filtergraph audio chain '\(shownAs)': \(source.location) is not a file: a mix reads"
                            + " each input's sound before the run"))
            }
            let audio = source.metadata.streams.filter { $0.kind == .audio }
            guard audio.indices.contains(sound.stream) else {
                throw .usage(
                    UsageError(
                        message: "filtergraph audio chain '\(shownAs)': \(path) has \(audio.count) audio"
                            + " stream\(audio.count == 1 ? "" : "s"), no [\(sound.input):a:\(sound.stream)]"))
            }
            sounds.append((URL(fileURLWithPath: path), sound.stream))
        }
        do {
            return try CrossfadedAudio(mixing: sounds, filters: mix.filters, shownAs: shownAs, start: options.start)
        } catch {
            throw .media(error)
        }
    }

    /// The sound of the graph's concat: each segment's input's sound from
    /// when its picture starts, cut where the next one's starts. Asked
    /// for (`a=1`), an input without sound is an error; otherwise it is
    /// the run's sound where nothing else chooses one (as a crossfade is)
    /// and every segment's input is a file with sound.
    private func joinedSound(for graph: FilterGraph, sources: [AssetSource], recording: Bool) throws(ToolError)
        -> CrossfadedAudio?
    {
        let asked = options.concatSound
        guard recording, options.audio != .none, let segments = graph.segments(),
            asked != nil || (options.audioInput == nil && options.maps.isEmpty)
        else { return nil }
        let inputs = asked?.inputs ?? segments.map(\.input)
        guard inputs.count == segments.count, inputs.allSatisfy({ $0 < sources.count }) else { return nil }
        var files: [URL] = []
        for (position, input) in inputs.enumerated() {
            guard case .file(let path) = sources[input].location, sources[input].metadata.hasAudio else {
                guard let asked else { return nil }
                throw .usage(
                    UsageError(
                        message: "filtergraph '\(asked.written)': [\(input):a] at column \(asked.columns[position]) is"
                            + " input \(input)'s sound, and \(sources[input].location) has none"))
            }
            files.append(URL(fileURLWithPath: path))
        }
        // A segment lasts until every input it reads has shown its video.
        var offsets: [Double] = []
        for segment in segments.dropLast() {
            var length = 0.0
            for input in segment.inputs {
                // Its own -t, where it has one: all of it where it loops.
                let argument = options.inputArguments[input]
                var seconds = argument.length ?? .infinity
                if argument.loops == 0 && argument.options["loop"] != "1" {
                    guard case .file(let path) = sources[input].location else { return nil }
                    do {
                        seconds = min(seconds, try AssetSource.videoSeconds(of: path, from: options.start))
                    } catch {
                        throw .media(error)
                    }
                }
                guard seconds.isFinite else { return nil }
                length = max(length, seconds)
            }
            offsets.append((offsets.last ?? 0) + length)
        }
        do {
            return try CrossfadedAudio(
                files: files, transitions: offsets.map { CrossfadedAudio.Transition(offset: $0, duration: 0) },
                start: options.start)
        } catch {
            throw .media(error)
        }
    }

    /// The inputs in the order their pictures show, for transitions that
    /// follow each other (each from what shows, to an input not yet shown),
    /// with each one into the next; nil for any other arrangement.
    static func crossfadeOrder(_ transitions: [FilterGraph.Transition], inputs: Int) -> (
        inputs: [Int], transitions: [CrossfadedAudio.Transition]
    )? {
        let sorted = transitions.sorted { $0.offset < $1.offset }
        guard let first = sorted.first else { return nil }
        var order = [first.from]
        for transition in sorted {
            guard order.contains(transition.from), !order.contains(transition.to), transition.to < inputs,
                transition.from < inputs
            else { return nil }
            order.append(transition.to)
        }
        return (order, sorted.map { CrossfadedAudio.Transition(offset: $0.offset, duration: $0.duration) })
    }

    /// A missing input is reported as such before the output is looked at.
    private static func checkInputExists(_ path: String) throws(ToolError) {
        var info = stat()
        if stat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR) { throw .media(.fileNotFound(path: path)) }
    }

    /// `libx264 160x120 yuv420p, 25 frames, 1.000 s, aac (copied)`; for a still, `png 160x120 rgba`.
    private static func describe(_ clip: RecordedClip, still: Bool) -> String {
        let picture = "\(clip.codecName) \(clip.width)x\(clip.height) \(clip.pixelFormat)"
        guard !still else { return picture }
        var frames = clip.frameCount == 1 ? "1 frame" : "\(clip.frameCount) frames"
        if let first = clip.images.first, let last = clip.images.last {
            frames += " as images " + PathName(first).name + (clip.images.count > 1 ? "..." + PathName(last).name : "")
        }
        return picture + ", \(frames), " + String(format: "%.3f s", clip.duration)
            + (clip.audio.map { ", \($0)" } ?? "")
    }

    /// The output's pixel format: `-pix_fmt`'s, or a chain's `format` step
    /// (FFmpeg's format filter last); the two must agree where both are given.
    private static func pixelFormat(_ option: String?, chain: String?) throws(ToolError) -> String? {
        if let option, let chain, option != chain {
            throw .usage(
                UsageError(message: "-pix_fmt \(option) and the chain's format=\(chain) disagree; give one of them"))
        }
        return option ?? chain
    }

    /// A recorder for `target` with the run's encoder options (the pixel
    /// format `pixelFormat`, the shape `aspect`), and `encoder`'s over them (an output's own,
    /// with several outputs).
    private func makeRecorder(
        _ target: OutputTarget, still: Bool, keepRotation: Bool, pixelFormat: String?, aspect: OutputAspect?,
        encoder: EncoderOverrides = EncoderOverrides()
    ) throws(ToolError) -> RecorderSink {
        var recorderOptions = RecorderSink.Options(
            codec: encoder.codec ?? options.codec, crf: encoder.crf ?? options.crf,
            preset: encoder.preset ?? options.preset, bitrate: encoder.bitrate ?? options.bitrate,
            gopSize: encoder.gop ?? options.gop, audio: still ? .none : encoder.audio ?? options.audio,
            keepRotation: keepRotation, overwrite: options.overwrite, format: options.outputFormat,
            timeout: options.timeout, pixelFormat: encoder.pixelFormat ?? pixelFormat,
            aspect: encoder.aspect ?? aspect, audioEncoder: encoder.audioEncoder ?? options.audioEncoder,
            audioBitrate: encoder.audioBitrate ?? options.audioBitrate,
            audioSampleRate: encoder.audioSampleRate ?? options.audioSampleRate,
            audioChannels: encoder.audioChannels ?? options.audioChannels)
        recorderOptions.encoderOptions = options.encoderOptions
        recorderOptions.muxerOptions = options.muxerOptions
        recorderOptions.metadata = options.metadata
        recorderOptions.keepsSourceTags = options.keepsSourceTags
        recorderOptions.keepsSourceChapters = options.keepsSourceChapters
        recorderOptions.subtitleCodec = options.subtitleCodec
        recorderOptions.audioFilter = options.audioFilter
        recorderOptions.videoTag = options.videoTag
        do {
            return try RecorderSink(destination: target.destination, options: recorderOptions)
        } catch {
            throw ToolError(recorderError: error)
        }
    }

    private func makeRenderer(resources: MediaResourceLoader) throws(ToolError) -> Renderer {
        let rendererOptions = Renderer.Options(
            framesInFlight: options.framesInFlight ?? 3, fusion: options.fusion,
            precision: options.precision == .float ? .float : .half, resources: resources)
        let contextOptions = GPUContext.Options(device: options.device.map { DeviceSelector(parsing: $0) })
        do {
            return try Renderer(options: rendererOptions, contextOptions: contextOptions)
        } catch {
            if case .deviceNotFound(let selector, let available) = error {
                throw .deviceNotFound(selector: selector, available: available)
            }
            throw .gpu(error)
        }
    }

    /// Runs the pipeline to its end: progress on a terminal, a clean cancel
    /// on SIGINT or SIGTERM, and the outcome as the sink's product or an error.
    private func execute<Sink: FrameSink>(
        source: any FrameSource, primary: AssetSource, processor: any FrameProcessor, sink: Sink,
        hold: HoldingProcessor?, output: String?
    ) throws(ToolError) -> Sink.Product {
        let progress =
            console.stderrIsTerminal && !options.quiet
            ? ProgressLine(
                console: console,
                frameRate: (primary.metadata.averageFrameRate ?? primary.metadata.realFrameRate)?.doubleValue,
                dropped: { primary.summary.framesDroppedByPolicy })
            : nil
        let verbose = options.verbose
        let console = self.console
        // The terminal callback runs on the observer queue after every
        // progress callback, so once it has run no progress line is drawn.
        let ended = DispatchSemaphore(value: 0)
        let observer = MediaPipeline<Sink>.Observer(
            progress: { update in
                progress?.update(update)
                if verbose && update.framesDone == 1 { console.note("first frame written") }
            },
            terminal: { _ in ended.signal() })
        let pipeline = MediaPipeline(
            source: source, processor: processor, sink: sink,
            options: .init(
                maxFramesInFlight: options.framesInFlight ?? 3, maps: options.maps,
                keepTimestamps: options.keepTimestamps,
                frameTimeout: options.frameTimeout.map { $0 > 0 ? Duration.seconds($0) : nil } ?? .seconds(60)),
            observer: observer)
        // A live recording's first signal finishes it (the recorder's
        // contract decides); a second one, or any signal to a file export,
        // cancels it.
        let finishes = interruptAction(live: primary.location.isLive) == .finish
        let interrupts = self.interrupts
        interrupts.onSignal { _ in
            if finishes && interrupts.signalCount == 1 {
                DispatchQueue.global().async { pipeline.finish() }
            } else {
                pipeline.cancel(reason: .callerCancelled)
            }
        }
        // SIGUSR1 / SIGUSR2 (and p on a terminal) pause and resume a recording.
        if let recorder = sink as? any PausableSink {
            interrupts.onControl { control in
                let pausing: Bool
                switch control {
                case .pause: pausing = true
                case .resume: pausing = false
                case .toggle: pausing = recorder.state == .recording
                }
                let before = recorder.state
                if pausing { recorder.pause() } else { recorder.resume() }
                guard recorder.state != before else { return }
                console.note(
                    pausing
                        ? "paused: nothing is written until SIGUSR2 (or p) resumes"
                        : "resumed: the output goes on without a gap")
            }
        }
        // q stops as Ctrl-C does; p pauses and resumes. Only when the
        // terminal is not the input.
        if !(primary.location == .pipe(0)) {
            _ = TerminalKeys.listen { key in
                switch key {
                case "q", "Q": interrupts.quitKeyPressed()
                case "p", "P": interrupts.control(.toggle)
                default: break
                }
            }
        }
        do {
            try pipeline.start()
        } catch {
            // start() has ended the pipeline; its outcome is read below.
        }
        ended.wait()
        let outcome = pipeline.wait()
        progress?.end()
        TerminalKeys.current?.restore()
        interrupts.onSignal { _ in }
        interrupts.onControl(nil)
        hold?.release()
        switch outcome {
        case .finished(let product):
            return product
        case .cancelled:
            // Only a signal cancels the pipeline.
            guard let signal = interrupts.receivedSignal else {
                throw .media(.recordingCancelled(path: output ?? "null output"))
            }
            throw .interrupted(signal: signal, output: output)
        case .failed(let error):
            throw explain(error, source: primary)
        }
    }

    /// The segments' names: the output's own number field, or `_%03d` before its extension.
    static func segmentPattern(_ path: String) -> String {
        let name = PathName(path)
        guard !MediaLocation.hasNumberPattern(name.name) else { return path }
        let stem = name.pathExtension.isEmpty ? name.name : name.stem
        let suffix = name.pathExtension.isEmpty ? "" : "." + name.pathExtension
        return PathName.joining(name.folder, stem.replacingOccurrences(of: "%", with: "%%") + "_%03d" + suffix)
    }

    /// What a stopping signal does: `--on-interrupt`, or by default finish
    /// a live recording and cancel anything else.
    func interruptAction(live: Bool) -> CommandLineOptions.InterruptAction {
        options.onInterrupt ?? (live ? .finish : .cancel)
    }

    /// A pipeline's failure as the user should read it: in terms of the
    /// input and the options that caused it.
    private func explain(_ error: MediaError, source: AssetSource) -> ToolError {
        let input = source.location.description
        switch error {
        case .processorFailed(let failure):
            return .renderFailed(input: input, reason: failure.description)
        case .processorRejectedFormat(let failure):
            return .chainDoesNotFit(input: input, reason: failure.description)
        case .deviceLost, .gpuOutOfMemory, .frameTimedOut:
            return .renderFailed(input: input, reason: error.description)
        case .noFramesWritten where source.summary.framesDelivered == 0:
            if let start = options.start, let length = source.metadata.duration, start >= length {
                return .nothingToRender(
                    input: input, reason: String(format: "--start %g is past the end (%.3f s)", start, length))
            }
            return .nothingToRender(input: input, reason: "no frame was decoded in the range asked for")
        case .outputExists, .outputAppeared, .outputNotReplaceable:
            return ToolError(recorderError: error)
        case .encoderOpenFailed:
            let given = [
                options.preset.map { "--preset \($0)" }, options.crf.map { "--crf \($0)" },
                options.bitrate.map { "--bitrate \($0)" }, options.gop.map { "--gop \($0)" },
            ].compactMap { $0 }
            return given.isEmpty ? .media(error) : .encoderRefused(error, settings: given)
        default:
            return .media(error)
        }
    }

    /// Prints the validation layer's errors and warnings (when
    /// `HARBETH_VALIDATION=1` turned it on), so they are never silent.
    private func reportValidation(_ context: GPUContext) {
        guard let log = context.validationLog else { return }
        for message in log.failures { console.note("vulkan validation: \(message)") }
    }
}
