"""In a cloud taller than the viewport, a frame writes only the slots near sight (web/src/view/slot-placement.js),
and nothing the page shows is ever anywhere but where the core puts it (issue 12).

During a drag of 1,000 tags: every frame, every capsule on screen is at the core's place (the
layout on screen, `host.layout`), while capsules out of sight may wait (and do: the test asserts
that some wait, or it would prove nothing about the window). Then the rests that place the
waiting ones: the layout resting (two updates that move nothing), a scroll mid-drag (the newly
visible capsules are placed in the frame the scroll is seen), and keyboard focus landing on a
waiting capsule (placed before the browser scrolls it into view).

Watched failing once each: SlotPlacement.place writing a moved slot only when its new rect meets
the window (not also its old one) leaves capsules on screen at their old place; the scroll hook
removed (GlassWindowController never asking for `scrolled`) fails the scroll test; the focusin
listener removed fails the focus test; CloudView.writeFrame never placing at rest fails the rest
test."""

from __future__ import annotations

import pytest

from element_helpers import assert_core_layout
from test_element_frame_writes import drag_tags
from support.placement import settle, wait_placed

COUNT = 1000

# Runs in the page: the capsules whose rect meets the viewport and are not at the core's place,
# and how many out of sight are not (yet) at it.
CHECK = """
  const host = document.querySelector('glass-tag-cloud');
  const root = host.shadowRoot;
  const cloud = root.querySelector('[part~="cloud"]');
  const buttons = [...root.querySelectorAll('button[part~="tag"]')];
  const check = () => {
    const origin = cloud.getBoundingClientRect();
    const core = new Map(host.layout.items.map((item) => [item.id, item]));
    const wrong = [];
    let inSight = 0;
    let waiting = 0;
    for (const button of buttons) {
      const r = button.getBoundingClientRect();
      const item = core.get(button.dataset.tagId);
      const placed = Math.abs(r.x - origin.x - item.x) <= 0.5 && Math.abs(r.y - origin.y - item.y) <= 0.5;
      const seen = r.bottom >= 0 && r.top <= innerHeight && r.right >= 0 && r.left <= innerWidth;
      if (seen) {
        inSight += 1;
        if (!placed) wrong.push(`${button.dataset.tagId} at ${r.x - origin.x},${r.y - origin.y}, core ${item.x},${item.y}`);
      } else if (!placed) {
        waiting += 1;
      }
    }
    return { inSight, wrong: wrong.slice(0, 5), waiting };
  };
"""

# Narrows the box 3 px a frame for `frames` frames, checking at the start of every frame (the
# last frame's render is on screen); resolves with every check and the last one's frame.
DRAG = CHECK + """
  const box = document.querySelector('#box');
  return new Promise((resolve) => {
    const checks = [];
    let frame = 0;
    const step = () => {
      checks.push(check());
      if (frame === frames) return resolve(checks);
      box.style.width = `${700 - 3 * frame}px`;
      frame += 1;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
"""


@pytest.fixture()
def tall_cloud(element_page, static_server, page):
    element_page(static_server.url, "<div id='box' style='width: 700px'><glass-tag-cloud spacing='10'></glass-tag-cloud></div>", wait=False)
    page.evaluate("(tags) => { document.querySelector('glass-tag-cloud').tags = tags; }", drag_tags(COUNT))
    wait_placed(page)
    settle(page, 5)
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').getBoundingClientRect().height") > 3 * 800
    return page


def drag(page, frames: int) -> list[dict]:
    return page.evaluate(f"(frames) => {{ {DRAG} }}", frames)


def test_what_is_on_screen_is_where_the_core_puts_it_every_frame_of_a_drag(tall_cloud):
    checks = drag(tall_cloud, 30)
    for frame, check in enumerate(checks):
        assert check["inSight"] > 50, (frame, check)
        assert not check["wrong"], (frame, check)
    # Not vacuous: capsules out of sight did wait (the window is what saves the work).
    assert max(check["waiting"] for check in checks) > 100, checks


def test_the_waiting_capsules_are_placed_when_the_layout_rests(tall_cloud):
    checks = drag(tall_cloud, 20)
    assert checks[-1]["waiting"] > 100, checks[-1]
    settle(tall_cloud, 4)
    assert_core_layout(tall_cloud, 10)


def test_a_scroll_mid_drag_places_what_comes_into_sight_in_the_same_frame(tall_cloud):
    checks = drag(tall_cloud, 20)
    assert checks[-1]["waiting"] > 100, checks[-1]
    # Scroll far down in the frame right after the drag's last check, then check in the next
    # frame's callbacks (the scroll event is dispatched before them): nothing on screen waits.
    after = tall_cloud.evaluate(
        "() => {" + CHECK + """
          scrollTo(0, 2400);
          return new Promise((resolve) => requestAnimationFrame(() => resolve(check())));
        }""")
    assert after["inSight"] > 50 and not after["wrong"], after


# Narrows the box 3 px a frame for `frames` frames, then, in the last frame, focuses the last
# capsule that still waits (in one evaluate: between two, the layout could rest and place them all).
FOCUS_AFTER_DRAG = CHECK + """
  const box = document.querySelector('#box');
  const origin = () => cloud.getBoundingClientRect();
  const core = () => new Map(host.layout.items.map((item) => [item.id, item]));
  const offset = (button) => {
    const r = button.getBoundingClientRect();
    return [r.x - origin().x, r.y - origin().y];
  };
  const focusWaiting = () => {
    const items = core();
    const waiting = buttons.filter((button) => {
      const [x, y] = offset(button);
      const item = items.get(button.dataset.tagId);
      return Math.abs(x - item.x) > 0.5 || Math.abs(y - item.y) > 0.5;
    });
    const last = waiting[waiting.length - 1];
    if (!last) return { waiting: 0 };
    const before = offset(last);
    last.focus();
    // The focus runs the update at once: a resize seen since the last frame is laid out in it.
    const item = core().get(last.dataset.tagId);
    const r = last.getBoundingClientRect();
    return { waiting: waiting.length, before, core: [item.x, item.y], after: offset(last),
             onScreen: r.top >= 0 && r.bottom <= innerHeight };
  };
  return new Promise((resolve) => {
    let frame = 0;
    const step = () => {
      if (frame === frames) return resolve(focusWaiting());
      box.style.width = `${700 - 3 * frame}px`;
      frame += 1;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
"""


def test_focus_on_a_waiting_capsule_places_it_before_it_is_scrolled_into_view(tall_cloud):
    result = tall_cloud.evaluate(f"(frames) => {{ {FOCUS_AFTER_DRAG} }}", 20)
    assert result["waiting"] > 100, result  # capsules out of sight did wait, the focused one too
    assert abs(result["after"][0] - result["core"][0]) <= 0.5 and abs(result["after"][1] - result["core"][1]) <= 0.5, result
    assert result["onScreen"], result
