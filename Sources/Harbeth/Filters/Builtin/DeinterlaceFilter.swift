/// Which field of an interlaced frame one output of a deinterlacer shows,
/// and what the run knows of the frame: the per-frame state FFmpeg's
/// bwdif keeps between frames, handed to the filter with each frame
/// (`ImageNode.deinterlacing`). The media layer's `FieldSource` makes it.
public struct FieldWindow: Sendable, Hashable {
    /// The frame's flag: its top field is shown first. Unflagged frames are
    /// taken as top field first, as bwdif takes them.
    public var topFieldFirst: Bool
    /// The output shows the frame's second field (at the field rate); false:
    /// its first.
    public var isSecondField: Bool
    /// The frame is flagged interlaced; with `deint=interlaced` a frame that
    /// is not passes as it is.
    public var isInterlaced: Bool
    /// The field is made from its own lines alone: bwdif does this for the
    /// run's first field and, at the field rate, its last.
    public var spatialOnly: Bool

    /// A window for one output; see the properties.
    public init(
        topFieldFirst: Bool = true, isSecondField: Bool = false, isInterlaced: Bool = true, spatialOnly: Bool = false
    ) {
        self.topFieldFirst = topFieldFirst
        self.isSecondField = isSecondField
        self.isInterlaced = isInterlaced
        self.spatialOnly = spatialOnly
    }
}

/// Deinterlacing: FFmpeg bwdif's algorithm on the decoded planes of the
/// previous, current and next frames.
enum DeinterlaceFilter {
    static let descriptor = FilterDescriptor(
        name: "deinterlace", kind: .neighborhood,
        summary: "Progressive frames from interlaced video (FFmpeg bwdif or yadif), at the frame or the field rate.",
        formula: "the kept field's lines as they are; each missing line from the lines above and below and the"
            + " previous and next frames' lines there: the Weston 3-field filter (coefficients 5570, 3801, 1016 in"
            + " time, 4309, 213 in space) where the field moves, the 4-tap spatial 5077, 981 where it does not,"
            + " held within yadif's spatial-temporal bound; method=yadif: the mean of the lines above and below"
            + " along the best of five directions, held within the same bound. Per plane of the decoded frames, in"
            + " integers, then converted (FFmpeg bwdif and yadif; the first filter of a chain: it reads the planes"
            + " as coded)",
        parameters: [
            .choice(
                "mode", ["send_frame", "send_field"], default: "send_frame",
                summary: "one frame for each frame, or one for each field (twice the frame rate)", structural: true),
            .choice(
                "parity", ["auto", "tff", "bff"], default: "auto",
                summary: "the field order: auto reads each frame's flags (top first when unflagged)"),
            .choice(
                "deint", ["all", "interlaced"], default: "all",
                summary: "which frames: all, or only those flagged interlaced"),
            .choice(
                "method", ["bwdif", "yadif"], default: "bwdif",
                summary: "bwdif's filter, or yadif's (the field's edge-directed interpolation)"),
        ],
        stages: [
            FilterStage(
                .kernel(samples: false), function: "hb_deinterlace", code: .embedded("kernels/deinterlace.glsl"),
                readsCodedPlanes: true)
        ],
        layout: ["parity", "previous_field", "mode", "yadif"],
        pack: { values, environment in
            guard let window = environment.fieldWindow else {
                throw RenderError.invalidFilterSetup(
                    filter: "deinterlace",
                    reason: "it needs the previous and next frames: build the node with ImageNode.deinterlacing")
            }
            let parity = values.text("parity")
            let topFirst = parity == "auto" ? window.topFieldFirst : parity == "tff"
            // bwdif's parity: the kept rows are those with (y ^ parity) even.
            let kept = (topFirst ? 1 : 0) ^ (window.isSecondField ? 0 : 1)
            let yadif = values.text("method") == "yadif"
            let mode: Float
            if values.text("deint") == "interlaced" && !window.isInterlaced {
                mode = 2
            } else {
                // yadif has no field made from its own lines alone.
                mode = window.spatialOnly && !yadif ? 1 : 0
            }
            return [Float(kept), Float(kept ^ (topFirst ? 1 : 0)), mode, yadif ? 1 : 0]
        },
        outputSize: { _, window in
            FrameSize(width: window.width, height: window.height / 3)
        })

    static let all = [descriptor]
}

extension Filter {
    /// `deinterlace` (FFmpeg bwdif, or yadif with `yadif`): `fieldRate`
    /// makes one frame for each field; `topFieldFirst` nil reads each
    /// frame's flags; `onlyInterlaced` passes frames not flagged interlaced
    /// as they are. Run it with
    /// `ImageNode.deinterlacing` (or a media run's `FieldSource`), which
    /// give it the neighbouring frames.
    public static func deinterlace(
        fieldRate: Bool = false, topFieldFirst: Bool? = nil, onlyInterlaced: Bool = false, yadif: Bool = false
    ) -> Filter {
        Filter(
            clamping: DeinterlaceFilter.descriptor,
            values: [
                "mode": .choice(fieldRate ? "send_field" : "send_frame"),
                "parity": .choice(topFieldFirst.map { $0 ? "tff" : "bff" } ?? "auto"),
                "deint": .choice(onlyInterlaced ? "interlaced" : "all"),
                "method": .choice(yadif ? "yadif" : "bwdif"),
            ])
    }

    /// True for the deinterlacer, which reads the frames around each one.
    public var readsNeighbouringFrames: Bool { descriptor == DeinterlaceFilter.descriptor }
}

extension ImageNode {
    /// `current` deinterlaced with its neighbours by `filter` (a
    /// `deinterlace` filter), showing `window`'s field, then `chain`.
    /// `previous` and `next` are nil at the ends of a run, where the
    /// current frame stands in for them (as bwdif does). The three must
    /// have one size and layout; a layout with halved chroma rows needs an
    /// even height.
    public static func deinterlacing(
        _ current: VideoFrame, previous: VideoFrame?, next: VideoFrame?, window: FieldWindow,
        filter: Filter = .deinterlace(), then chain: FilterChain = FilterChain(), time: FrameTime? = nil
    ) throws(RenderError) -> ImageNode {
        guard filter.readsNeighbouringFrames else {
            throw .invalidFilterSetup(filter: filter.name, reason: "ImageNode.deinterlacing takes a deinterlace filter")
        }
        let stacked = try FieldStack.window(previous: previous ?? current, current: current, next: next ?? current)
        return ImageNode(
            stacked, chain: FilterChain([filter.showing(window)] + chain.filters),
            time: time ?? FrameTime(index: 0, seconds: current.time ?? 0))
    }
}

/// The three frames a deinterlacer reads, as one frame three times as
/// tall: every plane's rows of the previous frame, then the current's,
/// then the next's, so the kernel reads them from the source buffer as
/// coded.
enum FieldStack {
    static func window(previous: VideoFrame, current: VideoFrame, next: VideoFrame) throws(RenderError)
        -> VideoFrame
    {
        let frames = [previous, current, next]
        let layout = current.layout
        guard frames.allSatisfy({ $0.width == current.width && $0.height == current.height && $0.layout == layout })
        else {
            throw .invalidFilterSetup(
                filter: "deinterlace", reason: "the previous, current and next frames differ in size or layout")
        }
        guard current.height >= 3 else {
            throw .invalidFilterSetup(
                filter: "deinterlace",
                reason: "a frame of \(current.height) line(s) has no fields to weave (3 at least)")
        }
        if layout.chromaShift.y > 0 && current.height % 2 != 0 {
            throw .invalidFilterSetup(
                filter: "deinterlace",
                reason: "a \(layout) frame of odd height (\(current.height)) has a chroma row shared by two fields")
        }
        var planes: [[UInt8]] = []
        for index in 0..<layout.planeCount {
            var bytes: [UInt8] = []
            for frame in frames { bytes += frame.packedBytes(plane: index) }
            planes.append(bytes)
        }
        do {
            return try VideoFrame(
                width: current.width, height: current.height * 3, layout: layout, planeBytes: planes,
                colorimetry: current.colorimetry, time: current.time)
        } catch {
            throw .invalidFilterSetup(filter: "deinterlace", reason: "\(error)")
        }
    }
}
