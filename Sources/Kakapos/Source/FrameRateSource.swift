import Foundation
import Harbeth

/// A source at a constant frame rate, made from another as FFmpeg's `fps`
/// filter makes one (`FrameRateConversion`): it holds one frame back, and
/// each output slot shows the latest input frame whose rounded timestamp is
/// at or before it, so frames are dropped or repeated. Output frames are
/// timed in the time base `1 / rate`, one unit each.
///
/// Where the conversion sits decides the time filters see: before them
/// (`fps` first in a chain) they see the output's slots and frame numbers;
/// after them (`-r`, or `fps` last) each repeated frame keeps the input
/// frame's time and number (`TimedFrame.filterTime`), as if the filters ran
/// on the input and the conversion on their output.
///
/// Sound a live input carries with a dropped frame rides with the next one
/// shown. It keeps the `FrameSource` contract: `stop()` stops the input and
/// delivers one finish; a failing input fails the run.
public final class FrameRateSource: FrameSource {
    /// Where the conversion sits relative to the filters.
    public enum Placement: Sendable {
        /// Filters see the output's frame times and numbers.
        case beforeFilters
        /// Filters see each input frame's own time and number.
        case afterFilters
    }

    /// The frames to convert.
    public let input: any FrameSource
    /// The rate and its rounding.
    public let conversion: FrameRateConversion
    /// Before or after the filters.
    public let placement: Placement
    /// At most this many output frames (FFmpeg's `-frames:v` after `fps`);
    /// the input is stopped at the limit. Nil: every frame.
    public let frameLimit: Int?
    private let feed = InputFeed()
    private let delivery = FrameDelivery(policy: .lossless, label: "kakapos.framerate.delivery")
    /// Output start minus input start (seconds): what the filters' time of
    /// an input frame is moved by after the filters, so that it counts from
    /// the input's start as the output's counts from its own.
    private let startShift = Locked<Double>(0)

    /// - Parameters:
    ///   - input: the source to convert.
    ///   - conversion: the output rate and its rounding.
    ///   - placement: before or after the filters (see the type).
    ///   - frameLimit: at most this many output frames; nil for all.
    public init(
        input: any FrameSource, conversion: FrameRateConversion, placement: Placement, frameLimit: Int? = nil
    ) {
        self.input = input
        self.conversion = conversion
        self.placement = placement
        self.frameLimit = frameLimit
    }

    /// The output time base: one unit per frame.
    private var timeBase: Rational { Rational(conversion.rate.denominator, conversion.rate.numerator) }

    public var frameFormat: FrameFormat { input.frameFormat }

    /// Not known ahead: it depends on the input's timestamps.
    public var expectedFrameCount: Int? { nil }

    public var summary: SourceSummary { delivery.summary }

    /// The input's, in the output's time base at the output's rate.
    public func sinkInput(format: FrameFormat, maps: [StreamMap], keepTimestamps: Bool) throws(MediaError)
        -> SinkInput
    {
        var sink = try input.sinkInput(format: format, maps: maps, keepTimestamps: keepTimestamps)
        let inputStart = Double(sink.startPTS) * (sink.timeBase.doubleValue ?? 0)
        sink.startPTS =
            conversion.startSlot ?? conversion.slot(sink.startPTS, in: sink.timeBase, rounding: conversion.rounding)
        sink.timeBase = timeBase
        sink.frameRate = conversion.rate
        sink.expectedFrameCount = nil
        let outputStart = Double(sink.startPTS) * (timeBase.doubleValue ?? 0)
        startShift.withLock { $0 = outputStart - inputStart }
        return sink
    }

    public func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError) {
        guard delivery.start(handler, threadName: "kakapos.framerate", produce: { [self] in produce() }) else {
            throw .sourceAlreadyStarted(path: "frame-rate source")
        }
        feed.start(input)
    }

    /// Stops the input, then delivers the one finish (the contract's).
    public func stop() {
        feed.close(stopping: input)
        delivery.stop()
    }

    // MARK: The conversion's thread

    /// An input frame with its slot on the output grid.
    private struct Held {
        var timed: TimedFrame
        var slot: Int64
        /// Not yet shown: its sound still to ride with a frame.
        var audio: [Float]
    }

    /// What the thread carries from frame to frame (FFmpeg's two-frame
    /// buffer and next output slot).
    private struct Grid {
        var held: [Held] = []
        var next: Int64?
        var end: Int64?
        var index = 0
        /// The step between the last two input frames, for an end when the
        /// last has no duration.
        var lastStep: Int64?
        /// The frame limit was reached: the run ends here.
        var reachedLimit = false
    }

    private func produce() {
        var reason = SourceFinish.Reason.endOfStream
        var grid = Grid()
        grid.next = conversion.startSlot
        run: while true {
            switch feed.next() {
            case .closed: return
            case .failed(let error):
                reason = .failed(error)
                break run
            case .frame(let frame):
                if let last = grid.held.last?.timed { grid.lastStep = frame.pts - last.pts }
                grid.held.append(
                    Held(
                        timed: frame, slot: conversion.slot(of: frame.pts, in: frame.timeBase),
                        audio: frame.audio))
                while grid.held.count == 2 {
                    guard step(&grid) else { return }
                    if grid.reachedLimit { break run }
                }
            case .ended:
                if let last = grid.held.last?.timed {
                    let length = last.duration ?? grid.lastStep ?? 0
                    let rounding: FrameRateConversion.Rounding =
                        conversion.lastFrame == .pass ? .up : conversion.rounding
                    // A single frame of unknown length still shows once.
                    grid.end = max(
                        conversion.slot(last.pts + length, in: last.timeBase, rounding: rounding),
                        length == 0 ? (grid.next ?? grid.held[0].slot) + 1 : Int64.min)
                }
                while !grid.held.isEmpty {
                    guard step(&grid) else { return }
                    if grid.reachedLimit { break run }
                }
                break run
            }
        }
        feed.close(stopping: input)
        delivery.end(reason)
    }

    /// One step of FFmpeg's fps filter: drops the first held frame when the
    /// second (or the end) has reached the next slot, or shows it there.
    /// False once stopped.
    private func step(_ grid: inout Grid) -> Bool {
        let next = grid.next ?? grid.held[0].slot
        grid.next = next
        if (grid.held.count == 2 && grid.held[1].slot <= next) || (grid.end.map { $0 <= next } ?? false) {
            let dropped = grid.held.removeFirst()
            if !dropped.audio.isEmpty, !grid.held.isEmpty { grid.held[0].audio = dropped.audio + grid.held[0].audio }
            return true
        }
        let source = grid.held[0].timed
        var frame = source.frame
        let seconds = Double(next) * (timeBase.doubleValue ?? 0)
        var timed = TimedFrame(frame: frame, pts: next, duration: 1, timeBase: timeBase, index: grid.index)
        switch placement {
        case .beforeFilters:
            frame.time = seconds
        case .afterFilters:
            let own = source.time
            let shifted = own.seconds + startShift.withLock { $0 }
            timed.filterTime = FrameTime(index: own.index, seconds: shifted)
            frame.time = shifted
        }
        timed.frame = frame
        timed.companions = source.companions
        timed.endedInputs = source.endedInputs
        timed.audio = grid.held[0].audio
        grid.held[0].audio = []
        timed.fieldOrder = source.fieldOrder
        timed.fields = source.fields
        guard delivery.offer(timed) else { return false }
        grid.index += 1
        grid.next = next + 1
        if let frameLimit, grid.index >= frameLimit { grid.reachedLimit = true }
        return true
    }
}
