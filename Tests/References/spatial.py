"""References for neighbourhood and geometric filters. Borders clamp to the
edge unless a filter says otherwise."""
import math

import numpy as np

from common import LUMA, clamp_index, hash01, hash32, reference, rgb, with_rgb
from colour import codes709, rgb709

# Neighbourhood ----------------------------------------------------------

def convolve_separable(image, kernel, axis):
    radius = len(kernel) // 2
    pad = [(0, 0)] * image.ndim
    pad[axis] = (radius, radius)
    padded = np.pad(image, pad, mode="edge")
    out = np.zeros_like(image)
    length = image.shape[axis]
    for i, w in enumerate(kernel):
        out += w * np.take(padded, range(i, i + length), axis=axis)
    return out


@reference
def gaussian_blur(image, v):
    sigma = v["sigma"]
    radius = max(1, int(math.ceil(4 * sigma)))  # wider than the GPU's 3 sigma: the true Gaussian
    x = np.arange(-radius, radius + 1)
    kernel = np.exp(-(x * x) / (2 * sigma * sigma))
    kernel /= kernel.sum()
    return convolve_separable(convolve_separable(image, kernel, 1), kernel, 0)


def shifted(image, dx, dy):
    """in(x + dx, y + dy) for every pixel, clamped to the edge."""
    h, w = image.shape[:2]
    ys = clamp_index(np.arange(h) + dy, h)
    xs = clamp_index(np.arange(w) + dx, w)
    return image[ys][:, xs]


def sample_bilinear(image, px, py):
    """Bilinear samples at positions in pixels (centres at +0.5), clamped to
    the edge as a clamp-to-edge sampler is."""
    h, w = image.shape[:2]
    u, v = px - 0.5, py - 0.5
    x0, y0 = np.floor(u).astype(int), np.floor(v).astype(int)
    fx, fy = (u - x0)[..., None], (v - y0)[..., None]
    xa, xb = clamp_index(x0, w), clamp_index(x0 + 1, w)
    ya, yb = clamp_index(y0, h), clamp_index(y0 + 1, h)
    top = image[ya, xa] * (1 - fx) + image[ya, xb] * fx
    bottom = image[yb, xa] * (1 - fx) + image[yb, xb] * fx
    return top * (1 - fy) + bottom * fy


def pixel_centres(w, h):
    """Arrays of x + 0.5 and y + 0.5, shaped (h, w)."""
    return np.meshgrid(np.arange(w) + 0.5, np.arange(h) + 0.5)


def gaussian_kernel(sigma, radius):
    x = np.arange(-radius, radius + 1)
    kernel = np.exp(-(x * x) / (2 * sigma * sigma))
    return kernel / kernel.sum()


@reference
def box_blur(image, v):
    r = int(v["radius"])
    kernel = np.full(2 * r + 1, 1.0 / (2 * r + 1))
    return convolve_separable(convolve_separable(image, kernel, 1), kernel, 0)


@reference
def bilateral(image, v):
    ss, sc = v["sigma_space"], v["sigma_color"]
    r = int(math.ceil(2 * ss))
    total = np.zeros(image.shape[:2] + (1,))
    out = np.zeros_like(image)
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            c = shifted(image, dx, dy)
            d = c[..., :3] - image[..., :3]
            w = np.exp(-(dx * dx + dy * dy) / (2 * ss * ss) - (d * d).sum(-1, keepdims=True) / (2 * sc * sc))
            out += c * w
            total += w
    return out / total


@reference
def median(image, v):
    r = int(v.get("size", "3")) // 2
    stack = [shifted(image, dx, dy) for dy in range(-r, r + 1) for dx in range(-r, r + 1)]
    return np.median(np.stack(stack), axis=0)


@reference
def motion_blur(image, v):
    length, angle = v["length"], math.radians(v["angle"])
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    n = int(math.ceil(length)) + 1
    if n < 2:
        return sample_bilinear(image, px, py)
    out = np.zeros_like(image)
    for t in np.linspace(-length / 2, length / 2, n):
        out += sample_bilinear(image, px + t * math.cos(angle), py + t * math.sin(angle))
    return out / n


@reference
def zoom_blur(image, v):
    h, w = image.shape[:2]
    cx, cy = v["center"][0] * w, v["center"][1] * h
    px, py = pixel_centres(w, h)
    ox, oy = (cx - px) * v["strength"] / 4, (cy - py) * v["strength"] / 4
    weights = [0.18, 0.15, 0.12, 0.09, 0.05]
    out = np.zeros_like(image)
    for k in range(-4, 5):
        out += weights[abs(k)] * sample_bilinear(image, px + k * ox, py + k * oy)
    return out


def four_neighbours(image):
    return shifted(image, -1, 0) + shifted(image, 1, 0) + shifted(image, 0, -1) + shifted(image, 0, 1)


@reference
def sharpen(image, v):
    s = v["amount"]
    return with_rgb(image, rgb(image) * (1 + 4 * s) - s * rgb(four_neighbours(image)))


@reference
def unsharp_mask(image, v):
    sigma = v["sigma"]
    # The GPU's blur: radius ceil(3 sigma), weights normalised over it (the
    # formula), so the threshold sees the same differences.
    kernel = gaussian_kernel(sigma, max(1, int(math.ceil(3 * sigma))))
    blur = convolve_separable(convolve_separable(image, kernel, 1), kernel, 0)
    d = rgb(image) - rgb(blur)
    kept = np.sign(d) * np.maximum(np.abs(d) - v["threshold"], 0)
    return with_rgb(image, rgb(image) + v["amount"] * kept)


def sobel_magnitude(image):
    luma = rgb(image) @ LUMA
    def at(dx, dy):
        return shifted(luma, dx, dy)
    gx = (at(1, -1) + 2 * at(1, 0) + at(1, 1)) - (at(-1, -1) + 2 * at(-1, 0) + at(-1, 1))
    gy = (at(-1, 1) + 2 * at(0, 1) + at(1, 1)) - (at(-1, -1) + 2 * at(0, -1) + at(1, -1))
    return np.sqrt(gx * gx + gy * gy)


@reference
def sobel(image, v):
    m = sobel_magnitude(image) * v["strength"]
    return with_rgb(image, np.repeat(m[..., None], 3, axis=-1))


@reference
def sketch(image, v):
    m = sobel_magnitude(image) * v["strength"]
    return with_rgb(image, np.repeat(1 - m[..., None], 3, axis=-1))


@reference
def laplacian(image, v):
    total = rgb(four_neighbours(image))
    weight = 4
    if v.get("neighbors", "4") == "8":
        total = total + sum(rgb(shifted(image, dx, dy)) for dx in (-1, 1) for dy in (-1, 1))
        weight = 8
    return with_rgb(image, np.abs(weight * rgb(image) - total) * v["strength"])


def correlate3(image, kernel):
    """RGB correlated with a square kernel given row by row from the top."""
    side = int(round(math.sqrt(len(kernel))))
    r = side // 2
    out = np.zeros(image.shape[:2] + (3,))
    for j in range(side):
        for i in range(side):
            out += kernel[j * side + i] * rgb(shifted(image, i - r, j - r))
    return out


@reference
def emboss(image, v):
    i = v["intensity"]
    kernel = [-2 * i, -i, 0, -i, 1, i, 0, i, 2 * i]
    return with_rgb(image, correlate3(image, kernel))


@reference
def convolution(image, v):
    kernel = list(v["kernel"])
    divisor = v["divisor"]
    if divisor == 0:
        divisor = sum(kernel) if abs(sum(kernel)) >= 1e-9 else 1
    return with_rgb(image, correlate3(image, kernel) / divisor + v["bias"])


# Stylising ---------------------------------------------------------------

@reference
def kuwahara(image, v):
    r = int(v["radius"])
    n = (r + 1) ** 2
    h, w = image.shape[:2]
    # Prefix sums over a padded copy give each square's sums at once.
    padded = np.pad(image, ((r, r), (r, r), (0, 0)), mode="edge")
    def box_sums(values):
        table = np.zeros((values.shape[0] + 1, values.shape[1] + 1, 4))
        table[1:, 1:] = values.cumsum(0).cumsum(1)
        return table
    sums, squares = box_sums(padded), box_sums(padded * padded)
    best = np.full((h, w), np.inf)
    out = np.zeros_like(image)
    for ox, oy in [(-r, -r), (0, -r), (0, 0), (-r, 0)]:  # top-left, top-right, bottom-right, bottom-left
        y0, x0 = np.arange(h)[:, None] + oy + r, np.arange(w)[None, :] + ox + r
        def square(table):
            return table[y0 + r + 1, x0 + r + 1] - table[y0, x0 + r + 1] - table[y0 + r + 1, x0] + table[y0, x0]
        mean = square(sums) / n
        variance = np.abs(square(squares) / n - mean * mean)[..., :3].sum(-1)
        better = variance < best
        best = np.where(better, variance, best)
        out = np.where(better[..., None], mean, out)
    return out


@reference
def toon(image, v):
    levels = v["levels"]
    posterised = np.floor(rgb(image) * levels + 0.5) / levels
    edge = sobel_magnitude(image) >= v["threshold"]
    return with_rgb(image, np.where(edge[..., None], 0.0, posterised))


@reference
def crosshatch(image, v):
    s, width = int(v["spacing"]), v["line_width"]
    h, w = image.shape[:2]
    x, y = np.meshgrid(np.arange(w), np.arange(h))
    luma = rgb(image) @ LUMA
    # Pixel centres: (x + 0.5) + (y + 0.5) = x + y + 1 and x - y.
    def on_line(t):
        return np.mod(t, s) <= width
    black = ((luma < 1 - 1e-4) & on_line(x + y + 1)) | ((luma < 0.75) & on_line(x - y)) \
        | ((luma < 0.5) & on_line(x + y + 1 - s / 2)) | ((luma < 0.3) & on_line(x - y - s / 2))
    return with_rgb(image, np.repeat(np.where(black, 0.0, 1.0)[..., None], 3, axis=-1))


def square_extreme(image, r, function):
    out = image
    for axis in (1, 0):
        pad = [(0, 0)] * 3
        pad[axis] = (r, r)
        padded = np.pad(out, pad, mode="edge")
        length = out.shape[axis]
        out = function.reduce([np.take(padded, range(i, i + length), axis=axis) for i in range(2 * r + 1)])
    return out


@reference
def dilate(image, v):
    return square_extreme(image, int(v["radius"]), np.maximum)


@reference
def erode(image, v):
    return square_extreme(image, int(v["radius"]), np.minimum)


def cells(image, size):
    """For each pixel: its cell's centre pixel and the offset of the pixel's
    centre from the cell's centre, in pixels."""
    h, w = image.shape[:2]
    x, y = np.meshgrid(np.arange(w), np.arange(h))
    cx, cy = x // size, y // size
    centre = image[clamp_index(cy * size + size // 2, h), clamp_index(cx * size + size // 2, w)]
    dx, dy = (x + 0.5) - (cx + 0.5) * size, (y + 0.5) - (cy + 0.5) * size
    return centre, dx * dx + dy * dy


@reference
def pixellate(image, v):
    return cells(image, int(v["size"]))[0]


@reference
def halftone(image, v):
    size = int(v["size"])
    centre, distance2 = cells(image, size)
    radius = np.maximum(size / 2 * (1 - rgb(centre) @ LUMA), 0)
    ink = np.where(distance2 <= radius * radius, 0.0, 1.0)
    return with_rgb(centre, np.repeat(ink[..., None], 3, axis=-1))


@reference
def polka_dot(image, v):
    size = int(v["size"])
    centre, distance2 = cells(image, size)
    radius = size / 2 * v["dot_scaling"]
    return with_rgb(centre, np.where((distance2 <= radius * radius)[..., None], rgb(centre), 0.0))


# Geometric --------------------------------------------------------------

def cubic_weights(t):
    t2, t3 = t * t, t * t * t
    return [-0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1, -1.5 * t3 + 2 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2]


def lanczos_taps(f):
    """Lanczos a = 3: taps at -2...3 from the texel below, weights
    sinc(d) sinc(d / 3) of the distance d, normalised to sum to 1."""
    taps = [(k, np.sinc(k - f) * np.sinc((k - f) / 3)) for k in range(-2, 4)]
    total = sum(w for _, w in taps)
    return [(k, w / total) for k, w in taps]


def resample(image, out_w, out_h, method):
    in_h, in_w = image.shape[:2]
    sx = (np.arange(out_w) + 0.5) * in_w / out_w
    sy = (np.arange(out_h) + 0.5) * in_h / out_h
    if method == "nearest":
        xi = clamp_index(np.floor(sx).astype(int), in_w)
        yi = clamp_index(np.floor(sy).astype(int), in_h)
        return image[yi][:, xi]
    cx, cy = sx - 0.5, sy - 0.5
    x0, y0 = np.floor(cx).astype(int), np.floor(cy).astype(int)
    fx, fy = cx - x0, cy - y0
    if method == "bilinear":
        taps_x = [(0, 1 - fx), (1, fx)]
        taps_y = [(0, 1 - fy), (1, fy)]
    elif method == "lanczos":
        taps_x = lanczos_taps(fx)
        taps_y = lanczos_taps(fy)
    else:
        wx, wy = cubic_weights(fx), cubic_weights(fy)
        taps_x = [(k - 1, wx[k]) for k in range(4)]
        taps_y = [(k - 1, wy[k]) for k in range(4)]
    rows = np.zeros((in_h, out_w, 4))
    for dx, w in taps_x:
        rows += image[:, clamp_index(x0 + dx, in_w)] * w[None, :, None]
    out = np.zeros((out_h, out_w, 4))
    for dy, w in taps_y:
        out += rows[clamp_index(y0 + dy, in_h)] * w[:, None, None]
    return out


@reference
def resize(image, v):
    in_h, in_w = image.shape[:2]
    w, h = int(v["w"]), int(v["h"])
    if w == -1:
        w = max(1, int(round(h * in_w / in_h)))
    if h == -1:
        h = max(1, int(round(w * in_h / in_w)))
    return resample(image, w, h, v.get("method", "bicubic"))


@reference
def crop(image, v):
    in_h, in_w = image.shape[:2]
    x0, y0 = int(v["x"]), int(v["y"])
    w = in_w - max(0, x0) if int(v["w"]) == -1 else int(v["w"])
    h = in_h - max(0, y0) if int(v["h"]) == -1 else int(v["h"])
    x = (in_w - w) // 2 if x0 == -1 else x0
    y = (in_h - h) // 2 if y0 == -1 else y0
    return image[y:y + h, x:x + w]


@reference
def flip(image, v):
    direction = v.get("direction", "horizontal")
    out = image
    if direction in ("horizontal", "both"):
        out = out[:, ::-1]
    if direction in ("vertical", "both"):
        out = out[::-1]
    return out


def rgba(colour):
    colour = list(colour)
    return np.array(colour + [1.0] * (4 - len(colour)))


@reference
def pad(image, v):
    in_h, in_w = image.shape[:2]
    # FFmpeg's pad: a size of 0 (or -1) is the input's; a negative x or y
    # centres the input.
    w = in_w if int(v["w"]) <= 0 else int(v["w"])
    h = in_h if int(v["h"]) <= 0 else int(v["h"])
    x = (w - in_w) // 2 if int(v["x"]) < 0 else int(v["x"])
    y = (h - in_h) // 2 if int(v["y"]) < 0 else int(v["y"])
    out = np.empty((h, w, 4))
    out[:] = rgba(v["color"])
    out[y:y + in_h, x:x + in_w] = image
    return out


@reference
def transpose(image, v):
    # FFmpeg's transpose: out(x, y) = in(y, x), the source read upwards
    # for clock (rows reversed), the output written upwards for cclock.
    out = image.transpose(1, 0, 2)
    direction = v.get("dir", "cclock_flip")
    if direction in ("clock", "clock_flip"):
        out = out[:, ::-1]
    if direction in ("cclock", "clock_flip"):
        out = out[::-1, :]
    return out


@reference
def rotate(image, v):
    angle = v["angle"]
    in_h, in_w = image.shape[:2]
    w, h = int(v.get("w", 0)), int(v.get("h", 0))
    turned = (in_h, in_w) if round(angle / 90) % 2 else (in_w, in_h)
    if angle / 90 == round(angle / 90) and (w or turned[0], h or turned[1]) == turned:
        # np.rot90 turns counter-clockwise as displayed (rows downwards).
        return np.rot90(image, -int(round(angle / 90)) % 4)
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    out_w, out_h = in_w, in_h
    if angle / 90 == round(angle / 90):
        out_w, out_h = turned
    elif v.get("expand", 0) >= 0.5:
        out_w = int(math.ceil(in_w * abs(c) + in_h * abs(s) - 1e-6))
        out_h = int(math.ceil(in_w * abs(s) + in_h * abs(c) - 1e-6))
    out_w, out_h = w or out_w, h or out_h
    px, py = pixel_centres(out_w, out_h)
    dx, dy = px - out_w / 2, py - out_h / 2
    # Clockwise on screen (y down) by a; the source is the inverse turn.
    sx, sy = c * dx + s * dy + in_w / 2, -s * dx + c * dy + in_h / 2
    if v.get("edge", "exact") != "ffmpeg":
        inside = (sx >= 0) & (sy >= 0) & (sx <= in_w) & (sy <= in_h)
        return np.where(inside[..., None], sample_bilinear(image, sx, sy), rgba(v["fill"]))
    # FFmpeg's vf_rotate: pixel index i = src - 0.5 sampled where floor(i)
    # is in -1...size, the corner clamped into the frame, the fraction kept.
    ix, iy = sx - 0.5, sy - 0.5
    fx0, fy0 = np.floor(ix), np.floor(iy)
    inside = (fx0 >= -1) & (fy0 >= -1) & (fx0 <= in_w) & (fy0 <= in_h)
    fx, fy = (ix - fx0)[..., None], (iy - fy0)[..., None]
    x0 = np.clip(fx0, 0, in_w - 1).astype(int)
    y0 = np.clip(fy0, 0, in_h - 1).astype(int)
    x1, y1 = np.minimum(x0 + 1, in_w - 1), np.minimum(y0 + 1, in_h - 1)
    top = image[y0, x0] * (1 - fx) + image[y0, x1] * fx
    bottom = image[y1, x0] * (1 - fx) + image[y1, x1] * fx
    return np.where(inside[..., None], top * (1 - fy) + bottom * fy, rgba(v["fill"]))


# Distortions -------------------------------------------------------------

def about_centre(image, v):
    """Pixel centres relative to the filter's centre, in units of the
    frame width on both axes, and the distance."""
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    cx, cy = v["center"][0], v["center"][1] * h / w
    dx, dy = px / w - cx, py / w - cy
    return cx, cy, dx, dy, np.sqrt(dx * dx + dy * dy)


def sample_at(image, cx, cy, dx, dy):
    w = image.shape[1]
    return sample_bilinear(image, (cx + dx) * w, (cy + dy) * w)


@reference
def swirl(image, v):
    cx, cy, dx, dy, dist = about_centre(image, v)
    r = v["radius"]
    theta = np.where(dist < r, ((r - dist) / r) ** 2 * v["angle"] * 8, 0.0)
    c, s = np.cos(theta), np.sin(theta)
    return sample_at(image, cx, cy, c * dx - s * dy, s * dx + c * dy)


@reference
def bulge(image, v):
    cx, cy, dx, dy, dist = about_centre(image, v)
    r = v["radius"]
    k = np.where(dist < r, 1 - (r - dist) / r * v["scale"], 1.0) ** 2
    return sample_at(image, cx, cy, dx * k, dy * k)


@reference
def pinch(image, v):
    cx, cy, dx, dy, dist = about_centre(image, v)
    r = v["radius"]
    k = np.where(dist < r, 1 + (r - dist) / r * v["scale"], 1.0)
    return sample_at(image, cx, cy, dx * k, dy * k)


def refracted_through_sphere(image, v):
    """The sphere's surface normal and GLSL's refract of the ray (0, 0, -1)
    through it, with the distance from the centre."""
    cx, cy, dx, dy, dist = about_centre(image, v)
    r, eta = v["radius"], v["refractive_index"]
    depth = r * np.sqrt(np.maximum(1 - (dist / r) ** 2, 0))
    normal = np.stack([dx, dy, depth], axis=-1)
    normal /= np.linalg.norm(normal, axis=-1, keepdims=True)
    cosine = -normal[..., 2]  # dot(n, i)
    k = 1 - eta * eta * (1 - cosine * cosine)
    incident = np.array([0.0, 0.0, -1.0])
    refracted = eta * incident - (eta * cosine + np.sqrt(np.maximum(k, 0)))[..., None] * normal
    return normal, np.where((k < 0)[..., None], 0.0, refracted), dist <= r


@reference
def sphere_refraction(image, v):
    h, w = image.shape[:2]
    _, refracted, inside = refracted_through_sphere(image, v)
    sampled = sample_bilinear(image, (refracted[..., 0] + 1) / 2 * w, (refracted[..., 1] + 1) / 2 * h)
    return np.where(inside[..., None], sampled, 0.0)


# Harbeth's effects ---------------------------------------------------------

@reference
def mirror(image, v):
    h, w = image.shape[:2]
    xs, ys = np.arange(w), np.arange(h)
    keep = v["keep"]
    if keep == "left":
        return image[:, np.minimum(xs, w - 1 - xs)]
    if keep == "right":
        return image[:, np.maximum(xs, w - 1 - xs)]
    if keep == "top":
        return image[np.minimum(ys, h - 1 - ys)]
    return image[np.maximum(ys, h - 1 - ys)]


@reference
def split_screen(image, v):
    h, w = image.shape[:2]
    axis = v["axis"]
    size = w if axis == "x" else h
    u = (np.arange(size) + 0.5) / size
    if int(v["panes"]) == 2:
        u = u + np.where(u < 0.5, 0.25, -0.25)
    else:
        u = u + np.where(u < 1 / 3, 1 / 3, np.where(u > 2 / 3, -1 / 3, 0.0))
    source = clamp_index(np.floor(u * size).astype(int), size)
    return image[:, source] if axis == "x" else image[source]


@reference
def storyboard(image, v):
    h, w = image.shape[:2]
    n = v["ranks"]
    px, py = pixel_centres(w, h)
    u, t = px / w * n, py / h * n
    return sample_bilinear(image, (u - np.floor(u)) * w, (t - np.floor(t)) * h)


@reference
def soul_out(image, v):
    h, w = image.shape[:2]
    soul = v["soul"]
    alpha = v["max_alpha"] * (1 - soul)
    scale = 1 + (v["max_scale"] - 1) * soul
    px, py = pixel_centres(w, h)
    ghost = sample_bilinear(image, (0.5 + (px / w - 0.5) / scale) * w, (0.5 + (py / h - 0.5) / scale) * h)
    return image * (1 - alpha) + ghost * alpha


def value_noise(k, stream):
    cell = np.floor(k)
    f = k - cell
    i = int(cell) + stream * 7919
    return hash01(i) + (hash01(i + 1) - hash01(i)) * f * f * (3 - 2 * f)


@reference
def shift_glitch(image, v, context):
    h, w = image.shape[:2]
    k = context["time"] * v["rate"]
    ox = (value_noise(k, 0) * 2 - 1) * 0.025 * v["amount"] * w
    oy = (value_noise(k, 1) * 2 - 1) * 0.01 * v["amount"] * h
    px, py = pixel_centres(w, h)
    out = image.copy()
    out[..., 0] = sample_bilinear(image, px + ox, py + oy)[..., 0]
    out[..., 1] = sample_bilinear(image, px - ox, py - oy)[..., 1]
    return out


@reference
def glitch(image, v, context):
    h, w = image.shape[:2]
    amount = v["amount"]
    key = int(np.floor(context["time"] * v["rate"]))
    j = hash01(np.arange(h, dtype=np.uint64) ^ hash32(key)) * 2 - 1
    shift = np.where(np.abs(j) < v["max_jitter"] * amount, j, j * amount * 0.006)
    px, py = pixel_centres(w, h)
    x = px / w + shift[:, None]
    out = image.copy()
    out[..., 0] = sample_bilinear(image, (x + 0.01 * amount) * w, py)[..., 0]
    out[..., 1] = sample_bilinear(image, x * w, py)[..., 1]
    out[..., 2] = sample_bilinear(image, (x - 0.025 * amount) * w, py)[..., 2]
    return out


CGA = np.array([[0, 0, 0], [1, 1, 1], [1 / 3, 1, 1], [1, 1 / 3, 1]], dtype=np.float64)


@reference
def cga_space(image, v):
    h, w = image.shape[:2]
    columns, rows = int(v["columns"]), int(v["rows"])
    xs = (np.arange(w) * columns // w) * w // columns
    ys = (np.arange(h) * rows // h) * h // rows
    c = image[ys][:, xs]
    distances = np.linalg.norm(rgb(c)[..., None, :] - CGA, axis=-1)
    nearest = CGA[np.argmin(distances, axis=-1)]
    out = image.copy()
    out[..., :3] = rgb(c) + (nearest - rgb(c)) * v["intensity"]
    return out


@reference
def fluctuate(image, v):
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    u, t = px / w, py / h
    f = v["fluctuate"]
    ox = np.sin(u * v["frequency"] + f * 10) * v["amplitude"] * f
    oy = np.cos(t * v["frequency"] + f * 10) * v["amplitude"] * f
    return sample_bilinear(image, (u + ox) * w, (t + oy) * h)


@reference
def polar_pixellate(image, v):
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    cx, cy = 2 * np.asarray(v["center"]) - 1
    qx, qy = 2 * px / w - 1 - cx, 2 * py / h - 1 - cy
    s = v["scale"]
    r = (np.floor(np.hypot(qx, qy) / s) + 0.5) * s
    phi = (np.floor(np.arctan2(qy, qx) / s) + 0.5) * s
    sx, sy = r * np.cos(phi) + cx, r * np.sin(phi) + cy
    return sample_bilinear(image, (sx * 0.5 + 0.5) * w, (sy * 0.5 + 0.5) * h)


@reference
def glass_sphere(image, v):
    h, w = image.shape[:2]
    normal, refracted, inside = refracted_through_sphere(image, v)
    refracted = 2 * refracted
    colour = rgb(sample_bilinear(image, (1 - refracted[..., 0]) / 2 * w, (1 - refracted[..., 1]) / 2 * h))
    rim = 2.5 * (1 - np.clip(normal[..., 2], 0, 1) ** 0.25)
    light = np.array([-0.5, 0.5, 1.0]) / np.linalg.norm([-0.5, 0.5, 1.0])
    spot = 0.8 * np.clip(normal @ light, 0, 1) ** 15
    lit = np.concatenate([colour + (rim + spot)[..., None], np.ones((h, w, 1))], axis=-1)
    return np.where(inside[..., None], lit, 0.0)


@reference
def water_ripple(image, v):
    w = image.shape[1]
    cx, cy, dx, dy, dist = about_centre(image, v)
    ripple, boundary = v["ripple"], v["boundary"]
    inside = (ripple - boundary > 0) & (np.abs(dist - ripple) <= boundary) & (dist > 0)
    move = np.where(inside, (8 * (dist - ripple)) ** 3 / np.maximum(dist, 1e-12), 0.0)
    return sample_bilinear(image, (cx + dx - dx * move) * w, (cy + dy - dy * move) * w)


# Blurs with a shape or a rule ------------------------------------------------

def blur_mask_mix(image, blurred, k, intensity):
    return image + (blurred - image) * (k * intensity)[..., None]


@reference
def tilt_shift(image, v):
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    if v["mode"] == "radial":
        d = np.hypot(px - 0.5 * w, py - v["center"] * h) / np.hypot(0.5 * w, 0.5 * h)
    else:
        d = np.abs(py / h - v["center"])
    clear, transition = v["size"] / 2, v["transition"]
    ramp = np.clip((d - clear) / transition, 0, 1) if transition > 0 else np.ones_like(d)
    k = np.where(d <= clear, 0.0, ramp)
    return blur_mask_mix(image, gaussian_blur(image, v), k, v["intensity"])


@reference
def local_blur(image, v):
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    cx, cy = v["center"]
    d = np.hypot(px - cx * w, py - cy * h) / w
    outer, softness = v["size"] / 2, v["softness"]
    if softness > 0:
        t = np.clip((d - (outer - softness)) / softness, 0, 1)
        k = 1 - t * t * (3 - 2 * t)
    else:
        k = 1 - (d >= outer).astype(np.float64)
    return blur_mask_mix(image, gaussian_blur(image, v), k, v["intensity"])


@reference
def circle_blur(image, v):
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    n, r = int(v["samples"]), v["radius"]
    total = np.zeros_like(image)
    for i in range(n):
        angle = 2 * np.pi * i / n
        total += sample_bilinear(image, px + r * np.cos(angle), py + r * np.sin(angle))
    return total / n


@reference
def mean_blur(image, v):
    h, w = image.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    dx, dy = v["radius"] / 100 * w, v["radius"] / 100 * h
    total = np.zeros_like(image)
    for sx, sy in ((-1, -1), (1, 1), (1, -1), (-1, 1)):
        qx = np.clip(np.floor(xs + sx * dx), 0, w - 1).astype(int)
        qy = np.clip(np.floor(ys + sy * dy), 0, h - 1).astype(int)
        total += image[qy, qx]
    return total / 4


@reference
def surface_blur(image, v):
    r = int(v["radius"])
    scale = 1 / (2.5 * v["threshold"])
    centre = rgb(image)
    total = np.zeros_like(centre)
    weights = np.zeros_like(centre)
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            c = rgb(shifted(image, dx, dy))
            weight = np.maximum(0, 1 - np.abs(c - centre) * scale)
            total += weight * c
            weights += weight
    return with_rgb(image, total / weights)


@reference
def detail_preserving_blur(image, v):
    taps = np.array([1, 4, 6, 4, 1]) / 16
    blurred = convolve_separable(convolve_separable(image, taps, 1), taps, 0)
    kept = blurred + (image - blurred) * v["detail"]
    return image + (kept - image) * v["strength"]


# Edges and detail ------------------------------------------------------------

def luma_plane(image):
    return rgb(image) @ LUMA


def sobel_xy(plane):
    p = plane[..., None]
    def at(dx, dy):
        return shifted(p, dx, dy)[..., 0]
    gx = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1)
    gy = at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1)
    return gx, gy


@reference
def canny(image, v):
    h, w = image.shape[:2]
    gx, gy = sobel_xy(luma_plane(gaussian_blur(image, v)))
    magnitude = np.hypot(gx, gy)
    angle = np.degrees(np.arctan2(gy, gx)) % 180
    sector = np.select([(angle < 22.5) | (angle >= 157.5), angle < 67.5, angle < 112.5], [0, 1, 2], 3)
    steps = {0: (1, 0), 1: (1, 1), 2: (0, 1), 3: (1, -1)}
    peak = np.zeros((h, w), dtype=bool)
    for s, (dx, dy) in steps.items():
        ahead = shifted(magnitude[..., None], dx, dy)[..., 0]
        behind = shifted(magnitude[..., None], -dx, -dy)[..., 0]
        peak |= (sector == s) & (magnitude >= ahead) & (magnitude >= behind)
    value = np.where(peak, np.where(magnitude >= v["high"], 1.0, np.where(magnitude >= v["low"], 0.5, 0.0)), 0.0)
    strongest = square_extreme(value[..., None], 1, np.maximum)[..., 0]
    edge = (value == 1.0) | ((value == 0.5) & (strongest == 1.0))
    out = np.ones((h, w, 4))
    out[..., :3] = edge[..., None]
    return out


@reference
def comic_strip(image, v):
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    comic = np.stack([np.abs(2 * g - b + r) * r, np.abs(2 * b - g + r) * r, np.abs(2 * b - g + r) * g], axis=-1)
    return with_rgb(image, rgb(image) + (comic - rgb(image)) * v["intensity"])


def binomial(image):
    taps = np.array([1, 4, 6, 4, 1]) / 16
    return convolve_separable(convolve_separable(image, taps, 1), taps, 0)


@reference
def detail_enhancer(image, v):
    detail = image - binomial(image)
    m = np.abs(rgb(detail)).mean(axis=-1)
    t = v["threshold"]
    gain = v["amount"] * np.where(m < t, smoothstep(0, t, m) if t > 0 else 1.0, 1.0)
    return with_rgb(image, rgb(image) + rgb(detail) * gain[..., None])


def smoothstep(edge0, edge1, x):
    t = np.clip((x - edge0) / (edge1 - edge0), 0, 1)
    return t * t * (3 - 2 * t)


@reference
def edge_aware_sharpen(image, v):
    laplacian = rgb(four_neighbours(image)) - 4 * rgb(image)
    e = np.clip(np.abs(laplacian) @ np.array([0.299, 0.587, 0.114]) / 4, 0, 1)
    t = v["threshold"]
    s = np.where(e > t, v["amount"] * (e - t) / (1 - t), 0.0)
    return with_rgb(image, rgb(image) - laplacian * (s * 0.25)[..., None])


def square_sum(image):
    return sum(shifted(image, dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))


@reference
def edge_glow(image, v, context):
    laplacian = 9 * rgb(image) - rgb(square_sum(image))
    edge = np.linalg.norm(laplacian, axis=-1) > v["threshold"]
    g = 0.5 - 0.5 * np.cos(v["speed"] * context["time"])
    glowing = rgb(image) + (np.asarray(v["color"]) - rgb(image)) * g
    return with_rgb(image, np.where(edge[..., None], glowing, rgb(image)))


@reference
def sharpen_detail(image, v):
    c = rgb(image)
    ring = rgb(square_sum(image)) - c
    x = c + (9 * c - ring - c) * v["sharpen"]
    clarity = v["clarity"]
    l = x @ LUMA
    k = (smoothstep(0.1, 0.9, l) * (1 - smoothstep(0.1, 0.9, l)) * clarity * 0.5)[..., None]
    clear = np.where(x > 0.5, x + k * (1 - x), x - k * x)
    x = x + (clear - x) * clarity
    d = 2 * c - 0.25 * rgb(four_neighbours(image))
    x = x + (d - x) * v["detail"] * 0.5
    return with_rgb(image, x)


@reference
def sticker_outline(image, v):
    h, w = image.shape[:2]
    r = int(v["thickness"])
    c = rgb(image)
    strength = np.zeros((h, w))
    ys, xs = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx == 0 and dy == 0:
                continue
            inside = (xs + dx >= 0) & (xs + dx < w) & (ys + dy >= 0) & (ys + dy < h)
            diff = np.linalg.norm(rgb(shifted(image, dx, dy)) - c, axis=-1)
            s = (1 - np.hypot(dx, dy) / r) * diff
            strength = np.where(inside & (diff > 0.3), np.maximum(strength, s), strength)
    outlined = c + (np.asarray(v["color"]) - c) * (np.minimum(strength, 1) * 0.8)[..., None]
    out = with_rgb(image, outlined)
    return np.where((image[..., 3] < 0.1)[..., None], 0.0, out)


@reference
def threshold_sketch(image, v):
    gx, gy = sobel_xy(luma_plane(image))
    m = np.hypot(np.maximum(gy, 0), np.maximum(gx, 0)) * v["strength"]
    out = np.ones(image.shape)
    out[..., :3] = (1 - (m >= v["threshold"]).astype(np.float64))[..., None]
    return out


# Shapes -----------------------------------------------------------------------

@reference
def clarity(image, v):
    blurred = gaussian_blur(image, v)
    l = np.clip(rgb(image) @ LUMA, 0, 1)
    gain = (4 * l * (1 - l) * v["intensity"])[..., None]
    return with_rgb(image, rgb(image) + (rgb(image) - rgb(blurred)) * gain)


@reference
def morphology(image, v):
    r = int(v["radius"])
    op = v["operation"]
    low = lambda x: square_extreme(x, r, np.minimum)
    high = lambda x: square_extreme(x, r, np.maximum)
    if op == "erode":
        return low(image)
    if op == "dilate":
        return high(image)
    if op == "open":
        return high(low(image))
    if op == "close":
        return low(high(image))
    if op == "gradient":
        return with_rgb(image, rgb(high(image)) - rgb(low(image)))
    if op == "top_hat":
        return with_rgb(image, rgb(image) - rgb(high(low(image))))
    return with_rgb(image, rgb(low(high(image))) - rgb(image))


@reference
def rgba_dilation(image, v):
    r = int(v["radius"])
    axis = 1 if v["axis"] == "x" else 0
    pad = [(0, 0)] * 3
    pad[axis] = (r, r)
    padded = np.pad(image, pad, mode="edge")
    length = image.shape[axis]
    return np.maximum.reduce([np.take(padded, range(i, i + length), axis=axis) for i in range(2 * r + 1)])


@reference
def color_packing(image, v):
    dx, dy = int(v["dx"]), int(v["dy"])
    red = image[..., :1]
    return np.concatenate([shifted(red, -dx, -dy), shifted(red, dx, -dy), shifted(red, -dx, dy), shifted(red, dx, dy)],
                          axis=-1)


def homography(points_from, points_to):
    a, b = [], []
    for (x, y), (u, v) in zip(points_from, points_to):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b.append(v)
    return np.append(np.linalg.solve(np.array(a), np.array(b)), 1).reshape(3, 3)


@reference
def transform(image, v):
    h, w = image.shape[:2]
    corners = v["corners"]
    if corners:
        to = [(corners[2 * i] * w, corners[2 * i + 1] * h) for i in range(4)]
        forward = homography([(0, 0), (w, 0), (w, h), (0, h)], to)
    else:
        m = list(v["matrix"]) + ([0, 0, 1] if len(v["matrix"]) == 6 else [])
        ax, ay = v["anchor"][0] * w, v["anchor"][1] * h
        forward = np.array([[1, 0, ax], [0, 1, ay], [0, 0, 1]]) @ np.array(m).reshape(3, 3) @ np.array(
            [[1, 0, -ax], [0, 1, -ay], [0, 0, 1]])
    inverse = np.linalg.inv(forward)
    px, py = pixel_centres(w, h)
    q = np.stack([px, py, np.ones_like(px)], axis=-1) @ inverse.T
    with np.errstate(divide="ignore", invalid="ignore"):
        sx, sy = q[..., 0] / q[..., 2], q[..., 1] / q[..., 2]
    inside = (q[..., 2] > 0) & (sx >= 0) & (sy >= 0) & (sx <= w) & (sy <= h)
    sampled = sample_bilinear(image, np.where(inside, sx, 0), np.where(inside, sy, 0))
    return np.where(inside[..., None], sampled, np.asarray(v["fill"]))


# Quality -----------------------------------------------------------------------

@reference
def cas(image, v):
    def at(dx, dy):
        return rgb(shifted(image, dx, dy))
    a, b, c, d, e, f, g, h, i = (at(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
    cross = np.stack([b, d, e, f, h])
    square = np.stack([a, b, c, d, e, f, g, h, i])
    mn = cross.min(axis=0) + square.min(axis=0)
    mx = cross.max(axis=0) + square.max(axis=0)
    amp = np.sqrt(np.clip(np.minimum(mn, 2 - mx) / np.maximum(mx, 1e-6), 0, 1))
    w = -amp / (16 + (4.01 - 16) * v["strength"])
    return with_rgb(image, ((b + d + f + h) * w + e) / (1 + 4 * w))


@reference
def chromatic_aberration(image, v):
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    cx, cy = v["center"][0] * w, v["center"][1] * h
    k = v["amount"]
    out = image.copy()
    out[..., 0] = sample_bilinear(image, cx + (px - cx) * (1 + k), cy + (py - cy) * (1 + k))[..., 0]
    out[..., 2] = sample_bilinear(image, cx + (px - cx) * (1 - k), cy + (py - cy) * (1 - k))[..., 2]
    return out


def frame_key(time):
    return int(np.floor(np.float32(time) * np.float32(1000.0) + np.float32(0.5)))


@reference
def film_grain(image, v, context):
    h, w = image.shape[:2]
    seed = hash32(frame_key(context["time"]))
    px, py = pixel_centres(w, h)
    gx, gy = px / v["size"], py / v["size"]
    cx, cy = np.floor(gx), np.floor(gy)
    fx, fy = gx - cx, gy - cy
    ix, iy = cx.astype(np.int64), cy.astype(np.int64)

    def lattice(x, y, channel):
        return hash01(((x + 4096 * y + 16777216 * channel) & 0xFFFFFFFF).astype(np.uint64) ^ seed)

    def noise(channel):
        top = lattice(ix, iy, channel) * (1 - fx) + lattice(ix + 1, iy, channel) * fx
        bottom = lattice(ix, iy + 1, channel) * (1 - fx) + lattice(ix + 1, iy + 1, channel) * fx
        return top * (1 - fy) + bottom * fy

    n = np.stack([noise(c) for c in range(3)], axis=-1) if v["color"] >= 0.5 else noise(0)[..., None]
    l = np.clip(rgb(image) @ LUMA, 0, 1)
    weight = (1 - v["response"] * (2 * l - 1) ** 2)[..., None]
    return with_rgb(image, rgb(image) + (n - 0.5) * v["strength"] * weight)


@reference
def deband(image, v, context):
    h, w = image.shape[:2]
    key = frame_key(context["time"])
    x, y = np.meshgrid(np.arange(w, dtype=np.uint64), np.arange(h, dtype=np.uint64))
    cell = x + 4096 * y

    def random(stream):
        return hash01(cell ^ hash32(key + stream))

    px, py = pixel_centres(w, h)
    color = image.copy()
    for i in range(1, int(v["iterations"]) + 1):
        distance = random(2 * i) * v["radius"] * i
        angle = random(2 * i + 1) * 2 * np.pi
        ox, oy = distance * np.cos(angle), distance * np.sin(angle)
        average = 0.25 * (sample_bilinear(image, px + ox, py + oy) + sample_bilinear(image, px - ox, py - oy)
                          + sample_bilinear(image, px - oy, py + ox) + sample_bilinear(image, px + oy, py - ox))
        keep = np.abs(color - average) > v["threshold"] / (16384 * i)
        color = np.where(keep, color, average)
    grain = np.stack([random(100), random(101), random(102)], axis=-1) - 0.5
    out = image.copy()
    out[..., :3] = rgb(color) + grain * v["grain"] / 8192
    return out


@reference
def denoise(image, v):
    h = 10 * v["s"] / 255
    half_patch, half_research = int(v["p"]) // 2, int(v["r"]) // 2
    c = rgb(image)

    def box(plane, r):
        total = np.zeros_like(plane)
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                total += shifted(plane, dx, dy)
        return total

    total = np.zeros_like(c)
    weights = np.zeros_like(c)
    height, width = c.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width]
    for dy in range(-half_research, half_research + 1):
        for dx in range(-half_research, half_research + 1):
            # As FFmpeg 5.1's nlmeans: a q outside the frame is skipped.
            inside = ((ys + dy >= 0) & (ys + dy < height) & (xs + dx >= 0) & (xs + dx < width))[..., None]
            other = rgb(shifted(image, dx, dy))
            # The patch around q = p + (dx, dy) is the shifted image's patch
            # around p, clamped where the shifted image is.
            ssd = np.zeros_like(c)
            for py in range(-half_patch, half_patch + 1):
                for px in range(-half_patch, half_patch + 1):
                    a = rgb(shifted(image, px, py))
                    b = rgb(shifted_twice(image, dx, dy, px, py))
                    ssd += (a - b) ** 2
            distance = ssd / (h * h)
            # A weight under 1/255 counts for nothing.
            weight = np.where((distance < np.log(255)) & inside, np.exp(-distance), 0)
            total += weight * other
            weights += weight
    return with_rgb(image, total / weights)


def shifted_twice(image, dx, dy, px, py):
    """in(clamp(clamp(p + d) + p')): the GPU's hb_load(q + offset) with q = p + d unclamped, so one clamp."""
    return shifted(image, dx + px, dy + py)


# Generators --------------------------------------------------------------------

def output_size(image, v):
    h, w = image.shape[:2]
    return (int(v["h"]) if v["h"] > 0 else h), (int(v["w"]) if v["w"] > 0 else w)


def rgba_of(colour):
    colour = list(colour)
    return np.array(colour + ([1.0] if len(colour) == 3 else []))


@reference
def solid(image, v):
    h, w = output_size(image, v)
    return np.broadcast_to(rgba_of(v["color"]), (h, w, 4)).copy()


@reference
def gradient(image, v):
    h, w = output_size(image, v)
    px, py = pixel_centres(w, h)
    u, t = px / w, py / h
    if v["mode"] == "radial":
        cx, cy = v["center"]
        k = np.clip(np.hypot(u - cx, (t - cy) * h / w) / v["radius"], 0, 1)
    else:
        a = np.radians(v["angle"])
        dx, dy = np.cos(a), np.sin(a)
        k = np.clip(((u - 0.5) * dx + (t - 0.5) * dy) / (abs(dx) + abs(dy)) + 0.5, 0, 1)
    start, end = rgba_of(v["from"]), rgba_of(v["to"])
    return start + (end - start) * k[..., None]


@reference
def oil_painting(image, v):
    r, levels = int(v["radius"]), int(v["levels"])
    h, w = image.shape[:2]
    counts = np.zeros((h, w, levels))
    sums = np.zeros((h, w, levels, 3))
    ys, xs = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            c = rgb(shifted(image, dx, dy))
            b = np.clip(np.floor(np.clip(c @ LUMA, 0, 1) * (levels - 1) + 0.5).astype(int), 0, levels - 1)
            counts[ys, xs, b] += 1
            sums[ys, xs, b] += c
    best = np.argmax(counts, axis=-1)
    chosen = sums[ys, xs, best] / counts[ys, xs, best][..., None]
    return with_rgb(image, chosen)


def voronoi_hash(cx, cy):
    k = ((cx + 32768) + 65536 * (cy + 32768)) & 0xFFFFFFFF
    return hash01(k), hash01(k ^ 0x9E3779B9)


@reference
def voronoi_overlay(image, v, context):
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    qx, qy = px / w * v["scale"], py / w * v["scale"]
    nx, ny = np.floor(qx), np.floor(qy)
    fx, fy = qx - nx, qy - ny
    d1 = np.full((h, w), 8.0)
    d2 = np.full((h, w), 8.0)
    shade = np.zeros((h, w))
    phase = v["speed"] * context["time"]
    for j in range(-2, 3):
        for i in range(-2, 3):
            cx, cy = (nx + i).astype(np.int64), (ny + j).astype(np.int64)
            hx, hy = voronoi_hash(cx, cy)
            ox = i + 0.5 + 0.5 * np.sin(phase + 2 * np.pi * hx)
            oy = j + 0.5 + 0.5 * np.sin(phase + 2 * np.pi * hy)
            d = np.hypot(ox - fx, oy - fy)
            cell_shade = hash01((((cx + 32768) * 31) + ((cy + 32768) * 65537)) & 0xFFFFFFFF)
            nearer = d < d1
            second = ~nearer & (d < d2)
            d2 = np.where(nearer, d1, np.where(second, d, d2))
            shade = np.where(nearer, cell_shade, shade)
            d1 = np.where(nearer, d, d1)
    col = 0.5 + 0.5 * np.sin(shade[..., None] * 2.5 + np.array([1.0, 1.0, 1.9]))
    col *= np.sqrt(np.clip(1 - d1, 0, 1))[..., None]
    col *= (0.4 + 0.6 * np.sqrt(np.clip(4 * (d2 - d1), 0, 1)))[..., None]
    return with_rgb(image, rgb(image) + (col - rgb(image)) * v["alpha"])


@reference
def rgba_shift(image, v):
    h, w = image.shape[:2]
    out = np.empty_like(image)
    for c, name in enumerate("rgba"):
        ys = np.arange(h) - int(v[name + "v"])
        xs = np.arange(w) - int(v[name + "h"])
        if v["edge"] == "wrap":
            ys, xs = ys % h, xs % w
        else:
            ys, xs = clamp_index(ys, h), clamp_index(xs, w)
        out[..., c] = image[ys][:, xs][..., c]
    return out


@reference
def lens_correction(image, v):
    h, w = image.shape[:2]
    px, py = pixel_centres(w, h)
    cx, cy = v["center"][0] * w, v["center"][1] * h
    dx, dy = px - cx, py - cy
    r2 = (dx * dx + dy * dy) / ((w * w + h * h) / 4)
    k = 1 + v["k1"] * r2 + v["k2"] * r2 * r2
    sx, sy = cx + dx * k, cy + dy * k
    inside = (sx >= 0) & (sx <= w) & (sy >= 0) & (sy <= h)
    return np.where(inside[..., None], sample_bilinear(image, sx, sy), 0.0)


@reference
def kaleidoscope(image, v):
    cx, cy, dx, dy, dist = about_centre(image, v)
    turn = math.radians(v["angle"])
    wedge = 2 * math.pi / v["segments"]
    a = np.mod(np.arctan2(dy, dx) - turn, wedge)
    a = np.minimum(a, wedge - a) + turn
    return sample_at(image, cx, cy, dist * np.cos(a), dist * np.sin(a))


@reference
def adaptive_threshold(image, v):
    r = int(v["radius"])
    l = rgb(image) @ LUMA
    total = np.zeros_like(l)
    h, w = l.shape
    for y in range(-r, r + 1):
        ys = clamp_index(np.arange(h) + y, h)
        for x in range(-r, r + 1):
            total += l[ys][:, clamp_index(np.arange(w) + x, w)]
    mean = total / (2 * r + 1) ** 2
    out = np.ones_like(image)
    out[..., :3] = (l >= mean - v["offset"]).astype(float)[..., None]
    return out


@reference
def draw_box(image, v):
    """FFmpeg drawbox's box, from its definition: whole-pixel edges, a
    size of 0 the frame's, the edges `thickness` deep (all of it filled)."""
    h, w = image.shape[:2]
    x0, y0 = int(v["x"]), int(v["y"])
    bw = int(v["width"]) or w
    bh = int(v["height"]) or h
    t = 1 << 30 if v["fill"] else int(v["thickness"])
    px, py = np.meshgrid(np.arange(w), np.arange(h))
    inside = (px >= x0) & (px < x0 + bw) & (py >= y0) & (py < y0 + bh)
    edge = (py - y0 < t) | (y0 + bh - 1 - py < t) | (px - x0 < t) | (x0 + bw - 1 - px < t)
    return painted(image, inside & edge, v)


def painted(image, drawn, v):
    """`image` with v's colour where `drawn`: blended by its alpha, or as it
    is with replace (draw_box's and draw_grid's)."""
    drawn = drawn[..., None]
    color = np.asarray(list(v["color"]) + ([1.0] if len(v["color"]) == 3 else []))
    if v["replace"]:
        return np.where(drawn, color, image)
    blended = with_rgb(image, rgb(image) * (1 - color[3]) + color[:3] * color[3])
    return np.where(drawn, blended, image)


def bt601_planes(image):
    """Y, U, V by BT.601 from RGB (U = 0.564 (B - Y), V = 0.713 (R - Y)) and alpha."""
    c = rgb(image)
    y = c @ np.array([0.299, 0.587, 0.114])
    return [y, 0.564 * (c[..., 2] - y), 0.713 * (c[..., 0] - y), image[..., 3]]


def bt601_image(planes):
    """RGBA back from bt601_planes' Y, U, V and alpha."""
    y, u, v, a = planes
    r = y + v / 0.713
    b = y + u / 0.564
    g = (y - 0.299 * r - 0.114 * b) / 0.587
    return np.stack([r, g, b, a], axis=-1)


@reference
def unsharp(image, v):
    """FFmpeg's unsharp on RGB: Y, U, V by BT.601 from RGB, each blurred by
    its kind's binomial mask (clamp-to-edge) and sharpened by its amount
    (trunc(65536 amount) / 65536), then back to RGB."""
    from math import comb
    planes = bt601_planes(image)
    h, w = planes[0].shape

    def blur(plane, sx, sy):
        out = np.zeros_like(plane)
        for j in range(2 * sy + 1):
            rows = clamp_index(np.arange(h) + j - sy, h)
            for i in range(2 * sx + 1):
                cols = clamp_index(np.arange(w) + i - sx, w)
                out += comb(2 * sx, i) * comb(2 * sy, j) * plane[rows][:, cols]
        return out / 2.0 ** (2 * (sx + sy))

    result = list(planes)
    for kind, indices in (("luma", [0]), ("chroma", [1, 2]), ("alpha", [3])):
        amount = np.trunc(float(np.float32(v[kind + "_amount"])) * 65536) / 65536
        if amount == 0:
            continue
        sx, sy = int(v[kind + "_msize_x"]) // 2, int(v[kind + "_msize_y"]) // 2
        for k in indices:
            result[k] = planes[k] + (planes[k] - blur(planes[k], sx, sy)) * amount
    return bt601_image(result)


@reference
def draw_grid(image, v):
    """FFmpeg drawgrid's lines, from its definition: every width x height
    pixels (0: the frame's) from (x, y), thickness deep."""
    h, w = image.shape[:2]
    x0, y0 = int(v["x"]), int(v["y"])
    cw = int(v["width"]) or w
    ch = int(v["height"]) or h
    t = int(v["thickness"])
    px, py = np.meshgrid(np.arange(w), np.arange(h))
    return painted(image, ((px - x0) % cw < t) | ((py - y0) % ch < t), v)


@reference
def boxblur(image, v):
    """FFmpeg's boxblur on RGB: Y, U, V by BT.601 from RGB and alpha, each
    blurred by a box of its kind's radius power times along the rows, then
    power times down the columns, the edges mirrored (m(-1) = 0), in
    floats; then back to RGB. A radius is read as FFmpeg's expression of
    the frame at full size (cw = w)."""
    planes = bt601_planes(image)
    h, w = planes[0].shape
    names = {"w": w, "h": h, "cw": w, "ch": h, "hsub": 1, "vsub": 1, "min": min, "max": max}

    def box(plane, radius, axis):
        padded = np.pad(plane, [(radius, radius) if a == axis else (0, 0) for a in range(2)], mode="symmetric")
        windows = np.cumsum(np.insert(padded, 0, 0, axis=axis), axis=axis)
        size = plane.shape[axis]
        ends = np.take(windows, np.arange(2 * radius + 1, 2 * radius + 1 + size), axis=axis)
        starts = np.take(windows, np.arange(size), axis=axis)
        return (ends - starts) / (2 * radius + 1)

    result = list(planes)
    for kind, indices in (("luma", [0]), ("chroma", [1, 2]), ("alpha", [3])):
        text = str(v.get(kind + "_radius", "")) or str(v["luma_radius"])
        radius = int(eval(text, {"__builtins__": {}}, names))
        power = int(v[kind + "_power"])
        if power < 0:
            power = int(v["luma_power"])
        for k in indices:
            for axis in (1, 0):
                for _ in range(power if radius > 0 else 0):
                    result[k] = box(result[k], radius, axis)
    return bt601_image(result)


@reference
def gblur(image, v):
    """FFmpeg's gblur on RGB as FFmpeg runs it on planar G, B, R, A: its
    recursive filter in floats (Alvarez and Mazorra's, Getreuer's code as
    FFmpeg keeps it), steps times along each row, then down each column,
    scaled by both postscales; the planes whose bit of `planes` is 0 kept."""
    sigma, steps, planes = float(v["sigma"]), int(v["steps"]), int(v["planes"])
    sigma_v = float(v["sigmaV"])
    if sigma_v < 0:
        sigma_v = sigma
    if sigma <= 0:
        return image

    def params(s):
        lam = float(np.float32(s) * np.float32(s)) / (2.0 * steps)
        nu = (1.0 + 2.0 * lam - math.sqrt(1.0 + 4.0 * lam)) / (2.0 * lam)
        return nu, 1.0 / (1.0 - nu), (nu / lam) ** steps

    def run(lines, nu, boundary):
        lines = lines.copy()
        n = lines.shape[1]
        for _ in range(steps):
            lines[:, 0] *= boundary
            for x in range(1, n):
                lines[:, x] += nu * lines[:, x - 1]
            lines[:, n - 1] *= boundary
            for x in range(n - 1, 0, -1):
                lines[:, x - 1] += nu * lines[:, x]
        return lines

    nu, b, post = params(sigma)
    nu_v, b_v, post_v = params(sigma_v)
    out = image.copy()
    # FFmpeg's plane k of planar G, B, R, A: channel 1, 2, 0, 3.
    for bit, channel in ((1, 1), (2, 2), (4, 0), (8, 3)):
        if planes & bit:
            plane = run(image[..., channel].astype(np.float64), nu, b)
            plane = run(plane.T, nu_v, b_v).T
            out[..., channel] = plane * post * post_v
    return out


@reference
def natural_vignette(image, v):
    """FFmpeg's vignette on RGB: each pixel times cos(angle d)^4, d the
    distance of (trunc(x - x0), trunc(y - y0)) over hypot(w / 2, h / 2), 0
    past 1; backward: divided by it."""
    h, w = image.shape[:2]
    px, py = np.meshgrid(np.arange(w), np.arange(h))
    size = {"w": w, "h": h, "iw": w, "ih": h, "__builtins__": {}}
    xx = np.trunc(px - float(eval(str(v["x0"]), size)))
    yy = np.trunc(py - float(eval(str(v["y0"]), size)))
    d = np.hypot(xx, yy) / math.hypot(w / 2, h / 2)
    f = np.where(d > 1, 0.0, np.cos(float(v["angle"]) * d) ** 4)
    if v["mode"] == "backward":
        f = 1 / f
    return with_rgb(image, rgb(image) * f[..., None])


@reference
def avgblur(image, v):
    """FFmpeg's avgblur on RGB as on planar G, B, R, A: each channel the mean
    of a box rx either side and ry above and below, edges clamped, rx and
    ry at most half the frame's width and height (in floats; FFmpeg
    truncates its whole-number means, which the planes do)."""
    h, w = image.shape[:2]
    rx = min(int(v["sizeX"]), w // 2)
    ry = min(int(v["sizeY"]) or int(v["sizeX"]), h // 2)
    planes = int(v["planes"])
    out = image.copy()

    def box(a, r, axis):
        n = a.shape[axis]
        index = np.arange(n)
        return sum(np.take(a, clamp_index(index + k, n), axis=axis) for k in range(-r, r + 1)) / (2 * r + 1)

    for bit, channel in ((1, 1), (2, 2), (4, 0), (8, 3)):
        if planes & bit:
            out[..., channel] = box(box(image[..., channel], rx, 1), ry, 0)
    return out


def morphology(image, v, smallest):
    """FFmpeg's erosion (smallest) or dilation on RGB as on planar G, B, R, A:
    each channel against the neighbours `coordinates` picks, rows past the
    edge repeating it, columns mirroring it, moved by at most its plane's
    threshold (in codes over 255)."""
    h, w = image.shape[:2]
    offsets = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
    rows = lambda dy: np.clip(np.arange(h) + dy, 0, h - 1)
    columns = lambda dx: np.abs(np.arange(w) + dx) if dx < 0 else np.where(np.arange(w) + dx > w - 1, 2 * (w - 1) - (np.arange(w) + dx), np.arange(w) + dx)
    pick = np.minimum if smallest else np.maximum
    out = image.copy()
    for plane, channel in ((0, 1), (1, 2), (2, 0), (3, 3)):
        values = image[..., channel]
        result = values.copy()
        for bit, (dx, dy) in enumerate(offsets):
            if int(v["coordinates"]) & (1 << bit):
                result = pick(result, values[rows(dy)][:, columns(dx)])
        threshold = min(float(v["threshold%d" % plane]), 255) / 255
        bound = np.maximum(values - threshold, 0) if smallest else np.minimum(values + threshold, 1)
        out[..., channel] = np.maximum(result, bound) if smallest else np.minimum(result, bound)
    return out


@reference
def erosion(image, v):
    return morphology(image, v, True)


@reference
def dilation(image, v):
    return morphology(image, v, False)


def neighbour_mean(image, v, below):
    """FFmpeg's deflate (below) or inflate on RGB as on planar G, B, R, A in
    8-bit codes: the mean of the 8 neighbours rounded down (rows past the
    edge repeating it, columns mirroring it) where it is below (above) the
    sample, moved by at most its plane's threshold."""
    h, w = image.shape[:2]
    offsets = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
    rows = lambda dy: np.clip(np.arange(h) + dy, 0, h - 1)
    def columns(dx):
        x = np.arange(w) + dx
        return np.where(x < 0, -x, np.where(x > w - 1, 2 * (w - 1) - x, x))
    out = image.copy()
    for plane, channel in ((0, 1), (1, 2), (2, 0), (3, 3)):
        values = np.round(np.clip(image[..., channel], 0, 1) * 255)
        total = sum(values[rows(dy)][:, columns(dx)] for dx, dy in offsets)
        mean = np.floor(total / 8)
        threshold = min(float(v["threshold%d" % plane]), 255)
        if below:
            made = np.maximum(np.minimum(mean, values), np.maximum(values - threshold, 0))
        else:
            made = np.minimum(np.maximum(mean, values), np.minimum(values + threshold, 255))
        out[..., channel] = made / 255
    return out


@reference
def deflate(image, v):
    return neighbour_mean(image, v, True)


@reference
def inflate(image, v):
    return neighbour_mean(image, v, False)


@reference
def yuv_chroma_key(image, v):
    # FFmpeg vf_chromakey on BT.709 limited codes (an RGB frame's
    # conversion): the mean over the 3x3 neighbours (clamped to the edge)
    # of the chroma's distance to the key's, FFmpeg's full-range fixed
    # point for the key; the alpha replaced, the colour kept.
    r, g, b = (int(round(c * 255)) for c in v["color"])
    if v["yuv"] >= 0.5:
        ku, kv = g, b
    else:
        def fixed(x):
            return int(round(x * 1024))
        ku = ((-fixed(0.16874) * r - fixed(0.33126) * g + fixed(0.5) * b + 511) >> 10) + 128
        kv = ((fixed(0.5) * r - fixed(0.41869) * g - fixed(0.08131) * b + 511) >> 10) + 128
    _, cb, cr = (np.clip(p, 0, 255) for p in codes709(rgb(image)))
    distance = np.zeros(cb.shape)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            du, dv = shifted(cb, dx, dy) - ku, shifted(cr, dx, dy) - kv
            distance += np.sqrt((du * du + dv * dv) / (255 * 255 * 2))
    distance /= 9
    out = image.copy()
    if v["blend"] > 0.0001:
        out[..., 3] = np.clip((distance - v["similarity"]) / v["blend"], 0, 1)
    else:
        out[..., 3] = (distance > v["similarity"]).astype(np.float64)
    return out


@reference
def yuv_pixelize(image, v):
    # FFmpeg vf_pixelize (avg) on BT.709 limited codes (an RGB frame's
    # conversion) and alpha codes: blocks from the top left, cut short at
    # the edges, each code the block's average rounded down; and back.
    y, cb, cr = (np.round(np.clip(p, 0, 255)) for p in codes709(rgb(image)))
    planes = [y, cb, cr, np.round(np.clip(image[..., 3], 0, 1) * 255)]
    height, width = y.shape
    bw, bh = int(v["width"]), int(v["height"])
    out = [np.zeros_like(p) for p in planes]
    for top in range(0, height, bh):
        for left in range(0, width, bw):
            for plane, made in zip(planes, out):
                block = plane[top:top + bh, left:left + bw]
                made[top:top + bh, left:left + bw] = np.floor(block.sum() / block.size)
    made = image.copy()
    made[..., :3] = rgb709(*out[:3])
    made[..., 3] = out[3] / 255
    return made


def edges_ffmpeg(p, low, high):
    """FFmpeg 5.1's edgedetect on one plane of whole 8-bit codes: 5x5
    Gaussian /159 (outer two rows and columns kept), Sobel |gx| + |gy| with
    the direction rounded by whole-number tangents, non-maximum suppression
    (at most 255), double threshold."""
    p = p.astype(np.int64)
    h, w = p.shape
    k = np.array([[2, 4, 5, 4, 2], [4, 9, 12, 9, 4], [5, 12, 15, 12, 5], [4, 9, 12, 9, 4], [2, 4, 5, 4, 2]])
    b = p.copy()
    acc = np.zeros((h - 4, w - 4), np.int64)
    for dy in range(5):
        for dx in range(5):
            acc += k[dy, dx] * p[dy:dy + h - 4, dx:dx + w - 4]
    b[2:h - 2, 2:w - 2] = acc // 159

    def at(dy, dx):
        return b[1 + dy:h - 1 + dy, 1 + dx:w - 1 + dx]
    gx = -at(-1, -1) + at(-1, 1) - 2 * at(0, -1) + 2 * at(0, 1) - at(1, -1) + at(1, 1)
    gy = -at(-1, -1) + at(1, -1) - 2 * at(-1, 0) + 2 * at(1, 0) - at(-1, 1) + at(1, 1)
    g = np.zeros((h, w), np.int64)
    g[1:h - 1, 1:w - 1] = np.abs(gx) + np.abs(gy)
    # Directions: 0 45 up, 1 45 down, 2 horizontal, 3 vertical.
    sign = np.where(gx < 0, -1, 1)
    ax, ay = gx * sign, gy * sign * 65536
    near, far = 27146 * ax, 158218 * ax
    inner_dir = np.full(gx.shape, 3)
    inner_dir[(gx != 0) & (ay > -near) & (ay < near)] = 2
    inner_dir[(gx != 0) & (ay > near) & (ay < far)] = 1
    inner_dir[(gx != 0) & (ay > -far) & (ay < -near)] = 0
    d = np.full((h, w), -1)
    d[1:h - 1, 1:w - 1] = inner_dir
    sides = {0: ((1, -1), (-1, 1)), 1: ((-1, -1), (1, 1)), 2: ((0, -1), (0, 1)), 3: ((-1, 0), (1, 0))}
    n = np.zeros((h, w), np.int64)
    gp = np.pad(g, 1)
    for code, ((ay1, ax1), (by1, bx1)) in sides.items():
        a = gp[1 + ay1:1 + ay1 + h, 1 + ax1:1 + ax1 + w]
        c = gp[1 + by1:1 + by1 + h, 1 + bx1:1 + bx1 + w]
        keep = (d == code) & (g > a) & (g > c)
        n[keep] = np.minimum(g[keep], 255)
    padded = np.pad(n, 1)
    strong = np.zeros((h, w), bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                strong |= padded[1 + dy:1 + dy + h, 1 + dx:1 + dx + w] > high
    inner = np.zeros((h, w), bool)
    inner[1:h - 1, 1:w - 1] = True
    return np.where((n > high) | (inner & (n > low) & strong), n, 0)


@reference
def edge_detect(image, v):
    # FFmpeg's thresholds as whole codes; wires on the BT.709 limited Y
    # code (an RGB frame's) stretched to full range, colormix on R, G, B.
    high, low = (int(v[name] * 255 + 0.5) for name in ("high", "low"))
    out = image.copy()
    if v["mode"] == "colormix":
        codes = np.round(np.clip(rgb(image), 0, 1) * 255)
        for c in range(3):
            edges = edges_ffmpeg(codes[..., c], low, high)
            out[..., c] = np.floor((edges + codes[..., c]) / 2) / 255
        return out
    y = np.round(np.clip(codes709(rgb(image))[0], 0, 255))
    full = np.clip(np.floor((y - 16) * 255 / 219 + 0.5), 0, 255)
    out[..., :3] = (edges_ffmpeg(full, low, high) / 255)[..., None]
    return out


def ffmpeg_mirrored(p, dx, dy, past=1):
    """Plane p moved by (dx, dy) as FFmpeg's convolution reads it: -1 is 1,
    and past the right and bottom edges w is w - 1 (past 1: the edge
    sample repeated) or w - 2 (past 0)."""
    h, w = p.shape
    ys = np.abs(np.arange(h) + dy)
    ys = np.where(ys >= h, 2 * h - 2 + past - ys, ys)
    xs = np.abs(np.arange(w) + dx)
    xs = np.where(xs >= w, 2 * w - 2 + past - xs, xs)
    return p[ys][:, xs]


def ffmpeg_edge_operator(image, v, operator):
    """FFmpeg's edge operators (vf_convolution) on RGB as on planar G, B, R
    in 8-bit codes: the 3x3 square mirrored at the edges (-1 is 1, w is
    w - 1), the gradient in float32 times scale plus delta, cut to a whole
    code; the planes `planes` leaves out, and the alpha, kept."""
    out = image.copy()
    for plane, channel in ((0, 1), (1, 2), (2, 0)):
        if not int(v["planes"]) & (1 << plane):
            continue
        p = np.round(np.clip(image[..., channel], 0, 1) * 255).astype(np.float32)
        c = [ffmpeg_mirrored(p, k % 3 - 1, k // 3 - 1) for k in range(9)]
        if operator == "kirsch":
            ring = [0, 1, 2, 3, 5, 6, 7, 8]
            sums = [sum(c[ring[k]] * (5 if (k - turn) % 8 < 3 else -3) for k in range(8)) for turn in range(8)]
            gradient = np.abs(np.max(sums, axis=0))
        else:
            if operator == "prewitt":
                a = -c[0] - c[1] - c[2] + c[6] + c[7] + c[8]
                b = -c[0] + c[2] - c[3] + c[5] - c[6] + c[8]
            elif operator == "sobel":
                a = -c[0] - 2 * c[1] - c[2] + c[6] + 2 * c[7] + c[8]
                b = -c[0] + c[2] - 2 * c[3] + 2 * c[5] - c[6] + c[8]
            elif operator == "scharr":
                a = (-47 * c[0] - 162 * c[1] - 47 * c[2] + 47 * c[6] + 162 * c[7] + 47 * c[8]) / np.float32(256)
                b = (-47 * c[0] + 47 * c[2] - 162 * c[3] + 162 * c[5] - 47 * c[6] + 47 * c[8]) / np.float32(256)
            else:
                a = c[0] - c[1]
                b = c[4] - c[3]
            gradient = np.sqrt((a * a + b * b).astype(np.float32))
        made = gradient * np.float32(v["scale"]) + np.float32(v["delta"])
        out[..., channel] = np.clip(np.trunc(made), 0, 255) / 255
    return out


@reference
def prewitt(image, v):
    return ffmpeg_edge_operator(image, v, "prewitt")


@reference
def sobel_planes(image, v):
    return ffmpeg_edge_operator(image, v, "sobel")


@reference
def scharr(image, v):
    return ffmpeg_edge_operator(image, v, "scharr")


@reference
def roberts(image, v):
    return ffmpeg_edge_operator(image, v, "roberts")


@reference
def kirsch(image, v):
    return ffmpeg_edge_operator(image, v, "kirsch")


@reference
def convolution_planes(image, v):
    # FFmpeg 5.1's convolution on RGB as on planar G, B, R in 8-bit codes:
    # each plane's matrix (square, row or column) over the samples
    # mirrored at the edges (-1 is 1; w is w - 1 for a 3x3 square, w - 2
    # otherwise, as FFmpeg 5.1 reads them), the sum in whole
    # numbers times float32 1 / the matrix's sum (1 where 0) plus the
    # bias plus a half, cut; the alpha kept.
    h, w = image.shape[:2]
    out = image.copy()
    for plane, channel in ((0, 1), (1, 2), (2, 0)):
        matrix = [int(m) for m in v["m%d" % plane]]
        mode = v["mode%d" % plane]
        p = np.round(np.clip(image[..., channel], 0, 1) * 255).astype(np.int64)
        side = len(matrix) if mode != "square" else int(round(math.sqrt(len(matrix))))
        radius = side // 2
        total = np.zeros((h, w), np.int64)
        for k, m in enumerate(matrix):
            if mode == "square":
                dx, dy = k % side - radius, k // side - radius
            elif mode == "row":
                dx, dy = k - radius, 0
            else:
                dx, dy = 0, k - radius
            total += m * ffmpeg_mirrored(p, dx, dy, 1 if mode == "square" and side == 3 else 0)
        reciprocal = np.float32(1) / np.float32(sum(matrix) or 1)
        made = total.astype(np.float32) * reciprocal + np.float32(v["bias%d" % plane]) + np.float32(0.5)
        out[..., channel] = np.clip(np.trunc(made), 0, 255) / 255
    return out


@reference
def limiter(image, v):
    # FFmpeg's limiter on RGB as on planar G, B, R in 8-bit codes: each
    # plane in `planes` clamped to min...max (at most 255); alpha kept.
    low, high = min(int(v["min"]), 255), min(int(v["max"]), 255)
    out = image.copy()
    for plane, channel in ((0, 1), (1, 2), (2, 0)):
        if int(v["planes"]) & (1 << plane):
            codes = np.round(np.clip(image[..., channel], 0, 1) * 255)
            out[..., channel] = np.clip(codes, low, high) / 255
    return out
