import CFFmpeg
import Foundation

/// libavfilter and libavdevice, opened when a run first needs them rather
/// than linked.
///
/// Most runs use neither (libavfilter mixes the audio of a transition,
/// libavdevice opens capture devices), and linking them costs every
/// process about 0.1 s before `main`: the two bring about a hundred more
/// shared libraries (SDL, PulseAudio, JACK, OpenGL, ...), and each symbol
/// the Vulkan driver later resolves (lavapipe binds thousands of LLVM's)
/// is looked up through all of them. Opened with `RTLD_LOCAL`, they and
/// their dependencies stay out of the process's global scope.
///
/// The functions are FFmpeg's own, looked up by name in the library whose
/// major version matches the headers Kakapos was built with.
struct FFLoadedLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    /// Opens `name` (a soname), or nil when it is not installed.
    private init?(_ name: String) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { return nil }
        self.handle = handle
    }

    /// The function `name`, as the C function type asked for; the library
    /// is FFmpeg's, of the version the headers declare, so every name
    /// Kakapos asks for is there.
    fileprivate func function<Function>(_ name: String, as type: Function.Type = Function.self) -> Function {
        guard let symbol = dlsym(handle, name) else {
            preconditionFailure("\(name) is missing from an FFmpeg library of the headers' major version")
        }
        return unsafeBitCast(symbol, to: type)
    }

    /// libavfilter, opened once per process; nil when it is not installed.
    static let avfilter = FFLoadedLibrary("libavfilter.so.\(LIBAVFILTER_VERSION_MAJOR)").map(FFFilterFunctions.init)

    /// libavdevice's `avdevice_register_all`, called once per process;
    /// false when the library is not installed.
    static let devicesRegistered: Bool = {
        guard let library = FFLoadedLibrary("libavdevice.so.\(LIBAVDEVICE_VERSION_MAJOR)") else { return false }
        library.function("avdevice_register_all", as: (@convention(c) () -> Void).self)()
        return true
    }()
}

/// The libavfilter functions `FFAudioFilterGraph` calls, with FFmpeg's
/// signatures.
struct FFFilterFunctions: @unchecked Sendable {
    typealias Graph = UnsafeMutablePointer<AVFilterGraph>
    typealias Context = UnsafeMutablePointer<AVFilterContext>
    typealias InOut = UnsafeMutablePointer<AVFilterInOut>

    let graphAlloc: @convention(c) () -> Graph?
    let graphFree: @convention(c) (UnsafeMutablePointer<Graph?>?) -> Void
    let graphCreateFilter:
        @convention(c) (
            UnsafeMutablePointer<Context?>?, UnsafePointer<AVFilter>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafeMutableRawPointer?, Graph?
        ) -> Int32
    let graphParse:
        @convention(c) (
            Graph?, UnsafePointer<CChar>?, UnsafeMutablePointer<InOut?>?, UnsafeMutablePointer<InOut?>?,
            UnsafeMutableRawPointer?
        ) -> Int32
    let graphConfig: @convention(c) (Graph?, UnsafeMutableRawPointer?) -> Int32
    let filterByName: @convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<AVFilter>?
    let inOutAlloc: @convention(c) () -> InOut?
    let inOutFree: @convention(c) (UnsafeMutablePointer<InOut?>?) -> Void
    let sourceAddFrame: @convention(c) (Context?, UnsafeMutablePointer<AVFrame>?, Int32) -> Int32
    let sinkGetFrame: @convention(c) (Context?, UnsafeMutablePointer<AVFrame>?) -> Int32
    let sinkChannelLayout: @convention(c) (Context?, UnsafeMutablePointer<AVChannelLayout>?) -> Int32
    let sinkSampleRate: @convention(c) (Context?) -> Int32

    fileprivate init(_ library: FFLoadedLibrary) {
        graphAlloc = library.function("avfilter_graph_alloc")
        graphFree = library.function("avfilter_graph_free")
        graphCreateFilter = library.function("avfilter_graph_create_filter")
        graphParse = library.function("avfilter_graph_parse_ptr")
        graphConfig = library.function("avfilter_graph_config")
        filterByName = library.function("avfilter_get_by_name")
        inOutAlloc = library.function("avfilter_inout_alloc")
        inOutFree = library.function("avfilter_inout_free")
        sourceAddFrame = library.function("av_buffersrc_add_frame_flags")
        sinkGetFrame = library.function("av_buffersink_get_frame")
        sinkChannelLayout = library.function("av_buffersink_get_ch_layout")
        sinkSampleRate = library.function("av_buffersink_get_sample_rate")
    }
}
