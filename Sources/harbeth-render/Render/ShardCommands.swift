import Foundation
import Kakapos

/// `--plan-shards N` and `join`: the two ends of a sharded render. The
/// middle is ordinary runs with `--shard K/N`, anywhere (a Slurm array, a
/// Kubernetes Indexed Job).
enum ShardCommands {
    /// Prints where each of `count` shards of the input begins: a table, or
    /// with `--json` the plan itself.
    static func plan(_ options: CommandLineOptions, count: Int, console: Console) throws(ToolError) {
        let input = options.input!
        let plan: ShardPlan
        do {
            plan = try ShardPlan.make(
                path: input, count: count, videoStreamNumber: StreamMap.videoStreamNumber(in: options.maps))
        } catch {
            throw .media(error)
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(plan)) ?? Data()
            try console.output(String(decoding: data, as: UTF8.self) + "\n", what: "the plan")
            return
        }
        var text = "\(input): \(plan.frameCount) frames, \(plan.keyFrames) key frames, \(count) shard(s)\n"
        for shard in plan.shards {
            text +=
                "  shard \(shard.index): frames \(shard.firstFrame)...\(shard.firstFrame + shard.frameCount - 1)"
                + " (\(shard.frameCount)), from " + String(format: "%.3f s", shard.startTime) + "\n"
        }
        try console.output(text, what: "the plan")
    }

    /// Joins the shards given as inputs into `-o`, with `--audio-from`'s audio.
    static func join(_ options: CommandLineOptions, console: Console) throws(ToolError) {
        let output = options.output!
        let summary: ShardJoin.Summary
        do {
            summary = try ShardJoin.join(
                shards: options.inputs, output: output, audioFrom: options.audioFrom, overwrite: options.overwrite)
        } catch {
            throw ToolError(recorderError: error)
        }
        if !options.quiet {
            let audio =
                summary.audioStreams > 0 ? ", \(summary.audioStreams) audio stream(s) from \(options.audioFrom!)" : ""
            console.note(
                "joined \(summary.shards.count) shard(s) into \(output): \(summary.frameCount) frames, "
                    + String(format: "%.3f s", summary.duration) + audio + " (stream copy)")
        }
    }
}
