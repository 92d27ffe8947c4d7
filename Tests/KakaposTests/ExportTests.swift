import Foundation
import XCTest

@testable import Kakapos

/// Whole exports of real clips, checked against ffprobe's reading of input
/// and output: frame count, timestamps, rotation, audio bit for bit.
final class ExportTests: XCTestCase {
    func testAnExportKeepsEveryFrameAndItsTimestamp() throws {
        let clip = try export(MediaFixtures.clip, to: "same.mp4")
        XCTAssertEqual(try MediaTool.framePTSTimes(clip.url), try MediaTool.framePTSTimes(MediaFixtures.clip))
    }

    func testVariableFrameRateStaysVariableFrameForFrame() throws {
        let input = try MediaTool.framePTSTimes(MediaFixtures.vfr)
        XCTAssertEqual(input.count, 30)
        XCTAssertGreaterThan(
            Set(zip(input, input.dropFirst()).map { Double($1)! - Double($0)! }.map { ($0 * 1000).rounded() }).count, 1)

        let mkv = try export(MediaFixtures.vfr, to: "vfr.mkv")
        XCTAssertEqual(try MediaTool.framePTSTimes(mkv.url), input)
        XCTAssertEqual(mkv.audio, "pcm_s16le (copied)")

        let mp4 = try export(MediaFixtures.vfr, to: "vfr.mp4")
        XCTAssertEqual(
            try MediaTool.framePTSTimes(mp4.url).map { Double($0)! }, input.map { Double($0)! }, accuracy: 1e-3)
        // MP4 cannot take PCM: the audio was re-encoded, and the clip says so.
        XCTAssertEqual(mp4.audio, "aac (re-encoded from pcm_s16le)")
        XCTAssertEqual(mp4.notes, ["audio stream 1 (pcm_s16le) re-encoded to aac: mp4 does not take pcm_s16le"])
        XCTAssertEqual(try MediaTool.probe("stream=codec_name", stream: "a:0", of: mp4.url), ["aac"])
    }

    func testTheRotationTagIsKept() throws {
        let input = try MediaTool.probe("stream_side_data=rotation", stream: "v:0", of: MediaFixtures.rotated)
        XCTAssertEqual(input, ["90"])
        let kept = try export(MediaFixtures.rotated, to: "rotated.mp4")
        XCTAssertEqual(try MediaTool.probe("stream_side_data=rotation", stream: "v:0", of: kept.url), input)
        XCTAssertEqual(try AssetSource(url: kept.url).metadata.rotation, 90)
        // Matroska has no display matrix in FFmpeg 5.1: the clip says so.
        let mkv = try export(MediaFixtures.rotated, to: "rotated.mkv")
        XCTAssertEqual(mkv.notes, ["rotation 90 not kept: FFmpeg 5.1 writes no display matrix to mkv"])

        let dropped = try export(MediaFixtures.rotated, to: "upright.mp4", recorder: .init(keepRotation: false))
        XCTAssertEqual(try MediaTool.probe("stream_side_data=rotation", stream: "v:0", of: dropped.url), [])
    }

    func testAudioIsCopiedPacketForPacket() throws {
        let input = try MediaTool.packetMD5(MediaFixtures.clip, map: "0:a")
        for name in ["audio.mp4", "audio.mkv", "audio.mov"] {
            let clip = try export(MediaFixtures.clip, to: name)
            XCTAssertEqual(clip.audio, "aac (copied)", name)
            XCTAssertEqual(try MediaTool.packetMD5(clip.url, map: "0:a"), input, name)
        }
    }

    func testAudioIsReencodedWhereTheContainerCannotTakeItOrWhenAsked() throws {
        let webm = try export(MediaFixtures.clip, to: "audio.webm")
        XCTAssertEqual(webm.audio, "libopus (re-encoded from aac)")
        XCTAssertEqual(webm.notes, ["audio stream 1 (aac) re-encoded to opus: webm does not take aac"])
        XCTAssertEqual(try MediaTool.probe("stream=codec_name", stream: "a:0", of: webm.url), ["opus"])
        let audioDuration = Double(try MediaTool.probe("format=duration", of: webm.url).first!)!
        XCTAssertEqual(audioDuration, 1.0, accuracy: 0.05)

        let asked = try export(MediaFixtures.clip, to: "reencoded.mp4", recorder: .init(audio: .reencode))
        XCTAssertEqual(asked.audio, "aac (re-encoded from aac)")
        XCTAssertEqual(asked.notes, [])

        let none = try export(MediaFixtures.clip, to: "silent.mp4", recorder: .init(audio: .none))
        XCTAssertNil(none.audio)
        XCTAssertEqual(try MediaTool.probe("stream=codec_type", of: none.url), ["video"])
    }

    func testTextSubtitlesAreConvertedToWhatTheContainerHolds() throws {
        XCTAssertEqual(
            try AssetSource(url: MediaFixtures.subtitled).metadata.otherStreams.map(\.description),
            ["audio stream 1 (aac)", "subtitle stream 2 (subrip)"])
        let clip = try export(MediaFixtures.subtitled, to: "subs.mp4")
        XCTAssertEqual(clip.notes, ["subtitle stream 2 (subrip) converted to mov_text: mp4 does not take subrip"])
        XCTAssertEqual(try MediaTool.probe("stream=codec_type", of: clip.url), ["video", "audio", "subtitle"])
        XCTAssertEqual(try MediaTool.probe("stream=codec_name", stream: "s:0", of: clip.url), ["mov_text"])
    }

    func testMP4AndMOVAreWrittenFastStart() throws {
        for name in ["fast.mp4", "fast.mov"] {
            let clip = try export(MediaFixtures.clip, to: name)
            let bytes = [UInt8](try Data(contentsOf: clip.url))
            func offset(of atom: String) -> Int? {
                let tag = Array(atom.utf8)
                return (0..<(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual(tag) }
            }
            let moov = try XCTUnwrap(offset(of: "moov"), name)
            let mdat = try XCTUnwrap(offset(of: "mdat"), name)
            XCTAssertLessThan(moov, mdat, "\(name): the index comes before the media data")
        }
    }

    func testATrimmedExportStartsAtZero() throws {
        let clip = try export(MediaFixtures.clip, to: "trimmed.mp4", source: .init(start: 0.4, duration: 0.4))
        XCTAssertEqual(clip.frameCount, 10)
        let times = try MediaTool.framePTSTimes(clip.url).map { Double($0)! }
        XCTAssertEqual(times, (0..<10).map { Double($0) * 0.04 }, accuracy: 1e-3)
        let audio = Double(try MediaTool.probe("stream=duration", stream: "a:0", of: clip.url).first!)!
        XCTAssertEqual(audio, 0.4, accuracy: 0.05)
    }

    func testA10BitClipStays10Bit() throws {
        let clip = try export(MediaFixtures.tenBit, to: "deep.mp4")
        XCTAssertEqual(clip.pixelFormat, "yuv420p10le")
        XCTAssertEqual(try MediaTool.probe("stream=pix_fmt", stream: "v:0", of: clip.url), ["yuv420p10le"])
    }
}
