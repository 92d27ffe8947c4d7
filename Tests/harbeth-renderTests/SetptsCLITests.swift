import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's `setpts` first or last in a chain retimes the frames as
/// FFmpeg's does: each frame's time is the expression of its own (`PTS`,
/// `N`, `T`, `STARTPTS`, `TB`, `FRAME_RATE`, ...), on the output's
/// timeline, where a file starts at 0. Each recipe gives FFmpeg's frame
/// times (within a millisecond) and the same frames: every frame keeps its
/// new time, as FFmpeg's do with `-enc_time_base -1 -vsync passthrough`
/// (by default FFmpeg drops or repeats frames to keep the input's rate).
/// First, the filters see the new times, last, the old; `PTS-STARTPTS`,
/// which changes nothing here, anywhere. Before, setpts was refused.
final class SetptsCLITests: XCTestCase {
    private func times(_ path: String) throws -> [Double] {
        try Clips.probe("frame=pts_time", stream: "v:0", of: path).compactMap { Double($0) }
    }

    private func hashes(_ path: String) throws -> [Substring] {
        try Clips.frameHashes(path).map { $0.split(separator: " ").last! }
    }

    func testSetptsRetimesAsFFmpegs() throws {
        let clip = try TestMedia.clip(
            "setpts-25.mkv", ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25", "-t", "1", "-c:v", "ffv1"])
        let folder = try Clips.folder(with: [clip])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        for chain in [
            "setpts=0.5*PTS", "setpts=PTS/2,sepia", "sepia,setpts=2.0*PTS", "setpts=PTS-STARTPTS",
            "setpts=N/(10*TB)", "setpts=N/FRAME_RATE/TB", "setpts='PTS+0.5/TB'", "sepia,setpts=PTS-STARTPTS,negate",
        ] {
            let run = try Tool.run(
                ["-i", "setpts-25.mkv", "-vf", chain, "--codec", "ffv1", "-y", "ours.mkv"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            guard run.status == 0 else { continue }
            let reference = chain.replacingOccurrences(
                of: "sepia", with: "colorchannelmixer=.393:.769:.189:0:.349:.686:.168:0:.272:.534:.131")
            try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-i", path("setpts-25.mkv"), "-vf", reference,
                    "-enc_time_base", "-1", "-vsync", "passthrough", "-c:v", "ffv1", path("theirs.mkv"),
                ])
            let ours = try times(path("ours.mkv"))
            let theirs = try times(path("theirs.mkv"))
            XCTAssertEqual(ours.count, 25, chain)
            XCTAssertEqual(ours.count, theirs.count, chain)
            for (a, b) in zip(ours, theirs) { XCTAssertEqual(a, b, accuracy: 0.001, chain) }
            if !chain.contains("sepia") {
                // The pixels are the input's.
                XCTAssertEqual(try hashes(path("ours.mkv")), try hashes(path("setpts-25.mkv")), chain)
            }
        }
        // First, an animated filter sees the new times; last, the old.
        for (chain, brightest) in [
            ("setpts=2*PTS,brightness='t/10'", 1.92), ("brightness='t/10',setpts=2*PTS", 0.96),
        ] {
            let run = try Tool.run(
                ["-i", "setpts-25.mkv", "-vf", chain, "--codec", "ffv1", "-y", "animated.mkv"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try times(path("animated.mkv")).last ?? 0, 1.92, accuracy: 0.001, chain)
            // The last frame is what brightness of t/10 makes, at the time its filter saw.
            let fixed = try Tool.run(
                [
                    "-i", "setpts-25.mkv", "-vf", "brightness=\(brightest / 10)", "--codec", "ffv1", "-y", "fixed.mkv",
                ], in: folder)
            XCTAssertEqual(fixed.status, 0, fixed.stderr)
            let difference = Clips.meanAbsoluteDifference(
                try Clips.pixels(path("animated.mkv"), index: 24), try Clips.pixels(path("fixed.mkv"), index: 24))
            XCTAssertLessThan(difference, 0.5, chain)
        }
        for (chain, message) in [
            (
                "sepia,setpts=0.5*PTS,vignette",
                "filter chain 'sepia,setpts=0.5*PTS,vignette': setpts at column 7 is between filters; put it first"
                    + " (the filters see its times) or last"
            ),
            (
                "setpts=0.5*PTS*",
                "filter chain 'setpts=0.5*PTS*': setpts: expected a value, found the end at column 16"
            ),
            (
                "setpts=2*TIME",
                "filter chain 'setpts=2*TIME': setpts: unknown name 'TIME' (the variables are PTS, N, T, STARTPTS,"
                    + " STARTT, TB, FRAME_RATE (or FR), PREV_INPTS, PREV_INT, PREV_OUTPTS, PREV_OUTT; the constants PI,"
                    + " E, PHI, NAN) at column 10"
            ),
        ] {
            try Tool.assertUsageError(
                ["-i", "setpts-25.mkv", "-vf", chain, "-y", "x.mkv"], in: folder,
                message + " (see harbeth-render --help)")
        }
    }
}
