/// Filters that combine the frame with other nodes of a graph: a
/// transition to a second video, and videos side by side or stacked. They
/// take their second image only from a node (`ImageNode.xfade(to:)`,
/// `hstack(_:)`, or `[0][1]xfade` in a filtergraph), never from a file.
enum CompositionFilters {
    /// FFmpeg xfade's transitions we run, in the order of their indices in
    /// Shaders/kernels/xfade.glsl.
    static let transitions = [
        "fade", "wipeleft", "wiperight", "wipeup", "wipedown", "slideleft", "slideright", "slideup", "slidedown",
        "circleopen", "circleclose", "radial", "dissolve", "pixelize", "smoothleft", "smoothright", "smoothup",
        "smoothdown", "diagtl", "diagtr", "diagbl", "diagbr",
    ]

    static let xfade = FilterDescriptor(
        name: "xfade", kind: .multiInput,
        summary: "A transition from the frame to a second video of the same size (FFmpeg xfade).",
        formula: "P = clip(1 - (t - offset) / duration, 0, 1) from 1 (first) to 0 (second), each transition's"
            + " FFmpeg xfade formula (Shaders/kernels/xfade.glsl); mixes RGBA where FFmpeg mixes planes",
        parameters: [
            .choice("transition", transitions, default: "fade", summary: "the transition, FFmpeg xfade's name"),
            .number("duration", default: 1, range: 0...3600, summary: "length of the transition, seconds"),
            .number(
                "offset", default: 0, range: 0...1_000_000,
                summary: "when the transition starts, seconds of the output (the second video starts then)"),
        ],
        stages: [.kernel("hb_xfade", file: "kernels/xfade.glsl", auxiliaryImages: 1, readsSourceDirectly: true)],
        layout: ["transition", "duration", "offset", "offset_remainder"],
        pack: { values, _ in
            let offset = values.number("offset")
            return [
                Float(values.choiceIndex("transition")), Float(values.number("duration")), Float(offset),
                Float(offset - Double(Float(offset))),
            ]
        },
        nodeInputs: .required(count: 1),
        combinedSize: { _, input, others in
            let other = try secondInput(others, filter: "xfade")
            guard other == input else {
                throw RenderError.invalidFilterSetup(
                    filter: "xfade", reason: "its inputs differ in size (\(input) and \(other)): resize one to match")
            }
            return input
        })

    static let hstack = stack(name: "hstack", vertical: false)
    static let vstack = stack(name: "vstack", vertical: true)

    private static func stack(name: String, vertical: Bool) -> FilterDescriptor {
        let placement = vertical ? "below the frame" : "to the right of the frame"
        return FilterDescriptor(
            name: name, kind: .multiInput,
            summary: vertical
                ? "Stacks a second video below the frame (FFmpeg vstack)."
                : "Places a second video beside the frame, to its right (FFmpeg hstack).",
            formula: "out = the frame at (0, 0), the second image \(placement) after `padding` pixels, exact copies;"
                + " the canvas is as \(vertical ? "wide" : "tall") as the larger and the rest is the colour",
            parameters: [
                .integer("padding", default: 0, range: 0...4096, summary: "pixels between the two", structural: true),
                .list(
                    "color", count: 3...4, default: [0, 0, 0, 1], range: 0...1,
                    summary: "the canvas where neither covers it, r/g/b[/a] or #rrggbb[aa]"),
            ],
            stages: [.kernel("hb_stack", file: "kernels/stack.glsl", auxiliaryImages: 1, readsSourceDirectly: true)],
            layout: ["vertical", "padding", .init("color", count: 4)],
            pack: { values, _ in
                [vertical ? 1 : 0, Float(values.integer("padding"))] + GeometryFilters.rgba(values.list("color"))
            },
            nodeInputs: .required(count: 1),
            combinedSize: { values, input, others in
                let other = try secondInput(others, filter: name)
                let gap = values.integer("padding")
                return vertical
                    ? FrameSize(width: max(input.width, other.width), height: input.height + gap + other.height)
                    : FrameSize(width: input.width + gap + other.width, height: max(input.height, other.height))
            })
    }

    /// The one node input's size, or the error that says how to give one.
    private static func secondInput(_ sizes: [FrameSize], filter: String) throws -> FrameSize {
        guard let size = sizes.first else {
            throw RenderError.invalidFilterSetup(
                filter: filter,
                reason: "it needs a second video: use it in a graph, e.g. --graph '[0][1]\(filter)[out]' with two -i")
        }
        return size
    }

    static let all: [FilterDescriptor] = [xfade, hstack, vstack]
}

extension Filter {
    /// An FFmpeg xfade transition.
    public enum Transition: String, Sendable, CaseIterable {
        /// A cross-fade: each pixel mixes linearly from the first video to the second.
        case fade
        /// The second video wipes in from the right edge, the edge moving left.
        case wipeLeft = "wipeleft"
        /// The second video wipes in from the left edge, the edge moving right.
        case wipeRight = "wiperight"
        /// The second video wipes in from the bottom, the edge moving up.
        case wipeUp = "wipeup"
        /// The second video wipes in from the top, the edge moving down.
        case wipeDown = "wipedown"
        /// Both videos slide left, the second coming in from the right.
        case slideLeft = "slideleft"
        /// Both videos slide right, the second coming in from the left.
        case slideRight = "slideright"
        /// Both videos slide up, the second coming in from below.
        case slideUp = "slideup"
        /// Both videos slide down, the second coming in from above.
        case slideDown = "slidedown"
        /// A soft-edged circle of the second video grows from the centre.
        case circleOpen = "circleopen"
        /// A soft-edged circle of the first video shrinks to the centre.
        case circleClose = "circleclose"
        /// A soft edge sweeps round the centre like a clock hand.
        case radial
        /// Pixels switch to the second video in a pseudo-random order.
        case dissolve
        /// The picture coarsens into blocks, switches, and sharpens again.
        case pixelize
        /// A soft-edged wipe moving left.
        case smoothLeft = "smoothleft"
        /// A soft-edged wipe moving right.
        case smoothRight = "smoothright"
        /// A soft-edged wipe moving up.
        case smoothUp = "smoothup"
        /// A soft-edged wipe moving down.
        case smoothDown = "smoothdown"
        /// A soft diagonal wipe towards the top-left corner.
        case diagonalTopLeft = "diagtl"
        /// A soft diagonal wipe towards the top-right corner.
        case diagonalTopRight = "diagtr"
        /// A soft diagonal wipe towards the bottom-left corner.
        case diagonalBottomLeft = "diagbl"
        /// A soft diagonal wipe towards the bottom-right corner.
        case diagonalBottomRight = "diagbr"
    }

    /// `xfade`: a transition to a second node's video, `duration` seconds
    /// from `offset` seconds (FFmpeg xfade). Use through
    /// `ImageNode.xfade(to:_:duration:offset:)`, which supplies the node.
    public static func xfade(_ transition: Transition = .fade, duration: Double = 1, offset: Double = 0) -> Filter {
        Filter(
            clamping: CompositionFilters.xfade,
            values: [
                "transition": .choice(transition.rawValue), "duration": .number(duration), "offset": .number(offset),
            ])
    }

    /// `hstack`: a second node's video to the right, `padding` pixels apart.
    public static func hstack(padding: Int = 0, color: [Double] = [0, 0, 0, 1]) -> Filter {
        Filter(
            clamping: CompositionFilters.hstack,
            values: ["padding": .number(Double(padding)), "color": .list(color)])
    }

    /// `vstack`: a second node's video below, `padding` pixels apart.
    public static func vstack(padding: Int = 0, color: [Double] = [0, 0, 0, 1]) -> Filter {
        Filter(
            clamping: CompositionFilters.vstack,
            values: ["padding": .number(Double(padding)), "color": .list(color)])
    }
}
