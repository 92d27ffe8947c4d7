"""References for the pointwise colour filters."""
import math
import subprocess

import numpy as np

from common import FILTERS, LUMA, hash01, hash32, reference, rgb, with_rgb

@reference
def brightness(image, v):
    return with_rgb(image, rgb(image) + v["brightness"])


@reference
def contrast(image, v):
    return with_rgb(image, 0.5 + (rgb(image) - 0.5) * v["contrast"])


@reference
def saturation(image, v):
    luma = rgb(image) @ LUMA
    return with_rgb(image, luma[..., None] + (rgb(image) - luma[..., None]) * v["saturation"])


@reference
def exposure(image, v):
    return with_rgb(image, rgb(image) * 2.0 ** v["exposure"])


@reference
def gamma(image, v):
    return with_rgb(image, np.power(np.maximum(rgb(image), 0), v["gamma"]))


def eq_table(contrast, brightness, gamma, weight):
    """FFmpeg 5.1 vf_eq's table for one plane's 8-bit codes, written from
    its C (check_values, process_c, create_lut)."""
    if contrast == 1 and brightness == 0 and gamma == 1:
        return np.arange(256, dtype=float)
    table = []
    if gamma == 1 and abs(contrast) < 8:
        scale = int(contrast * 256 * 16)
        # C's integer division truncates toward zero; >> floors.
        offset = math.trunc(int(100 * brightness + 100) * 511 / 200) - 128 - math.trunc(scale / 32)
        for code in range(256):
            table.append(min(max(((code * scale) >> 12) + offset, 0), 255))
        return np.array(table, dtype=float)
    for code in range(256):
        v = contrast * (code / 255.0 - 0.5) + 0.5 + brightness
        if v <= 0:
            table.append(0)
            continue
        v = v * (1 - weight) + math.pow(v, 1 / gamma) * weight
        table.append(255 if v >= 1 else int(256 * v))
    return np.array(table, dtype=float)


KR709, KB709 = 0.2126, 0.0722


def codes709(c):
    """RGB as 8-bit BT.709 limited Y, Cb, Cr codes (an RGB frame's conversion)."""
    kg = 1 - KR709 - KB709
    luma = c @ np.array([KR709, kg, KB709])
    cb = 128 + 224 * (c[..., 2] - luma) / (2 * (1 - KB709))
    cr = 128 + 224 * (c[..., 0] - luma) / (2 * (1 - KR709))
    return 16 + 219 * luma, cb, cr


def rgb709(y, cb, cr):
    """8-bit BT.709 limited codes back to RGB."""
    kg = 1 - KR709 - KB709
    lp = (y - 16) / 219
    r = lp + 2 * (1 - KR709) * (cr - 128) / 224
    b = lp + 2 * (1 - KB709) * (cb - 128) / 224
    g = (lp - KR709 * r - KB709 * b) / kg
    return np.stack([r, g, b], axis=-1)


@reference
def eq(image, v):
    # The RGB path: 8-bit codes of the frame's colorimetry (BT.709 limited
    # for an RGB frame), each plane's table read between entries, and back.
    green = v["gamma_g"]
    tables = [
        eq_table(v["contrast"], v["brightness"], v["gamma"] * green, v["gamma_weight"]),
        eq_table(v["saturation"], 0, np.sqrt(v["gamma_b"] / green), v["gamma_weight"]),
        eq_table(v["saturation"], 0, np.sqrt(v["gamma_r"] / green), v["gamma_weight"]),
    ]
    grid = np.arange(256)
    y, cb, cr = (np.interp(np.clip(p, 0, 255), grid, t) for p, t in zip(codes709(rgb(image)), tables))
    return with_rgb(image, np.clip(rgb709(y, cb, cr), 0, 1))


def lut_table(expression, lo, hi):
    """FFmpeg vf_lut's table, written from its documentation: the
    expression of each code (its val, clipval, minval, maxval, negval,
    clip() and gammaval()), truncated and clipped to 0...255."""
    table = []
    for val in range(256):
        clipval = min(max(val, lo), hi)
        names = {
            "val": val, "clipval": clipval, "minval": lo, "maxval": hi, "negval": hi - clipval + lo,
            "clip": lambda x, a, b: min(max(x, a), b),
            "gammaval": lambda g, c=clipval: ((c - lo) / (hi - lo)) ** g * (hi - lo) + lo,
        }
        result = eval(expression, {"__builtins__": {}}, names)
        table.append(min(max(math.trunc(result), 0), 255))
    return np.array(table, dtype=float)


@reference
def lut_yuv(image, v):
    # The RGB path: BT.709 limited codes (an RGB frame's conversion), each
    # plane's table read between entries, and back.
    grid = np.arange(256)
    tables = [lut_table(v["y"], 16, 235), lut_table(v["u"], 16, 240), lut_table(v["v"], 16, 240)]
    y, cb, cr = (np.interp(np.clip(p, 0, 255), grid, t) for p, t in zip(codes709(rgb(image)), tables))
    return with_rgb(image, np.clip(rgb709(y, cb, cr), 0, 1))


@reference
def lut_rgb(image, v):
    grid = np.arange(256)
    codes = np.clip(rgb(image) * 255, 0, 255)
    channels = [np.interp(codes[..., i], grid, lut_table(v[name], 0, 255)) for i, name in enumerate("rgb")]
    return with_rgb(image, np.stack(channels, axis=-1) / 255)


@reference
def yuv_hue(image, v):
    # FFmpeg vf_hue on BT.709 limited codes (an RGB frame's conversion):
    # (Cb, Cr) - 128 turned by the angle and scaled, Y + 25.5 b, each code
    # clipped to 0...255 as FFmpeg's tables are, and back.
    y, cb, cr = codes709(rgb(image))
    angle = math.radians(v["degrees"])
    cos, sin = v["saturation"] * math.cos(angle), v["saturation"] * math.sin(angle)
    u, w = cb - 128, cr - 128
    cb, cr = cos * u - sin * w + 128, sin * u + cos * w + 128
    y = y + 25.5 * v["brightness"]
    return with_rgb(image, rgb709(*(np.clip(p, 0, 255) for p in (y, cb, cr))))


@reference
def yuv_monochrome(image, v):
    # FFmpeg vf_monochrome on BT.709 limited codes (an RGB frame's
    # conversion): the luma scaled where the chroma lies far from the
    # spot, less in the highlights; the chroma grey; and back.
    y, cb, cr = (np.clip(p, 0, 255) for p in codes709(rgb(image)))
    y, u, w = y / 255, cb / 255 - 0.5, cr / 255 - 0.5
    kept = np.exp(-np.clip(((v["cb"] / 2 - u) ** 2 + (v["cr"] / 2 - w) ** 2) / v["size"], 0, 1))
    s = (1 - y) / 0.4
    envelope = np.where(y < 0.6, 1 - np.abs(y / 0.6 - 1) ** 2, s * s * (3 - 2 * s))
    t = envelope + (1 - envelope) * (1 - v["high"])
    luma = ((1 - t) * y + t * kept * y) * 255
    return with_rgb(image, rgb709(luma, np.full_like(luma, 128), np.full_like(luma, 128)))


SEPIA = np.array([[0.3588, 0.7044, 0.1368], [0.2990, 0.5870, 0.1140], [0.2392, 0.4696, 0.0912]])


@reference
def sepia(image, v):
    toned = rgb(image) @ SEPIA.T
    t = v["intensity"]
    return with_rgb(image, rgb(image) * (1 - t) + toned * t)


@reference
def grayscale(image, v):
    c = rgb(image)
    mode = v.get("mode", "luminosity")
    if mode == "average":
        g = c.mean(axis=-1)
    elif mode == "desaturate":
        g = 0.5 * (c.max(axis=-1) + c.min(axis=-1))
    else:
        g = c @ LUMA
    return with_rgb(image, np.repeat(g[..., None], 3, axis=-1))


@reference
def invert(image, v):
    return with_rgb(image, 1 - rgb(image))




# Tone -------------------------------------------------------------------

YIQ_FORWARD = np.array([[0.299, 0.587, 0.114], [0.595716, -0.274453, -0.321263], [0.211456, -0.522591, 0.31135]])
YIQ_BACK = np.array([[1.0, 0.9563, 0.6210], [1.0, -0.2721, -0.6474], [1.0, -1.1070, 1.7046]])


@reference
def hue(image, v):
    yiq = rgb(image) @ YIQ_FORWARD.T
    angle = np.arctan2(yiq[..., 2], yiq[..., 1]) - np.radians(v["degrees"])
    chroma = np.hypot(yiq[..., 1], yiq[..., 2])
    rotated = np.stack([yiq[..., 0], chroma * np.cos(angle), chroma * np.sin(angle)], axis=-1)
    return with_rgb(image, rotated @ YIQ_BACK.T)


@reference
def vibrance(image, v):
    c = rgb(image)
    average = c.mean(axis=-1, keepdims=True)
    top = c.max(axis=-1, keepdims=True)
    amount = (top - average) * (-3 * v["vibrance"])
    return with_rgb(image, c + (top - c) * amount)


@reference
def luma_vibrance(image, v):
    # FFmpeg 5.1 vibrance.
    c = rgb(image)
    luma = (c @ np.array(v["luma"]))[..., None]
    saturation = (c.max(axis=-1) - c.min(axis=-1))[..., None]
    intensity = v["intensity"] * np.array(v["balance"])
    alternate = 1 if v["alternate"] >= 0.5 else -1
    push = 1 + intensity * (1 - alternate * np.sign(intensity) * saturation)
    return with_rgb(image, luma + (c - luma) * push)


def black_body(kelvin):
    """Tanner Helland's fit, as FFmpeg 5.1's colortemperature computes it."""
    k = kelvin / 100
    if k <= 66:
        red, green = 1.0, 0.39008157876901960784 * np.log(k) - 0.63184144378862745098
    else:
        t = max(k - 60, 0)
        red, green = 1.29293618606274509804 * t ** -0.1332047592, 1.12989086089529411765 * t ** -0.0755148492
    blue = 1.0 if k >= 66 else 0.0 if k <= 19 else 0.54320678911019607843 * np.log(k - 10) - 1.19625408914
    return np.clip(np.array([red, green, blue]), 0, 1)


@reference
def color_temperature(image, v):
    c = rgb(image)
    n = c + (c * black_body(v["temperature"]) - c) * v["mix"]
    eps = np.finfo(np.float32).eps
    scale = ((c.max(axis=-1) + c.min(axis=-1) + eps) / (n.max(axis=-1) + n.min(axis=-1) + eps))[..., None]
    return with_rgb(image, n + (n * scale - n) * v["preserve_lightness"])


WB_FORWARD = np.array([[0.299, 0.587, 0.114], [0.596, -0.274, -0.322], [0.212, -0.523, 0.311]])
WB_BACK = np.array([[1.0, 0.956, 0.621], [1.0, -0.272, -0.647], [1.0, -1.105, 1.702]])
WARM = np.array([0.93, 0.54, 0.0])


@reference
def white_balance(image, v):
    yiq = rgb(image) @ WB_FORWARD.T
    yiq[..., 2] = np.clip(yiq[..., 2] + v["tint"] / 100 * 0.5226 * 0.1, -0.5226, 0.5226)
    c = yiq @ WB_BACK.T
    overlay = np.where(c < 0.5, 2 * c * WARM, 1 - 2 * (1 - c) * (1 - WARM))
    t = v["temperature"]
    k = 0.0004 * (t - 5000) if t < 5000 else 0.00006 * (t - 5000)
    return with_rgb(image, c * (1 - k) + overlay * k)


@reference
def opacity(image, v):
    out = image.copy()
    out[..., 3] *= v["opacity"]
    return out


def per_channel(values):
    values = np.asarray(values, dtype=np.float64)
    return np.repeat(values, 3) if values.size == 1 else values


@reference
def levels(image, v):
    in_black, in_white = per_channel(v["in_black"]), per_channel(v["in_white"])
    gamma = per_channel(v["gamma"])
    out_black, out_white = per_channel(v["out_black"]), per_channel(v["out_white"])
    x = np.clip((rgb(image) - in_black) / (in_white - in_black), 0, 1) ** (1 / gamma)
    return with_rgb(image, out_black + (out_white - out_black) * x)


def monotone_cubic(pairs):
    """The Fritsch-Carlson monotone cubic through x/y pairs (as on Wikipedia's
    "Monotone cubic interpolation"), flat outside the points."""
    pts = np.asarray(pairs, dtype=np.float64).reshape(-1, 2)
    x, y = pts[:, 0], pts[:, 1]
    n = len(x)
    h = np.diff(x)
    delta = np.diff(y) / h
    m = np.empty(n)
    m[0], m[-1] = delta[0], delta[-1]
    for k in range(1, n - 1):
        m[k] = 0.0 if delta[k - 1] * delta[k] <= 0 else (delta[k - 1] + delta[k]) / 2
    for k in range(n - 1):
        if delta[k] == 0:
            m[k] = m[k + 1] = 0.0
    for k in range(n - 1):
        if delta[k] == 0:
            continue
        a, b = m[k] / delta[k], m[k + 1] / delta[k]
        if a * a + b * b > 9:
            tau = 3 / np.sqrt(a * a + b * b)
            m[k], m[k + 1] = tau * a * delta[k], tau * b * delta[k]

    def evaluate(values):
        values = np.asarray(values, dtype=np.float64)
        k = np.clip(np.searchsorted(x, values, side="left") - 1, 0, n - 2)
        t = (values - x[k]) / h[k]
        out = ((2 * t**3 - 3 * t**2 + 1) * y[k] + (t**3 - 2 * t**2 + t) * h[k] * m[k]
               + (-2 * t**3 + 3 * t**2) * y[k + 1] + (t**3 - t**2) * h[k] * m[k + 1])
        out = np.where(values <= x[0], y[0], out)
        return np.where(values >= x[-1], y[-1], out)

    return evaluate


CURVES_PRESETS = {
    # FFmpeg curves' presets (libavfilter/vf_curves.c): r, g, b, master.
    "vintage": ("0/0.11 0.42/0.51 1/0.95", "0/0 0.50/0.48 1/1", "0/0.22 0.49/0.44 1/0.8", None),
    "darker": (None, None, None, "0/0 0.5/0.4 1/1"),
    "strong_contrast": (None, None, None, "0/0 0.301/0.196 0.592/0.6 0.686/0.737 1/1"),
    "cross_process": (
        "0/0 0.25/0.156 0.501/0.501 0.686/0.745 1/1", "0/0 0.25/0.188 0.38/0.501 0.745/0.815 1/0.815",
        "0/0 0.231/0.094 0.709/0.874 1/1", None),
}


def natural_spline_table(pairs):
    """FFmpeg curves' table: the natural cubic spline through the points
    (second derivatives 0 at the ends, from the tridiagonal system solved
    by numpy), each entry trunc(255 y) clipped, flat past the ends."""
    x, y = np.asarray(pairs[0::2], float), np.asarray(pairs[1::2], float)
    n = len(x)
    h = np.diff(x)
    system = np.zeros((n, n))
    right = np.zeros(n)
    system[0, 0] = system[-1, -1] = 1
    for i in range(1, n - 1):
        system[i, i - 1], system[i, i], system[i, i + 1] = h[i - 1], 2 * (h[i - 1] + h[i]), h[i]
        right[i] = 6 * ((y[i + 1] - y[i]) / h[i] - (y[i] - y[i - 1]) / h[i - 1])
    m = np.linalg.solve(system, right)
    table = np.zeros(256, int)
    code = lambda value: int(min(255, max(0, int(value * 255))))
    for i in range(int(x[0] * 255)):
        table[i] = code(y[0])
    for i in range(n - 1):
        start = int(x[i] * 255)
        for at in range(start, int(x[i + 1] * 255) + 1):
            t = (at - start) / 255
            b = (y[i + 1] - y[i]) / h[i] - h[i] * m[i] / 2 - h[i] * (m[i + 1] - m[i]) / 6
            table[at] = code(y[i] + b * t + m[i] / 2 * t * t + (m[i + 1] - m[i]) / (6 * h[i]) * t ** 3)
    for i in range(int(x[-1] * 255), 256):
        table[i] = code(y[-1])
    return table


@reference
def curves(image, v):
    """Harbeth's monotone curves, or FFmpeg's (interpolation=natural): a
    channel not given takes `all`'s points, then the preset's; 8-bit tables,
    the master applied to the channels' entries."""
    identity = [0, 0, 1, 1]
    given = lambda name: None if list(v[name]) == identity else list(v[name])
    preset = CURVES_PRESETS.get(v.get("preset", "none"), (None, None, None, None))
    parse = lambda text: [float(n) for pair in text.split() for n in pair.split("/")] if text else None
    lists = [given(name) or given("all") or parse(preset[k]) for k, name in enumerate("rgb")]
    master = given("master") or parse(preset[3])
    out = image.copy()
    if v.get("interpolation", "monotone") == "natural":
        master_table = natural_spline_table(master) if master else np.arange(256)
        for channel in range(3):
            table = natural_spline_table(lists[channel]) if lists[channel] else np.arange(256)
            codes = np.clip(np.round(image[..., channel] * 255), 0, 255).astype(int)
            out[..., channel] = master_table[table[codes]] / 255
        return out
    master_curve = monotone_cubic(master or identity)
    for channel in range(3):
        values = np.clip(image[..., channel], 0, 1)
        out[..., channel] = master_curve(monotone_cubic(lists[channel] or identity)(values))
    return out


@reference
def highlights_shadows(image, v):
    s, h = v["shadows"], v["highlights"]
    l = np.clip(rgb(image) @ LUMA, 0.001, 1)
    shadow = np.clip(l ** (1 / (s + 1)) - 0.76 * l ** (2 / (s + 1)) - l, 0, 1)
    highlight = np.clip(1 - ((1 - l) ** (1 / (2 - h)) - 0.8 * (1 - l) ** (2 / (2 - h))) - l, -1, 0)
    return with_rgb(image, rgb(image) * ((l + shadow + highlight) / l)[..., None])


def rgb_to_hsl(c):
    """HSL with hue in degrees, by the textbook sector formulas."""
    top, bottom = c.max(axis=-1), c.min(axis=-1)
    chroma = top - bottom
    l = (top + bottom) / 2
    safe = np.where(chroma > 0, chroma, 1)
    s = np.where(chroma > 0, chroma / np.where(chroma > 0, 1 - np.abs(2 * l - 1), 1), 0)
    r, g, b = c[..., 0], c[..., 1], c[..., 2]
    h = np.where(top == r, ((g - b) / safe) % 6, np.where(top == g, (b - r) / safe + 2, (r - g) / safe + 4)) * 60
    return np.where(chroma > 0, h, 0), s, l


def hsl_to_rgb(h, s, l):
    """Back from HSL by the chroma/sector construction."""
    chroma = (1 - np.abs(2 * l - 1)) * s
    sector = (h % 360) / 60
    x = chroma * (1 - np.abs(sector % 2 - 1))
    zero = np.zeros_like(h)
    index = np.floor(sector).astype(int) % 6
    choices = [(chroma, x, zero), (x, chroma, zero), (zero, chroma, x), (zero, x, chroma), (x, zero, chroma),
               (chroma, zero, x)]
    out = np.zeros(h.shape + (3,))
    for i, (r, g, b) in enumerate(choices):
        mask = index == i
        out[mask] = np.stack([r, g, b], axis=-1)[mask]
    return out + (l - chroma / 2)[..., None]


@reference
def color_balance(image, v):
    # FFmpeg 5.1 colorbalance: the weights read l = max + min.
    c = rgb(image)
    l = c.max(axis=-1) + c.min(axis=-1)
    ws = np.clip((0.333 - l) * 4 + 0.5, 0, 1) * 0.7
    wm = np.clip((l - 0.333) * 4 + 0.5, 0, 1) * np.clip((1 - l - 0.333) * 4 + 0.5, 0, 1) * 0.7
    wh = np.clip((l + 0.333 - 1) * 4 + 0.5, 0, 1) * 0.7
    out = c + (np.multiply.outer(ws, v["shadows"]) + np.multiply.outer(wm, v["midtones"])
               + np.multiply.outer(wh, v["highlights"]))
    out = np.clip(out, 0, 1)
    if v["preserve_lightness"] >= 0.5:
        # Lightness l / 2 with the result's hue and chroma; grey where it
        # touches 0 or 1 (FFmpeg's preservel).
        lightness = l / 2
        top, bottom = out.max(axis=-1), out.min(axis=-1)
        chroma = top - bottom
        safe = np.where(chroma > 0, chroma, 1)
        r, g, b = out[..., 0], out[..., 1], out[..., 2]
        hue = np.where(top == r, (g - b) / safe, np.where(top == g, 2 + (b - r) / safe, 4 + (r - g) / safe)) * 60
        hue = np.where(chroma > 0, hue, 0)
        hue = np.where(hue < 0, hue + 360, hue)
        room = 1 - np.abs(2 * lightness - 1)
        flat = (top == 1) | (bottom == 0) | (room <= 0)
        saturation = np.where(flat, 0, chroma / np.where(room > 0, room, 1))
        a = saturation * np.minimum(lightness, 1 - lightness)
        k = np.mod(np.array([0.0, 8.0, 4.0]) + (hue / 30)[..., None], 12)
        step = np.maximum(np.minimum(np.minimum(k - 3, 9 - k), 1), -1)
        out = np.clip(lightness[..., None] - a[..., None] * step, 0, 1)
    return with_rgb(image, out)


@reference
def hsl(image, v):
    h, s, l = rgb_to_hsl(np.clip(rgb(image), 0, 1))
    h = (h + v["hue"]) % 360
    s = np.clip(s * (1 + v["saturation"]), 0, 1)
    adjust = v["lightness"]
    l = l * (1 + adjust) if adjust < 0 else l + adjust * (1 - l)
    return with_rgb(image, hsl_to_rgb(h, s, l))


# Effects ----------------------------------------------------------------

@reference
def posterize(image, v):
    n = v["levels"]
    return with_rgb(image, np.floor(rgb(image) * n + 0.5) / n)


@reference
def monochrome(image, v):
    l = (rgb(image) @ LUMA)[..., None]
    tone = np.asarray(v["color"])
    toned = np.where(l < 0.5, 2 * l * tone, 1 - 2 * (1 - l) * (1 - tone))
    t = v["intensity"]
    return with_rgb(image, rgb(image) * (1 - t) + toned * t)


@reference
def false_color(image, v):
    l = (rgb(image) @ LUMA)[..., None]
    dark, light = np.asarray(v["dark"]), np.asarray(v["light"])
    return with_rgb(image, dark + (light - dark) * l)


@reference
def color_matrix(image, v):
    matrix = np.asarray(v["matrix"]).reshape(4, 4)
    transformed = image @ matrix.T + np.asarray(v["offset"])
    t = v["intensity"]
    return image * (1 - t) + transformed * t


@reference
def channel_mixer(image, v):
    c = rgb(image)
    out = np.stack([c @ np.asarray(v[name][:3]) + v[name][3] for name in "rgb"], axis=-1)
    return with_rgb(image, out)


@reference
def luminance_threshold(image, v):
    l = rgb(image) @ LUMA
    white = (l >= v["threshold"]).astype(np.float64)
    return with_rgb(image, np.repeat(white[..., None], 3, axis=-1))


def chroma_crcb(c):
    y = 0.2989 * c[..., 0] + 0.5866 * c[..., 1] + 0.1145 * c[..., 2]
    return np.stack([0.7132 * (c[..., 0] - y), 0.5647 * (c[..., 2] - y)], axis=-1)


def smoothstep(edge0, edge1, x):
    t = np.clip((x - edge0) / (edge1 - edge0), 0, 1)
    return t * t * (3 - 2 * t)


@reference
def chroma_key(image, v):
    key = chroma_crcb(np.asarray(v["color"], dtype=np.float64))
    d = np.linalg.norm(chroma_crcb(rgb(image)) - key, axis=-1)
    threshold, smoothing = v["threshold"], v["smoothing"]
    keep = smoothstep(threshold, threshold + smoothing, d) if smoothing > 0 else (d >= threshold).astype(np.float64)
    out = image.copy()
    out[..., 3] *= keep
    return out


@reference
def color_key(image, v):
    # FFmpeg colorkey: the RGB distance over sqrt(3); the alpha replaced.
    d = np.linalg.norm(np.clip(rgb(image), 0, 1) - np.asarray(v["color"], dtype=np.float64), axis=-1) / math.sqrt(3)
    similarity, blend = v["similarity"], v["blend"]
    out = image.copy()
    if blend > 0.0001:
        out[..., 3] = np.clip((d - similarity) / blend, 0, 1)
    else:
        out[..., 3] = (d > similarity).astype(np.float64)
    return out


def vignette_amount(image, v):
    """smoothstep(start, end, distance(uv, center)) at pixel centres, a
    step at start when end <= start (vignette and vignette_blend)."""
    h, w = image.shape[:2]
    u = (np.arange(w) + 0.5) / w
    y = (np.arange(h) + 0.5) / h
    cx, cy = v["center"]
    d = np.sqrt((u[None, :] - cx) ** 2 + (y[:, None] - cy) ** 2)
    start, end = v["start"], v["end"]
    return smoothstep(start, end, d) if end > start else (d >= start).astype(np.float64)


@reference
def vignette(image, v):
    amount = vignette_amount(image, v)
    tone = np.asarray(v["color"])
    return with_rgb(image, rgb(image) + (tone - rgb(image)) * amount[..., None])


@reference
def fade(image, v, context):
    t = context["time"]
    amount = 0.0
    if v["in_duration"] > 0:
        amount = 1 - min(max((t - v["in_start"]) / v["in_duration"], 0), 1)
    if v["out_duration"] > 0:
        amount = max(amount, min(max((t - v["out_start"]) / v["out_duration"], 0), 1))
    tone = np.asarray(v["color"])
    return with_rgb(image, rgb(image) + (tone - rgb(image)) * amount)


@reference
def haze(image, v):
    h = image.shape[0]
    d = ((np.arange(h) + 0.5) / h * v["slope"] + v["distance"])[:, None, None]
    return with_rgb(image, (rgb(image) - d) / (1 - d))


# Lookup tables ----------------------------------------------------------

def read_cube(path):
    """(size, domain_min, domain_max, table[b, g, r, channel]) from a .cube file."""
    size, lo, hi, rows = None, np.zeros(3), np.ones(3), []
    for line in open(path, encoding="utf-8-sig"):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "LUT_3D_SIZE":
            size = int(words[1])
        elif words[0] == "DOMAIN_MIN":
            lo = np.array([float(x) for x in words[1:4]])
        elif words[0] == "DOMAIN_MAX":
            hi = np.array([float(x) for x in words[1:4]])
        elif words[0] == "LUT_3D_INPUT_RANGE":
            lo, hi = np.full(3, float(words[1])), np.full(3, float(words[2]))
        elif words[0][0].isalpha() and words[0].isupper():
            continue
        else:
            rows.append([float(x) for x in words])
    table = np.array(rows, dtype=np.float64)
    assert table.shape == (size ** 3, 3), (table.shape, size)
    # The file's red index changes fastest: row = r + N g + N^2 b.
    return size, lo, hi, table.reshape(size, size, size, 3)


def apply_table(image, size, lo, hi, table, intensity):
    x = np.clip((rgb(image) - lo) / (hi - lo), 0, 1) * (size - 1)
    i0 = np.minimum(np.floor(x).astype(int), size - 2)
    f = x - i0
    out = np.zeros(image.shape[:-1] + (3,))
    for dr in (0, 1):
        for dg in (0, 1):
            for db in (0, 1):
                weight = ((f[..., 0] if dr else 1 - f[..., 0]) * (f[..., 1] if dg else 1 - f[..., 1])
                          * (f[..., 2] if db else 1 - f[..., 2]))
                out += weight[..., None] * table[i0[..., 2] + db, i0[..., 1] + dg, i0[..., 0] + dr]
    return with_rgb(image, rgb(image) + (out - rgb(image)) * intensity)


@reference
def lut3d(image, v):
    if v["file"].lower().endswith(".3dl"):
        size, table = read_3dl(v["file"])
        return apply_table(image, size, np.zeros(3), np.ones(3), table, v["intensity"])
    size, lo, hi, table = read_cube(v["file"])
    return apply_table(image, size, lo, hi, table, v["intensity"])


def read_3dl(path):
    """Autodesk .3dl: a shaper line of N levels, then N^3 integer triples,
    blue fastest; output depth the smallest of 10/12/14/16 bits holding
    them. Returns the table indexed [b][g][r]."""
    rows = [line.split() for line in open(path) if line.strip() and not line.lstrip().startswith("#")]
    size = len(rows[0])
    values = np.array([[int(x) for x in row] for row in rows[1:]], dtype=np.float64)
    bits = next(b for b in (10, 12, 14, 16) if values.max() < 2 ** b)
    table = values.reshape(size, size, size, 3) / (2 ** bits - 1)  # [r][g][b]
    return size, table.transpose(2, 1, 0, 3)


@reference
def hald_clut(image, v):
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", v["file"], "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                         check=True, capture_output=True).stdout
    side = int(round((len(raw) // 4) ** 0.5))
    level = round(side ** (1 / 3))
    size = level * level
    pixels = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 4)[:, :3].astype(np.float64) / 255
    table = pixels.reshape(size, size, size, 3)  # b, g, r: red fastest
    return apply_table(image, size, np.zeros(3), np.ones(3), table, v["intensity"])


@reference
def lookup(image, v):
    """Harbeth's lookup image: the entry for (r, g, b) at 64-steps is the
    pixel at x = 64 (b mod 8) + r, y = 64 floor(b / 8) + g."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", v["file"], "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                         check=True, capture_output=True).stdout
    pixels = np.frombuffer(raw, dtype=np.uint8).reshape(512, 512, 4)[..., :3].astype(np.float64) / 255
    tiles = pixels.reshape(8, 64, 8, 64, 3)  # tile row, g, tile column, r
    table = tiles.transpose(0, 2, 1, 3, 4).reshape(64, 64, 64, 3)  # b = 8 tile row + tile column, g, r
    return apply_table(image, 64, np.zeros(3), np.ones(3), table, v["intensity"])


NOSTALGIC = np.array([[0.272, 0.534, 0.131], [0.349, 0.686, 0.168], [0.393, 0.769, 0.189]])


@reference
def nostalgic(image, v):
    t = v["intensity"]
    return with_rgb(image, rgb(image) * (1 - t) + (rgb(image) @ NOSTALGIC.T) * t)


@reference
def luminance_range_reduction(image, v):
    shift = (0.5 - rgb(image) @ LUMA) * v["factor"]
    return with_rgb(image, rgb(image) + shift[..., None])


@reference
def color_rgba(image, v):
    t = v["intensity"]
    c = rgb(image)
    return with_rgb(image, c * (1 - t) + c * np.asarray(v["color"]) * t)


@reference
def highlight_shadow_tint(image, v):
    c = rgb(image)
    l = (c @ LUMA)[..., None]
    shadow = np.asarray(v["shadow"])
    highlight = np.asarray(v["highlight"])

    def mix(a, b, t):
        return a * (1 - t) + b * t

    s = mix(c, np.maximum(c, mix(shadow, c, l)), v["shadow_intensity"])
    h = mix(c, np.minimum(s, mix(s, highlight, l)), v["highlight_intensity"])
    return with_rgb(image, mix(s, h, l))



# Harbeth's adjustments ----------------------------------------------------

@reference
def temperature(image, v):
    # white_balance's YIQ matrices and warm filter (Harbeth's too).
    yiq = rgb(image) @ WB_FORWARD.T
    yiq[..., 2] = np.clip(yiq[..., 2] + v["tint"] * 0.05226, -0.5226, 0.5226)
    c = yiq @ WB_BACK.T
    w = WARM
    warm = np.select(
        [c < 0, c < 0.5, c <= 1],
        [c * 2 * w, 2 * c * w, 1 - 2 * (1 - c) * (1 - w)],
        1 + 2 * (1 - w) * (c - 1))
    adjusted = c + (warm - c) * v["temperature"]
    s = v["color_shift"]
    if s > 0:
        adjusted = adjusted + np.array([0.2, -0.1, 0.2]) * s
    elif s < 0:
        adjusted = adjusted + np.array([0.1, -0.2, -0.2]) * s
    return with_rgb(image, rgb(image) + (adjusted - rgb(image)) * v["intensity"])


@reference
def warmth(image, v):
    w = v["warmth"]
    offset = np.array([0.3, 0.2, -0.2]) * w if w > 0 else np.array([0.2, 0.1, -0.3]) * w
    return with_rgb(image, rgb(image) + offset)


@reference
def channel_control(image, v):
    scale = np.array([1 + v["red"], 1 + v["green"], 1 + v["blue"], v["alpha"]])
    return image + (image * scale - image) * v["blend"]


@reference
def color_vector(image, v):
    return image + np.asarray(v["vector"]) * v["intensity"]


HARBETH_REC709 = np.array([0.2126, 0.7152, 0.0722])


@reference
def highlights(image, v):
    k = smoothstep(0.5, 1.0, rgb(image) @ HARBETH_REC709)
    a = v["amount"]
    weight = k if a > 0 else 1 - k
    return with_rgb(image, rgb(image) + (a * weight)[..., None])


@reference
def shadows(image, v):
    k = smoothstep(0.0, 0.5, rgb(image) @ HARBETH_REC709)
    a = v["amount"]
    weight = 1 - k if a > 0 else k
    return with_rgb(image, rgb(image) + (a * weight)[..., None])


@reference
def vignette_blend(image, v):
    k = vignette_amount(image, v)[..., None]
    c = rgb(image)
    tone = np.asarray(v["color"])
    mode = v["mode"]
    if mode == "multiply":
        blended = c * tone
    elif mode == "overlay":
        blended = np.where(c < 0.5, 2 * c * tone, 1 - 2 * (1 - c) * (1 - tone))
    elif mode == "soft_light":
        blended = c * (1 - tone) + tone * np.where(c < 0.5, 2 * c, 1 - 2 * (1 - c) ** 2)
    else:
        blended = np.broadcast_to(tone, c.shape)
    return with_rgb(image, c + (blended - c) * k)


# Camera logs --------------------------------------------------------------

def primaries_to_xyz(red, green, blue, white=(0.3127, 0.3290)):
    def xyz(c):
        return np.array([c[0] / c[1], 1.0, (1 - c[0] - c[1]) / c[1]])
    m = np.stack([xyz(red), xyz(green), xyz(blue)], axis=1)
    return m * np.linalg.solve(m, xyz(white))[None, :]


GAMUTS = {
    "bt2020": ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046)),
    "sgamut3": ((0.730, 0.280), (0.140, 0.855), (0.100, -0.050)),
    "sgamut3_cine": ((0.766, 0.275), (0.225, 0.800), (0.089, -0.087)),
    "vgamut": ((0.730, 0.280), (0.165, 0.840), (0.100, -0.030)),
    "awg3": ((0.6840, 0.3130), (0.2210, 0.8480), (0.0861, -0.1020)),
}
BT709_XYZ = primaries_to_xyz((0.64, 0.33), (0.30, 0.60), (0.15, 0.06))


def apple_log_linear(x):
    r0, rt, c, beta, gamma, delta = -0.05641088, 0.01, 47.28711236, 0.00964052, 0.08550479, 0.69336945
    knee = c * (rt - r0) ** 2
    return np.where(x >= knee, 2.0 ** ((x - delta) / gamma) - beta,
                    np.where(x >= 0, np.sqrt(np.maximum(x, 0) / c) + r0, r0))


def slog3_linear(x):
    code = x * 1023
    return np.where(code >= 171.2102946929, 10.0 ** ((code - 420) / 261.5) * 0.19 - 0.01,
                    (code - 95) * 0.01125 / (171.2102946929 - 95))


def vlog_linear(x):
    return np.where(x < 0.181, (x - 0.125) / 5.6, 10.0 ** ((x - 0.598206) / 0.241514) - 0.00873)


def logc3_linear(x):
    cut, a, b, c, d, e, f = 0.010591, 5.555556, 0.052272, 0.247190, 0.385537, 5.367655, 0.092809
    return np.where(x > e * cut + f, (10.0 ** ((x - d) / c) - b) / a, (x - f) / e)


def camera_log(curve, default_gamut):
    def decode(image, v):
        signal = rgb(image)
        x = (64 + 876 * signal) / 1023 if v.get("range", "legal") == "legal" else signal
        linear = curve(x) * 2.0 ** v.get("exposure", 0)
        gamut = v.get("gamut", default_gamut)
        if gamut != "none":
            linear = linear @ (np.linalg.inv(BT709_XYZ) @ primaries_to_xyz(*GAMUTS[gamut])).T
        linear = np.maximum(linear, 0)
        return with_rgb(image, np.where(linear < 0.018, 4.5 * linear, 1.099 * linear ** 0.45 - 0.099))
    return decode


FILTERS["apple_log"] = camera_log(apple_log_linear, "bt2020")
FILTERS["slog3"] = camera_log(slog3_linear, "sgamut3_cine")
FILTERS["vlog"] = camera_log(vlog_linear, "vgamut")
FILTERS["logc3"] = camera_log(logc3_linear, "awg3")


@reference
def granularity(image, v, context):
    h, w = image.shape[:2]
    key = int(np.floor(np.float32(context["time"]) * np.float32(1000.0) + np.float32(0.5)))
    x, y = np.meshgrid(np.arange(w, dtype=np.uint64), np.arange(h, dtype=np.uint64))
    n = hash01((x + 65536 * y) ^ hash32(key))
    return with_rgb(image, rgb(image) + ((n - 0.5) * v["grain"])[..., None])


# Corrections ----------------------------------------------------------------

@reference
def color_correction(image, v):
    c = rgb(image).copy()
    levels, curves, balance = v["levels"], v["curves"], v["balance"]
    if levels != 0:
        low = abs(levels) * 0.1
        c = np.maximum((c - low) / (1 - 2 * low), 0) ** (1 - levels * 0.3)
    if curves != 0:
        k = 1 + abs(curves) * 0.5
        lower = (c >= 0) & (c < 0.5)
        upper = (c >= 0.5) & (c <= 1)
        c = np.where(lower, (np.maximum(c, 0) / 0.5) ** k * 0.5,
                     np.where(upper, 1 - (np.maximum(1 - c, 0) / 0.5) ** k * 0.5, c))
    c = c + np.array([0.5, 0.2, -0.3]) * 0.2 * balance
    return with_rgb(image, c)


@reference
def luminance_adaptive_contrast(image, v):
    l = rgb(image) @ np.array([0.299, 0.587, 0.114])
    k = 1 + (v["amount"] * (0.5 - l) * 4) * v["adaptivity"]
    return with_rgb(image, (rgb(image) - 0.5) * k[..., None] + 0.5)


COLOR_SPACES = {
    "rgb_to_yiq": np.array([[0.299, 0.587, 0.114], [0.596, -0.274, -0.322], [0.212, -0.523, 0.311]]),
    "rgb_to_yuv": np.array([[0.2126, 0.7152, 0.0722], [-0.09991, -0.33609, 0.436], [0.615, -0.55861, -0.05639]]),
}


@reference
def color_space(image, v):
    name = v["conversion"]
    forward = name.replace("yiq_to_rgb", "rgb_to_yiq").replace("yuv_to_rgb", "rgb_to_yuv")
    m = COLOR_SPACES[forward]
    if name != forward:
        # The published inverses, to their four decimals.
        m = np.round(np.linalg.inv(m), 5) if "yuv" in name else np.array(
            [[1, 0.956, 0.621], [1, -0.272, -0.647], [1, -1.105, 1.702]])
    return with_rgb(image, rgb(image) @ m.T)


# 1D lookups --------------------------------------------------------------------

def read_rgba(path):
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                            "stream=width,height", "-of", "csv=p=0", path], check=True, capture_output=True, text=True)
    w, h = (int(x) for x in probe.stdout.strip().split(","))
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                         check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(h, w, 4).astype(np.float64) / 255


def one_d_tables(path):
    image = read_rgba(path)
    return image[image.shape[0] // 2, :, :3]  # N x 3


def apply_1d(c, tables):
    n = tables.shape[0]
    x = np.clip(c, 0, 1) * (n - 1)
    i = np.minimum(np.floor(x).astype(int), n - 2)
    f = x - i
    out = np.empty_like(c)
    for channel in range(3):
        t = tables[:, channel]
        out[..., channel] = t[i[..., channel]] * (1 - f[..., channel]) + t[i[..., channel] + 1] * f[..., channel]
    return out


@reference
def lookup_1d(image, v):
    c = rgb(image)
    return with_rgb(image, c + (apply_1d(c, one_d_tables(v["file"])) - c) * v["intensity"])


@reference
def multi_zone_lookup(image, v):
    c = rgb(image)
    shadow = min(v["shadow"], v["highlight"] - 0.01)
    highlight = max(v["highlight"], shadow + 0.01)
    width = v["transition"]
    l = c @ LUMA
    t_low = (l - shadow) / width
    t_high = (l - highlight + width) / width
    ws = np.select([l <= shadow, l >= highlight, l <= shadow + width], [1.0, 0.0, 1 - t_low], 0.0)
    wh = np.select([l <= shadow, l >= highlight, l <= shadow + width, l >= highlight - width], [0.0, 1.0, 0.0, t_high],
                   0.0)
    wm = 1 - ws - wh
    zoned = sum(w[..., None] * apply_1d(c, one_d_tables(v[zone]))
                for w, zone in ((ws, "shadows"), (wm, "midtones"), (wh, "highlights")))
    return with_rgb(image, c + (zoned - c) * v["intensity"])


# HDR ----------------------------------------------------------------------------

PQ_M1, PQ_M2, PQ_C1, PQ_C2, PQ_C3 = 2610 / 16384, 2523 / 4096 * 128, 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32


def pq_to_nits(e):
    p = np.clip(e, 0, 1) ** (1 / PQ_M2)
    return 10000 * (np.maximum(p - PQ_C1, 0) / (PQ_C2 - PQ_C3 * p)) ** (1 / PQ_M1)


def nits_to_pq(nits):
    y = np.clip(nits / 10000, 0, 1) ** PQ_M1
    return ((PQ_C1 + PQ_C2 * y) / (1 + PQ_C3 * y)) ** PQ_M2


def hlg_to_scene(e):
    a, b, c = 0.17883277, 0.28466892, 0.55991073
    return np.where(e <= 0.5, e * e / 3, (np.exp((e - c) / a) + b) / 12)


def hable(x):
    A, B, C, D, E, F = 0.15, 0.5, 0.1, 0.2, 0.02, 0.3
    return (x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F) - E / F


def tone_curve(m, curve, peak, target, knee_offset=0.5, black=0.0):
    x = m / target
    xp = max(peak / target, 1.0001)
    if curve == "bt2390":
        top = nits_to_pq(peak)
        e = nits_to_pq(m) / top
        k = nits_to_pq(target) / top
        ks = (1 + knee_offset) * k - knee_offset
        t = (e - ks) / (1 - ks)
        knee = (2 * t ** 3 - 3 * t ** 2 + 1) * ks + (t ** 3 - 2 * t ** 2 + t) * (1 - ks) + (-2 * t ** 3 + 3 * t ** 2) * k
        e = np.where(e > ks, knee, e)
        if black > 0:
            # BT.2390's black lift, scaled so the peak still maps to k.
            b = nits_to_pq(black) / top
            gain = 1 / (1 + b / k * (1 - k) ** 4) if k < 1 else 1
            e = gain * (e + b * np.maximum(1 - e, 0) ** 4 - b) + b
        return pq_to_nits(e * top) / target
    if curve == "hable":
        return hable(x) / hable(xp)
    if curve == "reinhard":
        return x * (1 + x / xp ** 2) / (1 + x)
    if curve == "mobius":
        j = 0.3
        a = -j * j * (xp - 1) / (j * j - 2 * j + xp)
        b = (j * j - 2 * j * xp + xp) / (xp - 1)
        return np.where(x <= j, x, (b * b + 2 * b * j + j * j) / (b - a) * (x + a) / (x + b))
    return np.minimum(x, 1)


BT2020_TO_BT709 = np.linalg.inv(BT709_XYZ) @ primaries_to_xyz((0.708, 0.292), (0.170, 0.797), (0.131, 0.046))


@reference
def tonemap(image, v):
    # peak 0: the frames' metadata, which the test frames have none of.
    peak, target = (min(max(v["peak"], 100), 10000) if v["peak"] > 0 else 1000), v["target"]
    c = rgb(image)
    if v["transfer"] == "hlg":
        scene = hlg_to_scene(c)
        ys = scene @ np.array([0.2627, 0.6780, 0.0593])
        gamma = 1.2 + 0.42 * np.log10(peak / 1000)
        nits = peak * (np.maximum(ys, 1e-6) ** (gamma - 1))[..., None] * scene
    else:
        nits = pq_to_nits(c)
    m = nits.max(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        scale = np.where(m > 0, tone_curve(m, v["curve"], peak, target, v["knee"], v["black"]) / m, 0.0)
    out = (nits * scale[..., None]) @ BT2020_TO_BT709.T
    if v["gamut"] == "perceptual":
        y = out @ np.array([0.2126, 0.7152, 0.0722])
        low = out.min(axis=-1)
        fix = (low < 0) & (y > 0)
        with np.errstate(divide="ignore", invalid="ignore"):
            s = np.where(fix, y / (y - low), 1.0)
        out = y[..., None] + (out - y[..., None]) * s[..., None]
    out = np.clip(out, 0, 1)
    if v["output"] == "bt709":
        encoded = np.where(out < 0.018, 4.5 * out, 1.099 * out ** 0.45 - 0.099)
    else:
        encoded = out ** (1 / 2.4)
        if v["black"] > 0:
            # BT.1886's inverse EOTF for a display of that black level.
            lifted = (v["black"] / target) ** (1 / 2.4)
            encoded = (encoded - lifted) / (1 - lifted)
    return with_rgb(image, encoded)


# colorspace: primaries by their xy (all D65) and transfer curves written
# from the standards (BT.709, IEC 61966-2-1, SMPTE 240M, ST 2084, BT.2100).
PRIMARIES = {
    "bt709": ((0.64, 0.33), (0.30, 0.60), (0.15, 0.06)),
    "bt470bg": ((0.64, 0.33), (0.29, 0.60), (0.15, 0.06)),
    "smpte170m": ((0.630, 0.340), (0.310, 0.595), (0.155, 0.070)),
    "smpte240m": ((0.630, 0.340), (0.310, 0.595), (0.155, 0.070)),
    "bt2020": ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046)),
    "display_p3": ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060)),
}
HLG_WHITE = float(hlg_to_scene(np.array(0.75)))


def scene_to_hlg(s):
    a, b, c = 0.17883277, 0.28466892, 0.55991073
    s = np.maximum(s, 0)
    return np.where(s <= 1 / 12, np.sqrt(3 * s), a * np.log(np.maximum(12 * s - b, 1e-12)) + c)


def decode_transfer(v, name, white):
    a = np.abs(v)
    if name in ("bt709", "smpte170m", "bt2020_10", "bt2020_12"):
        r = np.where(a < 0.081, a / 4.5, ((a + 0.099) / 1.099) ** (1 / 0.45))
    elif name == "srgb":
        r = np.where(a <= 0.04045, a / 12.92, ((a + 0.055) / 1.055) ** 2.4)
    elif name == "gamma22":
        r = a ** 2.2
    elif name == "gamma28":
        r = a ** 2.8
    elif name == "smpte240m":
        r = np.where(a < 0.0913, a / 4, ((a + 0.1115) / 1.1115) ** (1 / 0.45))
    elif name == "linear":
        r = a
    elif name == "pq":
        r = pq_to_nits(a) / white
    else:
        r = hlg_to_scene(a) / HLG_WHITE
    return np.sign(v) * r


def encode_transfer(l, name, white):
    l = np.maximum(l, 0)
    if name in ("bt709", "smpte170m", "bt2020_10", "bt2020_12"):
        return np.where(l < 0.018, 4.5 * l, 1.099 * l ** 0.45 - 0.099)
    if name == "srgb":
        return np.where(l <= 0.0031308, 12.92 * l, 1.055 * l ** (1 / 2.4) - 0.055)
    if name == "gamma22":
        return l ** (1 / 2.2)
    if name == "gamma28":
        return l ** (1 / 2.8)
    if name == "smpte240m":
        return np.where(l < 0.0228, 4 * l, 1.1115 * l ** 0.45 - 0.1115)
    if name == "linear":
        return l
    if name == "pq":
        return nits_to_pq(l * white)
    return scene_to_hlg(l * HLG_WHITE)


@reference
def colorspace(image, v):
    # The test frames are RGBA, taken to be BT.709 with BT.709's curve.
    source = "bt709" if v["from_primaries"] == "auto" else v["from_primaries"]
    curve_in = "bt709" if v["from_transfer"] == "auto" else v["from_transfer"]
    target = source if v["primaries"] == "keep" else v["primaries"]
    curve_out = curve_in if v["transfer"] == "keep" else v["transfer"]
    white = v["white"]
    to_xyz = primaries_to_xyz(*PRIMARIES[target])
    m = np.linalg.inv(to_xyz) @ primaries_to_xyz(*PRIMARIES[source])
    c = decode_transfer(rgb(image), curve_in, white) @ m.T
    top = 10000 / white if curve_out == "pq" else (1 / HLG_WHITE if curve_out == "hlg" else 1.0)
    if v["gamut"] == "perceptual":
        y = np.clip(c @ to_xyz[1], 0, top)
        low, high = c.min(axis=-1), c.max(axis=-1)
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.ones_like(y)
            t = np.where(low < 0, np.minimum(t, y / (y - low)), t)
            t = np.where(high > top, np.minimum(t, (top - y) / (high - y)), t)
        c = y[..., None] + (c - y[..., None]) * t[..., None]
    c = np.clip(c, 0, top)
    return with_rgb(image, encode_transfer(c, curve_out, white))


BT709_WEIGHTS = np.array([0.2126, 0.7152, 0.0722])


@reference
def despill(image, v):
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    key, other = (b, g) if v["type"] == "blue" else (g, b)
    factor = (1 - v["mix"]) * (1 - v["expand"])
    spill = np.maximum(key - (r * v["mix"] + other * factor), 0)
    scales = np.array([v["red"], v["green"], v["blue"]]) + v["brightness"]
    out = with_rgb(image, np.maximum(rgb(image) + spill[..., None] * scales, 0))
    if v["alpha"]:
        out[..., 3] = 1 - spill
    return out


@reference
def luma_key(image, v):
    y = rgb(image) @ BT709_WEIGHTS
    low, high, soft = v["threshold"] - v["tolerance"], v["threshold"] + v["tolerance"], v["softness"]
    inside = (y >= low) & (y <= high)
    edge = ~inside & (soft > 0) & (y > low - soft) & (y < high + soft)
    with np.errstate(divide="ignore", invalid="ignore"):
        ramp = np.where(y < low, low - y, y - high) / soft if soft > 0 else np.zeros_like(y)
    alpha = np.where(inside, 0.0, np.where(edge, ramp, 1.0))
    out = image.copy()
    out[..., 3] = image[..., 3] * alpha
    return out


def hsl_channel(p, q, t):
    t = t % 1.0
    if t < 1 / 6:
        return p + (q - p) * 6 * t
    if t < 0.5:
        return q
    if t < 2 / 3:
        return p + (q - p) * (2 / 3 - t) * 6
    return p


@reference
def colorize(image, v):
    h, s, l = v["hue"] / 360, v["saturation"], v["lightness"]
    q = l * (1 + s) if l < 0.5 else l + s - l * s
    p = 2 * l - q
    k = np.array([hsl_channel(p, q, h + 1 / 3), hsl_channel(p, q, h), hsl_channel(p, q, h - 1 / 3)])
    yk = k @ BT709_WEIGHTS
    y = yk + (rgb(image) @ BT709_WEIGHTS - yk) * v["mix"]
    return with_rgb(image, k + (y - yk)[..., None])


@reference
def depth_luminance(image, v):
    d = 1 - np.clip((rgb(image) @ BT709_WEIGHTS - v["offset"]) / v["range"], 0, 1)
    out = np.ones_like(image)
    out[..., :3] = d[..., None]
    return out


def bayer(n):
    """The n x n Bayer matrix, indexed [y, x], from B_2 = [0 2; 3 1] (x across)."""
    m = np.array([[0, 2], [3, 1]])
    while m.shape[0] < n:
        size = m.shape[0]
        m = np.block([[4 * m + 0, 4 * m + 2], [4 * m + 3, 4 * m + 1]])
    return m


@reference
def dither(image, v):
    n = int(v["matrix"])
    h, w = image.shape[:2]
    threshold = (bayer(n)[np.arange(h)[:, None] % n, np.arange(w)[None, :] % n] + 0.5) / (n * n)
    steps = v["levels"] - 1
    q = np.minimum(np.floor(np.clip(rgb(image), 0, 1) * steps + threshold[..., None]), steps) / steps
    return with_rgb(image, q)


LINEAR_CURVES = {"bt1886": None, "bt709": "bt709", "srgb": "srgb", "gamma22": "gamma22", "gamma28": "gamma28",
                 "smpte240m": "smpte240m", "pq": "pq", "hlg": "hlg"}


def linear_curve(v):
    # The test frames are untagged RGBA: auto is BT.709 video, linearized by BT.1886.
    return "bt1886" if v["transfer"] == "auto" else v["transfer"]


@reference
def linearize(image, v):
    c = rgb(image)
    name = linear_curve(v)
    out = np.sign(c) * np.abs(c) ** 2.4 if name == "bt1886" else decode_transfer(c, name, 203.0)
    return with_rgb(image, out)


@reference
def delinearize(image, v):
    c = np.maximum(rgb(image), 0)
    name = linear_curve(v)
    return with_rgb(image, c ** (1 / 2.4) if name == "bt1886" else encode_transfer(c, name, 203.0))


@reference
def colorlevels(image, v):
    """FFmpeg's colorlevels: each channel's 8-bit code moved from its input
    range to its output range, (v - imin) (omax - omin) / (imax - imin) +
    omin truncated and clipped, the points rounded to codes half to even
    (Python's round, as FFmpeg 5.1's)."""
    out = image.copy()
    for channel, name in enumerate("rgba"):
        imin, imax, omin, omax = (round(float(v[name + point]) * 255) for point in ("imin", "imax", "omin", "omax"))
        codes = np.clip(np.round(image[..., channel] * 255), 0, 255)
        with np.errstate(divide="ignore", invalid="ignore"):
            moved = (codes - imin) * ((omax - omin) / (imax - imin) if imax != imin else np.inf) + omin
        moved = np.where(np.isfinite(moved), np.trunc(moved), 0)
        out[..., channel] = np.clip(moved, 0, 255) / 255
    return out
