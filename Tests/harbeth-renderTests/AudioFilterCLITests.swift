import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's `-af`: libavfilter's audio filters between the decoded sound
/// and its encoder, which takes the chain's rate and channels. The sound
/// equals FFmpeg's own run of the same options (the samples decoded from
/// both files within 1e-3 RMS of full scale, where their lengths agree to
/// a frame); a filter that does not exist, a video filter, or `-c:a copy`
/// with it is one line with nothing written. Before, `-af` was refused.
final class AudioFilterCLITests: XCTestCase {
    /// The first audio stream decoded to mono float samples.
    private func samples(_ path: String) throws -> [Float] {
        let data = try TestMedia.run(
            "ffmpeg", ["-v", "error", "-i", path, "-map", "0:a:0", "-ac", "1", "-f", "f32le", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    private func rms(_ values: [Float]) -> Double {
        sqrt(values.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(values.count, 1)))
    }

    func testAudioFiltersAreFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        for (chain, output, rate, channels) in [
            ("volume=0.5", "quiet.mkv", "48000", "1"),
            ("atempo=2", "fast.mkv", "48000", "1"),
            ("aresample=22050,pan=stereo|c0=c0|c1=c0", "wide.mkv", "22050", "2"),
        ] {
            // FLAC on both sides: what differs is the filtering alone.
            let run = try Tool.run(
                ["-i", "cli-clip.mp4", "-vf", "sepia", "-af", chain, "-c:a", "flac", "-y", "-q", output], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            guard run.status == 0 else { continue }
            XCTAssertEqual(
                try Clips.probe("stream=sample_rate,channels", stream: "a:0", of: path(output)), [rate, channels],
                chain)
            let theirs = path("ffmpeg-" + output)
            try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-i", path("cli-clip.mp4"), "-c:v", "copy", "-af",
                    chain, "-c:a", "flac", theirs,
                ])
            let ours = try samples(path(output))
            let reference = try samples(theirs)
            XCTAssertEqual(Double(ours.count), Double(reference.count), accuracy: 2048, chain)
            let count = min(ours.count, reference.count)
            let difference = zip(ours.prefix(count), reference.prefix(count)).map { $0 - $1 }
            XCTAssertLessThan(rms(difference), 1e-3, chain)
            XCTAssertGreaterThan(rms(ours), 0.02, chain)
        }
        // atempo=2 plays the second of sound in half a second.
        let original = try samples(path("cli-clip.mp4")).count
        XCTAssertEqual(Double(try samples(path("fast.mkv")).count), Double(original) / 2, accuracy: 2048)

        for (options, message, status) in [
            (
                ["-af", "volum=2"], "-af 'volum=2': libavfilter has no filter 'volum' (see harbeth-render --help)",
                2
            ),
            (
                ["-af", "volume=2", "-c:a", "copy"],
                "-af filters the sound, which -c:a copy keeps as it is; name an encoder or leave -c:a out"
                    + " (see harbeth-render --help)", 2
            ),
            (
                ["-af", "hflip"],
                "bad.mp4: audio failed (audio filter chain 'hflip' refused by libavfilter: Invalid argument)", 1
            ),
        ] as [([String], String, Int32)] {
            let run = try Tool.run(["-i", "cli-clip.mp4", "-vf", "sepia"] + options + ["-y", "bad.mp4"], in: folder)
            XCTAssertEqual(run.status, status, run.stderr)
            XCTAssertEqual(run.stderrLines, ["harbeth-render: error: " + message])
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("bad.mp4")))
        }
    }
}
