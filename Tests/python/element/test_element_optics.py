"""The optics of Liquid Glass, read from pixels in headless Chromium (WebGL2 through SwiftShader):
lensing near the rim (its own suite: test_element_lens.py; the rim's two highlights:
test_element_rim.py), the lens off during a motion, the press (swell, glow, spring back on the
core's `.snappy`), necks that grow from nothing at the merge distance, and the solid tints of
Reduce Transparency / Increase Contrast.

Each test was watched failing once against a broken renderer: lensing with the displacement scale
set to 0 in glass-lens.js; the press with
`.tag.is-pressed { scale: 1.08 }` removed; the neck sweep with a fixed smoothing radius
k = 2 × mergeDistance in neck-geometry.js (the midline was 17 % covered at 95 % of the distance)."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from support.placement import settle, wait_placed


BLACK_PAGE = "<style>body { background: #000 !important; }</style>"


def shot(page, clip: dict) -> Image.Image:
    return Image.open(io.BytesIO(page.screenshot(clip=clip))).convert("RGB")


def tag_rect(page, tag_id: str) -> dict:
    return page.evaluate(
        """(id) => { const b = document.querySelector('glass-tag-cloud').shadowRoot.querySelector(`[data-tag-id="${id}"]`);
                     const r = b.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }""",
        tag_id,
    )


REST_MS = 500  # glass-lens.js (REST_MS, melt-view.js too): the layout rests after this long without a move


def mean_difference(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> float:
    left, top, right, bottom = box
    total = count = 0
    for x in range(left, right):
        for y in range(top, bottom):
            pa, pb = a.getpixel((x, y)), b.getpixel((x, y))
            total += sum(abs(u - v) for u, v in zip(pa, pb)) / 3
            count += 1
    return total / count


def test_lensing_bends_the_backdrop_near_the_rim_and_leaves_the_centre(element_page, static_server, page):
    stripes = "<style>body { background: repeating-linear-gradient(90deg, #000 0 24px, #fff 24px 48px) !important; }</style>"
    # The seed's glass (`appearance="dark"`): over these stripes the adaptive glass frosts for its
    # label, and what the lens bends would hardly show through (the lens is what is tested here).
    element_page(static_server.url, stripes + '<div style="width: 600px"><glass-tag-cloud appearance="dark">'
                 '<glass-tag value="a" tint="#202020">Lensing through the glass</glass-tag></glass-tag-cloud></div>')
    filters = page.evaluate(
        """() => [CSS.supports('backdrop-filter', 'url(#x)'),
                  getComputedStyle(document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.tag')).backdropFilter]""")
    # The lens is the whole glass but its saturation (glass-lens.js): no CSS blur before it.
    assert filters[0] is True and filters[1].startswith("url(") and "saturate(" in filters[1] and "blur(" not in filters[1], filters
    rect = tag_rect(page, "a")
    clip = {key: rect[key] for key in ("x", "y", "width", "height")}
    page.wait_for_timeout(700)  # the tint's first transition has ended
    lensed = shot(page, clip)
    page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag').forEach((b) => b.style.removeProperty('--lens'))")
    settle(page)
    page.wait_for_timeout(300)
    plain = shot(page, clip)
    h = lensed.height
    # Near the rim (the left and right caps, at mid height) the backdrop moved; in the middle not.
    rim = max(mean_difference(lensed, plain, (2, h // 2 - 4, 7, h // 2 + 4)),
              mean_difference(lensed, plain, (lensed.width - 7, h // 2 - 4, lensed.width - 2, h // 2 + 4)))
    centre_x = lensed.width // 2
    # The middle of the capsule (deeper than the lens band; the label is the same in both).
    centre = mean_difference(lensed, plain, (centre_x - 20, h // 2 - 3, centre_x + 20, h // 2 + 3))
    assert rim > 10, f"the backdrop near the rim moved by {rim:.1f} levels on average"
    assert centre < 3, f"the centre changed by {centre:.1f} levels"


def test_the_lens_waits_out_a_motion_and_is_back_at_rest(element_page, static_server, page):
    """The lens is drawn at rest (glass-lens.js): while a drag moves the capsules frame after frame
    their backdrop filter has no url(), and once the layout rests (REST_MS without a move) every
    capsule has it again and the rim bends the backdrop as before the drag, pixel for pixel
    (seen failing with the lens never put back)."""
    stripes = "<style>body { background: repeating-linear-gradient(90deg, #000 0 24px, #fff 24px 48px) !important; }</style>"
    tags = "".join(f'<glass-tag value="t{i}" tint="#202020">Lens {i} glass</glass-tag>' for i in range(8))
    element_page(static_server.url, stripes + f'<div id="box" style="width: 600px"><glass-tag-cloud appearance="dark">{tags}</glass-tag-cloud></div>')
    page.wait_for_timeout(700)  # the tint's first transition has ended
    rect = tag_rect(page, "t0")
    clip = {key: rect[key] for key in ("x", "y", "width", "height")}
    before = shot(page, clip)
    lensed = """() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag')]
                      .map((b) => getComputedStyle(b).backdropFilter.includes('url('))"""
    during = page.evaluate("""(lensed) => new Promise((resolve) => {
      const box = document.querySelector('#box'); const seen = []; let i = 0;
      const step = () => {
        box.style.width = (i < 20 ? 600 - 12 * i : 600 - 12 * (40 - i)) + 'px';
        seen.push(eval(lensed)().filter(Boolean).length);
        if (++i <= 40) requestAnimationFrame(step); else resolve(seen);
      };
      requestAnimationFrame(step);
    })""", lensed)
    assert 0 in during, f"the lens stayed on through the drag: {during}"
    page.wait_for_timeout(REST_MS + 350)
    settle(page)
    assert all(page.evaluate(lensed)), "the lens is back on every capsule at rest"
    after = shot(page, clip)
    h = before.height
    rim = mean_difference(before, after, (2, h // 2 - 4, 7, h // 2 + 4))
    assert rim < 3, f"the rim at rest differs from before the drag by {rim:.1f} levels"
    page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag').forEach((b) => b.style.removeProperty('--lens'))")
    settle(page)
    page.wait_for_timeout(300)
    plain = shot(page, clip)
    assert mean_difference(after, plain, (2, h // 2 - 4, 7, h // 2 + 4)) > 10, "the rest's rim is lensed"


LENSED = """() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag')]
              .filter((b) => getComputedStyle(b).backdropFilter.includes('url(')).length"""


def lensed_while_narrowed(page, start: int, step: int, frames: int) -> list[int]:
    """How many capsules have their lens at each of `frames` animation frames while #box is
    narrowed from `start` px by `step` px a frame (counted before each frame's narrowing)."""
    return page.evaluate("""([lensed, start, step, frames]) => new Promise((resolve) => {
      const box = document.querySelector('#box'); const seen = []; let i = 0;
      const next = () => {
        seen.push(eval(lensed)());
        box.style.width = (start - step * i) + 'px';
        if (++i <= frames) requestAnimationFrame(next); else resolve(seen);
      };
      requestAnimationFrame(next);
    })""", [LENSED, start, step, frames])


def test_a_motion_takes_the_lens_off_a_few_capsules_a_frame(element_page, static_server, page):
    """Taking the lens off is a restyle of each button, so a motion takes it off at most
    PAUSES_PER_FRAME capsules a frame (glass-lens.js), and off every capsule in sight within a few
    frames (seen failing with the budget removed: all 60 in one frame)."""
    tags = "".join(f'<glass-tag value="t{i}" tint="#202020">Lens {i}</glass-tag>' for i in range(60))
    element_page(static_server.url, f'<div id="box" style="width: 900px"><glass-tag-cloud>{tags}</glass-tag-cloud></div>')
    page.wait_for_timeout(REST_MS + 200)
    per_frame = page.evaluate("async () => (await import('/src/glass/glass-lens.js')).PAUSES_PER_FRAME")
    assert page.evaluate(LENSED) == 60
    during = lensed_while_narrowed(page, 900, 7, 16)
    steps = [a - b for a, b in zip(during, during[1:])]
    assert max(steps) <= per_frame, f"{max(steps)} lenses off in one frame (at most {per_frame}): {during}"
    assert during[-1] == 0, f"the lens is still on {during[-1]} capsules: {during}"
    assert sum(1 for step in steps if step > 0) >= 3, during


def test_a_resize_that_moves_no_capsule_is_a_motion_for_the_lens(element_page, static_server, page):
    """A container narrowed frame after frame is a motion from its second change on, before any
    row breaks (cloud-view.js `#resized`): the compositor draws every such frame anew, so the lens
    goes by the third frame and is back at rest (seen failing with `#resized` not called: the
    lens on through every frame, as no capsule moved)."""
    tags = "".join(f'<glass-tag value="t{i}" tint="#202020">Lens {i}</glass-tag>' for i in range(3))
    element_page(static_server.url, f'<div id="box" style="width: 900px"><glass-tag-cloud>{tags}</glass-tag-cloud></div>')
    page.wait_for_timeout(REST_MS + 200)
    origins = """() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag')]
                      .map((b) => { const r = b.getBoundingClientRect(); return [r.x, r.y]; })"""
    before = page.evaluate(origins)
    assert page.evaluate(LENSED) == 3
    during = lensed_while_narrowed(page, 900, 2, 12)
    assert page.evaluate(origins) == before, "a capsule moved: the drag must move none"
    assert during[-1] == 0 and during.index(0) <= 5, f"the lens stayed on through the resize: {during}"
    page.wait_for_timeout(REST_MS + 350)
    settle(page)
    assert page.evaluate(LENSED) == 3, "the lens is back at rest"


def test_lensing_is_feature_detected_plain_blur_elsewhere(element_page, static_server, page):
    # An engine without `backdrop-filter: url()` (Firefox, WebKit) as CSS.supports reports it.
    page.add_init_script(
        "const supports = CSS.supports.bind(CSS); CSS.supports = (p, v) => String(v ?? p).includes('url(') ? false : supports(p, v);")
    element_page(static_server.url, '<glass-tag-cloud><glass-tag value="a">Plain blur</glass-tag></glass-tag-cloud>')
    backdrop = page.evaluate(
        "() => getComputedStyle(document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.tag')).backdropFilter")
    assert "blur(" in backdrop and "url(" not in backdrop, backdrop
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.lens-defs')") is None


def test_press_swells_glows_where_pressed_and_springs_back_on_snappy(element_page, static_server, page):
    element_page(static_server.url, BLACK_PAGE + '<div style="padding: 20px"><glass-tag-cloud>'
                 '<glass-tag value="a" tint="#303030">Press and hold me</glass-tag><glass-tag value="b">Other</glass-tag></glass-tag-cloud></div>')
    snappy = page.evaluate(
        "async () => { const { loadTagCloudCore } = await import('/src/core/tagcloud-core.js'); return (await loadTagCloudCore()).motion('snappy'); }")
    timing = page.evaluate(
        """() => { const s = getComputedStyle(document.querySelector('glass-tag-cloud').shadowRoot.querySelector('[data-tag-id="a"]'));
                   const names = s.transitionProperty.split(', '); const i = names.indexOf('scale');
                   return [s.transitionDuration.split(', ')[i], s.transitionTimingFunction.split(/, (?=[a-z])/)[i]]; }""")
    assert float(timing[0].rstrip("s")) == pytest.approx(snappy["settle"], abs=1e-3)
    assert timing[1].startswith("linear(")
    for stop in snappy["easing"].removeprefix("linear(").rstrip(")").split(",")[1:]:
        assert stop.strip() in timing[1], (stop, timing[1])
    rest = tag_rect(page, "a")
    clip = {"x": rest["x"] - 10, "y": rest["y"] - 10, "width": rest["width"] + 20, "height": rest["height"] + 20}
    page.wait_for_timeout(700)  # the tint's first transition has ended
    before = shot(page, clip)
    press = (rest["x"] + rest["width"] * 0.25, rest["y"] + rest["height"] / 2)
    page.mouse.move(*press)
    page.mouse.down()
    page.wait_for_timeout(snappy["settle"] * 1000 + 250)
    swollen = tag_rect(page, "a")
    during = shot(page, clip)
    scale = swollen["width"] / rest["width"]
    assert 1.05 <= scale <= 1.10, f"swelled by {scale:.3f}"
    assert swollen["height"] / rest["height"] == pytest.approx(scale, abs=0.01)
    # The glow is where the finger is: the glass around the press point brightens, the far end
    # much less (mean levels over 12 × 5 px of glass between the capsule's top and its label,
    # before and during the press).
    def lift(x: float) -> float:
        top = int(rest["y"] + 5 - clip["y"])
        box = (int(x - clip["x"]) - 6, top, int(x - clip["x"]) + 6, top + 5)
        mean = lambda image: sum(sum(image.getpixel((u, v))) / 3 for u in range(box[0], box[2]) for v in range(box[1], box[3])) / 60  # noqa: E731
        return mean(during) - mean(before)
    glow_near, glow_far = lift(press[0]), lift(rest["x"] + rest["width"] * 0.8)
    assert glow_near > 20 and glow_near > glow_far + 12, (glow_near, glow_far)
    page.mouse.up()
    page.wait_for_timeout(snappy["settle"] * 1000 + 400)
    back = tag_rect(page, "a")
    assert abs(back["width"] - rest["width"]) <= 0.5 and abs(back["x"] - rest["x"]) <= 0.5


NO_WEBGL2 = ("const get = HTMLCanvasElement.prototype.getContext;"
             "HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {"
             " return kind === 'webgl2' ? null : get.call(this, kind, ...rest); };")


def neck_coverage(browser, static_server, gaps, renderer="webgl2") -> dict[float, float]:
    """Two capsules in a row on black, merge distance 10, their gap (the spacing) set to each of
    `gaps`: the share of the gap's midline column, over the capsules' height, that the glass
    covers, drawn by `renderer` ("webgl2", or "2d": WebGL2 refused, the Canvas 2D fallback)."""
    context = browser.new_context(viewport={"width": 800, "height": 300}, reduced_motion="reduce")
    try:
        page = context.new_page()
        if renderer == "2d":
            page.add_init_script(NO_WEBGL2)
        url = f"{static_server.url}__element__/neck.html"
        html = ("<!doctype html><meta charset=utf-8><script type='module' src='/src/element/glass-tag-cloud.js'></script>"
                "<body style='margin: 20px; background: #000'><glass-tag-cloud spacing='12' merge-distance='10'>"
                "<glass-tag value='a' tint='#0A84FF'>Liquid</glass-tag><glass-tag value='b' tint='#FF9F0A'>Glass</glass-tag>"
                "</glass-tag-cloud></body>")
        page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        page.goto(url)
        wait_placed(page)
        coverage = {}
        for gap in gaps:
            page.evaluate("(g) => { document.querySelector('glass-tag-cloud').spacing = g; }", gap)
            wait_placed(page)
            # Steps this close together are a motion, drawn at half resolution: measure at rest
            # (REST_MS of melt-view.js after the last move), the glass's full resolution.
            page.wait_for_timeout(REST_MS + 100)
            a, b = tag_rect(page, "a"), tag_rect(page, "b")
            assert b["x"] - (a["x"] + a["width"]) == pytest.approx(gap, abs=0.05)
            middle = a["x"] + a["width"] + gap / 2
            column = shot(page, {"x": int(middle), "y": a["y"], "width": 1, "height": a["height"]})
            covered = sum(1 for y in range(column.height) if max(column.getpixel((0, y))) > 24)
            coverage[gap] = covered / column.height
        glass = page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.cloud').dataset.glass")
        assert glass == renderer, f"drawn by {glass}, not {renderer}"
        return coverage
    finally:
        context.close()


def test_necks_grow_from_nothing_at_the_merge_distance(browser, static_server):
    """Two capsules in a row, their gap (the spacing) swept from 12 px to 0 with merge distance 10:
    the glass covering the gap's midline is 0 until the gap is below 10, then grows steadily,
    and is already there at gaps 8 and 7 (necks that appeared only at small gaps would pass the
    rest: seen to fail with the glass drawing the core's necks only below a gap of 4)."""
    coverage = neck_coverage(browser, static_server, (12, 10, 9.5, 9, 8.5, 8, 7, 6, 5, 4, 3, 2, 1, 0))
    assert coverage[12] == 0 and coverage[10] == 0, coverage
    assert coverage[8] > 0 and coverage[7] > 0, f"no neck at gaps 8 and 7: {coverage}"
    gaps = sorted(coverage, reverse=True)
    for wider, narrower in zip(gaps, gaps[1:]):
        assert coverage[narrower] >= coverage[wider] - 0.03, f"shrinks from {wider} to {narrower}: {coverage}"
        assert coverage[narrower] - coverage[wider] <= 0.2, f"jumps from {wider} to {narrower}: {coverage}"
    assert coverage[9.5] <= 0.1, coverage
    assert coverage[0] >= 0.6, coverage


def test_the_neck_has_the_same_shape_in_webgl2_and_canvas_2d(browser, static_server):
    """The neck's waist at each gap, drawn by WebGL2 and by the Canvas 2D fallback (neck-geometry.js
    `neckWaist`, one law for both): its share of the midline agrees within 0.08 at every gap, and
    both are nothing at the merge distance. Seen failing with the Canvas 2D waist growing as
    √(1 − gap / mergeDistance), as it did: 0.1–0.2 wider at gaps 9 to 6."""
    gaps = (10, 9.5, 9, 8, 7, 6, 4, 2, 0)
    webgl = neck_coverage(browser, static_server, gaps, "webgl2")
    canvas = neck_coverage(browser, static_server, gaps, "2d")
    differences = {gap: round(canvas[gap] - webgl[gap], 3) for gap in gaps}
    assert webgl[10] == 0 and canvas[10] == 0, (webgl, canvas)
    assert all(abs(d) <= 0.08 for d in differences.values()), f"WebGL2 {webgl}, Canvas 2D {canvas}: {differences}"
    assert canvas[2] > 0.4 and webgl[2] > 0.4, (webgl, canvas)


def test_moving_glass_is_drawn_at_half_resolution_and_at_full_resolution_at_rest(element_page, static_server, page):
    """While a drag moves melted capsules frame after frame the bands draw at half the screen's
    resolution (melt-view.js), and once the layout rests every shown band is drawn again at full
    resolution, its backing store as many px as it shows (seen failing with the redraw at rest
    removed: the band stays at half)."""
    tags = "".join(f'<glass-tag value="t{i}" tint="#0A84FF">Melt {i} glass</glass-tag>' for i in range(12))
    element_page(static_server.url, f'<div id="box" style="width: 600px"><glass-tag-cloud spacing="3">{tags}</glass-tag-cloud></div>')
    ratios = """() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.glass-band')]
                      .filter((c) => !c.hidden && !c.parentElement.hidden)
                      .map((c) => c.width / (c.getBoundingClientRect().width * devicePixelRatio))"""
    assert page.evaluate(ratios) and all(r >= 0.99 for r in page.evaluate(ratios)), page.evaluate(ratios)
    # The device px a band draws per px it shows (its backing store may be kept larger than
    # what it shows, webgl-band.js `#fit`: the shown part is its style size before its scale).
    drawn = """() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.glass-band')]
                      .filter((c) => !c.hidden && !c.parentElement.hidden)
                      .map((c) => parseFloat(c.style.width) / (c.getBoundingClientRect().width * devicePixelRatio))"""
    during = page.evaluate("""(ratios) => new Promise((resolve) => {
      const box = document.querySelector('#box'); const seen = []; let i = 0;
      const step = () => {
        box.style.width = (i < 20 ? 600 - 12 * i : 600 - 12 * (40 - i)) + 'px';
        seen.push(Math.min(...eval(ratios)()));
        if (++i <= 40) requestAnimationFrame(step); else resolve(seen);
      };
      requestAnimationFrame(step);
    })""", drawn)
    assert any(r < 0.6 for r in during), f"never at half resolution while moving: {during}"
    page.wait_for_timeout(REST_MS + 300)
    settle(page)
    at_rest = page.evaluate(ratios)
    assert at_rest and all(r >= 0.99 for r in at_rest), f"at rest: {at_rest}"


def test_reduced_transparency_and_more_contrast_give_solid_tints(element_page, static_server, page):
    for feature, value in (("prefers-reduced-transparency", "reduce"), ("prefers-contrast", "more")):
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setEmulatedMedia", {"features": [{"name": feature, "value": value}]})
        element_page(static_server.url, '<glass-tag-cloud><glass-tag value="a" tint="#0A84FF">One</glass-tag>'
                     '<glass-tag value="b" tint="#FF9F0A" selected>Two</glass-tag></glass-tag-cloud>')
        styles = page.evaluate(
            """() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag')].map((b) => {
                 const s = getComputedStyle(b); return [s.backdropFilter, s.backgroundColor]; })""")
        for backdrop, background in styles:
            assert backdrop == "none", (feature, backdrop)
            assert not ("/ 0." in background or background.startswith("rgba") or "color(srgb" in background and " / " in background), (feature, background)
        cdp.send("Emulation.setEmulatedMedia", {"features": []})
        cdp.detach()


def test_reduce_transparency_turned_on_in_an_open_page_draws_the_necks_solid(element_page, static_server, page):
    """Reduce Transparency turned on while the page is open: the capsules take the solid tint
    (styles.css) and the glass canvas draws their neck with the same solid amount, read again from
    the styles (the metrics' transparencyVersion, which the view compares). Over white, labels
    hidden: the middle of the neck between two melted blue capsules is within 12 levels of a
    capsule's middle. Seen failing with the view ignoring the version (the neck kept the glass's
    30 % of the tint over the solid base: 56 levels off in blue)."""
    element_page(static_server.url, "<style>body { background: #fff !important; } "
                 "glass-tag-cloud::part(label) { visibility: hidden; }</style>"
                 "<glass-tag-cloud spacing='3' style='width: 400px'><glass-tag value='a' tint='#0A84FF'>One</glass-tag>"
                 "<glass-tag value='b' tint='#0A84FF'>Two</glass-tag></glass-tag-cloud>")
    wait_placed(page)
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-transparency", "value": "reduce"}]})
        settle(page, 5)
        a, b = tag_rect(page, "a"), tag_rect(page, "b")
        image = shot(page, {"x": 0, "y": 0, "width": 500, "height": 200})
        middle = int(a["y"] + a["height"] / 2)
        neck = image.getpixel((int((a["x"] + a["width"] + b["x"]) / 2), middle))
        capsule = image.getpixel((int(a["x"] + a["width"] / 2), middle))
    finally:
        cdp.send("Emulation.setEmulatedMedia", {"features": []})
        cdp.detach()
    print(f"\nsolid: the neck {neck}, the capsule {capsule}")
    assert b["x"] - (a["x"] + a["width"]) < 10, "the capsules do not melt"
    assert max(abs(u - v) for u, v in zip(neck, capsule)) <= 12, f"the neck {neck} is not the capsule's solid tint {capsule}"


def test_forced_colors_draw_no_glass_canvas(element_page, static_server, page):
    page.emulate_media(forced_colors="active")
    element_page(static_server.url, '<glass-tag-cloud><glass-tag value="a" selected>One</glass-tag><glass-tag value="b">Two</glass-tag></glass-tag-cloud>')
    shown = page.evaluate(
        """() => { const root = document.querySelector('glass-tag-cloud').shadowRoot;
                   const clip = root.querySelector('.glass-layer');
                   return [clip ? getComputedStyle(clip).display : 'none',
                           [...root.querySelectorAll('.tag')].map((b) => getComputedStyle(b).backgroundColor)]; }""")
    assert shown[0] == "none"
    assert shown[1][0] != shown[1][1], "pressed and not pressed differ in system colours"
