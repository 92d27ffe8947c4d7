import CFFmpeg

extension AssetSource {
    /// How long the video of the file at `path` shows, read from its
    /// packets without decoding: from its first frame (the first at or
    /// after `start` seconds into the file) to the end of its last (its
    /// time plus its duration), as a run that plays the file through sees
    /// it. For what must be known before the run, such as where the next
    /// input's sound starts after this one's picture ends.
    public static func videoSeconds(of path: String, from start: Double? = nil) throws(MediaError) -> Double {
        let (input, best) = try FFInputContext.videoStream(of: path)
        let timeBase = av_q2d(input.stream(best).pointee.time_base)
        let frames: [(pts: Int64, key: Bool, duration: Int64)]
        do { frames = try input.videoPackets(of: best) } catch { throw .readFailed(path: path, error: error) }
        guard let first = frames.first, let last = frames.last else {
            throw .noDecodableFrames(path: path, undecodablePackets: 0)
        }
        let from = first.pts + Int64(((start ?? 0) / timeBase).rounded())
        let shown = frames.first { $0.pts >= from } ?? last
        // The last frame's duration, else the step before it.
        let step = last.duration > 0 ? last.duration : frames.count > 1 ? last.pts - frames[frames.count - 2].pts : 0
        return Double(last.pts + step - shown.pts) * timeBase
    }
}
