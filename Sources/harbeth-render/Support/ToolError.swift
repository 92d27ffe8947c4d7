import Foundation
import Kakapos

/// Why `harbeth-render` stopped without doing what it was asked. Each case
/// prints as one line that names the file (or option) it is about and, where
/// one helps, a hint; each has its exit status.
enum ToolError: Error, CustomStringConvertible {
    /// The arguments are wrong in form: an unknown option, a missing value,
    /// a number out of range (exit 2).
    case usage(UsageError)
    /// The filter chain text does not parse against the catalog (exit 2).
    case invalidChain(chain: String, error: FilterChainError)
    /// The chain does not parse where it is written as FFmpeg's: a filter
    /// the catalog does not have (`format` is `-pix_fmt` here); `hint` says
    /// what to write here (exit 2). In a filtergraph (`inGraph`), `chain`
    /// is the graph's text.
    case ffmpegForm(chain: String, error: FilterChainError, hint: String, inGraph: Bool = false)
    /// The filtergraph does not parse or does not fit the inputs.
    case invalidGraph(graph: String, error: FilterGraphError)
    /// The chain parsed but has no filters (exit 2).
    case emptyChain
    /// `--describe` names no filter (exit 2).
    case unknownFilter(name: String, suggestion: String?)
    /// `--device` matches no Vulkan device (exit 2).
    case deviceNotFound(selector: String, available: [String])
    /// The output's extension or codec cannot be written (exit 2).
    case unwritableFormat(MediaError)
    /// Something is already at the output path and `-y` was not given (exit 1).
    case outputExists(path: String)
    /// The output path names the input file itself, directly or through a
    /// link (exit 1).
    case outputIsInput(output: String, input: String)
    /// The output path is a directory (exit 1).
    case outputIsDirectory(path: String)
    /// The output path is a device, a named pipe or a socket, which is
    /// never replaced (exit 1).
    case outputIsSpecial(path: String, kind: String)
    /// A file appeared at the output path while rendering (another run to
    /// the same output) and `-y` was not given: it was left alone (exit 1).
    case outputAppeared(path: String)
    /// A pipe, URL or device input has no file name to name the output after (exit 2).
    case outputNeedsName(input: String)
    /// The folder the output would go in does not exist (exit 1).
    case outputFolderMissing(path: String, folder: String)
    /// The folder the output would go in cannot be written (exit 1).
    case outputFolderNotWritable(path: String, folder: String, reason: String)
    /// A file a filter parameter names is missing or not a file (exit 1).
    case resourceUnavailable(path: String, filter: String, parameter: String, reason: String)
    /// The chain does not fit the input (a crop outside the frame, ...) (exit 1).
    case chainDoesNotFit(input: String, reason: String)
    /// A frame failed on the GPU, or a filter could not load what it needs (exit 1).
    case renderFailed(input: String, reason: String)
    /// The input has no frames in the range asked for (exit 1).
    case nothingToRender(input: String, reason: String)
    /// The encoder refused to open with the settings given (exit 1).
    case encoderRefused(MediaError, settings: [String])
    /// Reading, processing or writing media failed (exit 1).
    case media(MediaError)
    /// The GPU could not be set up or failed (exit 1).
    case gpu(GPUError)
    /// The gallery's sample files could not be written (exit 1).
    case gallerySamplesUnwritable(folder: String, reason: String)
    /// A filter failed on the frame the gallery rendered (exit 1).
    case galleryTileFailed(sheet: String, filter: String, reason: String)
    /// Writing to standard output failed: a closed pipe, a full disk (exit 1).
    case standardOutputFailed(what: String, reason: String)
    /// A batch's `-o` is not a folder that exists (exit 2).
    case batchOutputNotAFolder(path: String)
    /// Inputs of a batch failed; each was reported as it failed (exit 1).
    case batchFailed(failed: Int, of: Int)
    /// A signal stopped a live recording before its input sent a frame:
    /// there is nothing to finish (exit 1, no file).
    case stoppedBeforeFirstFrame(input: String, signal: Int32)
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT ended the run after a clean cancel
    /// (exit 128 + signal).
    case interrupted(signal: Int32, output: String?)

    /// A recorder's error in the tool's words: the output-path refusals
    /// the tool checks itself before any work (which can still happen when
    /// the path changes during the run), unwritable formats, or the media
    /// error as it is.
    init(recorderError error: MediaError) {
        switch error {
        case .unsupportedContainer, .codecNotSupportedByContainer, .containerNotNamed, .unsupportedOutputFormat,
            .unknownPixelFormat, .pixelFormatNotSupported:
            self = .unwritableFormat(error)
        case .outputExists(let path): self = .outputExists(path: path)
        case .outputAppeared(let path): self = .outputAppeared(path: path)
        case .outputNotReplaceable(let path, "directory"): self = .outputIsDirectory(path: path)
        case .outputNotReplaceable(let path, let kind): self = .outputIsSpecial(path: path, kind: kind)
        default: self = .media(error)
        }
    }

    /// The process's exit status for this error.
    var exitStatus: Int32 {
        switch self {
        case .usage, .invalidChain, .ffmpegForm, .invalidGraph, .emptyChain, .unknownFilter,
            .deviceNotFound,
            .unwritableFormat,
            .outputNeedsName, .batchOutputNotAFolder:
            return 2
        case .outputExists, .outputIsInput, .outputIsDirectory, .outputIsSpecial, .outputAppeared, .outputFolderMissing,
            .outputFolderNotWritable,
            .resourceUnavailable, .chainDoesNotFit, .renderFailed, .nothingToRender, .encoderRefused, .media, .gpu,
            .gallerySamplesUnwritable, .standardOutputFailed, .stoppedBeforeFirstFrame, .batchFailed,
            .galleryTileFailed:
            return 1
        case .interrupted(let signal, _):
            // The q key stops as Ctrl-C does.
            return 128 + (signal > 0 ? signal : SIGINT)
        }
    }

    /// The line printed on standard error, after `harbeth-render: `.
    var description: String {
        switch self {
        case .interrupted(let signal, let output):
            let name = Interrupts.name(of: signal)
            return "interrupted by \(name); "
                + (output.map { "nothing was written to \($0)" } ?? "the run was cancelled")
        default:
            return "error: " + message
        }
    }

    private var message: String {
        switch self {
        case .usage(let error):
            return "\(error) (see harbeth-render --help)"
        case .invalidChain(let chain, let error):
            return "filter chain '\(chain)': \(error)"
        case .ffmpegForm(let chain, let error, let hint, let inGraph):
            return (inGraph ? "filtergraph" : "filter chain") + " '\(chain)': \(error); \(hint)"
        case .invalidGraph(let graph, let error):
            return "filtergraph '\(graph)': \(error)"
        case .emptyChain:
            return "the filter chain is empty; give at least one filter (see --list-filters)"
        case .unknownFilter(let name, let suggestion):
            return "unknown filter '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                + " (see --list-filters)"
        case .deviceNotFound(let selector, let available):
            return "--device \(selector): no Vulkan device matches; available: \(available.joined(separator: "; "))"
                + " (see --list-devices)"
        case .unwritableFormat(let error):
            return error.description
        case .outputExists(let path):
            return "\(path): already exists; use -y to replace it or -o to choose another name"
        case .outputIsInput(let output, let input):
            let same = output == input ? "is the input file" : "is the input file \(input)"
            return "\(output): \(same); choose another output with -o"
        case .outputIsDirectory(let path):
            return "\(path): is a directory; give a file name with -o"
        case .outputIsSpecial(let path, let kind):
            let hint = kind.hasSuffix("device") ? "use --null to render without writing" : "give a file name with -o"
            return "\(path): is a \(kind), which harbeth-render never writes over; \(hint)"
        case .outputAppeared(let path):
            return "\(path): another file appeared there while rendering (another run?); it was left as it is "
                + "and nothing was written; use -y to replace it"
        case .outputNeedsName(let input):
            return "\(input): has no file name to name the output after; give one with -o (a file, - or a URL)"
        case .outputFolderMissing(let path, let folder):
            return "\(path): the folder \(folder) does not exist"
        case .outputFolderNotWritable(let path, let folder, let reason):
            return "\(path): cannot write in \(folder) (\(reason))"
        case .resourceUnavailable(let path, let filter, let parameter, let reason):
            return "\(path): \(reason) (named by \(filter) \(parameter)=)"
        case .chainDoesNotFit(let input, let reason):
            return "\(input): the filter chain does not fit this input: \(reason)"
        case .renderFailed(let input, let reason):
            return "\(input): rendering failed: \(reason)"
        case .nothingToRender(let input, let reason):
            return "\(input): nothing to render: \(reason)"
        case .encoderRefused(let error, let settings):
            return "\(error); check \(settings.joined(separator: ", "))"
        case .media(let error):
            return error.description
        case .gpu(let error):
            return error.description
        case .gallerySamplesUnwritable(let folder, let reason):
            return "\(folder): cannot write the gallery's sample files (\(reason))"
        case .standardOutputFailed(let what, let reason):
            return "standard output: could not write \(what) (\(reason))"
        case .galleryTileFailed(let sheet, let filter, let reason):
            return "\(sheet): the \(filter) tile failed: \(reason)"
        case .batchOutputNotAFolder(let path):
            return "-o \(path): a batch of inputs writes into a folder, and there is no folder there; make it first"
        case .batchFailed(let failed, let count):
            return "batch: \(failed) of \(count) input(s) failed (each error is above)"
        case .stoppedBeforeFirstFrame(let input, let signal):
            return "\(input): \(Interrupts.name(of: signal)) stopped the recording before the first frame came; "
                + "nothing was written"
        case .interrupted:
            return ""
        }
    }
}
