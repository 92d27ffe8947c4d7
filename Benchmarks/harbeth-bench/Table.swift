import Foundation

/// The text tables on standard output.
enum Table {
    /// One row per comparison: the issue's item, medians, ratio, target.
    static func comparisons(_ rows: [ComparisonResult]) -> String {
        var lines = [["#", "case", "ours", "reference", "ratio", "cpu ratio", "target", "met"]]
        for row in rows {
            lines.append([
                "\(row.item)", row.title, format(row.ours, row.unit), row.reference.map { format($0, row.unit) } ?? "",
                row.ratio.map { String(format: "%.3f", $0) } ?? "",
                row.cpuRatio.map { String(format: "%.3f", $0) } ?? "",
                row.target ?? "-", (row.met.map { $0 ? "yes" : "NO" } ?? "-") + (row.disturbed ? " (disturbed)" : ""),
            ])
        }
        return render(lines, rightAligned: [2, 3, 4, 5])
    }

    /// Where harbeth-render's time went in each of its contestants (medians).
    /// gpu sums every frame's submission-to-completion time; frames overlap.
    static func harbethTimes(_ results: [ContestantResult]) -> String {
        var lines = [
            ["ours", "wall s", "cpu s", "decode s", "upload s", "gpu s", "encode s", "compiles/hits", "peak MiB"]
        ]
        for result in results {
            guard let times = result.harbeth else { continue }
            lines.append([
                result.id, String(format: "%.3f", result.medianWallSeconds),
                String(format: "%.2f", result.medianCPUSeconds), String(format: "%.3f", times.decodeSeconds),
                String(format: "%.3f", times.uploadSeconds), String(format: "%.3f", times.gpuSeconds),
                String(format: "%.3f", times.encodeSeconds),
                String(format: "%.0f/%.0f", times.shaderCompiles, times.shaderCacheHits),
                String(format: "%.0f", result.medianPeakMiB),
            ])
        }
        return render(lines, rightAligned: Set(1...8))
    }

    /// Every contestant's medians, ours and theirs.
    static func contestants(_ results: [ContestantResult]) -> String {
        var lines = [["program", "runs", "median s", "min s", "max s", "cpu s", "peak MiB", "other cores"]]
        for result in results {
            lines.append([
                result.id, "\(result.runs.count)", String(format: "%.3f", result.medianWallSeconds),
                String(format: "%.3f", result.minWallSeconds), String(format: "%.3f", result.maxWallSeconds),
                String(format: "%.2f", result.medianCPUSeconds), String(format: "%.0f", result.medianPeakMiB),
                result.medianOtherCores.map { String(format: "%.2f", $0) } ?? "",
            ])
        }
        return render(lines, rightAligned: Set(1...7))
    }

    private static func format(_ value: Double, _ unit: String) -> String {
        switch unit {
        case "MiB": return String(format: "%.0f MiB", value)
        case "s/frame": return String(format: "%.4f s/frame", value)
        default: return String(format: "%.3f s", value)
        }
    }

    /// Columns padded to their widest cell, a rule under the header.
    private static func render(_ lines: [[String]], rightAligned: Set<Int>) -> String {
        let widths = lines[0].indices.map { column in lines.map { $0[column].count }.max()! }
        func row(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([row(lines[0]), rule] + lines.dropFirst().map(row)).joined(separator: "\n") + "\n"
    }
}
