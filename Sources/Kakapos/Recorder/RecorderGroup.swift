import Harbeth

/// Several recordings of one run, one per output of a graph: a sink that
/// hands output k of each frame to recorder k and has one outcome for all.
///
/// The frames come from a processor with several outputs
/// (`MultiOutputFrameProcessor`, such as a `GraphProcessor` made for
/// several labels): output 0 is the frame itself and the others are its
/// `otherOutputs`, in order. The contract is the recorder's, for the group:
/// - Nothing is put in place unless every output is. `finish()` first
///   writes every recording to the end in its temporary file, then moves
///   them into place one by one, keeping each file it replaces; if one
///   fails, those already moved are taken back (what they replaced comes
///   back) and the rest are removed, so every path is as it was.
/// - Any failure of one output (to open, to write a frame, to finish)
///   fails the group with that error and cancels the others.
/// - `cancel()` cancels every recording; nothing is left behind.
///
/// A still (one image file) holds the run's first frame; every other
/// output holds every frame. An image sequence is put in place and taken
/// back as a whole, as a file is. A stream output (a pipe or URL) is
/// written as it goes and cannot be taken back, so it is best last.
public final class RecorderGroup: FrameSink {
    public typealias Product = [RecordedClip]

    /// The recorders, output 0 first.
    public let members: [RecorderSink]

    /// - Parameter members: one recorder per output, in the processor's order; at least one.
    public init(_ members: [RecorderSink]) {
        precondition(!members.isEmpty, "a recorder group needs at least one recorder")
        self.members = members
    }

    /// Opens every recorder for its output's format (`input.format` for
    /// output 0, `input.otherOutputFormats` for the rest). If one fails,
    /// those opened are cancelled.
    public func begin(_ input: SinkInput) throws(MediaError) {
        guard input.otherOutputFormats.count == members.count - 1 else {
            throw .recorderGroupMismatch(outputs: input.otherOutputFormats.count + 1, recorders: members.count)
        }
        for (index, member) in members.enumerated() {
            var memberInput = input
            if index > 0 {
                memberInput.format = input.otherOutputFormats[index - 1]
                memberInput.sampleAspectRatio =
                    input.otherOutputSampleAspectRatios.indices.contains(index - 1)
                    ? input.otherOutputSampleAspectRatios[index - 1] : input.sampleAspectRatio
            }
            memberInput.otherOutputFormats = []
            memberInput.otherOutputSampleAspectRatios = []
            do {
                try member.begin(memberInput)
            } catch {
                cancel()
                throw error
            }
        }
    }

    /// Frames appended so far; only `append` changes it, and a sink's
    /// calls come one at a time (the FrameSink contract).
    private let appended = ConditionLock(0)

    /// Hands each output of the frame to its recorder (a still takes the
    /// first frame only); a failure cancels the others.
    public func append(_ frame: TimedFrame) throws(MediaError) {
        guard frame.otherOutputs.count == members.count - 1 else {
            cancel()
            throw .recorderGroupMismatch(outputs: frame.otherOutputs.count + 1, recorders: members.count)
        }
        let isFirst = appended.withLock { count -> Bool in
            count += 1
            return count == 1
        }
        for (index, member) in members.enumerated() where isFirst || !member.holdsOneFrame {
            let output = index == 0 ? frame : frame.replacingFrame(frame.otherOutputs[index - 1])
            do {
                try member.append(output)
            } catch {
                cancel()
                throw error
            }
        }
    }

    /// Finishes every recording, then puts them all in place, or none.
    public func finish() throws(MediaError) -> [RecordedClip] {
        var prepared: [RecorderSink.PreparedRecording] = []
        for (index, member) in members.enumerated() {
            do {
                prepared.append(try member.finishWithoutCommitting())
            } catch {
                for (done, recording) in zip(members, prepared) { done.abandonPrepared(recording, because: error) }
                for later in members.dropFirst(index + 1) { later.cancel() }
                throw error
            }
        }
        var committed: [(clip: RecordedClip, placement: OutputFile.Placement?)] = []
        for (index, member) in members.enumerated() {
            do {
                committed.append(try member.commitPrepared(prepared[index]))
            } catch {
                for placement in committed.reversed().compactMap(\.placement) { placement.rollBack() }
                for (later, recording) in zip(members, prepared).dropFirst(index + 1) {
                    later.abandonPrepared(recording, because: error)
                }
                throw error
            }
        }
        for placement in committed.compactMap(\.placement) { placement.finish() }
        return committed.map(\.clip)
    }

    /// Cancels every recording; idempotent.
    public func cancel() {
        for member in members { member.cancel() }
    }
}
