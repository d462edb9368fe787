"""The rim's two highlights, read from pixels in headless Chromium (rim-light.js): bright where the
outline faces the top left, fainter where it faces the bottom right, fainter still between them
(where it faces the top right or the bottom left), for a lone capsule (its CSS rim) and a melted
group (the WebGL2 outline, or the capsules' CSS rims and the Canvas 2D necks), and no dark gap
along the top edge of a neck: the highlight runs on from one capsule to the next.

On a black page under black tints, so that the rim is all the light there is; the glass's top
light (styles.css: white 16 % fading out at 60 % of the height) adds to the upper points alike.

Seen to fail: with the fill light as bright as the key (`fill: 1` in rim-light.js, the CSS fill
shadow at 100 %) the bottom right matched the top left; with one even rim all round
(`rimStrength` 0.6 everywhere, the CSS rim a plain 1 px ring) no highlight stood out; with the
Canvas 2D necks' rim not drawn (`#drawNeckRim` removed) the neck's top edge had a dark gap (0);
with the WebGL2 necks' quads drawing no rim (`rim = 0` where `b.z > 0`) it had one too (16–25
against the dimmest rim's 37).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image
from support.rim_pixels import assert_two_highlights, highlights

BLACK_PAGE = "<style>body { background: #000 !important; }</style>"
NO_WEBGL2 = ("const get = HTMLCanvasElement.prototype.getContext;"
             "HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {"
             " return kind === 'webgl2' ? null : get.call(this, kind, ...rest); };")
MARGIN = 4

RECTS = """() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('button[data-tag-id]')]
  .map((b) => { const r = b.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; })"""

STATE = """async () => { const root = document.querySelector('glass-tag-cloud').shadowRoot; const cloud = root.querySelector('.cloud');
  const { drawnNecks } = await import('/src/glass/melt-view.js');
  return { glass: cloud.dataset.glass, necks: drawnNecks(cloud).length / 2, layerHidden: root.querySelector('.glass-layer').hidden,
           shadows: [...root.querySelectorAll('.tag')].map((b) => getComputedStyle(b).boxShadow) }; }"""


def open_rims(element_page, static_server, page, renderer: str, spacing: int, labels: list[str]):
    if renderer == "2d":
        page.add_init_script(NO_WEBGL2)
    tags = "".join(f'<glass-tag value="t{i}" tint="#000000">{label}</glass-tag>' for i, label in enumerate(labels))
    element_page(static_server.url, BLACK_PAGE + f'<glass-tag-cloud spacing="{spacing}">{tags}</glass-tag-cloud>')
    # The tint fades in from the default grey on first paint: measure the settled capsules.
    page.wait_for_function("() => document.querySelector('glass-tag-cloud').shadowRoot.getAnimations().length === 0")
    rects = page.evaluate(RECTS)
    first, last = rects[0], rects[-1]
    assert all(abs(r["y"] - first["y"]) < 0.5 for r in rects), f"one row: {rects}"
    left, top = first["x"] - MARGIN, first["y"] - MARGIN
    clip = {"x": left, "y": top, "width": last["x"] + last["w"] - first["x"] + 2 * MARGIN, "height": first["h"] + 2 * MARGIN}
    image = Image.open(io.BytesIO(page.screenshot(clip=clip))).convert("RGB")
    return page.evaluate(STATE), rects, image, (left, top)


@pytest.mark.parametrize("renderer", ["webgl2", "2d"])
def test_a_lone_capsule_has_two_highlights(element_page, static_server, page, renderer):
    """A capsule that melts with none draws its own rim in CSS, with WebGL2 too, and with nothing
    melted no glass canvas is shown (nothing to read back or composite)."""
    state, rects, image, origin = open_rims(element_page, static_server, page, renderer, 18, ["Specular highlight", "Alone"])
    assert state["glass"] == renderer and state["necks"] == 0 and state["layerHidden"] is True, state
    assert all(shadow.count("inset") == 3 for shadow in state["shadows"]), state["shadows"]
    assert_two_highlights(highlights(image, origin, rects[0], rects[0]))


@pytest.mark.parametrize("renderer", ["webgl2", "2d"])
def test_a_melted_group_has_two_highlights_and_no_gap_at_its_necks(element_page, static_server, page, renderer):
    """Three capsules in a row, melted (spacing 3 and 6 of a merge distance of 10): the group's
    first cap is lit at its top left, its last cap at its bottom right, and along the top edge
    of each neck every column holds rim."""
    for spacing in (3, 6):
        state, rects, image, origin = open_rims(element_page, static_server, page, renderer, spacing, ["Melted", "glass", "rim"])
        assert state["glass"] == renderer and state["necks"] == 2, state
        if renderer == "webgl2":
            assert state["layerHidden"] is False and all(s == "none" for s in state["shadows"]), state  # the canvas draws the rim
        rims = highlights(image, origin, rects[0], rects[-1])
        assert_two_highlights(rims)
        for a, b in zip(rects, rects[1:]):
            r = a["h"] / 2
            # The columns from the middle of one cap to the middle of the next: the brightest pixel
            # of each in the upper half (the caps' tops, the neck's upper edge). None is darker
            # than the rim where it is dimmest (between the lights, at the bottom left, where the
            # glass's top light adds nothing), 10 % allowed: a neck whose edge had no rim was 0
            # (Canvas 2D) and 16–25 (WebGL2) against 37.
            columns = range(int(a["x"] + a["w"] - r / 2 - origin[0]), int(b["x"] + r / 2 - origin[0]) + 1)
            tops = [max(max(image.getpixel((x, y))) for y in range(0, int(MARGIN + r))) for x in columns]
            assert min(tops) > 0.9 * rims["bottom left"], (
                f"spacing {spacing}: a dark gap along the neck's top edge: {tops} (the rim between the lights {rims['bottom left']})")
