import Foundation
import XCTest

@testable import Kakapos

/// A file that carries everything a user cares about besides its picture:
/// two audio tracks with languages, titles and dispositions, text
/// subtitles in two codecs, a font attachment, chapters, global metadata,
/// and (in a QuickTime file) a timecode. Each export keeps what its
/// container can hold, converts what it must, and names every drop.
final class StreamFidelityTests: XCTestCase {
    /// The rich file: 2 s of video, two audio tracks, SRT and ASS
    /// subtitles, a font, two chapters, a title and an artist, in Matroska.
    private static let rich: URL = {
        let folder = MediaFixtures.directory
        let srt = folder.appendingPathComponent("rich.srt")
        let ass = folder.appendingPathComponent("rich.ass")
        let font = folder.appendingPathComponent("font.ttf")
        let chapters = folder.appendingPathComponent("chapters.txt")
        try! Data("1\n00:00:00,200 --> 00:00:00,900\nhello\n\n2\n00:00:01,200 --> 00:00:01,800\nagain\n\n".utf8)
            .write(to: srt)
        try! Data(
            """
            [Script Info]
            ScriptType: v4.00+

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, Bold
            Style: Default,Arial,20,&H00FFFFFF,0

            [Events]
            Format: Layer, Start, End, Style, Text
            Dialogue: 0,0:00:00.50,0:00:01.50,Default,bonjour

            """.utf8
        ).write(to: ass)
        try! Data((0..<256).map { UInt8($0) }).write(to: font)
        try! Data(
            """
            ;FFMETADATA1
            title=Rich file
            artist=The Tests

            [CHAPTER]
            TIMEBASE=1/1000
            START=0
            END=1000
            title=First

            [CHAPTER]
            TIMEBASE=1/1000
            START=1000
            END=2000
            title=Second

            """.utf8
        ).write(to: chapters)
        let url = folder.appendingPathComponent("rich.mkv")
        try! MediaTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=2",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2",
            "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000:duration=2",
            "-i", srt.path, "-i", ass.path, "-i", chapters.path,
            "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map", "4", "-map_metadata", "5", "-map_chapters", "5",
            "-attach", font.path, "-metadata:s:t", "mimetype=application/x-truetype-font",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-c:s", "copy",
            "-metadata:s:a:0", "language=eng", "-metadata:s:a:0", "title=Stereo",
            "-metadata:s:a:1", "language=fre", "-metadata:s:a:1", "title=Commentary",
            "-disposition:a:0", "default", "-disposition:a:1", "comment",
            "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=fre", "-disposition:s:1", "forced",
            url.path,
        ])
        return url
    }()

    private func streams(of url: URL) throws -> [String] {
        try MediaTool.probe("stream=codec_type,codec_name", of: url)
    }

    private func tag(_ key: String, stream: String, of url: URL) throws -> [String] {
        try MediaTool.probe("stream_tags=\(key)", stream: stream, of: url)
    }

    /// Numbers ffprobe printed.
    private func numbers(_ entries: String, stream: String? = nil, of url: URL) throws -> [Double] {
        try MediaTool.probe(entries, stream: stream, of: url).map { Double($0) ?? .nan }
    }

    /// The rich file's first subtitle packets (ffmpeg, writing it, moved
    /// them by the AAC encoder's priming, as it moves every stream).
    private func richSubtitleTimes() throws -> [Double] {
        try numbers("packet=pts_time", stream: "s:0", of: Self.rich)
    }

    private func chapterTitles(of url: URL) throws -> [String] {
        try MediaTool.probe("chapter_tags=title", of: url)
    }

    func testMatroskaKeepsEveryStreamWithItsTagsAndDispositions() throws {
        let clip = try export(Self.rich, to: "all.mkv")
        XCTAssertEqual(clip.notes, [])
        XCTAssertEqual(clip.audio, "aac (copied), aac (copied)")
        XCTAssertEqual(
            try streams(of: clip.url),
            [
                "h264", "video", "aac", "audio", "aac", "audio", "subrip", "subtitle", "ass", "subtitle", "ttf",
                "attachment",
            ])
        XCTAssertEqual(try tag("language", stream: "a", of: clip.url), ["eng", "fre"])
        XCTAssertEqual(try tag("title", stream: "a", of: clip.url), ["Stereo", "Commentary"])
        XCTAssertEqual(try MediaTool.probe("disposition=comment", stream: "a:1", of: clip.url), ["1"])
        XCTAssertEqual(try MediaTool.probe("disposition=forced", stream: "s:1", of: clip.url), ["1"])
        XCTAssertEqual(try tag("language", stream: "s", of: clip.url), ["eng", "fre"])
        XCTAssertEqual(try tag("mimetype", stream: "t", of: clip.url), ["application/x-truetype-font"])
        XCTAssertEqual(try chapterTitles(of: clip.url), ["First", "Second"])
        XCTAssertEqual(try MediaTool.probe("format_tags=title,artist", of: clip.url), ["Rich file", "The Tests"])
        // The subtitles' times are the source's.
        XCTAssertEqual(try numbers("packet=pts_time", stream: "s:0", of: clip.url), try richSubtitleTimes())
    }

    func testMP4ConvertsTheSubtitlesAndNamesWhatItCannotHold() throws {
        let clip = try export(Self.rich, to: "all.mp4")
        XCTAssertEqual(
            clip.notes,
            [
                "subtitle stream 3 (subrip, eng) converted to mov_text: mp4 does not take subrip",
                "subtitle stream 4 (ass, fre) converted to mov_text: mp4 does not take ass",
                "dropped attachment stream 5 (ttf): only Matroska holds attachments",
            ])
        // The last stream is the QuickTime chapter track the muxer makes.
        XCTAssertEqual(
            try streams(of: clip.url),
            [
                "h264", "video", "aac", "audio", "aac", "audio", "mov_text", "subtitle", "mov_text", "subtitle",
                "bin_data", "data",
            ])
        XCTAssertEqual(try tag("language", stream: "a", of: clip.url), ["eng", "fre"])
        XCTAssertEqual(try chapterTitles(of: clip.url), ["First", "Second"])
        XCTAssertEqual(try MediaTool.probe("format_tags=title,artist", of: clip.url), ["Rich file", "The Tests"])
        // mov_text fills the gaps between subtitles with empty samples.
        let converted = try numbers("packet=pts_time", stream: "s:0", of: clip.url)
        for time in try richSubtitleTimes() {
            XCTAssertTrue(converted.contains { abs($0 - time) < 0.002 }, "\(time) in \(converted)")
        }
    }

    func testContainersThatHoldLessSayWhatTheyDropped() throws {
        let avi = try export(Self.rich, to: "all.avi")
        XCTAssertEqual(
            avi.notes,
            [
                "dropped subtitle stream 3 (subrip, eng): avi holds no subtitles",
                "dropped subtitle stream 4 (ass, fre): avi holds no subtitles",
                "dropped attachment stream 5 (ttf): only Matroska holds attachments",
                "dropped 2 chapter(s): avi holds no chapters",
            ])
        XCTAssertEqual(try streams(of: avi.url), ["h264", "video", "aac", "audio", "aac", "audio"])
        let webm = try export(Self.rich, to: "all.webm")
        XCTAssertEqual(
            webm.notes,
            [
                "audio stream 1 (aac, eng, \"Stereo\") re-encoded to opus: webm does not take aac",
                "audio stream 2 (aac, fre, \"Commentary\") re-encoded to opus: webm does not take aac",
                "subtitle stream 3 (subrip, eng) converted to webvtt: webm does not take subrip",
                "subtitle stream 4 (ass, fre) converted to webvtt: webm does not take ass",
                "dropped attachment stream 5 (ttf): only Matroska holds attachments",
            ])
        XCTAssertEqual(try chapterTitles(of: webm.url), ["First", "Second"])
    }

    /// `--map` in FFmpeg's idiom: positive maps choose, negative ones remove.
    func testMapsChooseTheStreams() throws {
        let secondAudioOnly = try exportMapped(["0:a:1"], to: "second.mkv")
        XCTAssertEqual(try streams(of: secondAudioOnly), ["h264", "video", "aac", "audio"])
        XCTAssertEqual(try tag("language", stream: "a", of: secondAudioOnly), ["fre"])
        let noSubtitles = try exportMapped(["-0:s", "-0:t"], to: "nosubs.mkv")
        XCTAssertEqual(try streams(of: noSubtitles), ["h264", "video", "aac", "audio", "aac", "audio"])
        XCTAssertThrowsError(try exportMapped(["0:a:5"], to: "missing.mkv")) {
            XCTAssertEqual(
                $0 as? MediaError, .invalidStreamMap("--map 0:a:5: input 0 has no audio stream 5 (it has 2)"))
        }
        XCTAssertNoThrow(try exportMapped(["0:a:5?", "0:a:0"], to: "optional.mkv"))
        XCTAssertThrowsError(try StreamMap(parsing: "0:x")) {
            XCTAssertEqual(
                "\($0)", "--map 0:x: 'x' is neither a stream index nor a kind (v, a, s, d or t)")
        }
    }

    private func exportMapped(_ maps: [String], to name: String) throws -> URL {
        let output = MediaFixtures.outputDirectory().appendingPathComponent(name)
        let pipeline = MediaPipeline(
            source: try AssetSource(url: Self.rich), processor: PassThroughProcessor(),
            sink: try RecorderSink(url: output), options: .init(maps: try maps.map { try StreamMap(parsing: $0) }))
        do { try pipeline.start() } catch {}
        switch pipeline.wait() {
        case .finished: return output
        case .failed(let error): throw error
        case .cancelled: throw TestFailure(message: "cancelled")
        }
    }

    /// A trimmed export moves the chapters, subtitles and timecode with it.
    func testATrimMovesChaptersSubtitlesAndTheTimecode() throws {
        let clip = try export(Self.rich, to: "trimmed.mkv", source: .init(start: 0.6, duration: 1))
        // The trim starts 0.6 s into the file, as `ffmpeg -ss 0.6` does; the
        // output may start a few milliseconds late, where the first audio
        // packet that overlaps the start begins (the muxer shifts every
        // stream so that none starts before 0), as with FFmpeg.
        let source = try richSubtitleTimes()
        XCTAssertEqual(try chapterTitles(of: clip.url), ["First", "Second"])
        XCTAssertEqual(try numbers("chapter=start_time,end_time", of: clip.url), [0, 0.4, 0.4, 1], accuracy: 0.025)
        // The first subtitle (0.2-0.9 s) shows from the start for what is left of it.
        XCTAssertEqual(
            try numbers("packet=pts_time,duration_time", stream: "s:0", of: clip.url),
            [0, source[0] + 0.7 - 0.6, source[1] - 0.6, 0.6], accuracy: 0.025)

        let timed = MediaFixtures.url("timecode.mov")
        try MediaTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=2", "-c:v", "libx264", "-preset",
            "ultrafast", "-pix_fmt", "yuv420p", "-timecode", "01:00:00:00", timed.path,
        ])
        XCTAssertEqual(try AssetSource(url: timed).metadata.timecode, "01:00:00:00")
        let whole = try export(timed, to: "timecode.mov")
        XCTAssertEqual(try tag("timecode", stream: "d:0", of: whole.url), ["01:00:00:00"])
        let late = try export(timed, to: "late.mov", source: .init(start: 1))
        XCTAssertEqual(try tag("timecode", stream: "d:0", of: late.url), ["01:00:01:00"])
    }

    /// Interlaced video keeps its field order tag; the filters work on the
    /// frame as it is, both fields together.
    func testInterlacedVideoKeepsItsFieldOrder() throws {
        let interlaced = MediaFixtures.url("interlaced.mkv")
        try MediaTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-vf", "setfield=tff", "-c:v", "libx264",
            "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-flags", "+ildct+ilme", "-x264opts", "tff=1",
            interlaced.path,
        ])
        // x264's top-field-first interlacing, as FFmpeg tags it: top coded first, bottom shown first.
        XCTAssertEqual(try MediaTool.probe("stream=field_order", stream: "v:0", of: interlaced), ["tb"])
        XCTAssertEqual(try AssetSource(url: interlaced).metadata.fieldOrder, .topCodedBottomFirst)
        let mkv = try export(interlaced, to: "fields.mkv")
        XCTAssertEqual(try MediaTool.probe("stream=field_order", stream: "v:0", of: mkv.url), ["tb"])
        // QuickTime's reader reports the H.264 stream's own order: top first too.
        let mov = try export(interlaced, to: "fields.mov")
        XCTAssertEqual(try MediaTool.probe("stream=field_order", stream: "v:0", of: mov.url), ["tt"])
        let progressive = try export(MediaFixtures.clip, to: "progressive.mkv")
        XCTAssertEqual(try MediaTool.probe("stream=field_order", stream: "v:0", of: progressive.url), ["progressive"])
    }
}
