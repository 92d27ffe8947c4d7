"""References for the pointwise colour filters."""
import numpy as np

from common import LUMA, reference, rgb, with_rgb

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


