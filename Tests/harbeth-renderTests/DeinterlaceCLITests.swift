import Foundation
import HarbethTestSupport
import XCTest

/// `-vf deinterlace` against FFmpeg's bwdif on interlaced H.264 (testsrc2
/// woven by tinterlace, coded as fields by libx264, flagged per frame):
/// our output must decode to exactly what bwdif's output gives when run
/// through the tool with no change (`vibrance=0`, exact and not folded:
/// both then pass the same RGB conversion, which alone costs about 43 dB
/// against the raw planes), at the same timestamps and frame rate, tagged progressive.
/// Measured: identical frames (framemd5) at the frame and field rates,
/// for both field orders, and for yadif (`method=yadif`).
final class DeinterlaceCLITests: XCTestCase {
    private static func interlaced(bottomFirst: Bool) throws -> String {
        let order = bottomFirst ? "bff" : "tff"
        return try TestMedia.clip(
            "interlaced-\(order).mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=50:duration=0.4", "-vf",
                "tinterlace=mode=\(bottomFirst ? "interleave_bottom" : "interleave_top"),setfield=\(order)",
                "-c:v", "libx264", "-flags", "+ildct+ilme", "-x264-params", "\(order)=1", "-crf", "16",
                "-pix_fmt", "yuv420p",
            ])
    }

    /// Ours and bwdif's (through the tool unchanged) for the same options.
    private func compare(
        clip: String, ours options: String, bwdif: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (ours: String, peer: String) {
        let folder = try Clips.folder(with: [clip])
        let name = (clip as NSString).lastPathComponent
        let ours = folder.appendingPathComponent("ours.mkv").path
        let run = try Tool.run(["-vf", options, "--codec", "ffv1", "-o", "ours.mkv", name], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        Tool.assertNoValidationMessages(run, file: file, line: line)
        try TestMedia.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-i", clip, "-vf", bwdif, "-c:v", "ffv1",
                folder.appendingPathComponent("bwdif.mkv").path,
            ])
        let peer = try Tool.run(["-vf", "vibrance=0", "--codec", "ffv1", "-o", "peer.mkv", "bwdif.mkv"], in: folder)
        XCTAssertEqual(peer.status, 0, peer.stderr, file: file, line: line)
        let peerPath = folder.appendingPathComponent("peer.mkv").path
        XCTAssertEqual(try Clips.frameHashes(ours), try Clips.frameHashes(peerPath), options, file: file, line: line)
        return (ours, peerPath)
    }

    func testTheFrameAndTheFieldRateMatchBwdif() throws {
        let clip = try Self.interlaced(bottomFirst: false)
        XCTAssertEqual(try Clips.probe("stream=field_order", of: clip), ["tt"])
        let frames = try compare(clip: clip, ours: "deinterlace", bwdif: "bwdif=mode=send_frame")
        XCTAssertEqual(try Clips.frameCount(frames.ours), 10)
        XCTAssertEqual(try Clips.probe("stream=field_order,avg_frame_rate", of: frames.ours), ["progressive", "25/1"])
        let fields = try compare(clip: clip, ours: "deinterlace=mode=send_field", bwdif: "bwdif=mode=send_field")
        XCTAssertEqual(try Clips.frameCount(fields.ours), 20)
        XCTAssertEqual(try Clips.probe("stream=field_order,avg_frame_rate", of: fields.ours), ["progressive", "50/1"])
        let times = try Clips.probe("frame=pts_time", of: fields.ours).compactMap(Double.init)
        XCTAssertEqual(times.count, 20)
        for (index, time) in times.enumerated() { XCTAssertEqual(time, Double(index) * 0.02, accuracy: 1e-6) }
        _ = try compare(clip: clip, ours: "deinterlace=mode=send_field:method=yadif", bwdif: "yadif=mode=send_field")
    }

    /// FFmpeg's own names: `yadif` and `bwdif` with their options (by
    /// name, by number, positional mode:parity:deint) and defaults (yadif
    /// one frame for each frame, bwdif one for each field).
    func testFFmpegsYadifAndBwdifSpellingsAreDeinterlace() throws {
        let clip = try Self.interlaced(bottomFirst: false)
        let yadif = try compare(clip: clip, ours: "yadif", bwdif: "yadif")
        XCTAssertEqual(try Clips.frameCount(yadif.ours), 10)
        let bwdif = try compare(clip: clip, ours: "bwdif", bwdif: "bwdif")
        XCTAssertEqual(try Clips.frameCount(bwdif.ours), 20)
        _ = try compare(clip: clip, ours: "yadif=1:-1:0", bwdif: "yadif=mode=send_field")
        _ = try compare(clip: clip, ours: "bwdif=mode=send_frame:parity=tff:deint=all", bwdif: "bwdif=0:0:0")
        _ = try compare(clip: clip, ours: "yadif=send_field:bff", bwdif: "yadif=1:1")

        let folder = try Clips.folder(with: [clip])
        let nospatial = try Tool.run(["-vf", "yadif=mode=2", "-o", "out.mp4", "interlaced-tff.mp4"], in: folder)
        XCTAssertEqual(nospatial.status, 2)
        XCTAssertEqual(
            nospatial.stderrLines,
            [
                "harbeth-render: error: filter chain 'yadif=mode=2': yadif mode='2' is invalid at column 12;"
                    + " expected send_frame (0) or send_field (1): the spatial check is always made here"
            ])
        let unknown = try Tool.run(["-vf", "bwdif=speed=2", "-o", "out.mp4", "interlaced-tff.mp4"], in: folder)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            unknown.stderrLines,
            [
                "harbeth-render: error: filter chain 'bwdif=speed=2': bwdif has no parameter 'speed' at column 7;"
                    + " valid: mode, parity, deint"
            ])
        XCTAssertEqual(Clips.entries(folder).filter { !$0.hasSuffix(".mkv") }, ["interlaced-tff.mp4"])
    }

    func testTheFieldOrderComesFromEachFramesFlags() throws {
        let clip = try Self.interlaced(bottomFirst: true)
        XCTAssertEqual(try Clips.probe("frame=top_field_first", of: clip).first, "0")
        let auto = try compare(clip: clip, ours: "deinterlace=mode=send_field", bwdif: "bwdif=mode=send_field")
        // Forcing the other order makes other frames: the flags were read.
        let folder = try Clips.folder(with: [clip])
        let forced = try Tool.run(
            [
                "-vf", "deinterlace=mode=send_field:parity=tff", "--codec", "ffv1", "-o", "tff.mkv",
                "interlaced-bff.mp4",
            ],
            in: folder)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertNotEqual(
            try Clips.frameHashes(folder.appendingPathComponent("tff.mkv").path), try Clips.frameHashes(auto.ours))
    }

    func testOnlyInterlacedLeavesProgressiveFramesAsTheyAre() throws {
        // Progressive frames: one output each even at the field rate, and
        // the pixels as an unchanged run makes them.
        let clip = try Clips.video()
        let folder = try Clips.folder(with: [clip])
        let run = try Tool.run(
            [
                "-vf", "deinterlace=mode=send_field:deint=interlaced", "--codec", "ffv1", "-o", "ours.mkv",
                "cli-clip.mp4",
            ],
            in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let unchanged = try Tool.run(
            ["-vf", "vibrance=0", "--codec", "ffv1", "-o", "same.mkv", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(unchanged.status, 0, unchanged.stderr)
        // The same pixels at the same times (the nominal rate doubles, as
        // bwdif's does, so the time bases differ).
        let ours = folder.appendingPathComponent("ours.mkv").path
        let same = folder.appendingPathComponent("same.mkv").path
        XCTAssertEqual(
            try Clips.frameHashes(ours).map { $0.split(separator: " ")[1] },
            try Clips.frameHashes(same).map { $0.split(separator: " ")[1] })
        XCTAssertEqual(
            try Clips.probe("frame=pts_time", stream: "v:0", of: ours),
            try Clips.probe("frame=pts_time", stream: "v:0", of: same))
    }

    func testADeinterlacerOutOfPlaceIsOneClearError() throws {
        let clip = try Self.interlaced(bottomFirst: false)
        let folder = try Clips.folder(with: [clip])
        let late = try Tool.run(["-vf", "sepia,deinterlace", "-o", "out.mp4", "interlaced-tff.mp4"], in: folder)
        XCTAssertEqual(late.status, 1)
        XCTAssertEqual(
            late.stderrLines,
            [
                "harbeth-render: error: interlaced-tff.mp4: the filter chain does not fit this input: deinterlace: it"
                    + " must be the first filter: it reads the decoded frames' planes as coded"
            ])
        let graph = try Tool.run(["--graph", "[0]deinterlace[out]", "-o", "out.mp4", "interlaced-tff.mp4"], in: folder)
        XCTAssertEqual(graph.status, 2)
        XCTAssertEqual(graph.stderrLines.count, 1, graph.stderr)
        XCTAssertTrue(graph.stderr.contains("deinterlace at column 4 reads the frames around each one"), graph.stderr)
        XCTAssertEqual(Clips.entries(folder), ["interlaced-tff.mp4"])
    }
}
