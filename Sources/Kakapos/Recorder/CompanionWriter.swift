import CFFmpeg
import Foundation

/// Puts a recording's companion streams into its muxer: it decides, for
/// each one, copy, convert or drop (naming every drop and why), adds the
/// output streams with their tags and dispositions, copies the chapters,
/// the global metadata and the timecode, and then writes the packets in
/// step with the video so the muxer's interleaving queue stays short.
///
/// @unchecked Sendable: used only by the recorder, one call at a time.
final class CompanionWriter: @unchecked Sendable {
    /// Things a user should know: conversions, re-encodes, drops.
    private(set) var notes: [String] = []
    /// What happened to the audio, e.g. `aac (copied)`; nil without audio.
    let audioSummary: String?
    private let reader: CompanionReader
    private var tracks: [Int: CompanionTrack] = [:]
    /// Cover art: one packet each, written right after the header.
    private var pictures: [(source: Int, output: UnsafeMutablePointer<AVStream>)] = []
    private let companions: CompanionStreams

    init(
        _ companions: CompanionStreams, muxer: FFOutputContext, container: Container, audio: AudioMode,
        audioTarget: AudioTarget?, audioFilter: AudioFilterChain? = nil, subtitleCodec: String? = nil,
        video: UnsafeMutablePointer<AVStream>,
        videoFrameRate: Rational?, path: String
    ) throws(MediaError) {
        self.companions = companions
        reader = try CompanionReader(companions, path: path)
        let streams = AssetSource.describeStreams(reader.input)
        notes += companions.excluded.map { "dropped \($0)" }
        var audioSummaries: [String] = []
        for index in companions.streams {
            let info = streams[index]
            let source = reader.stream(index)
            let codec = source.pointee.codecpar.pointee.codec_id
            let accepts = avformat_query_codec(muxer.format, codec, FF_COMPLIANCE_NORMAL) != 0
            let name = container.rawValue
            switch info.kind {
            case .audio:
                if audio == .none { continue }
                guard let target = audioTarget else {
                    notes.append("dropped \(info): \(name) holds no audio")
                    continue
                }
                let track: CompanionTrack
                // Filtered sound is re-encoded, as FFmpeg's -af makes it.
                if audio == .copy && accepts && companions.madeAudio == nil && audioFilter == nil {
                    let copier = try PacketCopier(source: source, muxer: muxer, companions: companions, path: path)
                    Self.copyTags(from: source, to: copier.outputStream, keepMetadata: companions.metadata)
                    track = copier
                } else {
                    let transcoder = try AudioTranscoder(
                        source: source, muxer: muxer, target: target, companions: companions, filter: audioFilter,
                        path: path)
                    Self.copyTags(from: source, to: transcoder.outputStream, keepMetadata: companions.metadata)
                    track = transcoder
                    if audio == .copy && companions.madeAudio == nil && audioFilter == nil {
                        notes.append("\(info) re-encoded to \(target.codec): \(name) does not take \(info.codecName)")
                    }
                }
                tracks[index] = track
                audioSummaries.append(
                    companions.madeAudio.map { "\(target.codec) (\($0))" } ?? track.summary)
            case .subtitle:
                let isText =
                    avcodec_descriptor_get(codec).map { $0.pointee.props & AV_CODEC_PROP_TEXT_SUB != 0 }
                    ?? false
                if let subtitleCodec {
                    // As asked (FFmpeg's -c:s), or not at all.
                    guard
                        let chosen = try Self.chosenSubtitleTrack(
                            subtitleCodec, source: source, info: info, isText: isText, accepts: accepts,
                            container: container, muxer: muxer, companions: companions, path: path)
                    else {
                        notes.append("dropped \(info): a bitmap subtitle cannot become \(subtitleCodec) text")
                        continue
                    }
                    Self.copyTags(from: source, to: chosen.output, keepMetadata: companions.metadata)
                    tracks[index] = chosen.track
                } else if accepts, container.holdsSubtitles {
                    let copier = try PacketCopier(source: source, muxer: muxer, companions: companions, path: path)
                    Self.copyTags(from: source, to: copier.outputStream, keepMetadata: companions.metadata)
                    tracks[index] = copier
                } else if isText, let target = container.subtitleEncoder {
                    let converter = try SubtitleTranscoder(
                        source: source, muxer: muxer, encoderName: target, companions: companions, path: path)
                    Self.copyTags(from: source, to: converter.outputStream, keepMetadata: companions.metadata)
                    tracks[index] = converter
                    notes.append("\(info) converted to \(target): \(name) does not take \(info.codecName)")
                } else if !container.holdsSubtitles {
                    notes.append("dropped \(info): \(name) holds no subtitles")
                } else {
                    notes.append("dropped \(info): \(name) cannot hold \(info.codecName), a bitmap subtitle")
                }
            case .attachment:
                guard container.holdsAttachments else {
                    notes.append("dropped \(info): only Matroska holds attachments")
                    continue
                }
                do {
                    let output = try muxer.addStream()
                    try check(avcodec_parameters_copy(output.pointee.codecpar, source.pointee.codecpar))
                    Self.copyTags(from: source, to: output, keepMetadata: true)
                } catch {
                    throw .audioFailed(path: path, detail: "cannot copy attachment stream \(index): \(error)")
                }
            case .video where info.isAttachedPicture:
                guard container.holdsAttachedPictures, accepts else {
                    notes.append("dropped \(info): \(name) holds no cover art")
                    continue
                }
                do {
                    let output = try muxer.addStream()
                    try check(avcodec_parameters_copy(output.pointee.codecpar, source.pointee.codecpar))
                    output.pointee.codecpar.pointee.codec_tag = 0
                    output.pointee.time_base = source.pointee.time_base
                    Self.copyTags(from: source, to: output, keepMetadata: true)
                    pictures.append((index, output))
                } catch {
                    throw .audioFailed(path: path, detail: "cannot copy the cover art: \(error)")
                }
            case .data where info.codecName == "tmcd":
                // The timecode is written as the video's timecode tag, from
                // which the muxer makes its own timecode track.
                continue
            default:
                notes.append("dropped \(info): \(name) holds no \(info.kind.rawValue) streams")
            }
        }
        audioSummary = audioSummaries.isEmpty ? nil : audioSummaries.joined(separator: ", ")

        if let videoIndex = companions.videoStream, videoIndex < reader.input.streamCount {
            let source = reader.stream(videoIndex)
            Self.copyTags(from: source, to: video, keepMetadata: companions.metadata)
            if let timecode = AssetSource.timecode(in: reader.input, video: videoIndex) {
                if let moved = Self.advance(timecode, by: companions.timecodeOffset, rate: videoFrameRate) {
                    av_dict_set(&video.pointee.metadata, "timecode", moved, 0)
                } else {
                    notes.append("timecode \(timecode) dropped: it does not fit the frame rate")
                }
            }
        }
        if companions.metadata { Self.copyGlobalTags(from: reader.input, to: muxer) }
        if companions.chapters { copyChapters(to: muxer, container: container) }
    }

    /// Writes the cover art's packets; call right after the header.
    func writeAttachedPictures(emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        for (source, output) in pictures {
            let picture = reader.stream(source).pointee.attached_pic
            guard picture.size > 0, let packet = try? FFPacket() else { continue }
            guard
                withUnsafePointer(to: reader.stream(source).pointee.attached_pic, { av_packet_ref(packet.pointer, $0) })
                    >= 0
            else { continue }
            packet.pointer.pointee.stream_index = output.pointee.index
            packet.pointer.pointee.pts = 0
            packet.pointer.pointee.dts = 0
            try emit(packet)
        }
    }

    /// Writes the packets that begin at most `limit` seconds into the output.
    func write(upTo limit: Double, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        while let packet = reader.peek() {
            if let timing = reader.timing(of: packet), timing.time - companions.zero > limit { return }
            try pass(packet, emit: emit)
        }
    }

    /// Writes everything left in the span and flushes every track. With
    /// `videoEnd` (seconds after the shift) and `endWithVideo`, the streams
    /// end where the video does.
    func finish(videoEnd: Double?, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        var end: Double?
        if companions.endWithVideo, let videoEnd {
            reader.endNoLaterThan(videoEnd + companions.zero)
            end = videoEnd
        }
        while let packet = reader.peek() { try pass(packet, emit: emit) }
        for index in companions.streams {
            try tracks[index]?.finish(end: end, emit: emit)
        }
    }

    private func pass(_ packet: FFPacket, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        let index = reader.streamIndex(of: packet)
        reader.take()
        guard let track = tracks[index] else {
            packet.unref()
            return
        }
        try track.write(packet, emit: emit)
    }

    /// The track that writes subtitle stream `source` as `codec` says:
    /// `copy` (refused where the container cannot hold the packets), or
    /// text subtitles converted to the encoder `codec` names (refused
    /// where it is not installed or the container cannot hold it); nil
    /// for a bitmap subtitle, which no text encoder takes.
    private static func chosenSubtitleTrack(
        _ codec: String, source: UnsafeMutablePointer<AVStream>, info: StreamInfo, isText: Bool, accepts: Bool,
        container: Container, muxer: FFOutputContext, companions: CompanionStreams, path: String
    ) throws(MediaError) -> (track: any CompanionTrack, output: UnsafeMutablePointer<AVStream>)? {
        let name = container.rawValue
        if codec == "copy" {
            guard accepts, container.holdsSubtitles else {
                let instead =
                    isText ? container.subtitleEncoder.map { "; leave -c:s out to convert them to \($0)" } : nil
                throw .subtitlesRefused(
                    path: path,
                    detail: "\(name) cannot hold \(info.codecName) subtitles as they are (-c:s copy)\(instead ?? "")")
            }
            let copier = try PacketCopier(source: source, muxer: muxer, companions: companions, path: path)
            return (copier, copier.outputStream)
        }
        guard let encoder = avcodec_find_encoder_by_name(codec), encoder.pointee.type == AVMEDIA_TYPE_SUBTITLE else {
            throw .subtitlesRefused(path: path, detail: "no subtitle encoder named \(codec) is installed")
        }
        let codecName = String(cString: avcodec_get_name(encoder.pointee.id))
        guard container.holdsSubtitles,
            avformat_query_codec(muxer.format, encoder.pointee.id, FF_COMPLIANCE_NORMAL) != 0
        else {
            throw .subtitlesRefused(path: path, detail: "\(name) cannot hold \(codecName) subtitles (-c:s \(codec))")
        }
        guard isText else { return nil }
        let converter = try SubtitleTranscoder(
            source: source, muxer: muxer, encoderName: codec, companions: companions, path: path)
        return (converter, converter.outputStream)
    }

    // MARK: Tags, chapters, timecode

    /// Tags that describe the source file's bytes, not its content: a
    /// muxer's statistics (`DURATION`, `NUMBER_OF_FRAMES`, ...) and the
    /// encoder that wrote it.
    private static func describesTheOldFile(_ key: String) -> Bool {
        let upper = key.uppercased()
        return upper == "ENCODER" || upper.hasPrefix("DURATION") || upper.hasPrefix("NUMBER_OF_")
            || upper.hasPrefix("BPS") || upper.hasPrefix("_STATISTICS_") || upper == "MAJOR_BRAND"
            || upper == "MINOR_VERSION" || upper == "COMPATIBLE_BRANDS" || upper == "TIMECODE"
    }

    private static func copyTags(
        from source: UnsafeMutablePointer<AVStream>, to output: UnsafeMutablePointer<AVStream>, keepMetadata: Bool
    ) {
        output.pointee.disposition = source.pointee.disposition
        guard keepMetadata else { return }
        for (key, value) in FFDictionary.entries(source.pointee.metadata) where !describesTheOldFile(key) {
            av_dict_set(&output.pointee.metadata, key, value, 0)
        }
    }

    private static func copyGlobalTags(from input: FFInputContext, to muxer: FFOutputContext) {
        for (key, value) in FFDictionary.entries(input.pointer.pointee.metadata) where !describesTheOldFile(key) {
            av_dict_set(&muxer.pointer.pointee.metadata, key, value, 0)
        }
    }

    /// The chapters that overlap the span, shifted onto the output's
    /// timeline and cut to the span.
    private func copyChapters(to muxer: FFOutputContext, container: Container) {
        let input = reader.input.pointer.pointee
        guard input.nb_chapters > 0 else { return }
        guard container.holdsChapters else {
            notes.append("dropped \(input.nb_chapters) chapter(s): \(container.rawValue) holds no chapters")
            return
        }
        var kept: [UnsafeMutablePointer<AVChapter>] = []
        let millisecond = AVRational(num: 1, den: 1000)
        for index in 0..<Int(input.nb_chapters) {
            guard let chapter = input.chapters[index] else { continue }
            let base = av_q2d(chapter.pointee.time_base)
            var start = Double(chapter.pointee.start) * base
            var end = Double(chapter.pointee.end) * base
            if let first = companions.start { start = max(start, first) }
            if let last = companions.end { end = min(end, last) }
            guard end > start else { continue }
            guard let made = av_mallocz(MemoryLayout<AVChapter>.size)?.assumingMemoryBound(to: AVChapter.self) else {
                continue
            }
            made.pointee.id = chapter.pointee.id
            made.pointee.time_base = millisecond
            made.pointee.start = Int64(((start - companions.zero) * 1000).rounded())
            made.pointee.end = Int64(((end - companions.zero) * 1000).rounded())
            av_dict_copy(&made.pointee.metadata, chapter.pointee.metadata, 0)
            kept.append(made)
        }
        guard !kept.isEmpty,
            let array = av_malloc_array(kept.count, MemoryLayout<UnsafeMutablePointer<AVChapter>?>.stride)?
                .assumingMemoryBound(to: UnsafeMutablePointer<AVChapter>?.self)
        else {
            for chapter in kept { av_free(chapter) }
            return
        }
        for (index, chapter) in kept.enumerated() { array[index] = chapter }
        // avformat_free_context frees them, with their metadata.
        muxer.pointer.pointee.chapters = array
        muxer.pointer.pointee.nb_chapters = UInt32(kept.count)
    }

    /// `timecode` moved on by `seconds` of frames at `rate`; nil when it
    /// does not parse at that rate.
    static func advance(_ timecode: String, by seconds: Double, rate: Rational?) -> String? {
        guard seconds > 0 else { return timecode }
        guard let rate, rate.isValid else { return nil }
        var code = AVTimecode()
        guard av_timecode_init_from_string(&code, rate.av, timecode, nil) >= 0 else { return nil }
        let frames = Int32((seconds * (rate.doubleValue ?? 0)).rounded())
        var buffer = [CChar](repeating: 0, count: Int(AV_TIMECODE_STR_SIZE))
        guard let text = av_timecode_make_string(&code, &buffer, frames) else { return nil }
        return String(cString: text)
    }
}
