import CFFmpeg

/// Owns one demuxer: an `AVFormatContext` opened for reading a file, a
/// pipe, a URL or a device.
///
/// @unchecked Sendable: one thread at a time reads packets from it (the
/// source's probe in `init`, then its decode thread; or the recorder's
/// audio path under its work lock). Only `watchdog` is touched from other
/// threads (a stop), and it has its own lock.
final class FFInputContext: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    /// Ends a blocking open or read: on a stop, or when nothing came for its timeout.
    let watchdog: IOWatchdog

    /// Opens `path` and reads its header (`avformat_open_input`).
    /// - Parameters:
    ///   - format: the demuxer or device to use (`-f`); nil lets FFmpeg probe.
    ///   - options: demuxer and protocol options; one that nothing took is
    ///     an error (`unusedOptions`), so a misspelt `-framerate` is not lost.
    ///   - watchdog: interrupts the open and later reads.
    init(
        path: String, format: String? = nil, options: [(String, String)] = [],
        watchdog: IOWatchdog = IOWatchdog()
    ) throws(FFInputOpenError) {
        LogRouter.install()
        FFmpegLibrary.registerNetwork()
        var inputFormat: UnsafePointer<AVInputFormat>?
        if let format {
            guard let found = FFmpegLibrary.inputFormat(named: format) else { throw .unknownFormat(format) }
            inputFormat = found
        }
        var context: UnsafeMutablePointer<AVFormatContext>? = avformat_alloc_context()
        guard let allocated = context else { throw .failed(.noMemory) }
        allocated.pointee.interrupt_callback = watchdog.callback
        let dictionary = FFDictionary(options)
        watchdog.arm()
        let code = avformat_open_input(&context, path, inputFormat, &dictionary.pointer)
        watchdog.disarm()
        // avformat_open_input frees the context itself when it fails.
        guard code >= 0, let opened = context else {
            throw watchdog.timedOut ? .timedOut : .failed(AVError(code: code))
        }
        pointer = opened
        self.watchdog = watchdog
        let unused = FFDictionary.entries(dictionary.pointer).keys.sorted()
        if !unused.isEmpty {
            // Thrown once every property is set: deinit closes the demuxer.
            let format = String(cString: opened.pointee.iformat.pointee.name)
            throw .unusedOptions(unused, format: format)
        }
    }

    /// Opens a file that was opened before (a recording's second reader of
    /// its source): any failure is the file's error.
    convenience init(path: String) throws(AVError) {
        do { try self.init(path: path, format: nil, options: []) } catch {
            switch error {
            case .failed(let error): throw error
            case .timedOut, .unknownFormat, .unusedOptions: throw .invalidArgument
            }
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&context)
    }

    /// Reads packets to learn what the header does not say. `codecOptions`
    /// go to the decoders it opens on the way (e.g. `max_pixels`).
    func findStreamInfo(codecOptions: [(String, String)]) throws(AVError) {
        let count = Int(pointer.pointee.nb_streams)
        let dictionaries = (0..<count).map { _ in FFDictionary(codecOptions) }
        var raw = dictionaries.map(\.pointer)
        watchdog.arm()
        let code = avformat_find_stream_info(pointer, &raw)
        watchdog.disarm()
        // FFmpeg may have replaced the dictionaries; hand the new ones back
        // to their owners so they are freed exactly once.
        for (dictionary, pointer) in zip(dictionaries, raw) { dictionary.pointer = pointer }
        try check(code)
    }

    var streamCount: Int { Int(pointer.pointee.nb_streams) }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        pointer.pointee.streams[index]!
    }

    /// The demuxer's name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`.
    var formatName: String { String(cString: pointer.pointee.iformat.pointee.name) }

    /// Reads the next packet; returns false at the end of the file.
    func read(into packet: FFPacket) throws(AVError) -> Bool {
        watchdog.arm()
        let code = av_read_frame(pointer, packet.pointer)
        watchdog.disarm()
        if code == AVError.eof.code { return false }
        try check(code)
        return true
    }
}

/// Owns one muxer: an `AVFormatContext` for writing and its file.
///
/// @unchecked Sendable: driven only by the recorder, under its work lock.
final class FFOutputContext: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    private var fileIsOpen = false

    /// - Parameters:
    ///   - path: the file to write.
    ///   - formatName: the muxer (`mp4`, `matroska`, ...).
    ///   - watchdog: ends a connection or write that blocks past its timeout.
    init(path: String, formatName: String, watchdog: IOWatchdog = IOWatchdog()) throws(AVError) {
        LogRouter.install()
        FFmpegLibrary.registerNetwork()
        if av_guess_format(formatName, nil, nil) == nil {
            // Not a muxer: perhaps an output device (libavdevice's `-f`).
            _ = FFLoadedLibrary.devicesRegistered
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&context, nil, formatName, path))
        guard let context else { throw .noMemory }
        pointer = context
        self.watchdog = watchdog
        context.pointee.interrupt_callback = watchdog.callback
    }

    /// Ends a blocking connect or write.
    let watchdog: IOWatchdog

    deinit {
        if fileIsOpen { avio_closep(&pointer.pointee.pb) }
        avformat_free_context(pointer)
    }

    var format: UnsafePointer<AVOutputFormat> { pointer.pointee.oformat }

    /// Bytes written to the output so far (kept once it is closed).
    private(set) var bytesWritten: Int64 = 0

    /// Points the muxer at another name before the header (an image
    /// sequence written in a temporary folder).
    func setURL(_ url: String) {
        av_freep(&pointer.pointee.url)
        pointer.pointee.url = av_strdup(url)
    }

    /// True when the muxer wants codec headers out of band (mp4, mkv, ...).
    var wantsGlobalHeader: Bool { format.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    func addStream() throws(AVError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(pointer, nil) else { throw .noMemory }
        return stream
    }

    /// Opens the file (unless the muxer writes it itself) and writes the header.
    func writeHeader(options: FFDictionary) throws(AVError) {
        watchdog.arm()
        defer { watchdog.disarm() }
        if format.pointee.flags & AVFMT_NOFILE == 0 {
            var callback = watchdog.callback
            try check(avio_open2(&pointer.pointee.pb, pointer.pointee.url, AVIO_FLAG_WRITE, &callback, nil))
            fileIsOpen = true
        }
        try check(avformat_write_header(pointer, &options.pointer))
    }

    func write(_ packet: FFPacket) throws(AVError) {
        watchdog.arm()
        defer { watchdog.disarm() }
        try check(av_interleaved_write_frame(pointer, packet.pointer))
    }

    /// Writes the trailer and closes the file; both must succeed.
    func finish() throws(AVError) {
        watchdog.arm()
        defer { watchdog.disarm() }
        let trailer = av_write_trailer(pointer)
        let close = closeFile()
        try check(trailer)
        try check(close)
    }

    /// Closes the file without a trailer (the result is thrown away).
    func abandon() { _ = closeFile() }

    private func closeFile() -> Int32 {
        guard fileIsOpen else { return 0 }
        fileIsOpen = false
        avio_flush(pointer.pointee.pb)
        bytesWritten = pointer.pointee.pb.pointee.bytes_written
        return avio_closep(&pointer.pointee.pb)
    }
}
