"""<glass-tag-cloud> lays out exactly as the core does: at several container widths, after the
container alone is resized (no window resize), right to left, through a spacing change, and
with the Wasm module fetched once for every cloud on the page."""

from __future__ import annotations

import pytest

from element_helpers import TOLERANCE, assert_core_layout, capsules, tag_markup
from support.placement import settle, wait_placed
from support.touch_targets import TOGGLED_AT


@pytest.mark.parametrize("width", [200, 320, 390, 768, 1024])
def test_element_layout_equals_the_core_at_container_widths(element_page, static_server, page, width):
    element_page(static_server.url, f'<div id="box" style="width: {width}px"><glass-tag-cloud>{tag_markup()}</glass-tag-cloud></div>')
    shown = assert_core_layout(page, 16)  # the seed's GlassTagCloud default spacing
    assert shown["width"] == pytest.approx(width)
    rows = {round(item["y"], 3) for item in shown["items"]}
    if width <= 390:
        assert len(rows) > 1, "a narrow container wraps"


def test_element_relays_out_when_its_container_alone_resizes(element_page, static_server, page):
    element_page(static_server.url, f'<div id="box" style="width: 900px"><glass-tag-cloud spacing="18">{tag_markup()}</glass-tag-cloud></div>')
    viewport = page.viewport_size
    assert_core_layout(page, 18)
    for width in (333, 250.5, 640):
        page.evaluate("(w) => { document.querySelector('#box').style.width = w + 'px'; }", width)
        settle(page)
        after = assert_core_layout(page, 18)
        assert after["width"] == pytest.approx(width)
    assert page.viewport_size == viewport
    assert page.evaluate("() => innerWidth") == viewport["width"], "the window was not resized"


def test_element_right_to_left_mirrors_the_flow(element_page, static_server, page):
    markup = tag_markup()
    element_page(
        static_server.url,
        f'<div style="width: 420px"><glass-tag-cloud id="ltr">{markup}</glass-tag-cloud></div>'
        f'<div style="width: 420px" dir="rtl"><glass-tag-cloud id="rtl">{markup}</glass-tag-cloud></div>',
    )
    ltr = assert_core_layout(page, 16, "#ltr")
    rtl = assert_core_layout(page, 16, "#rtl", direction="rtl")
    width = rtl["width"]
    for a, b in zip(ltr["items"], rtl["items"]):
        assert abs(b["x"] - (width - a["x"] - a["w"])) <= TOLERANCE, (a, b)
        assert abs(b["y"] - a["y"]) <= TOLERANCE
    # The first tag sits at the right edge.
    first = rtl["items"][0]
    assert abs(first["x"] + first["w"] - width) <= TOLERANCE


def test_element_spacing_change_animates_on_the_spring_and_lands_on_the_core(element_page, static_server, page):
    element_page(static_server.url, f'<div style="width: 390px"><glass-tag-cloud spacing="18">{tag_markup()}</glass-tag-cloud></div>')
    page.evaluate("() => { document.querySelector('glass-tag-cloud').spacing = 3; }")
    page.wait_for_function("() => document.querySelector('glass-tag-cloud').matches(':state(animating)')", timeout=2000)
    middle = page.evaluate("() => Number(document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.cloud').dataset.spacing)")
    assert 3 <= middle <= 18
    wait_placed(page)
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.cloud').dataset.spacing") == "3"
    assert_core_layout(page, 3)


def test_element_reduce_motion_lands_spacing_at_once(browser, static_server):
    context = browser.new_context(viewport={"width": 800, "height": 600}, reduced_motion="reduce")
    try:
        page = context.new_page()
        url = f"{static_server.url}__element__/reduced.html"
        html = ("<!doctype html><script type='module' src='/src/element/glass-tag-cloud.js'></script>"
                f"<div style='width: 390px'><glass-tag-cloud spacing='18'>{tag_markup()}</glass-tag-cloud></div>")
        page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        page.goto(url)
        wait_placed(page)
        animating = page.evaluate(
            """() => { const cloud = document.querySelector('glass-tag-cloud'); cloud.spacing = 3;
                       return cloud.matches(':state(animating)'); }""")
        assert animating is False
        assert_core_layout(page, 3)
        duration = page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.cloud').style.getPropertyValue('--tag-duration')")
        assert duration in ("", "0s")
    finally:
        context.close()


def test_element_two_clouds_fetch_the_wasm_module_once(element_page, static_server, page):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    element_page(
        static_server.url,
        f'<glass-tag-cloud id="a">{tag_markup()}</glass-tag-cloud>'
        f'<glass-tag-cloud id="b" spacing="3">{tag_markup(("Glass",))}</glass-tag-cloud>',
    )
    assert_core_layout(page, 16, "#a")
    assert_core_layout(page, 3, "#b")
    wasm = [url for url in requests if url.split("?")[0].endswith("/tagcloud.wasm")]
    assert len(wasm) == 1, wasm
    styles = [url for url in requests if url.split("?")[0].endswith("/src/element/styles.css")]
    assert len(styles) == 1, styles


def test_element_many_clouds_lay_out_in_one_frame_on_a_resize(element_page, static_server, page):
    clouds = "".join(f'<glass-tag-cloud id="c{i}">{tag_markup()}</glass-tag-cloud>' for i in range(12))
    element_page(static_server.url, f'<div id="box" style="width: 700px">{clouds}</div>')
    laid_out = page.evaluate(
        """() => new Promise((resolve) => {
          document.querySelector('#box').style.width = '360px';
          // Two frames: the ResizeObserver's notification, then the batched layout.
          requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve(
            [...document.querySelectorAll('glass-tag-cloud')].map((c) =>
              Math.max(...c.layout.items.map((i) => i.x + i.w)) <= 360 + 1e-6)))));
        })"""
    )
    assert all(laid_out), laid_out
    for i in (0, 11):
        assert_core_layout(page, 16, f"#c{i}")


def test_element_touch_targets_are_the_cores_touch_rects(element_page, static_server, page):
    """A click just inside the core's touch rect (3 px above and below the capsule, at least
    44 px tall) toggles the capsule's tag; one just outside it does not."""
    element_page(static_server.url, f'<glass-tag-cloud>{tag_markup()}</glass-tag-cloud>')
    probes = page.evaluate(
        """() => {"""
        + TOGGLED_AT
        + """
          const element = document.querySelector('glass-tag-cloud');
          const root = element.shadowRoot;
          const cloud = root.querySelector('[part~="cloud"]');
          const ids = [...root.querySelectorAll('button[data-tag-id]')].map((b) => b.dataset.tagId);
          const hit = (x, y) => ids[toggledAt(root, cloud, x, y)] ?? null;
          return element.layout.items.map((item) => {
            const [tx, ty, tw, th] = item.touch;
            const cx = tx + tw / 2;
            return { id: item.id, capsule: [item.y, item.h], touch: [ty, th],
                     top: hit(cx, ty + 0.5), bottom: hit(cx, ty + th - 0.5),
                     above: hit(cx, ty - 1.5), below: hit(cx, ty + th + 1.5) };
          });
        }"""
    )
    for probe in probes:
        (y, h), (ty, th) = probe["capsule"], probe["touch"]
        assert ty <= y - 3 and ty + th >= y + h + 3 and th >= 44, probe
        assert probe["top"] == probe["id"] and probe["bottom"] == probe["id"], probe
        assert probe["above"] != probe["id"] and probe["below"] != probe["id"], probe


def test_element_follows_the_browsers_text_size(element_page, static_server, page):
    """A larger root font (the web's Dynamic Type) is noticed by the rem probe: labels are
    measured again, paddings scale, and the layout is still the core's."""
    element_page(static_server.url, f'<div style="width: 500px"><glass-tag-cloud>{tag_markup()}</glass-tag-cloud></div>')
    before = capsules(page)["items"][0]
    page.evaluate("() => { document.documentElement.style.fontSize = '20px'; }")
    page.wait_for_function(
        "(h) => document.querySelector('glass-tag-cloud').layout.items[0].h > h + 1", arg=before["h"])
    settle(page)
    after = assert_core_layout(page, 16)["items"][0]
    # 20 px line (1.25rem) + 2 × 10 × 1.25 padding.
    assert abs(after["h"] - (25 + 25)) <= TOLERANCE, after
    assert after["w"] > before["w"] * 1.2


def test_element_redraws_nothing_when_a_resize_keeps_the_arrangement(element_page, static_server, page):
    """Dragging a container within one arrangement costs one core call per frame and no DOM
    work: the capsules, bridges and rims stay as they are."""
    element_page(static_server.url, f'<div id="box" style="width: 1200px"><glass-tag-cloud>{tag_markup()}</glass-tag-cloud></div>')
    page.evaluate(
        """() => {
          window.__mutations = 0;
          new MutationObserver((records) => { window.__mutations += records.length; })
            .observe(document.querySelector('glass-tag-cloud').shadowRoot, { subtree: true, childList: true, attributes: true });
        }""")
    single_row = capsules(page)
    assert len({item["y"] for item in single_row["items"]}) == 1
    right = max(item["x"] + item["w"] for item in single_row["items"])
    page.evaluate("(w) => { document.querySelector('#box').style.width = w + 'px'; }", right + 5)
    settle(page)
    assert page.evaluate("() => window.__mutations") == 0
    assert_core_layout(page, 16)
    page.evaluate("(w) => { document.querySelector('#box').style.width = w + 'px'; }", right - 5)
    settle(page)
    assert page.evaluate("() => window.__mutations") > 0
    assert_core_layout(page, 16)


def test_element_moved_to_another_container_lays_out_there(element_page, static_server, page):
    element_page(
        static_server.url,
        f'<div id="wide" style="width: 900px"><glass-tag-cloud>{tag_markup()}</glass-tag-cloud></div>'
        '<div id="narrow" style="width: 260px"></div>',
    )
    assert_core_layout(page, 16)
    page.evaluate("() => document.querySelector('#narrow').append(document.querySelector('glass-tag-cloud'))")
    settle(page)
    shown = assert_core_layout(page, 16)
    assert shown["width"] == 260
    assert max(item["x"] + item["w"] for item in shown["items"]) <= 260 + TOLERANCE
