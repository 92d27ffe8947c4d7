import Foundation
import Kakapos

// harbeth-render: parse the arguments, do the one thing they ask, and exit
// with 0 (done), 1 (failed while processing), 2 (usage error), or 128 + the
// signal that interrupted a clean cancel (129 for SIGHUP, 130 for SIGINT,
// 131 for SIGQUIT, 143 for SIGTERM).

let console = Console()
let interrupts = Interrupts()
interrupts.install()
// FFmpeg's own chatter would break the one-line error contract; its errors
// reach the user through Kakapos's MediaError instead. The library prints
// none of it unless given a handler, which --verbose does.

let status: Int32
do throws(ToolError) {
    let options: CommandLineOptions
    do {
        options = try ArgumentParser.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        throw .usage(error)
    }
    if options.verbose { FFmpegLibrary.logHandler = FFmpegLibrary.printToStandardError }
    switch options.action {
    case .help:
        try console.output(ArgumentParser.help + "\n", what: "the help")
    case .version:
        try console.output(Version.text + "\n", what: "the version")
    case .listFilters:
        try console.output(CatalogCommands.listFilters(), what: "the filter list")
    case .describe(let name):
        guard let text = CatalogCommands.describe(name) else {
            throw .unknownFilter(name: name, suggestion: FilterCatalog.standard.suggestion(for: name))
        }
        try console.output(text, what: "the description")
    case .listDevices:
        let devices: (list: String, notes: [String])
        do {
            devices = try CatalogCommands.listDevices()
        } catch {
            throw .gpu(error)
        }
        for note in devices.notes { console.note(note) }
        try console.output(devices.list, what: "the device list")
    case .join:
        try ShardCommands.join(options, console: console)
    case .planShards(let count):
        try ShardCommands.plan(options, count: count, console: console)
    case .render:
        if options.isBatch {
            try BatchCommand(options: options, console: console, interrupts: interrupts).run()
        } else if options.gallery != nil {
            try GalleryCommand(options: options, console: console, interrupts: interrupts).run()
        } else {
            try RenderCommand(
                options: options, console: console, interrupts: interrupts,
                streamInputs: try StreamInputs.arrange(options)
            ).run()
        }
    }
    status = 0
} catch {
    console.report(error)
    status = error.exitStatus
}
// The terminal gets its settings back if the keys were read.
TerminalKeys.current?.restore()
// Every file is finished or removed by now, and everything was written
// with write(2). What may still run are worker threads releasing the last
// frames' GPU memory; exit() would tear down the Vulkan loader and layers
// (static destructors) under them, so the process ends without running
// destructors.
_exit(status)
