"""One look everywhere: the demo's capsules have the same tint in Chromium, WebKit and Firefox,
and each engine paints the glass it says it supports (or the documented fallback).

The tint is sampled in a small patch of each capsule between its rounded end and its label
(engine_page.tint_box): glass and tint only. Why these tolerances:
- Engines agree within TINT_TOLERANCE = 16 of 255 per channel. Measured here on the ten demo
  capsules at 1280 × 720: at most 7 (WebKit's blur takes a little more of the page beyond the
  capsule's edge than Chromium's and Firefox's; Firefox and Chromium agree within 2). The faults
  this guards against move a capsule by 40 and more: WebKitGTK counting a tint twice when a
  tinted capsule lay over a separate glass layer (Layout rgb(168,115,128) against
  rgb(123,92,176)); a capsule still fading in from grey; the glass missing (the page unfiltered
  under the tint: Layout's blue 123 instead of 176).
- The page beside the capsules (no glass, no tint) agrees within BACKDROP_TOLERANCE = 4: the
  same gradient, only dithered differently; a larger difference would mean the screenshots are
  not comparable (another viewport, colour management) rather than the glass differing.

Each test asserts how many capsules it checked (all ten of the demo's): with engine_page.capsules
finding none (as a renamed part would), the glass check passed over nothing, and now fails.

Seen to fail: before the per-capsule glass (styles.css), WebKit's Layout differed from
Chromium's by 45; with `.cloud.is-placed .tag { backdrop-filter: none }` (no glass) the glass
check fails in every engine.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from engine_driver import ENGINES, EngineMissing
from engine_page import (
    backdrop_box,
    capsules,
    channel_distance,
    hex_rgb,
    mean_rgb,
    over,
    saturate,
    tint_box,
)
from support.placement import wait_placed

TINT_TOLERANCE = 16
BACKDROP_TOLERANCE = 4
MODEL_TOLERANCE = 12  # the glass model (tint over saturate(1.8) of the page) vs the pixels
HIGHLIGHT_AT_PATCH = 0.16 * (1 - 20 / 24)  # styles.css's top light, at the patch's centre line
TINTS = {
    "SwiftUI": "#0A84FF", "Animation": "#FF375F", "Layout": "#FF9F0A", "Glass": "#40C8E0",
    "Gestures": "#BF5AF2", "Symbols": "#30D158", "Charts": "#FF453A", "Navigation": "#5E5CE6",
    "Metal": "#66D4CF", "Widgets": "#FFD60A",
}


def sample_demo(engine, url: str, screenshots) -> dict:
    """Each capsule's tint patch and the page beside it, in this engine's screenshot."""
    engine.set_viewport(1280, 720)
    engine.open(url)
    engine.move_to(640, 700)  # no hover highlight
    wait_placed(engine)
    image = engine.screenshot()
    image.save(screenshots / f"look-{engine.name}.png")
    _, shown = capsules(engine)
    # Every demo capsule is sampled, in order: checks over no capsule at all would pass.
    assert [c.id for c in shown] == list(TINTS), f"{engine.name}: capsules {[c.id for c in shown]}"
    return {
        "image": image,
        "capsules": shown,
        "tint": {c.id: mean_rgb(image, tint_box(c)) for c in shown},
        "backdrop": {c.id: mean_rgb(image, backdrop_box(c)) for c in shown},
        "pressed": {c.id: c.pressed for c in shown},
        "tone": dict(zip([c.id for c in shown], engine.evaluate(TONES))),
    }


# Each capsule's adaptive tone (view/tag-appearance.js): its tint at another tone, and the frost
# or dimming under the tint, as [r, g, b, alpha] (0…255) or null.
TONES = r"""() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('button[data-tag-id]')]
  .map((b) => {
    const read = (name) => {
      const m = /rgb\((\d+) (\d+) (\d+)(?: \/ ([\d.]+))?\)/.exec(b.style.getPropertyValue(name));
      return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : null;
    };
    return { tint: read('--tone-tint'), under: read('--tone-under') };
  })"""


def glass_model(sample, tag: str):
    """The glass the styles draw for `tag`: its tint (at its tone) at 30 % (85 % when selected)
    over the frost or dimming of its tone over saturate(1.8) of the page, and the top light."""
    alpha = 0.85 if sample["pressed"][tag] else 0.3
    tone = sample["tone"][tag]
    tint = tuple(tone["tint"][:3]) if tone["tint"] else hex_rgb(TINTS[tag])
    page = saturate(sample["backdrop"][tag], 1.8)
    if tone["under"]:
        page = over(tone["under"][:3], tone["under"][3], page)
    return over((255, 255, 255), HIGHLIGHT_AT_PATCH, over(tint, alpha, page))


def rounded(rgb) -> tuple[int, ...]:
    return tuple(round(v) for v in rgb)


def test_the_capsules_have_the_same_tint_in_every_engine(engine_pool, static_server, screenshots):
    samples = {}
    for name in ENGINES:
        try:
            samples[name] = sample_demo(engine_pool.get(name), static_server.url, screenshots)
        except EngineMissing as missing:
            pytest.fail(f"{name}: {missing}", pytrace=False)
    # For a person: the capsule rows of the three engines, one above the other.
    rows = [s["image"].crop((0, 80, 1280, 154)) for s in samples.values()]
    strip = Image.new("RGB", (1280, 74 * len(rows)))
    for i, row in enumerate(rows):
        strip.paste(row, (0, 74 * i))
    strip.save(screenshots / "look-chromium-webkit-firefox.png")

    reference = samples["chromium"]
    compared = 0
    report = []
    for name, sample in samples.items():
        for tag, tint in sample["tint"].items():
            report.append(f"{name:8} {tag:10} tint {rounded(tint)} page {rounded(sample['backdrop'][tag])}")
    report = "\n".join(report)
    for name in ("webkit", "firefox"):
        sample = samples[name]
        assert list(sample["tint"]) == list(reference["tint"]), name
        for tag in reference["tint"]:
            backdrop = channel_distance(sample["backdrop"][tag], reference["backdrop"][tag])
            assert backdrop <= BACKDROP_TOLERANCE, f"{name}: the page beside {tag} differs by {backdrop}\n{report}"
            tint = channel_distance(sample["tint"][tag], reference["tint"][tag])
            assert tint <= TINT_TOLERANCE, f"{name}: {tag}'s tint differs from Chromium's by {tint:.0f}\n{report}"
            compared += 1
    assert compared == 2 * len(TINTS), f"{compared} capsules compared with Chromium's, not 2 × {len(TINTS)}"


# The engines as Debian ships them here (chromium 156, WebKitGTK 2.50, firefox-esr 153):
# what each says it supports (CSS.supports, matchMedia, getContext), what a page can draw with
# an SVG filter and read back, and what it paints. docs/WEB.md, "Engines", is this table in
# prose; a new engine version that changes a row fails here, so the docs and the fallbacks
# (glass-lens.js's `lensSupported`) get looked at again.
# The two drawn-and-read-back probes are the ways a page could detect the lens by drawing it,
# and neither tells: a canvas draws `ctx.filter = "url(#f)"` in Firefox too (svgFilterInCanvas),
# which paints nothing for a backdrop url(); and in an SVG image (a foreignObject drawn into a
# canvas) no engine paints any backdrop-filter, not even invert(1) (backdropFilterInSvgImage).
# Composited pixels cannot be read by script at all.
EXPECTED_FEATURES = {
    "chromium": {"backdropFilter": True, "backdropFilterUrlClaimed": True, "webkitBackdropFilterUrlClaimed": False,
                 "webgl2": True, "linearEasing": True, "forcedColorsQuery": True, "reducedTransparencyQuery": True,
                 "customStateSelector": True, "svgFilterInCanvas": True, "backdropFilterInSvgImage": False},
    "webkit": {"backdropFilter": True, "backdropFilterUrlClaimed": True, "webkitBackdropFilterUrlClaimed": True,
               "webgl2": True, "linearEasing": True, "forcedColorsQuery": True, "reducedTransparencyQuery": False,
               "customStateSelector": True, "svgFilterInCanvas": False, "backdropFilterInSvgImage": False},
    "firefox": {"backdropFilter": True, "backdropFilterUrlClaimed": True, "webkitBackdropFilterUrlClaimed": False,
                "webgl2": True, "linearEasing": True, "forcedColorsQuery": True, "reducedTransparencyQuery": False,
                "customStateSelector": True, "svgFilterInCanvas": True, "backdropFilterInSvgImage": False},
}
EXPECTED_PAINTED = {
    "chromium": {"backdropFilter": True, "backdropFilterUrl": True},
    "webkit": {"backdropFilter": True, "backdropFilterUrl": False},
    "firefox": {"backdropFilter": True, "backdropFilterUrl": False},
}

FEATURES = """async () => {
  const supports = (property, value) => CSS.supports(property, value) || CSS.supports('-webkit-' + property, value);
  const canvas = document.createElement('canvas');
  let state = true;
  try { document.querySelector(':state(probe)'); } catch { state = false; }
  const invert = '<feColorMatrix type="matrix" values="-1 0 0 0 1  0 -1 0 0 1  0 0 -1 0 1  0 0 0 1 0"/>';
  // An SVG filter (invert) on a canvas 2D fill of rgb(200, 40, 40), read back.
  const defs = document.createElement('div');
  defs.innerHTML = `<svg width="0" height="0" style="position:absolute"><filter id="engines-canvas-invert"
    color-interpolation-filters="sRGB">${invert}</filter></svg>`;
  document.body.append(defs);
  const drawn = document.createElement('canvas').getContext('2d');
  drawn.filter = 'url(#engines-canvas-invert)';
  drawn.fillStyle = 'rgb(200, 40, 40)';
  drawn.fillRect(0, 0, 4, 4);
  const filtered = drawn.getImageData(1, 1, 1, 1).data;
  defs.remove();
  // backdrop-filter over rgb(200, 40, 40) in an SVG image's foreignObject, drawn into a canvas
  // and read back: invert(1), and url() of an invert in the same image; painted if inverted.
  const inImage = async (filter) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><filter id="i"
      color-interpolation-filters="sRGB">${invert}</filter><foreignObject width="20" height="10"><div
      xmlns="http://www.w3.org/1999/xhtml" style="width:20px;height:10px;background:rgb(200,40,40)"><div
      style="width:10px;height:10px;backdrop-filter:${filter};-webkit-backdrop-filter:${filter}"></div></div></foreignObject></svg>`;
    const image = new Image();
    image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
    await image.decode();
    const context = document.createElement('canvas').getContext('2d');
    context.drawImage(image, 0, 0);
    try { return context.getImageData(5, 5, 1, 1).data[0] < 128; } catch { return false; }  // a tainted canvas tells nothing
  };
  return {
    svgFilterInCanvas: filtered[0] < 128,
    backdropFilterInSvgImage: (await inImage('invert(1)')) || (await inImage('url(#i)')),
    backdropFilter: supports('backdrop-filter', 'blur(2px) saturate(180%)'),
    backdropFilterUrlClaimed: CSS.supports('backdrop-filter', 'url(#lens)'),
    webkitBackdropFilterUrlClaimed: CSS.supports('-webkit-backdrop-filter', 'url(#lens)'),
    webgl2: Boolean(canvas.getContext('webgl2')),
    linearEasing: CSS.supports('transition-timing-function', 'linear(0, 0.6 40%, 1)'),
    forcedColorsQuery: matchMedia('(forced-colors: none)').matches || matchMedia('(forced-colors: active)').matches,
    reducedTransparencyQuery: matchMedia('(prefers-reduced-transparency: no-preference)').matches
      || matchMedia('(prefers-reduced-transparency: reduce)').matches,
    customStateSelector: state,
  };
}"""

# Two 100 × 40 probes over a flat colour: one saturates its backdrop, one inverts it through an
# SVG filter referenced by url().
PROBES = """() => {
  const box = document.createElement('div');
  box.dataset.optics = '';
  box.style.cssText = 'position:fixed;left:0;top:0;width:260px;height:60px;background:rgb(71,69,173);z-index:2147483646';
  box.innerHTML = `<svg width="0" height="0" style="position:absolute"><filter id="engines-invert"
      color-interpolation-filters="sRGB"><feColorMatrix type="matrix"
      values="-1 0 0 0 1  0 -1 0 0 1  0 0 -1 0 1  0 0 0 1 0"/></filter></svg>
    <div style="position:absolute;left:10px;top:10px;width:100px;height:40px;
      -webkit-backdrop-filter:saturate(1.8);backdrop-filter:saturate(1.8)"></div>
    <div style="position:absolute;left:140px;top:10px;width:100px;height:40px;
      -webkit-backdrop-filter:url(#engines-invert);backdrop-filter:url(#engines-invert)"></div>`;
  document.body.append(box);
}"""


def test_each_engine_paints_the_glass_it_claims(engine, static_server, screenshots):
    """What the engine says it supports is pinned (EXPECTED_FEATURES), and what it paints is
    measured: a saturate(1.8) backdrop and an SVG filter through `backdrop-filter: url()`.
    WebKit and Firefox both say yes to `CSS.supports('backdrop-filter', 'url(#f)')` and paint
    nothing for it (the whole backdrop-filter is dropped): a page must not take that answer as
    lensing, nor what it can draw with an SVG filter and read back (EXPECTED_FEATURES's probes:
    Firefox draws one in a canvas)."""
    engine.open(static_server.url)
    wait_placed(engine)
    assert engine.evaluate(FEATURES) == EXPECTED_FEATURES[engine.name], engine.name
    engine.evaluate(PROBES)
    engine.frames(3)
    image = engine.screenshot()
    engine.evaluate("() => document.querySelector('[data-optics]').remove()")
    image.crop((0, 0, 260, 60)).save(screenshots / f"optics-probes-{engine.name}.png")
    page = (71, 69, 173)
    saturated, inverted = mean_rgb(image, (40, 20, 80, 40)), mean_rgb(image, (170, 20, 210, 40))
    painted = {
        "backdropFilter": channel_distance(saturated, saturate(page, 1.8)) <= 4,
        "backdropFilterUrl": channel_distance(inverted, (255 - 71, 255 - 69, 255 - 173)) <= 4,
    }
    for key, value in painted.items():
        if not value:
            probe = saturated if key == "backdropFilter" else inverted
            assert channel_distance(probe, page) <= 2, f"{engine.name}: {key} neither painted nor absent: {probe}"
    assert painted == EXPECTED_PAINTED[engine.name], f"{engine.name}: painted {painted} (saturate {saturated}, url {inverted})"


def test_the_glass_is_the_tint_over_the_saturated_page(engine, static_server, screenshots):
    """Where backdrop-filter is painted (every engine here), each capsule is its tint (30 %, 85 %
    when selected; at its adaptive tone) over its tone's frost or dimming over saturate(1.8) of
    the page behind it, within MODEL_TOLERANCE (the blur's edge takes in a little of the page
    beyond the capsule)."""
    sample = sample_demo(engine, static_server.url, screenshots)
    checked = 0
    for tag, seen in sample["tint"].items():
        alpha = 0.85 if sample["pressed"][tag] else 0.3
        # The light along the top (white 16 % fading out at 60 % of the height) at the patch.
        expected = glass_model(sample, tag)
        unfiltered = over(hex_rgb(TINTS[tag]), alpha, sample["backdrop"][tag])
        assert channel_distance(seen, expected) <= MODEL_TOLERANCE, (
            f"{engine.name}: {tag} is {rounded(seen)}, the glass model says {rounded(expected)} "
            f"(without the glass it would be {rounded(unfiltered)})"
        )
        checked += 1
    assert checked == len(TINTS), f"{engine.name}: {checked} capsules checked, the demo has {len(TINTS)}"


def test_webkit_screenshots_are_what_the_screen_shows(engine_pool, static_server):
    """WebKit's WebDriver screenshot is painted apart from the window; here it is the X screen's
    pixels exactly (unlike Firefox's, which leaves backdrop-filter out: FirefoxEngine), so the
    WebKit checks above judge what a user sees."""
    try:
        webkit = engine_pool.get("webkit")
    except EngineMissing as missing:
        pytest.fail(f"webkit: {missing}", pytrace=False)
    webkit.set_viewport(1280, 720)
    webkit.open(static_server.url)
    webkit.move_to(640, 700)
    wait_placed(webkit)
    for _ in range(5):
        # A frame may land between two reads (a caret, a canvas redraw): compare a screenshot
        # taken between two equal reads of the screen.
        before, shot, after = webkit.screen_grab(), webkit.screenshot(), webkit.screen_grab()
        if before.tobytes() == after.tobytes():
            break
    assert before.tobytes() == after.tobytes(), "the screen never held still"
    assert shot.size == before.size == (1280, 720)
    assert ImageChops.difference(shot, before).getbbox() is None, "WebDriver's screenshot differs from the screen"
