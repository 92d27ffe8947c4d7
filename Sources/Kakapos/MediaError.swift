import Harbeth

/// What went wrong while reading, processing or writing media. Each case
/// prints as one line that names the file it is about.
public enum MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    // MARK: Opening and reading a source

    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The path names a directory, device or pipe rather than a file.
    case notARegularFile(path: String, kind: String)
    /// The file has no bytes.
    case emptyFile(path: String)
    /// The file could not be opened for reading.
    case unreadable(path: String, reason: String)
    /// The content is not a format FFmpeg recognises (whatever its extension).
    case notMediaFile(path: String)
    /// The N-th video stream asked for (`0:v:N`) is missing or is cover art.
    case noSuchVideoStream(path: String, number: Int, count: Int)
    /// The file is a media file without a video stream (e.g. audio only).
    case noVideoStream(path: String, streams: [String])
    /// The file's format was recognised but its structure ends early or is
    /// damaged (e.g. an MP4 cut off before its index).
    case truncated(path: String, detail: String)
    /// The content is of a format FFmpeg recognises, but its demuxer refused
    /// the header (e.g. a picture size beyond FFmpeg's own limits).
    case headerRefused(path: String, format: String, error: AVError)
    /// A network input could not be reached: refused, unreachable, no such host.
    case inputUnreachable(input: String, reason: String)
    /// A network stream, pipe or device sent nothing for `seconds` before its first frame.
    case inputTimedOut(input: String, seconds: Double)
    /// `format` (`-f`) names no demuxer or device this FFmpeg has.
    case unknownInputFormat(input: String, format: String)
    /// Options for the demuxer or protocol that none of them took.
    case inputOptionsNotTaken(input: String, options: [String], format: String)
    /// An image sequence's pattern matches no file.
    case noImagesMatch(pattern: String)
    /// An MP4 or MOV read as a stream (a pipe, a network stream) whose
    /// index (`moov`) comes after its data: by the time the index is read
    /// the data is gone.
    case indexAfterData(input: String)
    /// The input was stopped before its first frame came.
    case inputStoppedBeforeFirstFrame(input: String)
    /// The video stream produced no frame that could be decoded.
    case noDecodableFrames(path: String, undecodablePackets: Int)
    /// The declared picture size is over the `maxPixels` limit; refused
    /// before any frame buffer was allocated.
    case dimensionsTooLarge(path: String, width: Int, height: Int, maxPixels: Int)
    /// The declared picture size is zero or negative.
    case invalidDimensions(path: String, width: Int, height: Int)
    /// The pixel format can be neither handed over nor converted.
    case unsupportedPixelFormat(path: String, format: String)
    /// No decoder for the stream's codec is installed.
    case decoderNotFound(path: String, codec: String)
    /// A packet failed to decode and the source is strict.
    case corruptFrame(path: String, frame: Int, error: AVError)
    /// Reading or decoding failed in a way that is not one of the above.
    case readFailed(path: String, error: AVError)
    /// A generated source's setting or frame is not what it promised.
    case invalidGeneratedFrame(String)
    /// A generated source's closure threw for frame `index`.
    case generatorFailed(index: Int, reason: String)
    /// `start` was called on a source that was already started or stopped.
    case sourceAlreadyStarted(path: String)
    /// Input `index` of a run with several inputs delivered no frame, so
    /// there is nothing to show for it.
    case inputHasNoFrames(index: Int)

    // MARK: Pipeline

    /// `start()` on a pipeline that is running or has ended; build a new one.
    case pipelineAlreadyStarted(state: String)
    /// The frame processor failed on a frame; the failure keeps its error
    /// (a `RenderError` for a `GraphProcessor`).
    case processorFailed(ProcessorFailure)
    /// The frame processor refused the source's format.
    case processorRejectedFormat(ProcessorFailure)
    /// The run was cancelled (`MediaPipeline.run` when its task is cancelled).
    case cancelled
    /// A frame's processing did not end within the pipeline's frame
    /// timeout (seconds, when known): it was cancelled with
    /// `deadlineExceeded` and the run stopped.
    case frameTimedOut(seconds: Double?)
    /// A stream map names a stream the source lacks or does not parse.
    case invalidStreamMap(String)
    /// A frame-rate conversion as written (FFmpeg's `fps` arguments or
    /// `-r`) does not parse, and why.
    case invalidFrameRate(String, reason: String)
    /// The GPU device was lost; every frame in flight was discarded with
    /// the cancellation reason `deviceLost`.
    case deviceLost
    /// The GPU (or its driver) ran out of memory for a frame.
    case gpuOutOfMemory(String)

    // MARK: Recording

    /// The output extension names no container the recorder writes.
    case unsupportedContainer(path: String, pathExtension: String)
    /// A shard plan or shard that cannot be made: too few key frames, no such shard.
    case invalidShard(input: String, reason: String)
    /// Shards that do not join into the whole: a gap, an overlap, a missing
    /// or incomplete shard, or shards of different streams.
    case shardsDoNotJoin(shard: String, reason: String)
    /// A recorder group got frames with another number of outputs than it
    /// has recorders.
    case recorderGroupMismatch(outputs: Int, recorders: Int)
    /// A pipe or network output blocked longer than its timeout (an address
    /// that does not answer, a peer that stopped reading).
    case outputTimedOut(output: String, seconds: Double)
    /// A segmented recording's name has no `%d` for the segment number.
    case segmentPatternHasNoNumber(pattern: String)
    /// A segment length that is not a positive number of seconds.
    case invalidSegmentDuration(pattern: String, seconds: Double)
    /// A pipe or URL output, or a name without an extension: nothing says which container to write.
    case containerNotNamed(output: String)
    /// The container named for an output is not one the recorder writes (or not an image format for a sequence).
    case unsupportedOutputFormat(output: String, format: String)
    /// The chosen codec cannot go into the output's container.
    case codecNotSupportedByContainer(path: String, codec: String, container: String)
    /// None of the encoders for the codec is installed.
    case encoderNotFound(path: String, encoders: [String])
    /// The pixel format asked for the output (`-pix_fmt`) is not a name FFmpeg knows.
    case unknownPixelFormat(output: String, name: String)
    /// The encoder cannot take the pixel format asked for the output; `supported` are those it takes.
    case pixelFormatNotSupported(path: String, encoder: String, name: String, supported: [String])
    /// The picture's width or height does not divide by the pixel format's
    /// chroma subsampling, which the encoder needs (libx264 and 4:2:0).
    case oddSizeForSubsampling(path: String, dimension: String, pixelFormat: String, encoder: String)
    /// The encoder refused its settings.
    case encoderOpenFailed(path: String, encoder: String, error: AVError)
    /// The temporary output could not be created or its header written.
    case muxerOpenFailed(path: String, error: AVError)
    /// Writing packet `packet` (1-based, all streams) to the output failed.
    case muxWriteFailed(path: String, packet: Int, error: AVError)
    /// Encoding or flushing failed.
    case encodeFailed(path: String, encoder: String, error: AVError)
    /// Writing the trailer or closing the file failed.
    case trailerFailed(path: String, error: AVError)
    /// A write found no room: the disk or the quota is full, or the file
    /// reached the size limit (RLIMIT_FSIZE).
    case outOfSpace(path: String, error: AVError)
    /// Finishing found that no frame had been written; no file was made.
    case noFramesWritten(path: String)
    /// The recording was cancelled; no file was made.
    case recordingCancelled(path: String)
    /// The finished file is missing or empty at its final path.
    case outputMissing(path: String)
    /// Moving the finished temporary file to its final path failed.
    case renameFailed(path: String, reason: String)
    /// A file is already at the output path and the recorder may not
    /// replace it (`RecorderSink.Options.overwrite` is off).
    case outputExists(path: String)
    /// A file appeared at the output path while recording (another run to
    /// the same output, say) and the recorder may not replace it: it was
    /// left alone and this recording was discarded.
    case outputAppeared(path: String)
    /// What stands at the output path is not a regular file (a directory,
    /// a device, a named pipe, a socket): it is never replaced.
    case outputNotReplaceable(path: String, kind: String)
    /// The call is not valid in the recorder's current state.
    case recorderNotRecording(path: String, state: String)
    /// A frame's size or layout differs from the one the encoder was opened with.
    case frameFormatMismatch(path: String, expected: String, got: String)
    /// `VideoFrame.write(to:)` was given a video container's name.
    case notAStillImage(path: String, container: String)
    /// A still-image output (png, jpg) holds exactly one frame.
    case stillImageTakesOneFrame(path: String)
    /// Copying or re-encoding the audio failed.
    case audioFailed(path: String, detail: String)
    /// The subtitle codec asked for (`RecorderSink.Options.subtitleCodec`)
    /// cannot be written: no such encoder, or the container cannot hold it.
    case subtitlesRefused(path: String, detail: String)
    /// An audio filter chain (FFmpeg's `-af`) names a filter libavfilter
    /// does not have.
    case unknownAudioFilter(chain: String, name: String)
    /// An audio filter chain cannot be used: libavfilter is not installed,
    /// or the chain names nothing.
    case audioFilterRefused(chain: String, reason: String)
    /// `appendAudio` was called on a recording that did not declare audio
    /// (`SinkInput.audio`), or on a container that holds none.
    case audioNotDeclared(path: String)
    /// Interleaved samples come in whole frames: the count must be a
    /// multiple of the channel count.
    case audioSamplesNotWholeFrames(path: String, count: Int, channels: Int)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): no such file"
        case .notARegularFile(let path, let kind):
            return "\(path): is a \(kind), not a regular file"
        case .emptyFile(let path):
            return "\(path): the file is empty"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read (\(reason))"
        case .notMediaFile(let path):
            return "\(path): not a media file FFmpeg recognises"
        case .noSuchVideoStream(let path, let number, let count):
            return "\(path): has no video stream 0:v:\(number) to decode (\(count) video stream(s), "
                + "cover art not counted as video to filter)"
        case .noVideoStream(let path, let streams):
            let what = streams.isEmpty ? "no streams" : "only \(streams.joined(separator: ", "))"
            return "\(path): has no video stream (\(what))"
        case .truncated(let path, let detail):
            return "\(path): the file is truncated or damaged (\(detail))"
        case .headerRefused(let path, let format, let error):
            return "\(path): FFmpeg's \(format) demuxer refused the header (\(error))"
        case .inputUnreachable(let input, let reason):
            return "\(input): cannot be reached (\(reason))"
        case .inputTimedOut(let input, let seconds):
            return "\(input): nothing came for " + String(format: "%g", seconds) + " s (the timeout)"
        case .unknownInputFormat(let input, let format):
            return "\(input): FFmpeg has no input format or device '\(format)'"
        case .inputOptionsNotTaken(let input, let options, let format):
            return "\(input): the \(format) input takes no option \(options.joined(separator: ", "))"
        case .noImagesMatch(let pattern):
            return "\(pattern): no image file matches the pattern (numbers start at 0-4 unless -start_number says)"
        case .indexAfterData(let input):
            return "\(input): an MP4/MOV whose index (moov) comes after its data cannot be read as a stream; "
                + "give the file, or write it with -movflags +faststart"
        case .inputStoppedBeforeFirstFrame(let input):
            return "\(input): stopped before the first frame came"
        case .invalidShard(let input, let reason):
            return "\(input): \(reason)"
        case .shardsDoNotJoin(let shard, let reason):
            return "\(shard): the shards do not join: \(reason)"
        case .recorderGroupMismatch(let outputs, let recorders):
            return "the processor makes \(outputs) output(s) per frame for \(recorders) recorder(s)"
        case .outputTimedOut(let output, let seconds):
            return "\(output): the output blocked for " + String(format: "%g", seconds) + " s (the timeout)"
        case .segmentPatternHasNoNumber(let pattern):
            return "\(pattern): a segmented recording's name needs a number field, as in out_%03d.mp4"
        case .invalidSegmentDuration(let pattern, let seconds):
            return "\(pattern): a segment must be longer than 0 s, not \(seconds)"
        case .containerNotNamed(let output):
            return "\(output): no extension names the container; name one (matroska, mp4, mpegts, flv, nut, ...)"
        case .unsupportedOutputFormat(let output, let format):
            let names = Container.allCases.filter { !$0.isStillImage }.map(\.rawValue).joined(separator: ", ")
            return
                "\(output): cannot write the format '\(format)' here (video: \(names); image sequences: png, jpg, tiff, webp)"
        case .noDecodableFrames(let path, let undecodable):
            return "\(path): the video stream has no decodable frames (\(undecodable) packets failed to decode)"
        case .dimensionsTooLarge(let path, let width, let height, let maxPixels):
            return "\(path): declared size \(width)x\(height) is over the limit of \(maxPixels) pixels"
        case .invalidDimensions(let path, let width, let height):
            return "\(path): invalid declared size \(width)x\(height)"
        case .unsupportedPixelFormat(let path, let format):
            return "\(path): pixel format \(format) is not supported and cannot be converted"
        case .decoderNotFound(let path, let codec):
            return "\(path): no decoder for codec \(codec) is installed"
        case .corruptFrame(let path, let frame, let error):
            return "\(path): frame \(frame) failed to decode (\(error)); strict mode stops here"
        case .readFailed(let path, let error):
            return "\(path): reading failed (\(error))"
        case .invalidGeneratedFrame(let why):
            return "generated source: \(why)"
        case .generatorFailed(let index, let reason):
            return "generated source: frame \(index) could not be made (\(reason))"
        case .sourceAlreadyStarted(let path):
            return "\(path): the source was already started; open a new AssetSource"
        case .inputHasNoFrames(let index):
            return "input \(index) delivered no frame"
        case .pipelineAlreadyStarted(let state):
            return "the pipeline is \(state) and cannot start again; build a new pipeline, processor and sink"
        case .processorFailed(let why):
            return "the frame processor failed: \(why)"
        case .processorRejectedFormat(let why):
            return "the frame processor refused the source format: \(why)"
        case .cancelled:
            return "the run was cancelled"
        case .frameTimedOut(let seconds):
            let limit = seconds.map { String(format: " (%g s)", $0) } ?? ""
            return "a frame took longer than the frame timeout\(limit) to process; the run was stopped "
                + "(a filter or shader that never finishes?)"
        case .invalidFrameRate(let text, let reason):
            return "frame rate '\(text)': \(reason)"
        case .invalidStreamMap(let why):
            return why
        case .deviceLost:
            return "the GPU device was lost; the frames in flight were discarded"
        case .gpuOutOfMemory(let why):
            return why
        case .unsupportedContainer(let path, let pathExtension):
            let choices = "(use mp4, mov, mkv, webm, avi, gif, png, jpg, tiff, webp or bmp)"
            if pathExtension.isEmpty {
                return "\(path): the name has no extension to choose the container by \(choices)"
            }
            return "\(path): no container for extension '\(pathExtension)' \(choices)"
        case .codecNotSupportedByContainer(let path, let codec, let container):
            return "\(path): \(codec) cannot be stored in \(container)"
        case .encoderNotFound(let path, let encoders):
            return "\(path): no encoder installed among \(encoders.joined(separator: ", "))"
        case .unknownPixelFormat(let output, let name):
            return "\(output): unknown pixel format '\(name)' (see ffmpeg -pix_fmts)"
        case .pixelFormatNotSupported(let path, let encoder, let name, let supported):
            return "\(path): \(encoder) cannot take pixel format \(name); it takes \(supported.joined(separator: ", "))"
        case .encoderOpenFailed(let path, let encoder, let error):
            return "\(path): encoder \(encoder) failed to open (\(error))"
        case .muxerOpenFailed(let path, let error):
            return "\(path): could not start writing the output (\(error))"
        case .muxWriteFailed(let path, let packet, let error):
            return "\(path): writing packet \(packet) failed (\(error))"
        case .encodeFailed(let path, let encoder, let error):
            return "\(path): encoder \(encoder) failed (\(error))"
        case .trailerFailed(let path, let error):
            return "\(path): finishing the file failed (\(error))"
        case .outOfSpace(let path, let error):
            return "\(path): no room to write the output (\(error)): the disk is full or a file size limit was reached"
        case .noFramesWritten(let path):
            return "\(path): no frames were written, so no file was made"
        case .recordingCancelled(let path):
            return "\(path): the recording was cancelled, so no file was made"
        case .outputMissing(let path):
            return "\(path): the finished file is missing or empty"
        case .renameFailed(let path, let reason):
            return "\(path): could not move the finished file into place (\(reason))"
        case .oddSizeForSubsampling(let path, let dimension, let pixelFormat, let encoder):
            return "\(path): \(dimension) is odd; \(pixelFormat) needs even sizes for \(encoder) "
                + "(pad or crop, or use --codec ffv1)"
        case .outputExists(let path):
            return "\(path): already exists; the recorder replaces a file only with overwrite on"
        case .outputAppeared(let path):
            return "\(path): a file appeared there while recording (another run?); "
                + "it was left as it is and this recording was discarded"
        case .outputNotReplaceable(let path, let kind):
            return "\(path): is a \(kind), not a regular file; only a regular file is ever replaced"
        case .recorderNotRecording(let path, let state):
            return "\(path): the recorder is \(state), not recording"
        case .frameFormatMismatch(let path, let expected, let got):
            return "\(path): frame is \(got) but the encoder was opened for \(expected)"
        case .notAStillImage(let path, let container):
            return "\(path): \(container) is a video container; a still is written as png, jpg, tiff or webp"
        case .stillImageTakesOneFrame(let path):
            return "\(path): a still image holds one frame; limit the source to one frame"
        case .audioFailed(let path, let detail):
            return "\(path): audio failed (\(detail))"
        case .subtitlesRefused(let path, let detail):
            return "\(path): subtitles refused (\(detail))"
        case .unknownAudioFilter(let chain, let name):
            return "audio filter chain '\(chain)': libavfilter has no filter '\(name)'"
        case .audioFilterRefused(let chain, let reason):
            return "audio filter chain '\(chain)': \(reason)"
        case .audioNotDeclared(let path):
            return "\(path): audio samples were appended but the recording began without an audio format"
        case .audioSamplesNotWholeFrames(let path, let count, let channels):
            return "\(path): \(count) samples are not whole frames of \(channels) interleaved channels"
        }
    }
}

/// A frame processor's own error, carried through the pipeline unchanged:
/// `error` is what the processor threw (a `RenderError` from a
/// `GraphProcessor`'s renderer, say), so a caller can switch on it.
public struct ProcessorFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the processor threw.
    public let error: any Error

    /// Wraps the error a processor threw, unchanged.
    public init(_ error: any Error) { self.error = error }

    /// The renderer's error, when a renderer failed.
    public var renderError: RenderError? { error as? RenderError }

    public var description: String { "\(error)" }

    /// Equal when they are errors of one type that print the same.
    public static func == (lhs: ProcessorFailure, rhs: ProcessorFailure) -> Bool {
        type(of: lhs.error) == type(of: rhs.error) && lhs.description == rhs.description
    }
}
