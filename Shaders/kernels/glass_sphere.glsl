// glass_sphere (Harbeth C7GlassSphere, GPUImage GlassSphereFilter): the
// frame seen upside down through a lit glass ball. Distances in units of
// the frame width (the ball stays round). Inside the radius:
//   n = normalize(p - c, radius sqrt(1 - (dist / radius)^2))
//   r = 2 refract((0, 0, -1), n, eta); sample at (1 - r.xy) / 2 of the frame
//   rgb += 2.5 (1 - clamp(n.z, 0, 1)^0.25)              (rim light)
//        + 0.8 clamp(dot(normalize(-0.5, 0.5, 1), n), 0, 1)^15   (highlight)
// alpha 1; outside: transparent black.
// p0, p1 = centre; p2 = radius; p3 = eta.
vec4 hb_glass_sphere(ivec2 pos, uint base) {
    float width = float(hb_in_size.x);
    vec2 centre = vec2(hb_p[base], hb_p[base + 1u]) * vec2(hb_in_size) / width;
    float radius = hb_p[base + 2u];
    vec2 d = (vec2(pos) + 0.5) / width - centre;
    float dist = length(d);
    if (dist > radius) {
        return vec4(0.0);
    }
    float n = dist / radius;
    vec3 normal = normalize(vec3(d, radius * sqrt(max(1.0 - n * n, 0.0))));
    vec3 refracted = 2.0 * refract(vec3(0.0, 0.0, -1.0), normal, hb_p[base + 3u]);
    vec3 rgb = hb_sample((1.0 - refracted.xy) * 0.5 * vec2(hb_in_size)).rgb;
    rgb += 2.5 * (1.0 - pow(clamp(normal.z, 0.0, 1.0), 0.25));
    rgb += 0.8 * pow(clamp(dot(normalize(vec3(-0.5, 0.5, 1.0)), normal), 0.0, 1.0), 15.0);
    return vec4(rgb, 1.0);
}
