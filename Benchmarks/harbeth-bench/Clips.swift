import Foundation

/// An input the bench makes with FFmpeg's testsrc2 source: H.264 (libx264
/// veryfast, crf 18, yuv420p) in MP4, no audio, so both sides decode
/// exactly the same stream and nothing but video is measured.
struct ClipSpec: Hashable, Sendable, Encodable {
    var width: Int
    var height: Int
    var rate: Int
    var frames: Int

    var fileName: String { "testsrc2-\(width)x\(height)-\(rate)fps-\(frames)f.mp4" }
    var seconds: Double { Double(frames) / Double(rate) }
    /// `1080p`, as the table names resolutions.
    var label: String { "\(height)p" }
}

/// Makes the inputs once per work folder.
struct ClipMaker {
    let ffmpeg: String
    let folder: String

    func path(of clip: ClipSpec) -> String { folder + "/" + clip.fileName }

    /// Makes `clip` unless the folder has it; returns the seconds it took, or
    /// nil when it was there already. The file gets its final name only when
    /// complete, so an interrupted run never leaves a short clip to reuse.
    func make(_ clip: ClipSpec, scratch: String) throws(BenchError) -> Double? {
        let final = path(of: clip)
        if FileManager.default.fileExists(atPath: final) { return nil }
        let partial = folder + "/partial-" + clip.fileName
        let command = Command(
            executable: ffmpeg,
            arguments: [
                "-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                "testsrc2=size=\(clip.width)x\(clip.height):rate=\(clip.rate)", "-frames:v", "\(clip.frames)",
                "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p", "-an", partial,
            ])
        let started = ContinuousClock.now
        _ = try ChildProcess.capture(command, scratch: scratch)
        guard rename(partial, final) == 0 else {
            throw .io("could not rename \(partial) to \(final): \(String(cString: strerror(errno)))")
        }
        return (ContinuousClock.now - started).seconds
    }
}
