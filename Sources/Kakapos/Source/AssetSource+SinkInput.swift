import Harbeth

extension AssetSource: FrameSource {
    /// The format of the frames the file's video decodes to.
    public var frameFormat: FrameFormat { metadata.frameFormat }

    /// Describes the recording of the file's frames after a processor that
    /// produces `format`: its timing, rotation, trim, colour tags, field
    /// order, and the streams to carry besides the video (every audio,
    /// subtitle and attachment stream, cover art and the timecode, or what
    /// `maps` choose), with the chapters and metadata.
    ///
    /// The output's timeline starts at 0 where the source's does (its
    /// file's start time, 11.4 s for a transport stream cut from a
    /// broadcast), or at the trim start, keeping the streams' offsets to
    /// one another, as FFmpeg does; `keepTimestamps` keeps the source's
    /// timestamps instead (FFmpeg's `-copyts`).
    public func sinkInput(format: FrameFormat, maps: [StreamMap], keepTimestamps: Bool) throws(MediaError) -> SinkInput
    {
        let source = self
        let metadata = source.metadata
        let options = source.options
        // The file's timeline starts at its earliest stream; a trim counts from there.
        let fileStart = metadata.fileStartTime ?? metadata.startTime ?? 0
        let trimStart =
            options.range?.start.map { Double($0) * (metadata.timeBase.doubleValue ?? 0) }
            ?? options.start.map { fileStart + $0 }
        // A live input joined mid-stream starts at its first decodable
        // frame, not at the first packet that went by.
        let liveStart = location.isLive ? source.firstFrameTime : nil
        let zero = keepTimestamps ? 0 : (trimStart ?? liveStart ?? fileStart)
        var selection: (video: Int, others: [Int])
        do {
            selection = try StreamMap.select(metadata.streams, maps: maps, video: metadata.videoStreamIndex)
        } catch {
            throw .invalidStreamMap(error.description)
        }
        // Without maps, what the default selection leaves out is named.
        var excluded =
            maps.isEmpty
            ? metadata.streams.filter { stream in
                stream.index != selection.video && !selection.others.contains(stream.index)
            }.map { stream in
                stream.kind == .video
                    ? "\(stream): only one video stream is filtered (--map 0:v:\(stream.indexInKind) picks this one)"
                    : "\(stream): \(stream.kind.rawValue) streams other than a timecode track are not carried"
            }
            : []
        if options.loops != 0 {
            // A looped file's sound would stop after one play.
            let sounds = metadata.streams.filter { $0.kind == .audio && selection.others.contains($0.index) }
            selection.others.removeAll { index in sounds.contains { $0.index == index } }
            excluded += sounds.map {
                "\($0): -stream_loop repeats the video only; the sound would stop after one play"
            }
        }
        let companions = CompanionStreams(
            url: metadata.url, streams: selection.others, videoStream: metadata.videoStreamIndex, start: trimStart,
            end: options.duration.map { (trimStart ?? fileStart) + $0 }, endWithVideo: options.frameLimit != nil,
            zero: zero, timecodeOffset: options.start ?? 0, excluded: excluded)
        if location.isLive {
            // Read once, as it comes: there is no second reader for the other
            // streams, so they are named and left out.
            var input = SinkInput(
                format: format, timeBase: metadata.timeBase,
                frameRate: metadata.averageFrameRate ?? metadata.realFrameRate,
                rotation: metadata.rotation, startPTS: AssetSource.secondsToTicks(zero, metadata.timeBase),
                fieldOrder: metadata.fieldOrder, expectedFrameCount: nil)
            // Its audio comes with the frames (decoded, to be encoded again).
            let carried = source.audio.flatMap { capture in
                selection.others.contains(Int(capture.streamIndex)) ? Int(capture.streamIndex) : nil
            }
            if let capture = source.audio, carried != nil {
                input.audio = capture.format
                input.audioIsCaptured = true
            }
            input.droppedBySource = selection.others.filter { $0 != carried }.compactMap { index in
                metadata.streams.first { $0.index == index }.map {
                    "\($0): not carried from \(location) (a live input is read once, for its video)"
                }
            }
            input.sourcePixelFormat = metadata.pixelFormat
            input.sourceColor = (metadata.colorimetry, source.colorTags)
            input.hdrMetadata = metadata.hdr
            input.sampleAspectRatio = metadata.sampleAspectRatio
            return input
        }
        var input = SinkInput(
            format: format,
            timeBase: metadata.timeBase,
            frameRate: metadata.averageFrameRate ?? metadata.realFrameRate,
            rotation: metadata.rotation,
            startPTS: AssetSource.secondsToTicks(zero, metadata.timeBase),
            companions: companions.streams.isEmpty && metadata.chapters.isEmpty && metadata.tags.isEmpty
                && metadata.timecode == nil && excluded.isEmpty ? nil : companions,
            fieldOrder: metadata.fieldOrder,
            expectedFrameCount: source.expectedFrameCount)
        input.sourcePixelFormat = metadata.pixelFormat
        input.sourceColor = (metadata.colorimetry, source.colorTags)
        input.hdrMetadata = metadata.hdr
        input.sampleAspectRatio = metadata.sampleAspectRatio
        return input
    }
}
