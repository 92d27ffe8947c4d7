extension ImageNode {
    /// `top` placed over this node with its top-left corner at (`x`, `y`),
    /// unscaled, composited source-over with its alpha times `opacity`
    /// (picture in picture, a watermark): `video.overlay(logo, x: 16, y: 16)`.
    public func overlay(_ top: ImageNode, x: Int = 0, y: Int = 0, opacity: Double = 1) -> ImageNode {
        appending(.overlay("", x: x, y: y, opacity: opacity), inputs: [top])
    }

    /// `other` blended over this node with a blend mode (every `blend` mode,
    /// `chromaKey` included), stretched, fitted, filled or centred.
    public func blend(
        _ other: ImageNode, mode: Filter.BlendMode = .normal, opacity: Double = 1, fit: Filter.BlendFit = .stretch
    ) -> ImageNode {
        appending(.blend("", mode: mode, opacity: opacity, fit: fit), inputs: [other])
    }

    /// Where `mask`'s luminance is white, `other` (stretched to this node)
    /// replaces this node; where it is black this node shows (the other way
    /// round with `invert`). Without `other`, `color` replaces it.
    public func maskBlend(
        mask: ImageNode, with other: ImageNode? = nil, color: [Double] = [0, 0, 0, 1], invert: Bool = false
    ) -> ImageNode {
        let rgba = GeometryFilters.rgba(color).map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        // The colour as a one-pixel image, which the blend stretches (four
        // bytes for one pixel: it cannot fail).
        let second = other ?? ImageNode(try! VideoFrame(rgba: rgba, width: 1, height: 1))
        return appending(.maskBlend(mask: "", color: color, invert: invert), inputs: [mask, second])
    }

    /// A transition from this node to `next` (FFmpeg xfade): it starts at
    /// `offset` seconds of this node's time and lasts `duration`; before it
    /// this node shows, after it `next`. Both must be the same size.
    public func xfade(
        to next: ImageNode, _ transition: Filter.Transition = .fade, duration: Double = 1, offset: Double = 0
    )
        -> ImageNode
    {
        appending(.xfade(transition, duration: duration, offset: offset), inputs: [next])
    }

    /// `other` to the right of this node, `padding` pixels apart, on a
    /// canvas as tall as the taller (the rest `color`).
    public func hstack(_ other: ImageNode, padding: Int = 0, color: [Double] = [0, 0, 0, 1]) -> ImageNode {
        appending(.hstack(padding: padding, color: color), inputs: [other])
    }

    /// `other` below this node, `padding` pixels apart, on a canvas as wide
    /// as the wider (the rest `color`).
    public func vstack(_ other: ImageNode, padding: Int = 0, color: [Double] = [0, 0, 0, 1]) -> ImageNode {
        appending(.vstack(padding: padding, color: color), inputs: [other])
    }

    /// The nodes in rows, each row side by side and the rows stacked,
    /// `padding` pixels apart: `ImageNode.grid([[a, b], [c, d]])` is a 2x2
    /// grid. Throws when there is no node.
    public static func grid(_ rows: [[ImageNode]], padding: Int = 0, color: [Double] = [0, 0, 0, 1])
        throws(RenderError) -> ImageNode
    {
        let made = rows.filter { !$0.isEmpty }.map { row in
            row.dropFirst().reduce(row[0]) { $0.hstack($1, padding: padding, color: color) }
        }
        guard let first = made.first else {
            throw .invalidFilterSetup(filter: "grid", reason: "a grid needs at least one node")
        }
        return made.dropFirst().reduce(first) { $0.vstack($1, padding: padding, color: color) }
    }
}
