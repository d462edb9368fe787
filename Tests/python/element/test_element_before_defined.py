"""<glass-tag-cloud> before its module has defined it, with the package's before-defined.css
linked (web/src/element/before-defined.css; docs/ELEMENT.md, "Before the script loads"): its
<glass-tag> children are tidy pills, wrapped in order, readable on a white and a black page (the
text against the pill's own background measured from a screenshot, WCAG contrast at least
4.5:1), none overlapping; and when the element takes over, each capsule is laid out where its
pill was and the cloud keeps its height, so nothing on the page moves.

Broken once each to watch them fail: with the pills' light-dark() colours replaced by the old
placeholder's look (no background of its own, dark text) the black page's contrast fell below
1.2:1; with `flex: none` the long label ran out of its 120 px cloud on one line; with the typed
attr() gap removed, the 18 px cloud's capsules were laid out 2 px per gap away from their pills.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from support.placement import wait_placed

TAGS = [("SwiftUI", "#0A84FF", True), ("Animation", "#FF375F", False), ("Layout", "#FF9F0A", False),
        ("Glass", "#40C8E0", False), ("Gestures", "#BF5AF2", True), ("Symbols", "#30D158", False),
        ("Charts", "#FF453A", False), ("Navigation", "#5E5CE6", False), ("Metal", "#66D4CF", False),
        ("Widgets", "#FFD60A", False)]

PAGES = {
    "white": "html { background: #fff; }",
    "black": "html { background: #000; color: #fff; }",
    "black, color-scheme dark": "html { background: #000; color: #fff; color-scheme: dark; }",
}


def cloud_markup(spacing: str | None, tags=TAGS) -> str:
    tags = "".join(
        f'<glass-tag value="{title}" tint="{tint}"{" selected" if selected else ""}>{title}</glass-tag>'
        for title, tint, selected in tags)
    attribute = f' spacing="{spacing}"' if spacing else ""
    return f'<glass-tag-cloud id="cloud" aria-label="Interests"{attribute}>{tags}</glass-tag-cloud>'


def open_undefined(page, origin: str, *, page_css: str, spacing: str | None = "18", width: int = 360,
                   tags=TAGS) -> None:
    """A page with the cloud and before-defined.css, and no script: the element stays undefined
    until the test imports its module."""
    url = f"{origin}__before_defined__/page.html"
    css_url = f"{origin}__before_defined__/page.css"
    html = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>before defined</title>"
        "<link rel='stylesheet' href='/src/element/before-defined.css'>"
        "<link rel='stylesheet' href='page.css'></head>"
        f"<body><main>{cloud_markup(spacing, tags)}<p id='below'>Below the cloud</p></main></body></html>")
    css = f"{page_css} body {{ margin: 16px; font-family: sans-serif; }} main {{ width: {width}px; }}"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    page.route(css_url, lambda route: route.fulfill(status=200, content_type="text/css", body=css))
    page.goto(url)
    # The pills are revealed 0.4 s after the page (a fast load never shows them).
    page.wait_for_function(
        "() => [...document.querySelectorAll('glass-tag')].every((t) => getComputedStyle(t).visibility === 'visible')",
        timeout=5000)


PILLS = """() => [...document.querySelectorAll('#cloud > glass-tag')].map((tag) => {
  const r = tag.getBoundingClientRect();
  return { id: tag.getAttribute('value'), x: r.x, y: r.y, w: r.width, h: r.height };
})"""


def relative_luminance(rgb) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_contrast(image: Image.Image) -> float:
    """The pill's background is its most common colour; its text, the pixel farthest from it in
    luminance (a glyph's stem is covered fully at 15 px semibold)."""
    colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
    background = max(colours)[1]
    text = max((colour for _, colour in colours),
               key=lambda p: abs(relative_luminance(p) - relative_luminance(background)))
    return contrast(text, background)


@pytest.mark.parametrize("page_name", list(PAGES))
def test_the_pills_wrap_tidily_and_read_on_white_and_black(page, static_server, page_name):
    page.set_viewport_size({"width": 420, "height": 600})
    open_undefined(page, static_server.url, page_css=PAGES[page_name])
    assert page.evaluate("() => !customElements.get('glass-tag-cloud')")
    pills = page.evaluate(PILLS)
    cloud = page.evaluate("() => { const r = document.querySelector('#cloud').getBoundingClientRect(); "
                          "return { x: r.x, y: r.y, w: r.width, h: r.height }; }")
    # Wrapped in order within the cloud, one line each (the capsule's 40 px), none overlapping.
    rows = sorted({round(p["y"]) for p in pills})
    assert len(rows) >= 3, pills
    for pill in pills:
        assert abs(pill["h"] - 40) <= 0.5, pill
        assert pill["x"] >= cloud["x"] - 0.5 and pill["x"] + pill["w"] <= cloud["x"] + cloud["w"] + 0.5, (pill, cloud)
    order = sorted(pills, key=lambda p: (round(p["y"]), p["x"]))
    assert [p["id"] for p in order] == [title for title, _, _ in TAGS]
    for i, a in enumerate(pills):
        for b in pills[i + 1:]:
            apart = (a["x"] + a["w"] <= b["x"] + 0.5 or b["x"] + b["w"] <= a["x"] + 0.5
                     or a["y"] + a["h"] <= b["y"] + 0.5 or b["y"] + b["h"] <= a["y"] + 0.5)
            assert apart, (a, b)
    # Readable: every pill's text against its own background, selected ones (inverted) included.
    shot = Image.open(io.BytesIO(page.screenshot()))
    for pill in pills:
        # The straight middle of the pill, inside its ring (the round ends hold the ring).
        inner = shot.crop((round(pill["x"] + pill["h"] / 2), round(pill["y"]) + 3,
                           round(pill["x"] + pill["w"] - pill["h"] / 2), round(pill["y"] + pill["h"]) - 3))
        ratio = text_contrast(inner)
        assert ratio >= 4.5, f"{pill['id']} on the {page_name} page: contrast {ratio:.2f}:1"
    # Set off from the page: the pill's background is not the page's.
    page_colour = shot.getpixel((5, 5))[:3]
    first = pills[1]  # unselected
    pill_colour = shot.getpixel((round(first["x"] + first["w"] / 2), round(first["y"]) + 4))[:3]
    assert pill_colour != page_colour, (pill_colour, page_colour)


def test_a_label_wider_than_the_cloud_wraps_by_words_inside_its_pill(page, static_server):
    page.set_viewport_size({"width": 420, "height": 600})
    long = [("Swift Testing at scale", "#0A84FF", False), ("Glass", "#40C8E0", False)]
    open_undefined(page, static_server.url, page_css=PAGES["white"], width=120, tags=long)
    first, second = page.evaluate(PILLS)
    cloud = page.evaluate("() => document.querySelector('#cloud').getBoundingClientRect().width")
    assert first["w"] <= cloud + 0.5 and first["h"] >= 60, first  # two lines or more, inside the cloud
    assert abs(second["h"] - 40) <= 0.5 and second["y"] >= first["y"] + first["h"], (first, second)


@pytest.mark.parametrize("spacing", ["18", None])
def test_the_element_takes_over_where_the_pills_were(page, static_server, spacing):
    page.set_viewport_size({"width": 420, "height": 600})
    open_undefined(page, static_server.url, page_css=PAGES["white"], spacing=spacing)
    pills = page.evaluate(PILLS)
    below = page.evaluate("() => document.querySelector('#below').getBoundingClientRect().y")
    page.add_script_tag(url="/src/element/glass-tag-cloud.js", type="module")
    wait_placed(page, "#cloud", sources=("wasm",))
    capsules = page.evaluate("""() => [...document.querySelector('#cloud').shadowRoot
        .querySelectorAll('button[data-tag-id]')].map((button) => {
          const r = button.getBoundingClientRect();
          return { id: button.dataset.tagId, x: r.x, y: r.y, w: r.width, h: r.height };
        })""")
    assert [c["id"] for c in capsules] == [p["id"] for p in pills]
    for pill, capsule in zip(pills, capsules):
        for key in ("x", "y", "w", "h"):
            assert abs(pill[key] - capsule[key]) <= 1, (pill, capsule)
    assert page.evaluate("() => document.querySelector('#below').getBoundingClientRect().y") == pytest.approx(below, abs=0.5)
