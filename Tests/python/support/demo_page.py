"""What the browser tests (and the engine suite, scripts/screenshots.py) read from the demo page, through its public surface: the page's
<glass-tag-cloud> (its properties: layoutSource, layout, selection, liveStatus; its custom states;
the buttons in its open shadow root: rects, aria-pressed), the page's own controls and status,
and the core the page ships (web/src/core/tagcloud-core.js)."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Page

from support.placement import wait_placed
from support.waiting import WaitTimeout, wait_until

TOLERANCE = 0.5  # px: "equals the core's layout"
# The demo's tags and tints (web/demo/app.js), as the element pages and the drag benchmark use them.
DEMO_TAGS = [
    ("SwiftUI", "#0A84FF"), ("Animation", "#FF375F"), ("Layout", "#FF9F0A"), ("Glass", "#40C8E0"),
    ("Gestures", "#BF5AF2"), ("Symbols", "#30D158"), ("Charts", "#FF453A"),
    ("Navigation", "#5E5CE6"), ("Metal", "#66D4CF"), ("Widgets", "#FFD60A"),
]
LOOSE, TIGHT = 18.0, 3.0


@dataclass(frozen=True)
class Capsule:
    id: str
    x: float
    y: float
    w: float
    h: float
    pressed: bool


def seed_flow(sizes: list[tuple[float, float]], width: float, spacing: float) -> list[tuple[float, float]]:
    """The seed's GlassTagCloudFlow.arrange, transcribed: the plain reference the page must match."""
    origins = []
    x = y = row_height = 0.0
    for w, h in sizes:
        if x > 0 and x + w > width:
            x, y, row_height = 0.0, y + row_height + spacing, 0.0
        origins.append((x, y))
        row_height = max(row_height, h)
        x += w + spacing
    return origins


# JavaScript expressions for the page's cloud: the <glass-tag-cloud> host, and the container
# part in its (open) shadow root, where the capsule buttons are. Playwright's CSS selectors pierce
# open shadow roots by themselves; code run by page.evaluate goes through these.
HOST = "document.querySelector('glass-tag-cloud')"
CLOUD = f"{HOST}.shadowRoot.querySelector('[part~=\"cloud\"]')"
BUTTONS = f"[...{HOST}.shadowRoot.querySelectorAll('button[data-tag-id]')]"
# The element that has the focus, inside the cloud's shadow root too.
FOCUSED = "(document.activeElement?.shadowRoot?.activeElement ?? document.activeElement)"


def open_demo(page: Page, url: str) -> None:
    """Loads the demo and waits until the core has placed the capsules. (Each test has a fresh
    browser context, so it starts with empty storage: the seed's initial state.)"""
    page.goto(url)
    wait_placed(page)


def wait_width(page: Page, timeout: float = 10.0) -> None:
    """Waits (up to `timeout` s) until the page has laid out for the cloud's current width (after
    a resize): the layout on screen spans no more than the cloud, and the element has had its
    frames."""
    wait_placed(page, timeout=timeout)
    page.wait_for_function(
        f"""() => {{
          const host = {HOST};
          const width = {CLOUD}.getBoundingClientRect().width;
          return host.layout !== null && !host.matches(':state(animating)')
            && host.layout.items.every((item) => item.x + item.w <= width + 0.5 || item.w > width);
        }}""",
        timeout=timeout * 1000,
    )


def capsules(page: Page) -> tuple[float, list[Capsule]]:
    """The cloud's width and every capsule's rect relative to the cloud."""
    width, items = page.evaluate(
        f"""() => {{
          const origin = {CLOUD}.getBoundingClientRect();
          return [origin.width, {BUTTONS}.map((b) => {{
            const r = b.getBoundingClientRect();
            return {{ id: b.dataset.tagId, x: r.x - origin.x, y: r.y - origin.y, w: r.width, h: r.height,
                     pressed: b.getAttribute('aria-pressed') === 'true' }};
          }})];
        }}"""
    )
    return width, [Capsule(**item) for item in items]


def core_layout(page: Page, spacing: float) -> dict:
    """The core's layout for the labels measured in the page's font at the cloud's width."""
    return page.evaluate(
        f"""async (spacing) => {{
          const {{ loadTagCloudCore }} = await import('/src/core/tagcloud-core.js');
          const {{ measureLabels }} = await import('/src/shared/label-metrics.js');
          // Its own copy of the module (a test may block the page's).
          const core = await loadTagCloudCore(new URL('/tagcloud.wasm?test', location.href));
          const cloud = {CLOUD};
          const buttons = {BUTTONS};
          const tags = buttons.map((b) => ({{ id: b.dataset.tagId, label: b.textContent.trim() }}));
          const metrics = measureLabels(cloud, tags);
          const selection = buttons.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.tagId);
          return {{ metrics, layout: core.layout({{
            width: cloud.getBoundingClientRect().width, spacing, mergeDistance: 10,
            textScale: metrics.textScale, lineHeight: metrics.lineHeight, tags: metrics.tags, selection }}) }};
        }}""",
        spacing,
    )


def eventually(check, timeout: float = 10.0, interval: float = 0.1):
    """Retries `check` until it stops raising AssertionError (for frames that come over a socket);
    returns what it returned. After `timeout` s its own last failure is raised."""
    result: list = []

    def passed() -> bool:
        result[:] = [check()]
        return True

    try:
        wait_until(passed, timeout=timeout, interval=interval, what="the check to pass", ignoring=(AssertionError,))
    except WaitTimeout:
        return check()  # fails as it last failed, with its own message
    return result[0]


def spacing_on_screen(page: Page) -> float:
    return float(page.get_attribute("[data-tag-cloud]", "data-spacing"))


def assert_exact_layout(page: Page, spacing: float) -> list[Capsule]:
    """Every capsule's rect is the core's (within TOLERANCE), the capsule size is the seed's
    (label + 2 × 16 × textScale by lineHeight + 2 × 10 × textScale), and the origins follow the
    seed's flow rule over the rects' own sizes."""
    width, shown = capsules(page)
    expected = core_layout(page, spacing)
    metrics, layout = expected["metrics"], expected["layout"]
    assert [c.id for c in shown] == [item["id"] for item in layout["items"]]
    scale = metrics["textScale"]
    for capsule, item, tag in zip(shown, layout["items"], metrics["tags"]):
        for key in ("x", "y", "w", "h"):
            assert abs(getattr(capsule, key) - item[key]) <= TOLERANCE, (
                f"{capsule.id}.{key} = {getattr(capsule, key)} on screen, {item[key]} from the core "
                f"(width {width}, spacing {spacing})"
            )
        assert abs(item["w"] - (tag["label"]["width"] + 32 * scale)) <= 1e-6, (capsule, tag)
        assert abs(item["h"] - (metrics["lineHeight"] + 20 * scale)) <= 1e-6, capsule
    reference = seed_flow([(c.w, c.h) for c in shown], width, spacing)
    for capsule, (x, y) in zip(shown, reference):
        assert abs(capsule.x - x) <= TOLERANCE and abs(capsule.y - y) <= TOLERANCE, (capsule, x, y)
    return shown


def mid_animation_frame(page: Page, toggle) -> dict:
    """Starts the spacing spring (18 → 3) with `toggle()` and reads a frame in its middle: the
    spacing on screen, whether the element says it animates, who placed it, and every capsule's
    origin. The page watches every animation frame itself; a loaded machine can stall an engine
    longer than the spring lasts (no frame in its middle at all), so then the spring is run back
    and again, up to four times."""
    watch = f"""() => {{
      window.__midFrame = null;
      const step = () => {{
        const cloud = {CLOUD};
        const spacing = Number(cloud.dataset.spacing);
        if (spacing < 15 && spacing > 4) {{
          const origin = cloud.getBoundingClientRect();
          window.__midFrame = {{ animating: {HOST}.matches(':state(animating)'), source: {HOST}.layoutSource,
                   spacing, origins: {BUTTONS}.map((b) => {{
                     const r = b.getBoundingClientRect(); return [r.x - origin.x, r.y - origin.y]; }}) }};
        }} else if (spacing !== {TIGHT:g} || {HOST}.matches(':state(animating)')) {{
          requestAnimationFrame(step);
        }}
      }};
      requestAnimationFrame(step);
    }}"""
    def at_rest(spacing: float) -> str:
        return f"(Number({CLOUD}.dataset.spacing) === {spacing:g} && !{HOST}.matches(':state(animating)'))"

    for _ in range(4):
        page.evaluate(watch)
        toggle()
        page.wait_for_function(f"() => window.__midFrame !== null || {at_rest(TIGHT)}")
        frame = page.evaluate("() => window.__midFrame")
        if frame is not None:
            break
        toggle()  # back to 18, to run the spring again
        page.wait_for_function(f"() => {at_rest(LOOSE)}")
    else:
        raise AssertionError("four springs from 18 to 3 showed no frame between 15 and 4")
    assert frame["animating"], "mid-way through the spring, the element says it animates"
    assert TIGHT < frame["spacing"] < LOOSE
    return frame


def assert_frame_was_the_core(page: Page, frame: dict) -> None:
    """The frame read mid-animation was the core's flow at that frame's spacing (animatableData):
    no eased positions. (Call once the spring has landed, with the same selection.)"""
    expected = core_layout(page, frame["spacing"])["layout"]["items"]
    for (x, y), item in zip(frame["origins"], expected):
        assert abs(x - item["x"]) <= TOLERANCE and abs(y - item["y"]) <= TOLERANCE, (frame, item)
