// lut3d (Adobe Cube LUT Specification 1.0; Harbeth C7ColorCube,
// C7LookupTable): trilinear interpolation in a 3D table, mixed by intensity.
//   x = clamp((rgb - domain_min) / (domain_max - domain_min), 0, 1) * (N - 1)
//   lut = trilinear interpolation of the 8 entries around x
//   rgb' = mix(rgb, lut, intensity); alpha unchanged
// p0 = intensity, p1 = N, p2..4 = domain_min, p5..7 = domain_max, then N^3
// RGB entries, red fastest, then green, then blue (the .cube order).
vec3 hb_lut3d_entry(uint table, int size, ivec3 at) {
    uint index = table + 3u * uint((at.b * size + at.g) * size + at.r);
    return vec3(hb_data_at(index), hb_data_at(index + 1u), hb_data_at(index + 2u));
}

vec4 hb_lut3d(vec4 color, uint base) {
    float intensity = hbp_intensity;
    int size = int(hbp_size);
    vec3 domainMin = vec3(hbp_domain_min(0), hbp_domain_min(1), hbp_domain_min(2));
    vec3 domainMax = vec3(hbp_domain_max(0), hbp_domain_max(1), hbp_domain_max(2));
    uint table = hbo_table;
    vec3 x = clamp((color.rgb - domainMin) / (domainMax - domainMin), 0.0, 1.0) * float(size - 1);
    ivec3 lo = min(ivec3(floor(x)), ivec3(size - 2));
    vec3 f = x - vec3(lo);
    vec3 c000 = hb_lut3d_entry(table, size, lo);
    vec3 c100 = hb_lut3d_entry(table, size, lo + ivec3(1, 0, 0));
    vec3 c010 = hb_lut3d_entry(table, size, lo + ivec3(0, 1, 0));
    vec3 c110 = hb_lut3d_entry(table, size, lo + ivec3(1, 1, 0));
    vec3 c001 = hb_lut3d_entry(table, size, lo + ivec3(0, 0, 1));
    vec3 c101 = hb_lut3d_entry(table, size, lo + ivec3(1, 0, 1));
    vec3 c011 = hb_lut3d_entry(table, size, lo + ivec3(0, 1, 1));
    vec3 c111 = hb_lut3d_entry(table, size, lo + ivec3(1, 1, 1));
    vec3 c00 = mix(c000, c100, f.r);
    vec3 c10 = mix(c010, c110, f.r);
    vec3 c01 = mix(c001, c101, f.r);
    vec3 c11 = mix(c011, c111, f.r);
    vec3 lut = mix(mix(c00, c10, f.g), mix(c01, c11, f.g), f.b);
    return vec4(mix(color.rgb, lut, intensity), color.a);
}
