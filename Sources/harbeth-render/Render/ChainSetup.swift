import Foundation
import Kakapos

/// The filter chain of a render, from the command line to what runs:
/// parsed against the catalog, its files checked, and the rotation that
/// makes the pixels upright put in front when asked.
enum ChainSetup {
    /// A chain as written, with the steps of FFmpeg's that are options of
    /// the run here taken out of it: `fps` (a frame-rate conversion),
    /// `format` (the output's pixel format), `setsar` and `setdar` (its
    /// shape), and `null` and `copy` (nothing). `text` has each such step
    /// (and its comma) blanked with spaces, so the columns of the rest
    /// stay where they were written.
    struct RunSteps {
        var text: String
        /// `fps` first: the conversion the filters see (their frames are
        /// the output's).
        var before: FrameRateConversion?
        /// `fps` last: the conversion of the filters' output.
        var after: FrameRateConversion?
        /// `format=NAME` last (before a last `fps`): the output's pixel
        /// format, as `-pix_fmt NAME`.
        var pixelFormat: String?
        /// `setsar=R` or `setdar=R` last: the shape to tag the output with.
        var aspect: OutputAspect?
        /// True when FFmpeg's `null` or `copy` (which pass frames on
        /// unchanged) were taken out.
        var passedOn = false
        /// `setpts=EXPR` first (the filters see the new times) or last (they
        /// see the old): the frames' new timestamps (`RetimedSource`).
        var retiming: (expression: ParameterExpression, placement: FrameRateSource.Placement)?

        /// True when the chain had no step of the run: the text is the chain.
        var isEmpty: Bool {
            before == nil && after == nil && pixelFormat == nil && aspect == nil && !passedOn && retiming == nil
        }
    }

    /// Takes FFmpeg's `fps`, `format`, `setsar`, `setdar`, `null` and
    /// `copy` out of a chain. null and copy, which change nothing, go
    /// wherever they are. fps runs as a frame-rate conversion of the run
    /// (`FrameRateSource`): first in the chain, before the filters, or
    /// last, after them; elsewhere it would change the time of only some
    /// of the filters, and is refused.
    /// `format=NAME` last is the output's pixel format; before a filter it
    /// is refused, since the filters here work on any format in float and
    /// what it leaves is the output's format alone.
    static func runSteps(in text: String, outputScale: String? = nil) throws(ToolError) -> RunSteps {
        var steps = try runSteps(in: text)
        if let outputScale { steps.text += steps.text.allSatisfy(\.isWhitespace) ? outputScale : "," + outputScale }
        return steps
    }

    private static func runSteps(in text: String) throws(ToolError) -> RunSteps {
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
        var result = RunSteps(text: text)
        var blanked = characters
        var names = steps.map { step in
            String(characters[step]).trimmingCharacters(in: .whitespacesAndNewlines).prefix {
                $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-"
            }
        }
        // FFmpeg's null and copy, wherever they are, change nothing: taken
        // out first, the steps around them are placed as if never there.
        while let position = steps.firstIndex(where: {
            ["null", "copy"].contains(String(characters[$0]).trimmingCharacters(in: .whitespacesAndNewlines))
        }) {
            blank(position, of: steps, in: &blanked)
            steps.remove(at: position)
            names.remove(at: position)
            result.passedOn = true
        }
        for (position, step) in steps.enumerated() {
            let written = String(characters[step]).trimmingCharacters(in: .whitespacesAndNewlines)
            let name = names[position]
            guard Self.runStepNames.contains(String(name)) else { continue }
            let rest = written.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            guard rest.isEmpty || rest.hasPrefix("=") else { continue }
            let column = (characters[step].firstIndex { !$0.isWhitespace } ?? step.lowerBound) + 1
            if name == "setpts" {
                let valueColumn = column + (written.count - rest.count) + 1
                let expression = try timestampExpression(String(rest.dropFirst()), column: valueColumn, in: text)
                let last = names[(position + 1)...].allSatisfy { ["format", "setsar", "setdar"].contains(String($0)) }
                // PTS-STARTPTS is each frame's time as it comes here: nothing to do, wherever it is.
                if position != 0 && !last && expression.isTimeFromStart {
                    blank(position, of: steps, in: &blanked)
                    continue
                }
                guard position == 0 || last else {
                    throw .usage(
                        UsageError(
                            message: "filter chain '\(text)': setpts at column \(column) is between filters; put it"
                                + " first (the filters see its times) or last"))
                }
                guard !names.contains("fps") else {
                    throw .usage(
                        UsageError(
                            message: "filter chain '\(text)': setpts and fps in one chain: give the rate with -r"))
                }
                result.retiming = (expression, position == 0 ? .beforeFilters : .afterFilters)
                blank(position, of: steps, in: &blanked)
                continue
            }
            if name != "fps" {
                guard names[(position + 1)...].allSatisfy({ Self.runStepNames.contains(String($0)) }) else {
                    let what =
                        name == "format"
                        ? "the output's pixel format, as -pix_fmt: the filters here work on any format"
                        : "the output's shape, as -aspect: the filters after it would change it"
                    throw .usage(
                        UsageError(
                            message: "filter chain '\(text)': \(name) at column \(column) is before other filters;"
                                + " put it last (\(what))"))
                }
                let value = String(rest.dropFirst())
                if name == "format" {
                    result.pixelFormat = try outputFormat(value, column: column, in: text)
                } else {
                    result.aspect = try outputAspect(value, display: name == "setdar", column: column, in: text)
                }
                blank(position, of: steps, in: &blanked)
                continue
            }
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
            blank(position, of: steps, in: &blanked)
        }
        result.text = String(blanked)
        return result
    }

    /// FFmpeg's filters that are options of the run here (`RunSteps`).
    private static let runStepNames: Set<String> = ["fps", "format", "setsar", "setdar", "setpts"]

    /// FFmpeg setpts's value (`0.5*PTS`, `expr=N/(25*TB)`, quoted or with
    /// escaped commas) as a timestamp expression; an error names its
    /// column in the chain (`column` is the value's first).
    private static func timestampExpression(_ value: String, column: Int, in text: String) throws(ToolError)
        -> ParameterExpression
    {
        var body = Substring(value)
        var start = column
        if body.hasPrefix("expr=") {
            body = body.dropFirst(5)
            start += 5
        }
        var unquoted = ""
        var offsets: [Int] = []
        var quoted = false
        var escaped = false
        for (offset, character) in body.enumerated() {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
                continue
            } else if character == "'" {
                quoted.toggle()
                continue
            }
            unquoted.append(character)
            offsets.append(offset)
        }
        do {
            return try ParameterExpression(parsing: unquoted, names: .timestamp)
        } catch {
            let at = error.column - 1 < offsets.count ? offsets[error.column - 1] : body.count
            throw .usage(
                UsageError(message: "filter chain '\(text)': setpts: \(error.reason) at column \(start + at)"))
        }
    }

    /// FFmpeg's setsar or setdar value (`1`, `16/9`, `1.7778`, `r=16/9`,
    /// `sar=10/11`, `dar=16/9:max=255`; positional ratio, then max) as the
    /// shape to tag the output with: the ratio as the nearest fraction whose
    /// terms are at most max (100 by default), as FFmpeg takes it. A zero
    /// ratio (`0`, `0/1`) is FFmpeg's too: setsar's leaves the shape
    /// undeclared, setdar's makes the pixels square.
    private static func outputAspect(_ value: String, display: Bool, column: Int, in text: String) throws(ToolError)
        -> OutputAspect
    {
        let options = value.split(separator: ":", omittingEmptySubsequences: false).map { option in
            let parts = option.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return (key: parts.count == 2 ? Optional(parts[0]) : nil, value: parts.last ?? "")
        }
        do {
            return try OutputAspect(setting: options, display: display)
        } catch {
            let name = display ? "setdar" : "setsar"
            throw .usage(
                UsageError(
                    message: "filter chain '\(text)': \(name) at column \(column): \(error.reason(filter: name))"))
        }
    }

    /// Blanks step `position` of `steps` and the comma that joins it to
    /// the step before it (the first step: to the step after it), so that
    /// blanking several, in any order, leaves no stray comma.
    private static func blank(_ position: Int, of steps: [Range<Int>], in characters: inout [Character]) {
        let range = steps[position]
        var blank = range
        if position > 0 {
            blank = steps[position - 1].upperBound..<range.upperBound
        } else if steps.count > 1 {
            blank = range.lowerBound..<steps[1].lowerBound
        }
        for offset in blank { characters[offset] = " " }
    }

    /// FFmpeg's format filter's value (`yuv420p`, `pix_fmts=yuv420p`) as
    /// one pixel format FFmpeg knows. A list (`yuv420p|yuv444p`, from
    /// which FFmpeg takes the best its encoder takes) is refused: name one.
    private static func outputFormat(_ value: String, column: Int, in text: String, graph: Bool = false)
        throws(ToolError) -> String
    {
        var value = value.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("pix_fmts=") { value = String(value.dropFirst("pix_fmts=".count)) }
        if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
        let prefix = "\(graph ? "filtergraph" : "filter chain") '\(text)': format at column \(column)"
        guard !value.isEmpty else {
            throw .usage(UsageError(message: "\(prefix) names no pixel format (format=yuv420p)"))
        }
        guard !value.contains("|") else {
            throw .usage(
                UsageError(message: "\(prefix) lists several pixel formats; name the one to write (format=yuv420p)"))
        }
        do {
            return try ArgumentParser.pixelFormat(value)
        } catch {
            throw .usage(UsageError(message: "\(prefix): \(error.message)"))
        }
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

    /// FFmpeg's filters that the catalog does not have and no spelling of
    /// ours replaces (`FilterCatalog.ffmpegSpellings`): what does their work
    /// here, or why nothing does.
    static let ffmpegFilters: [String: String] = [
        "trim": "is --start and --duration here (-ss and -t)",
        "fps": "works last in a chain or on a filtergraph's outputs (the output's rate, as -r), or first in a"
            + " -vf chain",
        "framerate": "has no counterpart here: the output keeps the input's frame times",
        "minterpolate": "has no counterpart here: the output keeps the input's frame times",
        "setpts": "works first or last in a -vf chain; a filtergraph takes setpts=PTS-STARTPTS",
        "select": "has no counterpart here: every frame is rendered (--frames N, --start and --duration choose"
            + " a span)",
        "drawtext": "has no counterpart here: no filter draws text",
        "subtitles": "has no counterpart here: subtitle streams are copied, not burnt in",
        "ass": "has no counterpart here: subtitle streams are copied, not burnt in",
        "null": "passes frames on unchanged, in a -vf chain or a filtergraph",
        "copy": "passes frames on unchanged, in a -vf chain or a filtergraph",
    ]

    /// What to say about FFmpeg's filter `name`, written at `column`
    /// (1-based) of `chain` (a filtergraph: a -vf chain takes format last):
    /// `format=yuv420p` is `-pix_fmt yuv420p` (the first of FFmpeg's
    /// `pix_fmts=a|b` list), the others as `ffmpegFilters` says. Nil for a
    /// name FFmpeg has no filter of.
    static func ffmpegNote(for name: String, at column: Int, in chain: String) -> String? {
        guard name == "format" else { return ffmpegFilters[name] }
        let written = chain.dropFirst(column - 1).prefix { $0 != "," && $0 != ";" && $0 != "[" }
        var value = written.drop { $0 != "=" }.dropFirst()
        if value.hasPrefix("pix_fmts=") { value = value.dropFirst("pix_fmts=".count) }
        let first = value.split(separator: "|").first.map(String.init) ?? ""
        return "is the output's pixel format here, as -pix_fmt " + (first.isEmpty ? "NAME" : first)
            + ": it works last in a chain or on a filtergraph's output"
    }

    /// Parses a filtergraph and checks it against the run's inputs and the
    /// output `--map` chose.
    /// `shownAs` is the graph as written, where the run took something out
    /// of it (a concat's sound), for errors.
    static func parseGraph(
        _ text: String, inputs: Int, output: String?, resources: any FilterResourceLoader, shownAs: String? = nil
    ) throws(ToolError) -> FilterGraph {
        let graph: FilterGraph
        do {
            graph = try FilterGraph(parsing: text, resources: resources)
            try graph.check(inputCount: inputs)
            _ = try graph.output(named: output)
        } catch {
            if case .chain(let chainError) = error, let form = ffmpegForm(of: chainError, in: text, inGraph: true) {
                throw form
            }
            throw .invalidGraph(graph: shownAs ?? text, error: error)
        }
        for step in graph.steps {
            if let format = step.pixelFormat {
                _ = try outputFormat(format, column: step.column, in: text, graph: true)
            }
        }
        return graph
    }

    /// The rate the fps steps ending `graph`'s outputs `labels` (nil: its
    /// only one) give the run, which has one: the same for every output
    /// that has one.
    static func frameRate(of graph: FilterGraph, outputs labels: [String?]) throws(ToolError)
        -> FrameRateConversion?
    {
        let rates = labels.map { label in (try? graph.output(named: label)).flatMap { graph.rateStep(of: $0) } }
        guard let first = rates.compactMap({ $0 }).first, let text = first.frameRate else { return nil }
        let place = "filtergraph '\(graph.description)': fps at column \(first.column)"
        guard rates.allSatisfy({ $0?.frameRate == text }) else {
            throw .usage(
                UsageError(
                    message: "\(place) is one output's rate, and a run has one: give each output the same fps,"
                        + " or -r"))
        }
        do {
            return try FrameRateConversion(parsing: text)
        } catch {
            throw .usage(UsageError(message: "\(place): \(error)"))
        }
    }

    /// The pixel format of `graph`'s output `label` (nil: its only one)
    /// when its chain ends with a format step, as -pix_fmt names it.
    static func pixelFormat(of graph: FilterGraph, output label: String?) throws(ToolError) -> String? {
        guard let output = try? graph.output(named: label), let step = graph.formatStep(of: output),
            let written = step.pixelFormat
        else { return nil }
        return try outputFormat(written, column: step.column, in: graph.description, graph: true)
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
