// sphere_refraction (Harbeth C7SphereRefraction, GPUImage
// SphereRefraction) and glass_sphere (Harbeth C7GlassSphere, GPUImage
// GlassSphereFilter): the frame seen through a glass ball. Inside the
// radius, a ray looking into the screen is refracted by the sphere's
// surface normal,
//   n = normalize(p - c, radius * sqrt(1 - (dist / radius)^2))
//   r = refract((0, 0, -1), n, eta)
// (refract gives 0 on total internal reflection, sampling the centre).
// sphere_refraction samples at (r.xy + 1) / 2 of the frame; glass_sphere
// at (1 - 2 r.xy) / 2 (the frame upside down) and lights the ball,
//   rgb += 2.5 (1 - clamp(n.z, 0, 1)^0.25)                     (rim)
//        + 0.8 clamp(dot(normalize(-0.5, 0.5, 1), n), 0, 1)^15  (highlight)
// with alpha 1. Outside the ball the output is transparent black.
// Distances are in units of the frame width on both axes; the sample is
// bilinear, clamp-to-edge.
// p0, p1 = centre as fractions of the width and height; p2 = radius;
// p3 = eta, the refractive index; p4 = 1 for glass_sphere.
vec4 hb_sphere_refraction(ivec2 pos, uint base) {
    float width = float(hb_in_size.x);
    vec2 centre = vec2(hbp_center(0), hbp_center(1)) * vec2(hb_in_size) / width;
    float radius = hbp_radius;
    vec2 d = (vec2(pos) + 0.5) / width - centre;
    float dist = length(d);
    if (dist > radius) {
        return vec4(0.0);
    }
    float n = dist / radius;
    float depth = radius * sqrt(max(1.0 - n * n, 0.0));
    vec3 normal = normalize(vec3(d, depth));
    vec3 refracted = refract(vec3(0.0, 0.0, -1.0), normal, hbp_refractive_index);
    if (hbp_glass < 0.5) {
        return hb_sample((refracted.xy + 1.0) * 0.5 * vec2(hb_in_size));
    }
    vec3 rgb = hb_sample((1.0 - 2.0 * refracted.xy) * 0.5 * vec2(hb_in_size)).rgb;
    rgb += 2.5 * (1.0 - pow(clamp(normal.z, 0.0, 1.0), 0.25));
    rgb += 0.8 * pow(clamp(dot(normalize(vec3(-0.5, 0.5, 1.0)), normal), 0.0, 1.0), 15.0);
    return vec4(rgb, 1.0);
}
