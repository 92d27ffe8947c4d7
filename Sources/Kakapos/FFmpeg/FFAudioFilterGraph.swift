import CFFmpeg

/// Owns one libavfilter graph of audio filters with named `abuffer`
/// inputs (`[in0]`, `[in1]`, ...) and one `abuffersink` output (`[out]`),
/// as FFmpeg's `-filter_complex` builds for audio. Frames go in per input,
/// come out of the sink; the graph is freed in deinit.
///
/// @unchecked Sendable: used by one thread at a time.
final class FFAudioFilterGraph: @unchecked Sendable {
    /// What one input's frames are.
    struct Input {
        let timeBase: AVRational
        let sampleRate: Int32
        let sampleFormat: AVSampleFormat
        let layout: AVChannelLayout
    }

    private let library: FFFilterFunctions
    private let graph: UnsafeMutablePointer<AVFilterGraph>
    private var sources: [UnsafeMutablePointer<AVFilterContext>] = []
    private var sink: UnsafeMutablePointer<AVFilterContext>?

    /// Builds `description` (FFmpeg's filtergraph syntax) between the
    /// inputs and the output, and checks that it links; `filterNotFound`
    /// when libavfilter is not installed.
    init(description: String, inputs: [Input]) throws(AVError) {
        guard let library = FFLoadedLibrary.avfilter else { throw .filterNotFound }
        self.library = library
        guard let graph = library.graphAlloc() else { throw .noMemory }
        self.graph = graph
        var open: UnsafeMutablePointer<AVFilterInOut>?
        var closed: UnsafeMutablePointer<AVFilterInOut>?
        defer {
            library.inOutFree(&open)
            library.inOutFree(&closed)
        }
        for (index, input) in inputs.enumerated() {
            let arguments =
                "time_base=\(input.timeBase.num)/\(input.timeBase.den):sample_rate=\(input.sampleRate)"
                + ":sample_fmt=\(String(validatingCString: av_get_sample_fmt_name(input.sampleFormat)) ?? "fltp")"
                + ":channel_layout=\(Self.name(of: input.layout))"
            var source: UnsafeMutablePointer<AVFilterContext>?
            try check(
                library.graphCreateFilter(
                    &source, library.filterByName("abuffer"), "in\(index)", arguments, nil, graph))
            sources.append(source!)
            // Each source is an open output of the part before the text.
            let link = library.inOutAlloc()!
            link.pointee.name = av_strdup("in\(index)")
            link.pointee.filter_ctx = source
            link.pointee.pad_idx = 0
            link.pointee.next = open
            open = link
        }
        var sinkContext: UnsafeMutablePointer<AVFilterContext>?
        try check(
            library.graphCreateFilter(&sinkContext, library.filterByName("abuffersink"), "out", nil, nil, graph))
        sink = sinkContext
        closed = library.inOutAlloc()
        closed!.pointee.name = av_strdup("out")
        closed!.pointee.filter_ctx = sinkContext
        closed!.pointee.pad_idx = 0
        closed!.pointee.next = nil
        try check(library.graphParse(graph, description, &closed, &open, nil))
        try check(library.graphConfig(graph, nil))
    }

    /// FFmpeg's name for a channel layout (`stereo`, `5.1`), as filters take it.
    static func name(of layout: AVChannelLayout) -> String {
        var layout = layout
        var name = [CChar](repeating: 0, count: 64)
        av_channel_layout_describe(&layout, &name, name.count)
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFilterGraph>? = graph
        library.graphFree(&owned)
    }

    /// Gives input `index` a frame (the graph takes its own reference), or
    /// its end when `frame` is nil.
    func push(_ frame: FFFrame?, input index: Int) throws(AVError) {
        try check(library.sourceAddFrame(sources[index], frame?.pointer, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)))
    }

    /// The next output frame into `frame`: true when one came, false when
    /// the graph needs more input first; throws `AVError.eof` at its end.
    func pull(into frame: FFFrame) throws(AVError) -> Bool {
        frame.unref()
        let code = library.sinkGetFrame(sink, frame.pointer)
        if code == cav_error_eagain() { return false }
        try check(code)
        return true
    }

    /// The output's sample rate and channel count.
    var output: (sampleRate: Int32, channels: Int32) {
        var layout = AVChannelLayout()
        _ = library.sinkChannelLayout(sink, &layout)
        defer { av_channel_layout_uninit(&layout) }
        return (library.sinkSampleRate(sink), layout.nb_channels)
    }
}
