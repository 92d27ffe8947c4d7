import CFFmpeg
import Harbeth

/// A frame with its stream timestamp: what a source delivers and what a
/// recorder writes. The raw `pts` and `timeBase` travel with the frame so
/// the encoder gets the source's timestamps unchanged (variable frame rate
/// stays variable, frame for frame).
public struct TimedFrame: Sendable {
    /// The pixels. A processor replaces this; the timing stays.
    public var frame: VideoFrame
    /// Presentation timestamp in `timeBase` units.
    public let pts: Int64
    /// How long the frame is shown, in `timeBase` units, when known.
    public let duration: Int64?
    /// The unit of `pts` and `duration` (the stream's time base).
    public let timeBase: Rational
    /// 0 for the first frame the source delivered, counting up.
    public let index: Int
    /// In a run with several inputs, the frame each other input shows at
    /// this frame's time (input 1 first), as `SynchronizedSource` chose
    /// them; empty otherwise.
    public var companions: [VideoFrame] = []
    /// The inputs (1 and up) that are over at this frame's time, their
    /// last frame shown for its duration: their `companions` frame is
    /// that last one, which a filter that drops ended inputs leaves out.
    public var endedInputs: Set<Int> = []
    /// Sound that plays from this frame on, until the next frame's: 32-bit
    /// float samples, channels interleaved, in the `SinkInput.audio`
    /// format. A live input's audio travels this way (see `AudioCapture`);
    /// empty for everything else.
    public var audio: [Float] = []
    /// After a processor with several outputs (`MultiOutputFrameProcessor`),
    /// outputs 1, 2, ... of this frame (`frame` is output 0); empty otherwise.
    public var otherOutputs: [VideoFrame] = []
    /// The decoder's flags for this frame: `.progressive`, or interlaced
    /// with its top (`.topFirst`) or bottom field (`.bottomFirst`) shown
    /// first; nil when the source does not say (generated frames).
    public var fieldOrder: FieldOrder?
    /// For a deinterlacing run (`FieldSource`): the frames around this one
    /// and the field its output shows; nil otherwise.
    public var fields: FieldNeighbours?

    /// A frame shown at `pts` for `duration` (nil when unknown), both in `timeBase` units; `index` counts from 0.
    public init(frame: VideoFrame, pts: Int64, duration: Int64?, timeBase: Rational, index: Int) {
        self.frame = frame
        self.pts = pts
        self.duration = duration
        self.timeBase = timeBase
        self.index = index
    }

    /// The presentation time in seconds.
    public var seconds: Double { Double(pts) * (timeBase.doubleValue ?? 0) }

    /// The index and time filters see when they are not this frame's own:
    /// after a frame-rate conversion placed after the filters
    /// (`FrameRateSource` with `.afterFilters`), the input frame's; nil
    /// otherwise.
    public var filterTime: FrameTime?

    /// The frame's index and time as filters see them: `filterTime` where
    /// there is one, else its own index; the seconds the frame carries
    /// (`VideoFrame.time`, which a pipeline counts from the output's start)
    /// or else its timestamp's.
    public var time: FrameTime {
        FrameTime(index: filterTime?.index ?? index, seconds: frame.time ?? filterTime?.seconds ?? seconds)
    }

    /// The same timing with other pixels.
    public func replacingFrame(_ frame: VideoFrame) -> TimedFrame {
        var copy = self
        copy.frame = frame
        return copy
    }
}

/// The bytes of one plane of a decoded `AVFrame`, handed over without a copy.
/// It keeps its own reference to the frame's buffers, so the decoder cannot
/// reuse them while a `VideoFrame` uses the plane; dropping the last plane
/// storage unreferences the frame (the `FFFrame` owner frees it in deinit).
///
/// @unchecked Sendable: the frame is never written after decoding, and the
/// pointer and count are immutable.
final class DecodedPlaneStorage: PlaneStorage, @unchecked Sendable {
    private let owner: FFFrame
    private let bytes: UnsafeRawBufferPointer

    init(owner: FFFrame, bytes: UnsafeRawBufferPointer) {
        self.owner = owner
        self.bytes = bytes
    }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(bytes)
    }
}

extension VideoFrame {
    /// Wraps a decoded frame's planes without copying them. Frames with a
    /// negative line size (bottom-up) are first copied into a top-down frame,
    /// since a `FramePlane` walks rows forwards.
    static func wrapping(
        _ decoded: FFFrame, layout: PixelLayout, colorimetry: Colorimetry?, time: Double?
    ) throws -> VideoFrame {
        var source = decoded
        let raw = decoded.pointer.pointee
        let width = Int(raw.width)
        let height = Int(raw.height)
        let lines = [raw.linesize.0, raw.linesize.1, raw.linesize.2, raw.linesize.3]
        if lines.prefix(layout.planeCount).contains(where: { $0 <= 0 }) {
            let copy = try FFFrame()
            copy.pointer.pointee.width = raw.width
            copy.pointer.pointee.height = raw.height
            copy.pointer.pointee.format = raw.format
            try check(av_frame_get_buffer(copy.pointer, 0))
            try check(av_frame_copy(copy.pointer, decoded.pointer))
            try check(av_frame_copy_props(copy.pointer, decoded.pointer))
            source = copy
        }
        let frame = source.pointer.pointee
        let data = [frame.data.0, frame.data.1, frame.data.2, frame.data.3]
        let strides = [frame.linesize.0, frame.linesize.1, frame.linesize.2, frame.linesize.3]
        var planes: [FramePlane] = []
        for index in 0..<layout.planeCount {
            guard let base = data[index] else { throw AVError.invalidData }
            let stride = Int(strides[index])
            let rows = layout.planeSize(index, width: width, height: height).height
            // Exactly the bytes the rows span: the last row may not be
            // padded out to the full stride.
            let count = (rows - 1) * stride + layout.minimumBytesPerRow(index, width: width)
            let storage = DecodedPlaneStorage(owner: source, bytes: UnsafeRawBufferPointer(start: base, count: count))
            planes.append(FramePlane(storage: storage, bytesPerRow: stride))
        }
        return try VideoFrame(
            width: width, height: height, layout: layout, planes: planes, colorimetry: colorimetry, time: time)
    }
}
