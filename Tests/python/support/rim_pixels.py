"""The rim's two highlights read from a screenshot (web/src/glass/rim-light.js), shared by the
element suite (test_element_rim.py: Chromium, both glass backends) and the engine suite
(test_engine_rim.py: WebKit and Firefox): the rim just inside a capsule's round caps where the
outline faces the top left, the bottom right, and the two directions between them.

    rims = highlights(image, (left, top), first, last)   # capsule rects in page px, image from (left, top)
    assert_two_highlights(rims)
"""

from __future__ import annotations

import math

from PIL import Image

INSET = 1.2  # px inside the outline where the rim is read
DIAGONAL = math.sqrt(0.5)


def brightness(image: Image.Image, x: float, y: float, radius: int = 1) -> int:
    """The brightest channel in a (2 radius + 1)² square around (x, y)."""
    best = 0
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            px = min(max(int(x) + dx, 0), image.width - 1)
            py = min(max(int(y) + dy, 0), image.height - 1)
            best = max(best, max(image.getpixel((px, py))[:3]))
    return best


def rim_at(image: Image.Image, origin: tuple[float, float], capsule: dict, end: str, normal: tuple[float, float]) -> int:
    """The rim of `capsule`'s `end` cap ("left" or "right") where its outward normal is `normal`;
    `capsule` has x, y, w, h in page px and the image starts at `origin`."""
    r = capsule["h"] / 2
    cx = capsule["x"] + (r if end == "left" else capsule["w"] - r) - origin[0]
    cy = capsule["y"] + r - origin[1]
    return brightness(image, cx + normal[0] * (r - INSET), cy + normal[1] * (r - INSET))


def highlights(image: Image.Image, origin: tuple[float, float], first: dict, last: dict) -> dict:
    """The rim facing the top left (first capsule's left cap), the bottom right (last capsule's
    right cap), and between them: the top right (last) and the bottom left (first)."""
    return {
        "top left": rim_at(image, origin, first, "left", (-DIAGONAL, -DIAGONAL)),
        "bottom right": rim_at(image, origin, last, "right", (DIAGONAL, DIAGONAL)),
        "top right": rim_at(image, origin, last, "right", (DIAGONAL, -DIAGONAL)),
        "bottom left": rim_at(image, origin, first, "left", (-DIAGONAL, DIAGONAL)),
    }


def assert_two_highlights(rims: dict, what: str = "") -> None:
    """On a black page under black tints: the top left bright and brighter than the bottom right
    by 40 levels, the bottom right brighter than the rim between the lights by 15, which is
    still drawn. (The glass's top light adds to the top left and the top right alike.)"""
    between = max(rims["top right"], rims["bottom left"])
    assert rims["top left"] > 150, f"{what}the top-left highlight is bright: {rims}"
    assert rims["top left"] > rims["bottom right"] + 40, f"{what}the top left is brighter than the bottom right: {rims}"
    assert rims["bottom right"] > between + 15, f"{what}the bottom right is brighter than the rim between the lights: {rims}"
    assert between > 20, f"{what}the rim between the lights is still drawn: {rims}"
