import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's -c:a and -b:a: `copy` keeps the audio's packets, an encoder's
/// name re-encodes with it at the rate -b:a gives (FFmpeg's own run of the
/// same options gives the same codec and its rate within 5%), and an
/// encoder that is not installed or that the container cannot hold is one
/// line, with nothing written. Before, -c:a was an unknown option.
final class AudioCodecCLITests: XCTestCase {
    func testTheAudioEncoderAndItsRateAreFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        for (options, output, codec, rate) in [
            (["-c:a", "copy"], "copied.mkv", "aac", nil),
            (["-c:a", "libmp3lame", "-b:a", "96k"], "lame.mp4", "mp3", 96_000.0),
            (["-acodec", "aac", "-b:a", "48k"], "aac.mp4", "aac", 48_000),
            (["-codec:a", "flac"], "flac.mkv", "flac", nil),
            (["-ar", "22050", "-ac", "1"], "mono.mp4", "aac", nil),
        ] as [([String], String, String, Double?)] {
            let run = try Tool.run(
                ["-i", "cli-clip.mp4", "-vf", "sepia"] + options + ["-y", "-q", output], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            guard run.status == 0 else { continue }
            XCTAssertEqual(try Clips.probe("stream=codec_name", stream: "a:0", of: path(output)), [codec], output)
            if options.contains("-ar") {
                XCTAssertEqual(
                    try Clips.probe("stream=sample_rate,channels", stream: "a:0", of: path(output)), ["22050", "1"])
            }
            guard let rate else { continue }
            let theirs = path("ffmpeg-" + output)
            try TestMedia.run(
                "ffmpeg",
                ["-hide_banner", "-loglevel", "error", "-y", "-i", path("cli-clip.mp4"), "-c:v", "copy"] + options
                    + [theirs])
            let measured = { (file: String) in
                Double(try Clips.probe("stream=bit_rate", stream: "a:0", of: file).first ?? "") ?? 0
            }
            let ours = try measured(path(output))
            XCTAssertEqual(ours, try measured(theirs), accuracy: rate * 0.05, "\(output): ours \(ours)")
            // At most the rate asked (AAC falls short of it on a tone, as
            // FFmpeg's does), well under the default of 64 kb/s a channel.
            XCTAssertLessThanOrEqual(ours, rate * 1.05, output)
        }
        for (options, message) in [
            (["-c:a", "pcm_s16le"], "mp4 cannot hold pcm_s16le audio (-c:a pcm_s16le)"),
            (["-c:a", "nosuch"], "no audio encoder named nosuch is installed (-c:a nosuch)"),
            (
                ["-c:a", "libopus", "-ar", "44100"],
                "libopus takes 48000, 24000, 16000, 12000, 8000 Hz, not 44100 (-ar)"
            ),
        ] {
            let run = try Tool.run(["-i", "cli-clip.mp4", "-vf", "sepia"] + options + ["-y", "bad.mp4"], in: folder)
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("bad.mp4")))
        }
    }
}
