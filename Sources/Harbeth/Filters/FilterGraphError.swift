/// Why a filtergraph was rejected; each prints as one line.
public enum FilterGraphError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A filter or its values did not parse.
    case chain(FilterChainError)
    /// A label is used as an input but no filter makes it.
    case unknownLabel(String, column: Int)
    /// A label used as an input twice (FFmpeg's rule: split it first).
    case labelUsedTwice(String, column: Int)
    /// Two filters make the same label.
    case labelMadeTwice(String, column: Int)
    /// `[k]` names an input the run does not have.
    case missingInput(index: Int, available: Int, column: Int?)
    /// A filter was given more or fewer inputs than it takes.
    case wrongInputCount(filter: String, takes: Int, given: Int, column: Int)
    /// Labels that feed each other in a loop.
    case cycle([String])
    /// No output of that label; `outputs` lists those there are.
    case noSuchOutput(label: String, outputs: [String])
    /// The graph has several outputs and none was chosen.
    case severalOutputs([String])
    /// The graph has no filter.
    case empty
    /// `[k:a]`: an input's sound, which the graph's filters do not take.
    case audioInput(String, column: Int)
    /// Two filters say different ends of the run (FFmpeg's `shortest` or
    /// `eof_action`, named by `parameter` at `column` and `otherParameter`
    /// at `other`), where a run has one end.
    case endsDisagree(parameter: String, column: Int, otherParameter: String, other: Int)
    /// An fps with filters after it: a graph's fps is the rate of the
    /// output its chain ends in.
    case rateBeforeFilters(column: Int)
    /// A format with filters after it: a graph's format is the pixel
    /// format of the output its chain ends in.
    case formatBeforeFilters(column: Int)
    /// A setpts that changes the frames' times (anything but
    /// `PTS-STARTPTS`), which the synchronisation of a graph's inputs does
    /// not follow.
    case retimes(column: Int)
    /// A filter that reads the frames around each one (deinterlace),
    /// which a graph's inputs do not carry.
    case needsItsOwnRun(filter: String, column: Int)

    /// A concat's segments (at `column`) differ in size: segment
    /// `segment` (from 1) is `size`, the first `first`.
    case segmentSizesDiffer(column: Int, segment: Int, size: FrameSize, first: FrameSize)
    /// A concat at `column` plays input 0 after another segment; input 0
    /// times the run from its start.
    case laterSegmentIsInput0(column: Int)
    /// A concat at `column` plays `input` after another segment, and
    /// `reader` at `readerColumn` reads it too, where it would start late.
    case segmentInputReadElsewhere(input: Int, column: Int, reader: String, readerColumn: Int)

    public var description: String {
        func bracketed(_ labels: [String]) -> String {
            labels.map { $0.isEmpty ? "(unnamed)" : "[\($0)]" }.joined(separator: ", ")
        }
        switch self {
        case .chain(let error): return error.description
        case .unknownLabel(let label, let column):
            return "[\(label)] is used at column \(column) but never made".escapingControlCharacters
        case .labelUsedTwice(let label, let column):
            return
                "[\(label)] is used again at column \(column): split it first ([\(label)]split[\(label)1][\(label)2])"
                .escapingControlCharacters
        case .labelMadeTwice(let label, let column):
            return "[\(label)] is made again at column \(column)".escapingControlCharacters
        case .missingInput(let index, let available, let column):
            let place = column.map { " (column \($0))" } ?? ""
            return "input \(index)\(place) does not exist: the run has \(available) input\(available == 1 ? "" : "s")"
        case .wrongInputCount(let filter, let takes, let given, let column):
            return "\(filter) at column \(column) takes \(takes) input\(takes == 1 ? "" : "s"), given \(given)"
        case .cycle(let labels):
            return "the graph loops: \(bracketed(labels)) feed each other".escapingControlCharacters
        case .noSuchOutput(let label, let outputs):
            return "the graph has no output [\(label)]; its outputs: \(bracketed(outputs))".escapingControlCharacters
        case .severalOutputs(let outputs):
            return "the graph has \(outputs.count) outputs (\(bracketed(outputs))): choose one with --map '[LABEL]'"
                .escapingControlCharacters
        case .empty: return "the filtergraph is empty"
        case .audioInput(let label, let column):
            return "[\(label)] at column \(column) is an input's sound: a filtergraph here filters video; the run's"
                + " sound is input 0's or --audio-from K's, filtered with -af"
        case .endsDisagree(let parameter, let column, let otherParameter, let other):
            return "\(parameter) at column \(column) disagrees with \(otherParameter) at column \(other): the run"
                + " has one end (--end first|shortest|longest)"
        case .rateBeforeFilters(let column):
            return "fps at column \(column) is before other filters; put it last on an output's chain (the"
                + " output's rate, as -r), or change an input's rate in a run of its own"
        case .formatBeforeFilters(let column):
            return "format at column \(column) is before other filters; put it last on an output's chain (the"
                + " output's pixel format, as -pix_fmt: the filters here work on any format)"
        case .retimes(let column):
            return "setpts at column \(column) retimes its video, which a filtergraph does not: its inputs count from"
                + " their first frames, as setpts=PTS-STARTPTS makes them; retime the video in a run of its own"
                + " (-vf 'setpts=...') and give the graph the result"
        case .needsItsOwnRun(let filter, let column):
            return "\(filter) at column \(column) reads the frames around each one, which a graph's inputs do not"
                + " carry: \(filter) the video in a run of its own (-vf \(filter)) and give the graph the result"
        case .segmentSizesDiffer(let column, let segment, let size, let first):
            return "concat at column \(column) joins segments of different sizes: segment \(segment) is"
                + " \(size.width)x\(size.height), segment 1 \(first.width)x\(first.height); resize them to one size first"
        case .laterSegmentIsInput0(let column):
            return "concat at column \(column) plays input 0 after another segment: input 0 times the run and plays"
                + " from its start; give the inputs in the order they play"
        case .segmentInputReadElsewhere(let input, let column, let reader, let readerColumn):
            return "concat at column \(column) plays input \(input) after another segment, and \(reader) at column"
                + " \(readerColumn) reads it too, where it would start late as well; give it again as another input"
        }
    }
}
