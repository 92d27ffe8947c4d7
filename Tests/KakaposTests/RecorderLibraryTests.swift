import Foundation
import HarbethTestSupport
import XCTest

@testable import Kakapos

/// The recorder as a program drives it by hand: its own frames at a rate,
/// its own audio samples, and frames whose format says nothing of colour.
final class RecorderLibraryTests: XCTestCase {
    private static let width = 64
    private static let height = 48

    /// A 4:2:0 frame with no colorimetry, luma `level`.
    private static func untaggedYUV(_ level: UInt8) throws -> VideoFrame {
        let luma = [UInt8](repeating: level, count: width * height)
        let chroma = [UInt8](repeating: 128, count: width * height / 4)
        return try VideoFrame(
            width: width, height: height, layout: .yuv420p,
            planes: [
                FramePlane(bytes: luma, bytesPerRow: width),
                FramePlane(bytes: chroma, bytesPerRow: width / 2),
                FramePlane(bytes: chroma, bytesPerRow: width / 2),
            ])
    }

    /// `seconds` of a `frequency` Hz sine at half scale, stereo interleaved.
    private static func sine(frequency: Double, seconds: Double, rate: Int = 48000) -> [Float] {
        let count = Int(seconds * Double(rate))
        var samples: [Float] = []
        samples.reserveCapacity(count * 2)
        for index in 0..<count {
            let value = Float(0.5 * sin(2 * Double.pi * frequency * Double(index) / Double(rate)))
            samples.append(value)
            samples.append(value)
        }
        return samples
    }

    func testAProgramsFramesAndSamplesBecomeAnMP4WithBothStreams() throws {
        try assertFramesAndSamplesBecomeAnMP4(options: RecorderSink.Options(), codec: "aac", encoder: "aac")
    }

    /// `audio: .none` leaves a source's audio out, not a program's own;
    /// `audioEncoder` chooses the encoder of a program's samples too.
    func testAProgramsSamplesAreEncodedWithTheEncoderChosenEvenWithoutSourceAudio() throws {
        try assertFramesAndSamplesBecomeAnMP4(options: RecorderSink.Options(audio: .none), codec: "aac", encoder: "aac")
        try assertFramesAndSamplesBecomeAnMP4(
            options: RecorderSink.Options(audioEncoder: "libmp3lame", audioBitrate: 96_000), codec: "mp3",
            encoder: "libmp3lame")
    }

    private func assertFramesAndSamplesBecomeAnMP4(
        options: RecorderSink.Options, codec: String, encoder: String, line: UInt = #line
    ) throws {
        let url = MediaFixtures.outputDirectory().appendingPathComponent("generated-\(codec)-\(line).mp4")
        let recorder = try RecorderSink(url: url, options: options)
        try recorder.begin(
            firstFrame: try Self.untaggedYUV(0), frameRate: Rational(25, 1),
            audio: PCMAudioFormat(sampleRate: 48000, channelCount: 2))
        let tone = Self.sine(frequency: 440, seconds: 1)
        // Samples arrive in uneven pieces between the frames.
        var offset = 0
        for index in 0..<25 {
            try recorder.append(try Self.untaggedYUV(UInt8(16 + index * 8)), at: index)
            let piece = min(2 * (1500 + 37 * index), tone.count - offset)
            try recorder.appendAudio(Array(tone[offset..<offset + piece]))
            offset += piece
        }
        try recorder.appendAudio(Array(tone[offset...]))
        let clip = try recorder.finishRecording()

        XCTAssertEqual(clip.frameCount, 25, line: line)
        XCTAssertEqual(clip.duration, 1, accuracy: 1e-6, line: line)
        XCTAssertEqual(clip.audio, "\(encoder) (from 48000 Hz 2-channel samples)", line: line)
        XCTAssertEqual(
            try MediaTool.probe("stream=codec_type,codec_name,sample_rate,channels", stream: "a:0", of: url),
            [codec, "audio", "48000", "2"], line: line)
        XCTAssertEqual(try MediaTool.probe("stream=avg_frame_rate", stream: "v:0", of: url), ["25/1"], line: line)

        // The decoded audio is the tone: a second of it, at 440 Hz.
        let samples = try Self.decodedLeft(url)
        XCTAssertEqual(Double(samples.count) / 48000, 1, accuracy: 0.05, "one second of audio", line: line)
        let middle = samples[4800..<43200]
        var crossings = 0
        for (previous, next) in zip(middle, middle.dropFirst()) where (previous < 0) != (next < 0) { crossings += 1 }
        let frequency = Double(crossings) / 2 / (Double(middle.count) / 48000)
        XCTAssertEqual(frequency, 440, accuracy: 5, line: line)
        let peak = middle.map { abs($0) }.max() ?? 0
        XCTAssertEqual(Double(peak), 0.5, accuracy: 0.05, line: line)
    }

    func testUntaggedFramesOfAProgramAreTaggedWithTheConversionsDefaultAndSaySo() throws {
        let url = MediaFixtures.outputDirectory().appendingPathComponent("untagged.mp4")
        let recorder = try RecorderSink(url: url)
        try recorder.begin(firstFrame: try Self.untaggedYUV(0), frameRate: Rational(25, 1))
        for index in 0..<5 { try recorder.append(try Self.untaggedYUV(100), at: index) }
        let clip = try recorder.finishRecording()
        XCTAssertEqual(
            try MediaTool.probe("stream=color_space,color_range", stream: "v:0", of: url), ["tv", "smpte170m"])
        XCTAssertTrue(
            clip.notes.contains { $0.hasPrefix("untagged YUV frames were tagged BT.601 limited range") },
            "\(clip.notes)")

        // Frames that say what they are get their own tags and no note.
        let taggedURL = MediaFixtures.outputDirectory().appendingPathComponent("tagged-own.mp4")
        let tagged = try RecorderSink(url: taggedURL)
        var frame = try Self.untaggedYUV(100)
        frame.colorimetry = Colorimetry(matrix: .bt709, range: .limited)
        try tagged.begin(firstFrame: frame, frameRate: Rational(25, 1))
        for index in 0..<5 { try tagged.append(frame, at: index) }
        let taggedClip = try tagged.finishRecording()
        XCTAssertEqual(
            try MediaTool.probe("stream=color_space,color_range", stream: "v:0", of: taggedURL), ["tv", "bt709"])
        XCTAssertFalse(taggedClip.notes.contains { $0.hasPrefix("untagged") }, "\(taggedClip.notes)")
    }

    func testAudioThatWasNotDeclaredOrIsNotWholeFramesFailsTheRecordingAndLeavesNoFile() throws {
        let url = MediaFixtures.outputDirectory().appendingPathComponent("undeclared.mp4")
        let recorder = try RecorderSink(url: url)
        try recorder.begin(firstFrame: try Self.untaggedYUV(0), frameRate: Rational(25, 1))
        try recorder.append(try Self.untaggedYUV(50), at: 0)
        XCTAssertThrowsError(try recorder.appendAudio([0, 0])) { error in
            XCTAssertEqual(error as? MediaError, .audioNotDeclared(path: url.path))
        }
        XCTAssertThrowsError(try recorder.finishRecording()) { error in
            XCTAssertEqual(error as? MediaError, .audioNotDeclared(path: url.path))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))

        let oddURL = MediaFixtures.outputDirectory().appendingPathComponent("odd-samples.mp4")
        let odd = try RecorderSink(url: oddURL)
        try odd.begin(firstFrame: try Self.untaggedYUV(0), frameRate: Rational(25, 1), audio: PCMAudioFormat())
        XCTAssertThrowsError(try odd.appendAudio([0, 0, 0])) { error in
            XCTAssertEqual(error as? MediaError, .audioSamplesNotWholeFrames(path: oddURL.path, count: 3, channels: 2))
        }
        XCTAssertEqual(odd.state, .failed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: oddURL.path))
    }

    /// The left channel of the first audio stream, decoded to 32-bit floats by the ffmpeg CLI.
    private static func decodedLeft(_ url: URL) throws -> [Float] {
        let output = MediaFixtures.outputDirectory().appendingPathComponent(url.lastPathComponent + ".f32")
        try MediaTool.ffmpeg(["-i", url.path, "-map", "0:a", "-f", "f32le", output.path])
        let data = try Data(contentsOf: output)
        let stereo = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return stride(from: 0, to: stereo.count, by: 2).map { stereo[$0] }
    }
}
