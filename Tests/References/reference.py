#!/usr/bin/env python3
"""Independent CPU references for Harbeth's filters, in numpy.

Usage: reference.py SPEC.json

SPEC: {"width": W, "height": H, "input": "in.rgba", "output": "out.f32",
       "filters": [{"name": "sepia", "values": {"intensity": 1}}, ...],
       "time": 0.0}

Reads RGBA8 pixels, applies the filters in float (nothing clamped between
filters, as the GPU graph does), clamps once, and writes float32 RGBA in
0...1. Each function follows the formula written in the catalog, coded
from the formula rather than from the GLSL. The filters live in the
modules beside this file; each module's functions are registered by name.
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import colour  # noqa: E402,F401  (registers its filters)
import spatial  # noqa: E402,F401
import blend  # noqa: E402,F401
import looks  # noqa: E402,F401
from common import FILTERS  # noqa: E402


def main():
    spec = json.load(open(sys.argv[1]))
    w, h = spec["width"], spec["height"]
    data = np.fromfile(spec["input"], dtype=np.uint8).reshape(h, w, 4)
    image = data.astype(np.float64) / 255.0
    context = {"time": spec.get("time", 0.0), "resources": spec.get("resources", {})}
    for step in spec["filters"]:
        function = FILTERS[step["name"]]
        image = function(image, step["values"], context) if function.__code__.co_argcount == 3 else function(image, step["values"])
    image = np.clip(image, 0, 1).astype(np.float32)
    out_h, out_w = image.shape[:2]
    image.tofile(spec["output"])
    print(json.dumps({"width": out_w, "height": out_h}))


if __name__ == "__main__":
    main()
