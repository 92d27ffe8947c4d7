"""Shared helpers for the numpy references."""
import numpy as np

FILTERS = {}


def reference(function):
    """Registers a filter's reference under the function's name."""
    FILTERS[function.__name__] = function
    return function


LUMA = np.array([0.2125, 0.7154, 0.0721])


def rgb(image):
    return image[..., :3]


def with_rgb(image, values):
    out = image.copy()
    out[..., :3] = values
    return out


def clamp_index(index, size):
    return np.clip(index, 0, size - 1)


def hash32(x):
    """lowbias32 on unsigned 32-bit integers: the shaders' hb_hash."""
    x = np.asarray(x, dtype=np.uint64) & 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x846CA68B) & 0xFFFFFFFF
    x ^= x >> 16
    return x


def hash01(x):
    """hb_hash01: the hash's top 24 bits as 0...1."""
    return (hash32(x) >> 8).astype(np.float64) / 16777215.0
