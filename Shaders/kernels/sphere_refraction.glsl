// sphere_refraction (Harbeth C7SphereRefraction, GPUImage
// SphereRefraction): the frame seen through a glass ball. Inside the
// radius, a ray looking into the screen is refracted by the sphere's
// surface normal,
//   n = normalize(p - c, radius * sqrt(1 - (dist / radius)^2))
//   r = refract((0, 0, -1), n, eta),  sample at (r.xy + 1) / 2 of the frame
// (refract gives 0 on total internal reflection, sampling the centre);
// outside it the output is transparent black. Distances are in units of
// the frame width on both axes; the sample is bilinear, clamp-to-edge.
// p0, p1 = centre as fractions of the width and height; p2 = radius;
// p3 = eta, the refractive index.
vec4 hb_sphere_refraction(ivec2 pos, uint base) {
    float width = float(hb_in_size.x);
    vec2 centre = vec2(hb_p[base], hb_p[base + 1u]) * vec2(hb_in_size) / width;
    float radius = hb_p[base + 2u];
    vec2 d = (vec2(pos) + 0.5) / width - centre;
    float dist = length(d);
    if (dist > radius) {
        return vec4(0.0);
    }
    float n = dist / radius;
    float depth = radius * sqrt(max(1.0 - n * n, 0.0));
    vec3 normal = normalize(vec3(d, depth));
    vec3 refracted = refract(vec3(0.0, 0.0, -1.0), normal, hb_p[base + 3u]);
    return hb_sample((refracted.xy + 1.0) * 0.5 * vec2(hb_in_size));
}
