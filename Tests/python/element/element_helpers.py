"""What the <glass-tag-cloud> tests read through the element's public surface: its shadow root's
buttons (rects, aria-pressed, aria-disabled), its properties (selection, layout, layoutSource)
and the core the page ships (web/src/core/tagcloud-core.js)."""

from __future__ import annotations

from playwright.sync_api import Page

from support.demo_page import DEMO_TAGS
from support.placement import wait_placed

TOLERANCE = 0.5  # px: "equals the core's layout"



def tag_markup(selected: tuple[str, ...] = ("SwiftUI",), tags=DEMO_TAGS) -> str:
    return "".join(
        f'<glass-tag value="{title}" tint="{tint}"{" selected" if title in selected else ""}>{title}</glass-tag>'
        for title, tint in tags
    )


def capsules(page: Page, selector: str = "glass-tag-cloud") -> dict:
    """The cloud's content width and every capsule's rect relative to the cloud part."""
    return page.evaluate(
        """(selector) => {
          const element = document.querySelector(selector);
          const cloud = element.shadowRoot.querySelector('[part~="cloud"]');
          const origin = cloud.getBoundingClientRect();
          const buttons = [...element.shadowRoot.querySelectorAll('button[part~="tag"][data-tag-id]')];
          return { width: origin.width, items: buttons.map((b) => {
            const r = b.getBoundingClientRect();
            return { id: b.dataset.tagId, x: r.x - origin.x, y: r.y - origin.y, w: r.width, h: r.height,
                     pressed: b.getAttribute('aria-pressed') === 'true',
                     refused: b.getAttribute('aria-disabled') === 'true' };
          }) };
        }""",
        selector,
    )


def core_layout_for(page: Page, shown: dict, spacing: float, direction: str = "ltr") -> dict:
    """The core's layout (through web/src/core/tagcloud-core.js in the page) of the element's own capsule
    sizes at the element's width."""
    return page.evaluate(
        """async ([shown, spacing, direction]) => {
          const { loadTagCloudCore } = await import('/src/core/tagcloud-core.js');
          const core = await loadTagCloudCore();
          const request = { width: shown.width, spacing,
            tags: shown.items.map((item) => ({ id: item.id, size: [item.w, item.h] })) };
          if (direction === 'rtl') request.direction = 'rtl';
          return core.layout(request);
        }""",
        [shown, spacing, direction],
    )


def assert_core_layout(page: Page, spacing: float, selector: str = "glass-tag-cloud", direction: str = "ltr") -> dict:
    shown = capsules(page, selector)
    assert shown["items"], "no capsules"
    expected = core_layout_for(page, shown, spacing, direction)
    assert [item["id"] for item in shown["items"]] == [item["id"] for item in expected["items"]]
    for capsule, item in zip(shown["items"], expected["items"]):
        for key in ("x", "y"):
            assert abs(capsule[key] - item[key]) <= TOLERANCE, (
                f"{capsule['id']}.{key} = {capsule[key]} on screen, {item[key]} from the core "
                f"(width {shown['width']}, spacing {spacing}, {direction})"
            )
    return shown


def pressed(page: Page, selector: str = "glass-tag-cloud") -> list[str]:
    return [item["id"] for item in capsules(page, selector)["items"] if item["pressed"]]


def record_changes(page: Page, selector: str = "glass-tag-cloud") -> None:
    """Collects the detail.selection of every `change` event that reaches the document."""
    page.evaluate(
        """(selector) => {
          window.__changes = [];
          document.addEventListener('change', (event) => {
            if (event.target.matches(selector)) window.__changes.push(event.detail.selection);
          });
        }""",
        selector,
    )


def changes(page: Page) -> list[list[str]]:
    return page.evaluate("() => window.__changes")


def click_tag(page: Page, tag_id: str, selector: str = "glass-tag-cloud", *, force: bool = False) -> None:
    """A real mouse click; `force` clicks a tag that says aria-disabled (Playwright would wait)."""
    page.locator(selector).locator(f'button[data-tag-id="{tag_id}"]').click(force=force)


# Runs `change` (a function body of `host`, the first <glass-tag-cloud>) in an animation frame,
# then, in each of the next `frames` frames (after the element's own update), `read` (a body of
# `host` and `context`, what the optional `setup` body returned before the change): the list of
# what `read` returned.
AFTER_CHANGE = """async ({ setup, change, read, frames }) => {
  const host = document.querySelector('glass-tag-cloud');
  const context = setup ? new Function('host', setup)(host) : {};
  const sample = new Function('host', 'context', read);
  const out = [];
  await new Promise((resolve) => requestAnimationFrame(resolve));
  new Function('host', change)(host);
  for (let k = 0; k < frames; k += 1) {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    out.push(sample(host, context));
  }
  return out;
}"""


def frames_after(page: Page, change: str, read: str, frames: int, setup: str | None = None) -> list:
    """What `read` saw in each of the `frames` animation frames after `change` (AFTER_CHANGE)."""
    return page.evaluate(AFTER_CHANGE, {"setup": setup, "change": change, "read": read, "frames": frames})


def open_tags_cloud(element_page, static_server, page: Page, tags: list[dict], *, reduce: bool = False) -> None:
    """A 420 px `<glass-tag-cloud spacing=16>` given `tags` through its property, placed (under
    Reduce Motion when `reduce`)."""
    if reduce:
        page.emulate_media(reduced_motion="reduce")
    element_page(static_server.url, "<glass-tag-cloud spacing='16' style='display:block; width: 420px'></glass-tag-cloud>", wait=False)
    page.evaluate("(tags) => { document.querySelector('glass-tag-cloud').tags = tags; }", tags)
    wait_placed(page)
