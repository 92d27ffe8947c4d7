"""References for the multi-input filters. Images named by parameters are
decoded here with the ffmpeg CLI, independently of the test's loader."""
import json
import subprocess

import numpy as np

from common import LUMA, hash32, reference

_images = {}


def load_image(path):
    """An image file as float RGBA in 0...1, shaped (h, w, 4)."""
    if path not in _images:
        probe = subprocess.run(
            ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
             "-of", "json", path], check=True, capture_output=True)
        stream = json.loads(probe.stdout)["streams"][0]
        raw = subprocess.run(
            ["ffmpeg", "-hide_banner", "-loglevel", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo",
             "-pix_fmt", "rgba", "-"], check=True, capture_output=True).stdout
        pixels = np.frombuffer(raw, dtype=np.uint8).reshape(stream["height"], stream["width"], 4)
        _images[path] = pixels.astype(np.float64) / 255.0
    return _images[path]


def bilinear_clamped(image, sx, sy):
    """Bilinear samples at positions in pixels (centres at +0.5), clamped to
    the image's edge."""
    h, w = image.shape[:2]
    u, v = sx - 0.5, sy - 0.5
    x0, y0 = np.floor(u).astype(int), np.floor(v).astype(int)
    fx, fy = (u - x0)[..., None], (v - y0)[..., None]
    def at(x, y):
        return image[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)]
    top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
    bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bottom * fy


def placed(over, width, height, fit):
    """The image's colour at every frame pixel: stretched, fitted, filled
    or centred unscaled; transparent outside it."""
    oh, ow = over.shape[:2]
    px, py = np.meshgrid(np.arange(width) + 0.5, np.arange(height) + 0.5)
    if fit == "stretch":
        sx, sy = px * ow / width, py * oh / height
    elif fit == "center":
        sx, sy = px - int((width - ow) / 2), py - int((height - oh) / 2)
    else:
        choose = min if fit == "fit" else max
        scale = choose(width / ow, height / oh)
        sx = (px - (width - ow * scale) / 2) / scale
        sy = (py - (height - oh * scale) / 2) / scale
    inside = (sx >= 0) & (sy >= 0) & (sx <= ow) & (sy <= oh)
    return np.where(inside[..., None], bilinear_clamped(over, sx, sy), 0.0)


def lum(c):
    return c @ np.array([0.3, 0.59, 0.11])


def clip_color(c):
    l = lum(c)[..., None]
    n = c.min(-1, keepdims=True)
    x = c.max(-1, keepdims=True)
    c = np.where(n < 0, l + (c - l) * l / np.maximum(l - n, 1e-6), c)
    return np.where(x > 1, l + (c - l) * (1 - l) / np.maximum(x - l, 1e-6), c)


def set_lum(c, l):
    return clip_color(c + (l - lum(c))[..., None])


def sat(c):
    return c.max(-1) - c.min(-1)


def set_sat(c, s):
    n = c.min(-1, keepdims=True)
    spread = c.max(-1, keepdims=True) - n
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(spread > 0, (c - n) * s[..., None] / spread, 0.0)


def color_burn(b, s):
    with np.errstate(divide="ignore"):
        burnt = 1 - np.minimum(1, (1 - b) / np.where(s > 0, s, 1))
    return np.where(b >= 1, 1.0, np.where(s <= 0, 0.0, burnt))


def color_dodge(b, s):
    with np.errstate(divide="ignore"):
        dodged = np.minimum(1, b / np.where(s < 1, 1 - s, 1))
    return np.where(b <= 0, 0.0, np.where(s >= 1, 1.0, dodged))


def screen(b, s):
    return b + s - b * s


def hard_light(b, s):
    return np.where(s <= 0.5, 2 * b * s, screen(b, 2 * s - 1))


def soft_light(b, s):
    d = np.where(b <= 0.25, ((16 * b - 12) * b + 4) * b, np.sqrt(np.maximum(b, 0)))
    return np.where(s <= 0.5, b - (1 - 2 * s) * b * (1 - b), b + (2 * s - 1) * (d - b))


LUMA601 = np.array([0.299, 0.587, 0.114])


def blend_mode(mode, b, s):
    """W3C's B(Cb, Cs) for the separable and non-separable modes."""
    if mode == "darken":
        return np.minimum(b, s)
    if mode == "multiply":
        return b * s
    if mode == "color_burn":
        return color_burn(b, s)
    if mode == "linear_burn":
        return np.maximum(b + s - 1, 0)
    if mode == "darker_color":
        return np.where((s @ LUMA601 < b @ LUMA601)[..., None], s, b)
    if mode == "lighten":
        return np.maximum(b, s)
    if mode == "screen":
        return screen(b, s)
    if mode == "color_dodge":
        return color_dodge(b, s)
    if mode == "linear_dodge":
        return np.minimum(b + s, 1)
    if mode == "add":
        return b + s
    if mode == "lighter_color":
        return np.where((s @ LUMA601 > b @ LUMA601)[..., None], s, b)
    if mode == "overlay":
        return hard_light(s, b)
    if mode == "soft_light":
        return soft_light(b, s)
    if mode == "hard_light":
        return hard_light(b, s)
    if mode == "vivid_light":
        return np.where(s <= 0.5, color_burn(b, 2 * s), color_dodge(b, 2 * s - 1))
    if mode == "linear_light":
        return np.clip(b + 2 * s - 1, 0, 1)
    if mode == "pin_light":
        return np.where(s <= 0.5, np.minimum(b, 2 * s), np.maximum(b, 2 * s - 1))
    if mode == "hard_mix":
        # Exact sums of 8-bit values equal to 1 count as reaching it.
        return np.where(b + s >= 1 - 0.5 / 255, 1.0, 0.0)
    if mode == "difference":
        return np.abs(b - s)
    if mode == "exclusion":
        return b + s - 2 * b * s
    if mode == "subtract":
        return b - s
    if mode == "divide":
        with np.errstate(divide="ignore", invalid="ignore"):
            divided = np.minimum(1, b / np.where(s > 0, s, 1))
        return np.where(s <= 0, np.where(b > 0, 1.0, 0.0), divided)
    if mode == "hue":
        return set_lum(set_sat(s, sat(b)), lum(b))
    if mode == "saturation":
        return set_lum(set_sat(b, sat(s)), lum(b))
    if mode == "color":
        return set_lum(s, lum(b))
    if mode == "luminosity":
        return set_lum(b, lum(s))
    return s  # normal


def chroma(c):
    y = c @ np.array([0.2989, 0.5866, 0.1145])
    return np.stack([0.7132 * (c[..., 0] - y), 0.5647 * (c[..., 2] - y)], axis=-1)


@reference
def blend(image, v):
    h, w = image.shape[:2]
    over = placed(load_image(v["file"]), w, h, v.get("fit", "stretch"))
    mode, opacity = v.get("mode", "normal"), v["opacity"]
    if mode == "mask":
        out = image.copy()
        out[..., 3] = image[..., 3] + (over[..., :3].mean(-1) * over[..., 3] - image[..., 3]) * opacity
        return out
    if mode == "chroma_key":
        d = np.linalg.norm(chroma(image[..., :3]) - chroma(np.array(v["key"])), axis=-1)
        t = np.clip((d - v["similarity"]) / max(v["smoothness"], 1e-6), 0, 1)
        amount = ((1 - t * t * (3 - 2 * t)) * opacity)[..., None]
        return image + (over - image) * amount
    alpha_s = over[..., 3] * opacity
    if mode == "dissolve":
        x, y = np.meshgrid(np.arange(w, dtype=np.uint32), np.arange(h, dtype=np.uint32))
        noise = (hash32(x.astype(np.uint64) | (y.astype(np.uint64) << 16)) >> 8).astype(np.float64) / 16777216.0
        covered = np.concatenate([over[..., :3], np.ones((h, w, 1))], axis=-1)
        return np.where((noise < alpha_s)[..., None], covered, image)
    cb, cs, alpha_b = image[..., :3], over[..., :3], image[..., 3]
    mixed = (1 - alpha_b)[..., None] * cs + alpha_b[..., None] * blend_mode(mode, cb, cs)
    alpha_o = alpha_s + alpha_b * (1 - alpha_s)
    with np.errstate(divide="ignore", invalid="ignore"):
        rgb = (alpha_s[..., None] * mixed + ((1 - alpha_s) * alpha_b)[..., None] * cb) / alpha_o[..., None]
    rgb = np.where((alpha_o > 0)[..., None], rgb, 0.0)
    return np.concatenate([rgb, alpha_o[..., None]], axis=-1)


@reference
def overlay(image, v):
    h, w = image.shape[:2]
    over = load_image(v["file"])
    oh, ow = over.shape[:2]
    x, y = int(v["x"]), int(v["y"])
    out = image.copy()
    # The part of the frame the image covers, and the matching part of it.
    fx0, fy0, fx1, fy1 = max(x, 0), max(y, 0), min(x + ow, w), min(y + oh, h)
    if fx0 >= fx1 or fy0 >= fy1:
        return out
    base = image[fy0:fy1, fx0:fx1]
    top = over[fy0 - y:fy1 - y, fx0 - x:fx1 - x]
    alpha_s = top[..., 3] * v["opacity"]
    alpha_b = base[..., 3]
    alpha_o = alpha_s + alpha_b * (1 - alpha_s)
    with np.errstate(divide="ignore", invalid="ignore"):
        rgb = (alpha_s[..., None] * top[..., :3] + ((1 - alpha_s) * alpha_b)[..., None] * base[..., :3]) \
            / alpha_o[..., None]
    out[fy0:fy1, fx0:fx1, :3] = np.where((alpha_o > 0)[..., None], rgb, 0.0)
    out[fy0:fy1, fx0:fx1, 3] = alpha_o
    return out


@reference
def mask_blend(image, v):
    h, w = image.shape[:2]
    mask = placed(load_image(v["mask"]), w, h, "stretch")
    m = (mask[..., :3] @ LUMA) * mask[..., 3]
    if v.get("invert", 0) >= 0.5:
        m = 1 - m
    if v.get("file", ""):
        second = placed(load_image(v["file"]), w, h, "stretch")
    else:
        colour = list(v["color"])
        second = np.array(colour + [1.0] * (4 - len(colour)))
    return image + (second - image) * m[..., None]
