// morphology: the parts of morphology that erode's and dilate's passes
// cannot do alone.
// hb_morphology_gradient: max - min over the (2r + 1) x (2r + 1) square,
//   per colour channel, alpha kept; clamp-to-edge.
// hb_morphology_hat: after an opening (erode, dilate) or a closing
//   (dilate, erode) of the filter's input: top hat in - opened, black
//   hat closed - in, per colour channel, alpha kept.
// p0 = r; p1 = 0 for the top hat, 1 for the black hat.
vec4 hb_morphology_gradient(ivec2 pos, uint base) {
    int r = int(hbp_radius);
    vec4 centre = hb_load(pos);
    vec3 high = centre.rgb;
    vec3 low = centre.rgb;
    for (int y = -r; y <= r; y++) {
        for (int x = -r; x <= r; x++) {
            vec3 c = hb_load(pos + ivec2(x, y)).rgb;
            high = max(high, c);
            low = min(low, c);
        }
    }
    return vec4(high - low, centre.a);
}

vec4 hb_morphology_hat(ivec2 pos, uint base, sampler2D original) {
    vec4 source = texelFetch(original, pos, 0);
    vec3 shaped = hb_load(pos).rgb;
    return vec4(hbp_black_hat > 0.5 ? shaped - source.rgb : source.rgb - shaped, source.a);
}
