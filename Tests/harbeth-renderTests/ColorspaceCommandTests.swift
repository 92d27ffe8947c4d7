import Foundation
import HarbethTestSupport
import XCTest

/// colorspace on the command line: the output carries the primaries,
/// transfer and matrix it was converted to, and agrees with FFmpeg's own
/// colorspace filter on the same clip (PSNR >= 45 dB; 51 and 76 dB were
/// measured). The BT.470BG clip's colours are muted so they lie inside
/// both gamuts: outside them FFmpeg keeps what YUV's headroom holds and we
/// clip RGB at the output.
final class ColorspaceCommandTests: XCTestCase {
    private static func clip(_ name: String, filter: String, tags: String) throws -> String {
        try TestMedia.clip(
            name,
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=0.5", "-vf", "\(filter)format=yuv420p",
                "-c:v", "ffv1", "-color_primaries", tags, "-color_trc", tags == "bt709" ? "bt709" : "gamma28",
                "-colorspace", tags,
            ])
    }

    private func psnr(_ ours: String, _ peer: String) throws -> Double {
        let log = String(
            decoding: try TestMedia.run(
                "sh", ["-c", "ffmpeg -hide_banner -i \"$0\" -i \"$1\" -lavfi '[0][1]psnr' -f null - 2>&1", ours, peer]),
            as: UTF8.self)
        return log.components(separatedBy: "average:").last.flatMap {
            Double($0.prefix { "0123456789.".contains($0) })
        } ?? 0
    }

    private func check(clip: String, ours: String, peer: String, tags: [String]) throws {
        let folder = try Clips.folder(with: [clip])
        let name = URL(fileURLWithPath: clip).lastPathComponent
        let run = try Tool.run(["-vf", ours, "--codec", "ffv1", "-o", "ours.mkv", name], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = folder.appendingPathComponent("ours.mkv").path
        XCTAssertEqual(try Clips.probe("stream=color_space,color_transfer,color_primaries", of: output), tags)
        let reference = folder.appendingPathComponent("peer.mkv").path
        try TestMedia.run(
            "ffmpeg", ["-v", "error", "-y", "-i", clip, "-vf", peer, "-c:v", "ffv1", reference])
        XCTAssertGreaterThanOrEqual(try psnr(output, reference), 45, ours)
    }

    func testBT709ToBT2020AgreesWithFFmpeg() throws {
        try check(
            clip: try Self.clip("cs-bt709.mkv", filter: "", tags: "bt709"),
            ours: "colorspace=primaries=bt2020:transfer=bt2020_10", peer: "colorspace=all=bt2020,format=yuv420p",
            tags: ["bt2020nc", "bt2020-10", "bt2020"])
    }

    func testPALToBT709AgreesWithFFmpeg() throws {
        try check(
            clip: try Self.clip("cs-bt470bg.mkv", filter: "hue=s=0.4,", tags: "bt470bg"),
            ours: "colorspace=primaries=bt709:transfer=bt709", peer: "colorspace=all=bt709",
            tags: ["bt709", "bt709", "bt709"])
    }

    func testSDRInAPQContainerIsTaggedPQ() throws {
        let folder = try Clips.folder(with: [try Self.clip("cs-bt709.mkv", filter: "", tags: "bt709")])
        let run = try Tool.run(
            ["-vf", "colorspace=primaries=bt2020:transfer=pq", "--codec", "ffv1", "-o", "pq.mkv", "cs-bt709.mkv"],
            in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            try Clips.probe(
                "stream=color_space,color_transfer,color_primaries", of: folder.appendingPathComponent("pq.mkv").path),
            ["bt2020nc", "smpte2084", "bt2020"])
    }

    /// --linear blurs in linear light (a different picture from the same
    /// blur of code values), and is refused for a filtergraph.
    func testLinearBlursInLinearLight() throws {
        let folder = try Clips.folder(with: [try Self.clip("cs-bt709.mkv", filter: "", tags: "bt709")])
        for (name, extra) in [("plain.mkv", [String]()), ("linear.mkv", ["--linear"])] {
            let run = try Tool.run(
                extra + ["-vf", "gaussian_blur=sigma=4", "--codec", "ffv1", "-o", name, "cs-bt709.mkv"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let difference = try psnr(
            folder.appendingPathComponent("plain.mkv").path, folder.appendingPathComponent("linear.mkv").path)
        XCTAssertLessThan(difference, 45, "the linear-light blur is another picture")
        XCTAssertGreaterThan(difference, 20, "of the same scene")
        let graph = try Tool.run(
            ["--linear", "--graph", "[0]gaussian_blur[out]", "-o", "g.mkv", "cs-bt709.mkv"], in: folder)
        XCTAssertNotEqual(graph.status, 0)
        XCTAssertTrue(graph.stderr.contains("--linear applies to a chain"), graph.stderr)
    }
}
