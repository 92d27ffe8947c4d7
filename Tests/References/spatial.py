"""References for neighbourhood and geometric filters. Borders clamp to the
edge unless a filter says otherwise."""
import math

import numpy as np

from common import LUMA, clamp_index, reference, rgb, with_rgb

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


# Geometric --------------------------------------------------------------

def cubic_weights(t):
    t2, t3 = t * t, t * t * t
    return [-0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1, -1.5 * t3 + 2 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2]


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


