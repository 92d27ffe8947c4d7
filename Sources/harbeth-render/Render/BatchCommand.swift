import Foundation
import Kakapos

/// `harbeth-render -vf CHAIN a.mp4 b.mkv c.mov -o outdir/` (or `--inputs
/// list.txt`): every input rendered on its own, one after another, each
/// output under the recorder's contract as a single run's is. An output
/// that exists already is skipped unless `-y`, so running the same batch
/// again (a requeued job) does only what is left. A failure stops the batch
/// unless `--keep-going`; either way the summary (and `--json`) lists every
/// input with its outcome, and the exit status is 1 if any failed. With
/// `--null` each input is rendered and nothing is written.
struct BatchCommand {
    let options: CommandLineOptions
    let console: Console
    let interrupts: Interrupts

    /// What happened to one input.
    struct Entry: Encodable, Equatable {
        enum Status: String, Encodable {
            case written, skipped, failed
            /// Rendered to no file (`--null`).
            case rendered
            /// A failure before it stopped the batch (no --keep-going).
            case notRun = "not-run"
        }

        var input: String
        /// Nil with `--null`.
        var output: String?
        var status: Status
        var error: String?

        private enum CodingKeys: String, CodingKey {
            case input, output, status, error
        }

        /// `output` is written as null with `--null`, not left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(input, forKey: .input)
            try container.encode(output, forKey: .output)
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(error, forKey: .error)
        }
    }

    func run() throws(ToolError) {
        let inputs = try Self.inputs(options)
        let folder = try outputFolder()
        let resources = MediaResourceLoader(maxPixels: options.maxPixels ?? AssetSource.defaultMaxPixels)
        // Parsed once to fail before any file; each file's run applies it (and --linear).
        let steps = try ChainSetup.runSteps(in: options.chain, outputScale: options.outputScale)
        let parsed = try ChainSetup.parse(
            steps.text, resources: resources, allowEmpty: !steps.isEmpty || options.frameRate != nil)
        let firstFilter = OutputTarget.nameForOutput(of: parsed)
        var entries: [Entry] = []
        var stopped = false
        for input in inputs {
            let location = input.location
            let output = Self.outputPath(for: location, in: folder, firstFilter: firstFilter)
            var entry = Entry(input: input.text, output: options.nullOutput ? nil : output ?? "", status: .notRun)
            defer { entries.append(entry) }
            if stopped { continue }
            guard let output = options.nullOutput ? "" : output else {
                entry.status = .failed
                entry.error = "\(location) has no file name to name the output after"
                console.note("error: \(entry.error!); give it its own run with -o")
                stopped = !options.keepGoing
                continue
            }
            if !options.nullOutput && !options.overwrite && OutputFile.entry(at: output) != .nothing {
                entry.status = .skipped
                console.note("skipped \(input.text): \(output) exists (-y replaces it)")
                continue
            }
            var single = options
            single.inputArguments = [input]
            single.inputs = [input.text]
            single.input = input.text
            single.output = options.nullOutput ? nil : output
            single.json = false
            do {
                try RenderCommand(options: single, console: console, interrupts: interrupts).run()
                entry.status = options.nullOutput ? .rendered : .written
            } catch {
                if case .interrupted = error {
                    entry.status = .failed
                    entry.error = error.description
                    throw error
                }
                console.report(error)
                entry.status = .failed
                entry.error = error.description.replacingOccurrences(of: "error: ", with: "")
                stopped = !options.keepGoing
            }
        }
        let count = { (status: Entry.Status) in entries.filter { $0.status == status }.count }
        if !options.quiet {
            var parts =
                options.nullOutput
                ? ["\(count(.rendered)) rendered to no file (--null)", "\(count(.failed)) failed"]
                : ["\(count(.written)) written", "\(count(.skipped)) skipped", "\(count(.failed)) failed"]
            if count(.notRun) > 0 { parts.append("\(count(.notRun)) not run (--keep-going runs them)") }
            console.note("batch of \(entries.count): " + parts.joined(separator: ", "))
        }
        if options.json {
            struct Report: Encodable {
                var batch: [Entry]
                var written: Int
                var rendered: Int
                var skipped: Int
                var failed: Int
                var notRun: Int
            }
            let report = Report(
                batch: entries, written: count(.written), rendered: count(.rendered), skipped: count(.skipped),
                failed: count(.failed),
                notRun: count(.notRun))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(report)) ?? Data()
            try console.output(String(decoding: data, as: UTF8.self) + "\n", what: "the JSON report")
        }
        if count(.failed) > 0 { throw .batchFailed(failed: count(.failed), of: entries.count) }
    }

    /// The inputs: those given, then those of `--inputs` (one a line; blank
    /// lines and lines starting with # are skipped).
    static func inputs(_ options: CommandLineOptions) throws(ToolError) -> [CommandLineOptions.InputArgument] {
        var inputs = options.inputArguments
        if let list = options.inputList {
            guard let text = try? String(contentsOfFile: list, encoding: .utf8) else {
                throw .media(
                    OutputFile.entry(at: list) == .nothing
                        ? .fileNotFound(path: list) : .unreadable(path: list, reason: "not UTF-8 text"))
            }
            for line in text.split(whereSeparator: \.isNewline) {
                let path = line.trimmingCharacters(in: .whitespaces)
                if path.isEmpty || path.hasPrefix("#") { continue }
                inputs.append(.init(text: path))
            }
        }
        guard !inputs.isEmpty else { throw .usage(UsageError(message: "the --inputs list names no input")) }
        return inputs
    }

    /// The folder `-o` names, which must exist; nil writes beside each input.
    private func outputFolder() throws(ToolError) -> String? {
        guard let output = options.output else { return nil }
        guard OutputFile.entry(at: output) == .directory || (try? OutputFile(output))?.entry == .directory else {
            throw .batchOutputNotAFolder(path: output)
        }
        return output
    }

    /// `<folder>/<stem>.<first-filter>.<ext>`, or beside the input without a folder.
    static func outputPath(for location: MediaLocation, in folder: String?, firstFilter: String) -> String? {
        guard case .file(let path) = location else { return nil }
        let beside = OutputTarget.defaultPath(input: path, firstFilter: firstFilter)
        guard let folder else { return beside }
        return PathName.joining(folder, PathName(beside).name)
    }
}
