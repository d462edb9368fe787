"""The contrast of a cloud's labels as drawn, read from two screenshots of the same page: one with
the labels shown and one with them hidden (`glass-tag-cloud::part(label) { visibility: hidden }`,
an adopted stylesheet: no attribute of the page changes). Within each capsule (3 px in from its
edge: no rim), the pixels that differ by more than INK_THRESHOLD in a channel are the ink; the
ratio of the ink's median relative luminance to the median luminance of the same pixels with the
label hidden is the contrast actually drawn (WCAG 2's (L1 + 0.05) / (L2 + 0.05)), whatever the
technique (/work/shared/notes/adaptive-liquid-glass.md, "Measuring it"). Shared by the element
suite (Chromium) and the engine suite (Chromium, WebKit, Firefox).

    shown, hidden = screenshots_with_and_without_labels(take_screenshot, evaluate)
    for label in label_contrasts(shown, hidden, rects):   # rects: (id, pressed, left, top, w, h)
        label.ratio, label.ink

The backgrounds: white, black, 50 % grey, fine stripes (1 px black, 1 px white), a gradient
(white, orange, indigo, black across the panel) and a photo (backdrop-photo.png, a same-origin
fixture: a bright sky and sun, a warm horizon, dark textured hills), as a panel's
`background-image` and as an <img> beneath a cloud that is not its ancestor.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from PIL import Image, ImageChops

WCAG_AA = 4.5
INK_THRESHOLD = 8  # of 255 in any channel: what differs beyond the screenshots' noise
MIN_INK = 30  # pixels: fewer means the label was not drawn (or not hidden)

# The seed's ten tints (web/index.html, the demo's tags), each once unselected and once selected.
TINTS = {
    "SwiftUI": "#0A84FF", "Animation": "#FF375F", "Layout": "#FF9F0A", "Glass": "#40C8E0",
    "Gestures": "#BF5AF2", "Symbols": "#30D158", "Charts": "#FF453A", "Navigation": "#5E5CE6",
    "Metal": "#66D4CF", "Widgets": "#FFD60A",
}

PHOTO = "/__fixtures__/backdrop-photo.png"
BACKGROUNDS = {
    "white": "background: #fff;",
    "black": "background: #000;",
    "grey": "background: rgb(128 128 128);",
    "stripes": "background: repeating-linear-gradient(90deg, #000 0 1px, #fff 1px 2px);",
    "gradient": "background: linear-gradient(to right, #fff, #ff9f0a 35%, #5856d6 70%, #000);",
    "photo": f"background: #777 url({PHOTO}) center / cover;",
}

HIDE_LABELS = """() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('glass-tag-cloud::part(label) { visibility: hidden; }');
  window.__hiddenLabels = sheet;
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}"""
SHOW_LABELS = """() => {
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== window.__hiddenLabels);
}"""


def cloud_tags() -> str:
    """Every tint unselected, then every tint selected (`<glass-tag>` children)."""
    rest = "".join(f'<glass-tag value="{name}" tint="{tint}">{name}</glass-tag>' for name, tint in TINTS.items())
    chosen = "".join(f'<glass-tag value="{name}-on" tint="{tint}" selected>{name}</glass-tag>'
                     for name, tint in TINTS.items())
    return rest + chosen


def luminance(pixel) -> float:
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = pixel[:3]
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


@dataclass(frozen=True)
class LabelContrast:
    id: str
    selected: bool
    ratio: float
    ink: int  # pixels
    ink_luminance: float
    glass_luminance: float

    def __str__(self) -> str:
        mark = "*" if self.selected else " "
        return f"{self.id:14}{mark} {self.ratio:5.2f}:1 (ink L {self.ink_luminance:.3f}, glass L {self.glass_luminance:.3f}, {self.ink} px)"


def pixels(image: Image.Image) -> list:
    return list(image.get_flattened_data() if hasattr(image, "get_flattened_data") else image.getdata())


def label_contrasts(shown: Image.Image, hidden: Image.Image, rects) -> list[LabelContrast]:
    """Each capsule's label contrast; `rects`: (id, selected, left, top, width, height) in the
    screenshots' pixels."""
    found = []
    for id_, selected, left, top, width, height in rects:
        box = (round(left) + 3, round(top) + 3, round(left + width) - 3, round(top + height) - 3)
        ink = [(p, q) for p, q in zip(pixels(shown.crop(box)), pixels(hidden.crop(box)))
               if max(abs(u - v) for u, v in zip(p[:3], q[:3])) > INK_THRESHOLD]
        if len(ink) < MIN_INK:
            found.append(LabelContrast(id_, selected, 0.0, len(ink), 0.0, 0.0))
            continue
        ink_l = statistics.median(luminance(p) for p, _ in ink)
        glass_l = statistics.median(luminance(q) for _, q in ink)
        found.append(LabelContrast(id_, selected, contrast(ink_l, glass_l), len(ink), ink_l, glass_l))
    return found


def screenshots_with_and_without_labels(screenshot, evaluate, settle, timeout: float = 15.0) -> tuple[Image.Image, Image.Image]:
    """The page with its labels, and without (an adopted stylesheet hides them, then shows them
    again). `screenshot()` → PIL image; `evaluate(js)`; `settle()` waits a few frames.

    Each is a shot the screen holds: taken again until two in a row are the same. An engine
    under load can put a frame on the screen a second or more after the page drew it, and can
    hand back a shot of nothing (both seen in Firefox during `make test`: every label's box the
    same in both shots; then a first shot all black, so every label read 0:1). The hidden one
    must also differ from the shown one: a shot of the hidden labels that is the shown one
    measures nothing. Fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    shown = held_screenshot(screenshot, settle, deadline)
    evaluate(HIDE_LABELS)
    while True:
        hidden = held_screenshot(screenshot, settle, deadline)
        if differs(shown, hidden):
            break
        if time.monotonic() > deadline:
            raise AssertionError(f"the labels, hidden, did not leave the screen in {timeout:.0f} s")
    evaluate(SHOW_LABELS)
    settle()
    return shown, hidden


def held_screenshot(screenshot, settle, deadline: float) -> Image.Image:
    """A shot the screen holds: two in a row the same (settle() between them)."""
    shot = screenshot()
    while True:
        settle()
        again = screenshot()
        if not differs(shot, again):
            return again
        if time.monotonic() > deadline:
            raise AssertionError("the page did not hold still on the screen: no two screenshots in a row were the same")
        shot = again


def changed_pixels(one: Image.Image, other: Image.Image) -> int:
    """Pixels that differ by more than INK_THRESHOLD in a channel."""
    red, green, blue = ImageChops.difference(one.convert("RGB"), other.convert("RGB")).split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return sum(most.point(lambda value: 255 if value > INK_THRESHOLD else 0).histogram()[255:])


# Pixels two shots of a page at rest may differ by: Firefox changes the 2 × 2 px at the bottom
# right corner of every screenshot (noise, seen here), which no label box reaches.
SCREEN_NOISE = 16


def differs(one: Image.Image, other: Image.Image) -> bool:
    return changed_pixels(one, other) > SCREEN_NOISE
