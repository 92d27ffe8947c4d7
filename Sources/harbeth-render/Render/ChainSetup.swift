import Foundation
import Kakapos

/// The filter chain of a render, from the command line to what runs:
/// parsed against the catalog, its files checked, and the rotation that
/// makes the pixels upright put in front when asked.
enum ChainSetup {
    /// A chain as written, with FFmpeg's `fps` taken out of it: `text` has
    /// each fps step (and its comma) blanked with spaces, so the columns of
    /// the rest stay where they were written.
    struct FrameRates {
        var text: String
        /// `fps` first: the conversion the filters see (their frames are
        /// the output's).
        var before: FrameRateConversion?
        /// `fps` last: the conversion of the filters' output.
        var after: FrameRateConversion?

        var isEmpty: Bool { before == nil && after == nil }
    }

    /// Takes FFmpeg's `fps` out of a chain, where it runs as a frame-rate
    /// conversion of the run (`FrameRateSource`): first in the chain, before
    /// the filters, or last, after them. Elsewhere it would change the time
    /// of only some of the filters, and is refused.
    static func frameRates(in text: String) throws(ToolError) -> FrameRates {
        let characters = Array(text)
        // The steps at the top level: from a start to a comma outside quotes.
        var steps: [Range<Int>] = []
        var start = 0
        var index = 0
        var quoted = false
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                index += 2
                continue
            }
            if character == "'" {
                quoted.toggle()
            } else if character == ",", !quoted {
                steps.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        steps.append(start..<characters.count)
        var result = FrameRates(text: text)
        var blanked = characters
        for (position, step) in steps.enumerated() {
            let written = String(characters[step]).trimmingCharacters(in: .whitespacesAndNewlines)
            let name = written.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            guard name == "fps" else { continue }
            let rest = written.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            guard rest.isEmpty || rest.hasPrefix("=") else { continue }
            let column = (characters[step].firstIndex { !$0.isWhitespace } ?? step.lowerBound) + 1
            let conversion: FrameRateConversion
            do {
                conversion = try FrameRateConversion(parsing: String(rest.dropFirst()))
            } catch {
                throw .usage(UsageError(message: "filter chain '\(text)': fps at column \(column): \(error)"))
            }
            if position == steps.count - 1 {
                result.after = conversion
            } else if position == 0 {
                result.before = conversion
            } else {
                throw .usage(
                    UsageError(
                        message: "filter chain '\(text)': fps at column \(column) is between filters; put it first"
                            + " (the filters see the new rate's frames) or last (they see the input's), or use -r"))
            }
            // The step and the comma that joins it to the rest.
            var blank = step
            if position < steps.count - 1 {
                blank = step.lowerBound..<(step.upperBound + 1)
            } else if position > 0 {
                blank = (step.lowerBound - 1)..<step.upperBound
            }
            for offset in blank { blanked[offset] = " " }
        }
        result.text = String(blanked)
        return result
    }

    /// Parses the chain text; custom shaders are read now, through `resources`.
    /// An empty chain is refused unless `allowEmpty` (a run that only
    /// converts the frame rate).
    static func parse(_ text: String, resources: any FilterResourceLoader, allowEmpty: Bool = false)
        throws(ToolError) -> FilterChain
    {
        let chain: FilterChain
        do {
            chain = try FilterChain(parsing: text, resources: resources)
        } catch {
            throw ffmpegForm(of: error, in: text, inGraph: false) ?? .invalidChain(chain: text, error: error)
        }
        guard !chain.filters.isEmpty || allowEmpty else { throw .emptyChain }
        return chain
    }

    /// The error for a chain or graph that names FFmpeg's filter with no
    /// counterpart here: its note in place of a nearest name; nil for other
    /// errors.
    static func ffmpegForm(of error: FilterChainError, in text: String, inGraph: Bool) -> ToolError? {
        guard case .unknownFilter(let name, _, let column?) = error,
            let note = ffmpegNote(for: name, at: column, in: text)
        else { return nil }
        return .ffmpegForm(
            chain: text, error: .unknownFilter(name: name, suggestion: nil, column: column),
            hint: "FFmpeg's \(name) filter " + note, inGraph: inGraph)
    }

    /// What a user coming from FFmpeg should know about the chain as
    /// written: a rotation angle written with PI is in degrees here (FFmpeg's
    /// rotate takes radians).
    static func notes(for chain: FilterChain) -> [String] {
        chain.filters.compactMap { filter in
            guard filter.name == "rotate", case .animated(let angle)? = filter.values.values["angle"],
                case .expression(let expression) = angle.form, expression.text.contains("PI")
            else { return nil }
            let value = expression.value(ExpressionVariables())
            return "rotate's angle is in degrees (FFmpeg's rotate takes radians): '\(expression.text)' is "
                + String(format: "%.4f", value)
                + " degrees here; for FFmpeg's turn write angle=(\(expression.text))*180/PI"
        }
    }

    /// FFmpeg's filters that the catalog does not have and no spelling of
    /// ours replaces (`FilterCatalog.ffmpegSpellings`): what does their work
    /// here, or why nothing does.
    static let ffmpegFilters: [String: String] = [
        "trim": "is --start and --duration here (-ss and -t)",
        "fps": "is -r here in a filtergraph (the output's rate, after the filters); in a -vf chain fps=R works"
            + " first or last",
        "framerate": "has no counterpart here: the output keeps the input's frame times",
        "minterpolate": "has no counterpart here: the output keeps the input's frame times",
        "setpts": "has no counterpart here: the output keeps the input's frame times (--keep-timestamps keeps"
            + " the input's own)",
        "select": "has no counterpart here: every frame is rendered (--frames N, --start and --duration choose"
            + " a span)",
        "drawtext": "has no counterpart here: no filter draws text",
        "subtitles": "has no counterpart here: subtitle streams are copied, not burnt in",
        "ass": "has no counterpart here: subtitle streams are copied, not burnt in",
        "null": "has no counterpart here: leave it out (a chain needs at least one filter)",
    ]

    /// What to say about FFmpeg's filter `name`, written at `column`
    /// (1-based) of `chain`: `format=yuv420p` is `-pix_fmt yuv420p` (the
    /// first of FFmpeg's `pix_fmts=a|b` list), the others as
    /// `ffmpegFilters` says. Nil for a name FFmpeg has no filter of.
    static func ffmpegNote(for name: String, at column: Int, in chain: String) -> String? {
        guard name == "format" else { return ffmpegFilters[name] }
        let written = chain.dropFirst(column - 1).prefix { $0 != "," && $0 != ";" }
        var value = written.drop { $0 != "=" }.dropFirst()
        if value.hasPrefix("pix_fmts=") { value = value.dropFirst("pix_fmts=".count) }
        let first = value.split(separator: "|").first.map(String.init) ?? ""
        return "is -pix_fmt here: -pix_fmt " + (first.isEmpty ? "NAME" : first)
    }

    /// Parses a filtergraph and checks it against the run's inputs and the
    /// output `--map` chose.
    static func parseGraph(_ text: String, inputs: Int, output: String?, resources: any FilterResourceLoader)
        throws(ToolError) -> FilterGraph
    {
        do {
            let graph = try FilterGraph(parsing: text, resources: resources)
            try graph.check(inputCount: inputs)
            _ = try graph.output(named: output)
            return graph
        } catch {
            if case .chain(let chainError) = error, let form = ffmpegForm(of: chainError, in: text, inGraph: true) {
                throw form
            }
            throw .invalidGraph(graph: text, error: error)
        }
    }

    /// The files the chain's parameters name (LUTs, images, masks), with
    /// the filter and parameter naming each.
    static func files(of chain: FilterChain) -> [(path: String, filter: String, parameter: String)] {
        chain.filters.flatMap { filter in
            filter.descriptor.parameters.compactMap { parameter in
                guard parameter.type == .text, case .text(let path)? = filter.values.values[parameter.name],
                    !path.isEmpty
                else { return nil }
                return (path, filter.name, parameter.name)
            }
        }
    }

    /// Checks that every file a parameter names (LUTs, images, masks) is a
    /// readable file, so a typo fails before any decoding or GPU work.
    static func checkFiles(of chain: FilterChain) throws(ToolError) {
        for file in files(of: chain) {
            let (path, filter, parameter) = file
            var info = stat()
            guard stat(path, &info) == 0 else {
                let reason = errno == ENOENT || errno == ENOTDIR ? "no such file" : String(cString: strerror(errno))
                throw .resourceUnavailable(path: path, filter: filter, parameter: parameter, reason: reason)
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw .resourceUnavailable(
                    path: path, filter: filter, parameter: parameter, reason: "not a regular file")
            }
            guard access(path, R_OK) == 0 else {
                throw .resourceUnavailable(
                    path: path, filter: filter, parameter: parameter,
                    reason: "cannot be read (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// The filters that turn pixels stored with a display rotation of
    /// `rotation` degrees (counter-clockwise, as `AssetMetadata.rotation`)
    /// upright, as players show them: a clockwise `rotate` by the rest of
    /// the turn. Quarter turns are exact; other angles grow the frame to
    /// hold the whole picture. Empty for 0.
    static func upright(rotation: Int) throws(ToolError) -> FilterChain {
        let clockwise = ((360 - rotation) % 360 + 360) % 360
        guard clockwise != 0 else { return FilterChain() }
        let text = clockwise % 90 == 0 ? "rotate=angle=\(clockwise)" : "rotate=angle=\(clockwise):expand=1"
        return try parse(text, resources: FileResourceLoader())
    }
}
