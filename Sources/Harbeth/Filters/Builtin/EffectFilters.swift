/// Harbeth's frame effects: mirrored halves, split screens, storyboards,
/// the soul-out ghost, RGB-split glitches and the CGA palette.
enum EffectFilters {
    static let mirror = FilterDescriptor(
        name: "mirror", kind: .geometric, summary: "Reflects one half of the frame onto the other.",
        formula: "left: out(x, y) = in(min(x, w - 1 - x), y); right: max; top and bottom likewise in y"
            + " (Harbeth C7Mirror is a whole left-right flip, which flip=h does)",
        parameters: [
            .choice("keep", ["left", "right", "top", "bottom"], default: "left", summary: "the half that is kept")
        ],
        stages: [.kernel("hb_mirror", file: "kernels/mirror.glsl")])

    static let splitScreen = FilterDescriptor(
        name: "split_screen", kind: .geometric, summary: "Repeats the middle of the frame in two or three panes.",
        formula: "u = (x + 0.5) / w; 2 panes: u + (u < 0.5 ? 0.25 : -0.25); 3 panes: u + (u < 1/3 ? 1/3 :"
            + " u > 2/3 ? -1/3 : 0); out = in(floor(u w)), nearest (Harbeth C7SplitScreen)",
        parameters: [
            .integer("panes", default: 2, range: 2...3, summary: "2 or 3 panes"),
            .choice("axis", ["x", "y"], default: "x", summary: "x: side by side; y: stacked"),
        ],
        stages: [.kernel("hb_split_screen", file: "kernels/split_screen.glsl")])

    static let storyboard = FilterDescriptor(
        name: "storyboard", kind: .geometric, summary: "The whole frame in N x N tiles.",
        formula: "uv = (pos + 0.5) / size; out = in at fract(uv N) size, bilinear"
            + " (Harbeth C7Storyboard, which reads the nearest pixel)",
        parameters: [.integer("ranks", default: 2, range: 1...16, summary: "tiles per row and column")],
        stages: [.kernel("hb_storyboard", file: "kernels/storyboard.glsl", samples: true)])

    static let soulOut = FilterDescriptor(
        name: "soul_out", kind: .geometric, summary: "A scaled-up, translucent ghost of the frame drifts out of it.",
        formula: "a = max_alpha (1 - soul), s = 1 + (max_scale - 1) soul;"
            + " mix(in, in at 0.5 + (uv - 0.5) / s (bilinear), a) (Harbeth C7SoulOut)",
        parameters: [
            .number("soul", default: 0.5, range: 0...1, summary: "how far the ghost has drifted"),
            .number("max_scale", default: 1.5, range: 1...4, summary: "the ghost's size at soul 1"),
            .number("max_alpha", default: 0.5, range: 0...1, summary: "the ghost's opacity at soul 0"),
        ],
        stages: [.kernel("hb_soul_out", file: "kernels/soul_out.glsl", samples: true)])

    static let shiftGlitch = FilterDescriptor(
        name: "shift_glitch", kind: .geometric, summary: "Red and green pulled apart by an offset that wanders.",
        formula: "k = t rate; n(s) = smoothstep-interpolated hash noise at k in stream s;"
            + " o = (2 n(0) - 1, 2 n(1) - 1) (0.025, 0.01) amount of the frame;"
            + " (in(uv + o).r, in(uv - o).g, in(uv).b), bilinear, alpha kept"
            + " (Harbeth C7ShiftGlitch, with an integer hash for its sine hash)",
        parameters: [
            .number("amount", default: 1, range: 0...4, summary: "size of the split; 1 is Harbeth's"),
            .number("rate", default: 10, range: 0...120, summary: "changes per second of frame time"),
        ],
        stages: [.kernel("hb_shift_glitch", file: "kernels/shift_glitch.glsl", samples: true)])

    static let glitch = FilterDescriptor(
        name: "glitch", kind: .geometric, summary: "Rows torn sideways with a red and blue split.",
        formula: "j = 2 hash01(row xor hash(floor(t rate))) - 1;"
            + " x = u + (|j| < max_jitter amount ? j : 0.006 j amount); (in(x + 0.01 amount).r, in(x).g, in(x - 0.025 amount).b), bilinear, alpha kept"
            + " (Harbeth C7Glitch, with an integer hash and a rate in place of its progress)",
        parameters: [
            .number("amount", default: 0.5, range: 0...1, summary: "strength of the tearing and the split"),
            .number("max_jitter", default: 0.06, range: 0...1, summary: "share of rows torn at amount 1"),
            .number("rate", default: 10, range: 0...120, summary: "new tears per second of frame time"),
        ],
        stages: [.kernel("hb_glitch", file: "kernels/glitch.glsl", samples: true)])

    static let cgaSpace = FilterDescriptor(
        name: "cga_space", kind: .neighborhood, summary: "A coarse grid in CGA's four colours.",
        formula: "cell = (x columns / w, y rows / h), c = in(cell w / columns, cell h / rows) in whole numbers;"
            + " the nearest of black, white, cyan (1/3, 1, 1), magenta (1, 1/3, 1) in RGB; mix(c, it, intensity)"
            + " (Harbeth C7ColorCGASpace, whose grid is 200 x 320)",
        parameters: [
            .integer("columns", default: 320, range: 1...8192, summary: "cells across"),
            .integer("rows", default: 200, range: 1...8192, summary: "cells down"),
            .number("intensity", default: 1, range: 0...1, summary: "0 keeps the grid's own colours"),
        ],
        stages: [.kernel("hb_cga_space", file: "kernels/cga_space.glsl")])

    static let oilPainting = FilterDescriptor(
        name: "oil_painting", kind: .neighborhood, summary: "Oil paint: each pixel the mean of its commonest tone.",
        formula: "over the (2r + 1)^2 square, bins b = floor(luma (levels - 1) + 0.5); the mean colour of the"
            + " most populated bin (the darkest of equals) (GIMP and Photoshop oilify; Harbeth's C7OilPainting is"
            + " a two-quadrant Kuwahara, which kuwahara covers)",
        parameters: [
            .integer("radius", default: 3, range: 1...8, summary: "half the square's side, pixels"),
            .integer("levels", default: 16, range: 2...32, summary: "tone bins"),
        ],
        stages: [.kernel("hb_oil_painting", file: "kernels/oil_painting.glsl")])

    static let voronoiOverlay = FilterDescriptor(
        name: "voronoi_overlay", kind: .neighborhood, summary: "Coloured Voronoi cells drifting over the frame.",
        formula: "cells of 1/scale widths, each point moving as 0.5 + 0.5 sin(speed t + 2 pi hash); nearest"
            + " distances d1, d2; col = (0.5 + 0.5 sin(2.5 hash + (1, 1, 1.9))) sqrt(1 - d1)"
            + " (0.4 + 0.6 sqrt(4 (d2 - d1))); mix(in, col, alpha) (Harbeth C7VoronoiOverlay, Euclidean only,"
            + " with the integer hash)",
        parameters: [
            .number("scale", default: 8, range: 1...200, summary: "cells across the width"),
            .number("speed", default: 1, range: 0...20, summary: "radians per second of the drift"),
            .number("alpha", default: 0.5, range: 0...1, summary: "the cells' opacity"),
        ],
        stages: [.kernel("hb_voronoi_overlay", file: "kernels/voronoi_overlay.glsl")])

    static let all: [FilterDescriptor] = [
        mirror, splitScreen, storyboard, soulOut, shiftGlitch, glitch, cgaSpace, oilPainting, voronoiOverlay,
    ]
}

extension Filter {
    /// `oil_painting` over a square of `radius` (1...8) with `levels` tone
    /// bins (2...32); clamped.
    public static func oilPainting(radius: Int = 3, levels: Int = 16) -> Filter {
        Filter(
            clamping: EffectFilters.oilPainting,
            values: ["radius": .number(Double(radius)), "levels": .number(Double(levels))])
    }

    /// `voronoi_overlay` of `scale` cells across (1...200), drifting at
    /// `speed` (0...20), at `alpha` (0...1); clamped.
    public static func voronoiOverlay(scale: Double = 8, speed: Double = 1, alpha: Double = 0.5) -> Filter {
        Filter(
            clamping: EffectFilters.voronoiOverlay,
            values: ["scale": .number(scale), "speed": .number(speed), "alpha": .number(alpha)])
    }

    /// The half `Filter.mirror(keeping:)` keeps.
    public enum MirrorHalf: String, Sendable, CaseIterable {
        /// The left half, reflected onto the right.
        case left
        /// The right half, reflected onto the left.
        case right
        /// The top half, reflected onto the bottom.
        case top
        /// The bottom half, reflected onto the top.
        case bottom
    }

    /// `mirror`: the `keeping` half reflected onto the other.
    public static func mirror(keeping half: MirrorHalf = .left) -> Filter {
        Filter(clamping: EffectFilters.mirror, values: ["keep": .choice(half.rawValue)])
    }

    /// `split_screen` in `panes` (2 or 3, clamped) side by side, or
    /// stacked when `stacked`.
    public static func splitScreen(panes: Int = 2, stacked: Bool = false) -> Filter {
        Filter(
            clamping: EffectFilters.splitScreen,
            values: ["panes": .number(Double(panes)), "axis": .choice(stacked ? "y" : "x")])
    }

    /// `storyboard` with `ranks` x `ranks` tiles (1...16, clamped).
    public static func storyboard(ranks: Int = 2) -> Filter {
        Filter(clamping: EffectFilters.storyboard, values: ["ranks": .number(Double(ranks))])
    }

    /// `soul_out` at `soul` (0...1) with the ghost's largest scale
    /// (1...4) and opacity (0...1); clamped.
    public static func soulOut(_ soul: Double = 0.5, maxScale: Double = 1.5, maxAlpha: Double = 0.5) -> Filter {
        Filter(
            clamping: EffectFilters.soulOut,
            values: ["soul": .number(soul), "max_scale": .number(maxScale), "max_alpha": .number(maxAlpha)])
    }

    /// `shift_glitch` of `amount` (0...4) changing `rate` times a second
    /// (0...120); clamped.
    public static func shiftGlitch(amount: Double = 1, rate: Double = 10) -> Filter {
        Filter(clamping: EffectFilters.shiftGlitch, values: ["amount": .number(amount), "rate": .number(rate)])
    }

    /// `glitch` of `amount` (0...1), tearing up to `maxJitter` of the rows
    /// (0...1), `rate` new tears a second (0...120); clamped.
    public static func glitch(amount: Double = 0.5, maxJitter: Double = 0.06, rate: Double = 10) -> Filter {
        Filter(
            clamping: EffectFilters.glitch,
            values: ["amount": .number(amount), "max_jitter": .number(maxJitter), "rate": .number(rate)])
    }

    /// `cga_space` on a `columns` x `rows` grid (1...8192), mixed by
    /// `intensity` (0...1); clamped.
    public static func cgaSpace(columns: Int = 320, rows: Int = 200, intensity: Double = 1) -> Filter {
        Filter(
            clamping: EffectFilters.cgaSpace,
            values: [
                "columns": .number(Double(columns)), "rows": .number(Double(rows)), "intensity": .number(intensity),
            ])
    }
}
