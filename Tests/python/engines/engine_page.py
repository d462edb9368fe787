"""What the engine suites read from a page with a tag cloud, through its public surface only, in
any engine (`engine_driver.Engine`): the capsules' rects, pressed states and focus, the element's
properties, the core the page ships (web/src/core/tagcloud-core.js, asked in the same page), the native
`tagcloud layout`, and the pixels of a screenshot.

A cloud is either a `<glass-tag-cloud>` (its open shadow root: `[part~=cloud]` and its
`button[data-tag-id]`s) or the demo's plain `[data-tag-cloud]` container, so the same checks
read the demo page whichever way it is built, and the element's example page.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass

from PIL import Image

from engine_driver import PageScriptError
from support import demo_page
from support.harness import tagcloud_binary

TOLERANCE = 0.5  # px: "equals the core's layout", as the Chromium suites
LOOSE = 18.0
MERGE_DISTANCE = 10.0

# The cloud (host element or plain container) for a CSS selector, or the page's first one.
FIND_CLOUD = """
  const findCloud = (selector) => {
    const host = selector ? document.querySelector(selector) : document.querySelector('glass-tag-cloud');
    if (host && host.shadowRoot) {
      const root = host.shadowRoot;
      return { host, root, cloud: root.querySelector('[part~="cloud"]'),
               buttons: [...root.querySelectorAll('button[data-tag-id]')] };
    }
    const cloud = host ?? document.querySelector('[data-tag-cloud]');
    return { host: null, root: document, cloud, buttons: [...cloud.querySelectorAll('button[data-tag-id]')] };
  };
"""


def page_function(params: str, body: str) -> str:
    """A JS function expression with the cloud finder in scope."""
    return f"async ({params}) => {{ {FIND_CLOUD} {body} }}"


@dataclass(frozen=True)
class Capsule(demo_page.Capsule):
    """The browser suite's capsule (id, rect in the cloud, pressed) and what the engine suites
    also read: its label's width, and where it is in the viewport (for clicks and pixels), and
    the width a removable tag's remove control adds (1.25rem, else 0)."""

    label_w: float
    left: float
    top: float
    control_w: float = 0.0


def capsules(engine, selector: str | None = None) -> tuple[float, list[Capsule]]:
    """The cloud's width and every capsule's rect relative to the cloud, its label's width and
    its pressed state."""
    width, items = engine.evaluate(
        page_function(
            "selector",
            """
            const { cloud, buttons } = findCloud(selector);
            const origin = cloud.getBoundingClientRect();
            return [origin.width, buttons.map((b) => {
              const r = b.getBoundingClientRect();
              const label = (b.querySelector('.tag-label') ?? b).getBoundingClientRect();
              return { id: b.dataset.tagId, x: r.x - origin.x, y: r.y - origin.y, w: r.width, h: r.height,
                       pressed: b.getAttribute('aria-pressed') === 'true', label_w: label.width,
                       left: r.x, top: r.y,
                       control_w: b.classList.contains('is-removable')
                         ? 1.25 * parseFloat(getComputedStyle(document.documentElement).fontSize) : 0 };
            })];
            """,
        ),
        selector,
    )
    return width, [Capsule(**item) for item in items]


def layout_request(width: float, shown: list[Capsule], spacing: float) -> dict:
    return {
        "width": width,
        "spacing": spacing,
        "mergeDistance": MERGE_DISTANCE,
        "tags": [{"id": c.id, "size": [c.w, c.h]} for c in shown],
    }


def wasm_layout(engine, request: dict) -> dict | None:
    """The Wasm core's answer, computed in the engine's own page (its own copy of the module);
    None only in Firefox on a page whose CSP refuses eval, where the test's code cannot run in
    the page's realm and so cannot use the core module (engine_driver.FirefoxEngine.evaluate)."""
    try:
        return engine.evaluate(
            """async (request) => {
                 const { loadTagCloudCore } = await import('/src/core/tagcloud-core.js');
                 const core = await loadTagCloudCore(new URL('/tagcloud.wasm?engines', location.href));
                 return core.layout(request);
               }""",
            request,
        )
    except PageScriptError:
        if getattr(engine, "csp_refuses_eval", False):
            return None
        raise


def native_layout(request: dict) -> dict:
    """The native core's answer: `tagcloud layout` (TAGCLOUD_BIN, or the debug build)."""
    done = subprocess.run(
        [str(tagcloud_binary()), "layout"], input=json.dumps(request), capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, f"tagcloud layout failed ({done.returncode}): {done.stderr}"
    return json.loads(done.stdout)


def assert_layout_is_the_core(engine, spacing: float = LOOSE, selector: str | None = None) -> list[Capsule]:
    """Every capsule sits where the core puts it for the sizes on screen at the cloud's width:
    the Wasm core asked in the same page and the native `tagcloud layout` (they must agree; in
    Firefox on a page whose CSP refuses eval, the native one alone), and
    each capsule is its label plus the seed's 16 px paddings (and a removable tag's control) wide,
    20 + 20 px tall."""
    width, shown = capsules(engine, selector)
    assert shown, f"{engine.name}: no capsules"
    request = layout_request(width, shown, spacing)
    native = native_layout(request)
    wasm = wasm_layout(engine, request) or native  # Firefox under a strict CSP: the native core alone
    assert [i["id"] for i in wasm["items"]] == [c.id for c in shown]
    for capsule, item, other in zip(shown, wasm["items"], native["items"]):
        for key in ("x", "y"):
            assert abs(getattr(capsule, key) - item[key]) <= TOLERANCE, (
                f"{engine.name}: {capsule.id}.{key} = {getattr(capsule, key)} on screen, {item[key]} from the "
                f"Wasm core (cloud width {width}, spacing {spacing})"
            )
            assert abs(item[key] - other[key]) <= 1e-9, f"{engine.name}: Wasm and native cores differ: {item} {other}"
        assert abs(capsule.w - (capsule.label_w + 32 + capsule.control_w)) <= TOLERANCE, (
            f"{engine.name}: {capsule} is not label + 2 × 16 (+ its remove control)")
        assert abs(capsule.h - 40) <= TOLERANCE, f"{engine.name}: {capsule} is not 20 + 2 × 10 tall"
    return shown


def focused_id(engine, selector: str | None = None) -> str | None:
    return engine.evaluate(
        page_function(
            "selector",
            """
            const { host } = findCloud(selector);
            const active = host ? (document.activeElement === host ? host.shadowRoot.activeElement : null)
                                : document.activeElement;
            return active?.dataset?.tagId ?? null;
            """,
        ),
        selector,
    )


def navigate_expected(engine, width: float, shown: list[Capsule], spacing: float, index: int, key: str) -> str:
    """The id the core's keyboard navigation moves to from `index` by `key` ("next", "previous", "up", "down", "first", "last")."""
    return engine.evaluate(
        """async (request, index, key) => {
             const { loadTagCloudCore } = await import('/src/core/tagcloud-core.js');
             const core = await loadTagCloudCore(new URL('/tagcloud.wasm?engines', location.href));
             const layout = core.layout(request);
             return layout.items[core.navigate(layout, index, key)].id;
           }""",
        layout_request(width, shown, spacing),
        index,
        key,
    )


# -- pixels --------------------------------------------------------------------------------

def mean_rgb(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[float, float, float]:
    region = image.crop(box).convert("RGB")
    pixels = list(region.get_flattened_data() if hasattr(region, "get_flattened_data") else region.getdata())
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))


def tint_box(capsule: Capsule) -> tuple[int, int, int, int]:
    """Where a capsule's tint is sampled: a 4 × 6 px patch between the rounded left end and the
    label (11-15 px in from the left edge, on the centre line): glass and tint only, no label, no
    rim, no top highlight."""
    left = round(capsule.left) + 11
    middle = round(capsule.top + capsule.h / 2)
    return (left, middle - 3, left + 4, middle + 3)


def backdrop_box(capsule: Capsule) -> tuple[int, int, int, int]:
    """The page behind, just left of the capsule (the gap to its left neighbour or the margin)."""
    left = round(capsule.left) - 6
    middle = round(capsule.top + capsule.h / 2)
    return (left - 2, middle - 3, left, middle + 3)


def channel_distance(a, b) -> float:
    return max(abs(x - y) for x, y in zip(a, b))


def saturate(rgb, amount: float):
    """CSS saturate() (Filter Effects 1's matrix, on sRGB values, clamped)."""
    r, g, b = rgb
    s = amount
    values = (
        (0.213 + 0.787 * s) * r + (0.715 - 0.715 * s) * g + (0.072 - 0.072 * s) * b,
        (0.213 - 0.213 * s) * r + (0.715 + 0.285 * s) * g + (0.072 - 0.072 * s) * b,
        (0.213 - 0.213 * s) * r + (0.715 - 0.715 * s) * g + (0.072 + 0.928 * s) * b,
    )
    return tuple(min(255.0, max(0.0, v)) for v in values)  # a filter's result is clamped


def over(tint, alpha: float, backdrop):
    """`tint` at `alpha` over an opaque `backdrop` (source-over)."""
    return tuple(alpha * t + (1 - alpha) * b for t, b in zip(tint, backdrop))


def hex_rgb(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return tuple(int(text[i : i + 2], 16) for i in (0, 2, 4))
