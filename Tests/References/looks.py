"""The looks (presets) as chains of the other references, transcribed from
the table in docs/FILTERS.md: each value moves from the value that changes
nothing at amount 0 to the look's at amount 1; a blur whose sigma would be
below 0.1 (and a bilateral whose sigma_color would be below 0.01) is left
out."""
from common import FILTERS


def lerp(a, start, end):
    return start + (end - start) * a


def vignette(a, start, end, darkest):
    grey = lerp(a, 1.0, darkest)
    return ("vignette_blend", {"center": [0.5, 0.5], "start": start, "end": end, "color": [grey] * 3,
                               "mode": "multiply"})


def grade(a, contrast, saturation):
    return [("contrast", {"contrast": lerp(a, 1, contrast)}), ("saturation", {"saturation": lerp(a, 1, saturation)})]


def hdr(a, contrast, saturation, sharpen, shadows, highlights):
    return grade(a, contrast, saturation) + [
        ("sharpen", {"amount": lerp(a, 0, sharpen)}),
        ("highlights_shadows", {"shadows": lerp(a, 0, shadows), "highlights": lerp(a, 1, highlights)}),
    ]


def temperature(temperature=0.0, color_shift=0.0):
    return ("temperature", {"temperature": temperature, "tint": 0.0, "color_shift": color_shift, "intensity": 1.0})


LOOKS = {
    "cinematic": lambda a: grade(a, 1.2, 0.8) + [("exposure", {"exposure": 0.1 * a}), vignette(a, 0.3, 0.615, 0)],
    "vintage": lambda a: [("sepia", {"intensity": 0.8 * a})] + grade(a, 0.9, 0.7)
    + [("granularity", {"grain": 0.1 * a}), vignette(a, 0.2, 0.44, 0)],
    "vintage_film": lambda a: [("sepia", {"intensity": 0.8 * a})] + grade(a, 1.2, 0.8)
    + [("granularity", {"grain": 0.15 * a}), vignette(a, 0.3, 0.75, 0.6)],
    "film_simulation": lambda a: grade(a, 1.1, 1.05) + [("granularity", {"grain": 0.075 * a}),
                                                         vignette(a, 0.4, 0.9, 0.2)],
    "dreamy": lambda a: ([("gaussian_blur", {"sigma": 1.5 * a})] if 1.5 * a >= 0.1 else [])
    + [("saturation", {"saturation": lerp(a, 1, 1.1)}), ("exposure", {"exposure": 0.1 * a}),
       ("color_vector", {"vector": [0.02 * a, 0.01 * a, 0, 0], "intensity": 1.0}),
       ("channel_control", {"red": 0.05 * a, "green": 0.02 * a, "blue": 0.0, "alpha": 1.0, "blend": 1.0})],
    "cyberpunk": lambda a: grade(a, 1.8, 1.5) + [("sharpen", {"amount": a}),
                                                  temperature(-0.3 * a, 0.6 * a)],
    "color_grading": lambda a: grade(a, 1.2, 0.9) + [
        ("highlights_shadows", {"shadows": 0.55 * a, "highlights": lerp(a, 1, 0.4)})],
    "hdr_boost": lambda a: hdr(a, 1.5, 1.1, 0.8, 0.65, 0.3),
    "modern_hdr": lambda a: hdr(a, 1.8, 1.3, 1.2, 0.6, 0.35),
    "creative_atmosphere": lambda a: ([("gaussian_blur", {"sigma": 0.9 * a})] if 0.9 * a >= 0.1 else [])
    + [temperature(color_shift=0.2 * a), vignette(a, 0.3, 0.8, 0.6)],
    "bleach_bypass": lambda a: [("saturation", {"saturation": lerp(a, 1, 0.45)}),
                                ("contrast", {"contrast": lerp(a, 1, 1.4)}), ("exposure", {"exposure": -0.1 * a})],
    "teal_orange": lambda a: [("color_balance", {"shadows": [-0.3 * a, 0.05 * a, 0.25 * a], "midtones": [0, 0, 0],
                                                 "highlights": [0.25 * a, 0.05 * a, -0.2 * a],
                                                 "preserve_lightness": False})]
    + grade(a, 1.1, 1.1)[::-1],
    "noir": lambda a: [("saturation", {"saturation": lerp(a, 1, 0)}), ("contrast", {"contrast": lerp(a, 1, 1.5)}),
                       vignette(a, 0.35, 0.85, 0.25)],
    "beautiful": lambda a: ([("bilateral", {"sigma_space": 4.0, "sigma_color": 0.15 * a})] if 0.15 * a >= 0.01 else [])
    + [("exposure", {"exposure": 0.05 * a}), ("saturation", {"saturation": lerp(a, 1, 1.05)})],
}


def apply(steps, image, context):
    for name, values in steps:
        function = FILTERS[name]
        image = function(image, values, context) if function.__code__.co_argcount == 3 else function(image, values)
    return image


def register(name):
    FILTERS[name] = lambda image, v, context: apply(LOOKS[name](v["amount"]), image, context)


for look in LOOKS:
    register(look)
FILTERS["look"] = lambda image, v, context: apply(LOOKS[v["name"]](v["amount"]), image, context)
