/// Distortions: filters that move pixels about a centre without changing
/// the size. Positions are measured in units of the frame width on both
/// axes, so circles stay round; samples are bilinear, clamped to the edge.
enum DistortionFilters {
    private static func center(_ summary: String = "centre as fractions of the width and height") -> FilterParameter {
        .list("center", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: summary)
    }

    static let swirl = FilterDescriptor(
        name: "swirl", kind: .geometric, summary: "Twists the image about a centre.",
        formula: "inside the radius, turn p - c by 8 angle ((radius - dist) / radius)^2 (Harbeth C7Swirl)",
        parameters: [
            center(),
            .number("radius", default: 0.5, range: 0.01...2, summary: "radius as a fraction of the width"),
            .number("angle", default: 1, range: -10...10, summary: "twist; 1 turns the centre 8 radians"),
        ],
        stages: [.kernel("hb_swirl", file: "kernels/swirl.glsl", samples: true)])

    static let bulge = FilterDescriptor(
        name: "bulge", kind: .geometric, summary: "Magnifies (or shrinks) a disc about a centre.",
        formula: "inside the radius, src = c + (p - c) k^2, k = 1 - scale (radius - dist) / radius"
            + " (Harbeth C7Bulge)",
        parameters: [
            center(),
            .number("radius", default: 0.25, range: 0.01...2, summary: "radius as a fraction of the width"),
            .number("scale", default: 0.5, range: -1...1, summary: "positive magnifies, negative shrinks"),
        ],
        stages: [.kernel("hb_bulge", file: "kernels/bulge.glsl", samples: true)])

    static let pinch = FilterDescriptor(
        name: "pinch", kind: .geometric, summary: "Draws the image in towards a centre.",
        formula: "inside the radius, src = c + (p - c)(1 + scale (radius - dist) / radius)"
            + " (Harbeth C7Pinch, with the radius in place of its fixed 0.5)",
        parameters: [
            center(),
            .number("radius", default: 0.5, range: 0.01...2, summary: "radius as a fraction of the width"),
            .number("scale", default: 0.5, range: -2...2, summary: "positive pinches, negative bulges"),
        ],
        stages: [.kernel("hb_pinch", file: "kernels/pinch.glsl", samples: true)])

    static let sphereRefraction = FilterDescriptor(
        name: "sphere_refraction", kind: .geometric, summary: "The frame seen through a glass ball.",
        formula: "inside the radius, r = refract((0, 0, -1), normalize(p - c, radius sqrt(1 - (dist/radius)^2)),"
            + " eta), sample at (r.xy + 1) / 2 of the frame; transparent black outside"
            + " (Harbeth C7SphereRefraction)",
        parameters: [
            center(),
            .number("radius", default: 0.25, range: 0.01...1, summary: "radius as a fraction of the width"),
            .number("refractive_index", default: 0.71, range: 0.05...2, summary: "eta of the refraction"),
        ],
        stages: [sphere],
        layout: [.init("center", count: 2), "radius", "refractive_index", "glass"],
        pack: { values, _ in values.packedInOrder() + [0] })

    /// sphere_refraction's and glass_sphere's kernel.
    private static let sphere = FilterStage.kernel(
        "hb_sphere_refraction", file: "kernels/sphere_refraction.glsl", samples: true)

    static let fluctuate = FilterDescriptor(
        name: "fluctuate", kind: .geometric, summary: "A wavy displacement.",
        formula: "uv = (pos + 0.5) / size; offset = (sin(u frequency + 10 f), cos(v frequency + 10 f)) amplitude f;"
            + " in at uv + offset, bilinear (Harbeth C7Fluctuate)",
        parameters: [
            .number("frequency", default: 10, range: 0...200, summary: "waves per unit of the frame, in radians"),
            .number("amplitude", default: 0.05, range: 0...0.5, summary: "largest shift, a fraction of the frame"),
            .number("fluctuate", default: 0.5, range: 0...1, summary: "phase and strength of the wave"),
        ],
        stages: [.kernel("hb_fluctuate", file: "kernels/fluctuate.glsl", samples: true)])

    static let polarPixellate = FilterDescriptor(
        name: "polar_pixellate", kind: .geometric, summary: "A mosaic of rings and sectors about a centre.",
        formula: "q = 2 uv - 1 - (2 center - 1); r' = (floor(|q| / s) + 0.5) s, phi' = (floor(atan(q) / s) + 0.5) s;"
            + " in at r' (cos phi', sin phi'), bilinear (Harbeth C7PolarPixellate, which snaps to the cell's"
            + " corner and adds 0.03 to r)",
        parameters: [
            .list(
                "center", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: "centre as fractions of the frame"),
            .number(
                "scale", default: 0.05, range: 0.001...1, summary: "cell size in radius (-1...1 units) and radians"),
        ],
        stages: [.kernel("hb_polar_pixellate", file: "kernels/polar_pixellate.glsl", samples: true)])

    static let glassSphere = FilterDescriptor(
        name: "glass_sphere", kind: .geometric, summary: "The frame upside down through a lit glass ball.",
        formula: "inside the radius, n = normalize(p - c, radius sqrt(1 - (dist/radius)^2)),"
            + " r = 2 refract((0, 0, -1), n, eta), sample at (1 - r.xy) / 2 of the frame;"
            + " + 2.5 (1 - n.z^0.25) + 0.8 max(dot(normalize(-0.5, 0.5, 1), n), 0)^15; alpha 1;"
            + " transparent black outside (Harbeth C7GlassSphere)",
        parameters: [
            center(),
            .number("radius", default: 0.25, range: 0.01...1, summary: "radius as a fraction of the width"),
            .number("refractive_index", default: 0.71, range: 0.05...2, summary: "eta of the refraction"),
        ],
        stages: [sphere],
        layout: [.init("center", count: 2), "radius", "refractive_index", "glass"],
        pack: { values, _ in values.packedInOrder() + [1] })

    static let waterRipple = FilterDescriptor(
        name: "water_ripple", kind: .geometric, summary: "A ring wave spreading from a centre.",
        formula:
            "where ripple > boundary and |dist - ripple| <= boundary, src = p - (p - c) / dist (8 (dist - ripple))^3;"
            + " bilinear (Harbeth C7WaterRipple)",
        parameters: [
            center(),
            .number("ripple", default: 0.3, range: 0...2, summary: "the wave's distance from the centre, in widths"),
            .number("boundary", default: 0.06, range: 0.001...1, summary: "half the wave's width"),
        ],
        stages: [.kernel("hb_water_ripple", file: "kernels/water_ripple.glsl", samples: true)])

    static let all: [FilterDescriptor] = [
        swirl, bulge, pinch, sphereRefraction, fluctuate, polarPixellate, glassSphere, waterRipple,
    ]
}

extension Filter {
    /// `swirl` about `center` (fractions of the frame) within `radius`
    /// (fraction of the width, 0.01...2) by `angle` (-10...10); clamped.
    public static func swirl(center: (x: Double, y: Double) = (0.5, 0.5), radius: Double = 0.5, angle: Double = 1)
        -> Filter
    {
        Filter(
            clamping: DistortionFilters.swirl,
            values: ["center": .list([center.x, center.y]), "radius": .number(radius), "angle": .number(angle)])
    }

    /// `bulge`: radius 0.01...2 of the width, scale -1...1 (clamped).
    public static func bulge(center: (x: Double, y: Double) = (0.5, 0.5), radius: Double = 0.25, scale: Double = 0.5)
        -> Filter
    {
        Filter(
            clamping: DistortionFilters.bulge,
            values: ["center": .list([center.x, center.y]), "radius": .number(radius), "scale": .number(scale)])
    }

    /// `pinch`: radius 0.01...2 of the width, scale -2...2 (clamped).
    public static func pinch(center: (x: Double, y: Double) = (0.5, 0.5), radius: Double = 0.5, scale: Double = 0.5)
        -> Filter
    {
        Filter(
            clamping: DistortionFilters.pinch,
            values: ["center": .list([center.x, center.y]), "radius": .number(radius), "scale": .number(scale)])
    }

    /// `sphere_refraction`: radius 0.01...1 of the width, refractive index
    /// 0.05...2 (clamped).
    public static func sphereRefraction(
        center: (x: Double, y: Double) = (0.5, 0.5), radius: Double = 0.25, refractiveIndex: Double = 0.71
    ) -> Filter {
        Filter(
            clamping: DistortionFilters.sphereRefraction,
            values: [
                "center": .list([center.x, center.y]), "radius": .number(radius),
                "refractive_index": .number(refractiveIndex),
            ])
    }
}

extension Filter {
    /// `fluctuate` with `frequency` (0...200), `amplitude` (0...0.5 of the
    /// frame) and `fluctuate` (0...1); clamped.
    public static func fluctuate(frequency: Double = 10, amplitude: Double = 0.05, fluctuate: Double = 0.5) -> Filter {
        Filter(
            clamping: DistortionFilters.fluctuate,
            values: [
                "frequency": .number(frequency), "amplitude": .number(amplitude), "fluctuate": .number(fluctuate),
            ])
    }

    /// `polar_pixellate` about `center` with cells of `scale` (0.001...1); clamped.
    public static func polarPixellate(center: (x: Double, y: Double) = (0.5, 0.5), scale: Double = 0.05) -> Filter {
        Filter(
            clamping: DistortionFilters.polarPixellate,
            values: ["center": .list([center.x, center.y]), "scale": .number(scale)])
    }

    /// `glass_sphere` at `center` with `radius` (0.01...1 of the width) and
    /// `refractiveIndex` (0.05...2); clamped.
    public static func glassSphere(
        center: (x: Double, y: Double) = (0.5, 0.5), radius: Double = 0.25, refractiveIndex: Double = 0.71
    ) -> Filter {
        Filter(
            clamping: DistortionFilters.glassSphere,
            values: [
                "center": .list([center.x, center.y]), "radius": .number(radius),
                "refractive_index": .number(refractiveIndex),
            ])
    }

    /// `water_ripple` about `center`, the wave at `ripple` widths (0...2)
    /// and `boundary` wide on each side (0.001...1); clamped.
    public static func waterRipple(
        center: (x: Double, y: Double) = (0.5, 0.5), ripple: Double = 0.3, boundary: Double = 0.06
    ) -> Filter {
        Filter(
            clamping: DistortionFilters.waterRipple,
            values: ["center": .list([center.x, center.y]), "ripple": .number(ripple), "boundary": .number(boundary)])
    }
}
