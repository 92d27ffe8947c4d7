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
        stages: [.kernel("hb_sphere_refraction", file: "kernels/sphere_refraction.glsl", samples: true)])

    static let all: [FilterDescriptor] = [swirl, bulge, pinch, sphereRefraction]
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
