import Foundation
import Harbeth

extension VideoFrame {
    /// Loads a still image: PNG, JPEG, WebP, TIFF, or anything else FFmpeg
    /// reads (the first frame of a video). The frame keeps what the file
    /// holds where a layout can: 16 bits per channel, alpha, grey, and YUV
    /// as it was coded (a JPEG stays full-range YUV). It goes through the
    /// source's checks (missing, empty, not media, larger than
    /// `maxPixels`), whose errors name the file.
    ///
    /// ```swift
    /// let photo = try VideoFrame(contentsOf: URL(fileURLWithPath: "photo.png"))
    /// try photo.filtered("sepia,vignette").write(to: URL(fileURLWithPath: "photo.sepia.png"))
    /// ```
    public init(contentsOf url: URL, maxPixels: Int = AssetSource.defaultMaxPixels) throws(MediaError) {
        let opened = try AssetSource.open(
            location: .file(url.path), options: AssetSource.Options(frameLimit: 1, maxPixels: maxPixels),
            watchdog: IOWatchdog())
        // Opening decodes the first frame to learn what the file holds; no
        // seek was asked for, so that frame is still there.
        guard let first = opened.primed else { throw .noDecodableFrames(path: url.path, undecodablePackets: 0) }
        var frame = try opened.decoder.makeTimedFrame(first, timing: opened.decoder.timing(of: first), index: 0).frame
        frame.time = nil
        self = frame
    }

    /// Writes the frame as one still image, by the URL's extension: PNG,
    /// JPEG, TIFF or WebP. It has the recorder's guarantees: written to a
    /// hidden temporary file beside the output and renamed into place,
    /// nothing left behind on failure, an existing file replaced only with
    /// `options.overwrite`, and only a regular file ever replaced. The
    /// layout is kept where the format holds it (16-bit and alpha PNG and
    /// TIFF); `options.crf` sets JPEG's quantiser and WebP's quality.
    public func write(to url: URL, options: RecorderSink.Options = RecorderSink.Options()) throws(MediaError) {
        var options = options
        options.audio = .none
        let sink = try RecorderSink(url: url, options: options)
        guard sink.container.isStillImage else {
            throw .notAStillImage(path: url.path, container: sink.container.rawValue)
        }
        let timeBase = Rational(1, 25)
        do {
            try sink.begin(SinkInput(format: format, timeBase: timeBase, frameRate: Rational(25, 1)))
            try sink.append(TimedFrame(frame: self, pts: 0, duration: 1, timeBase: timeBase, index: 0))
            _ = try sink.finishRecording()
        } catch {
            sink.cancel()
            throw error
        }
    }
}
