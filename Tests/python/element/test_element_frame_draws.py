"""A frame of a drag in which no capsule moves costs the compositor nothing: the browser draws
(commits and draws a compositor frame) only in frames where the element changed something on
screen. A loose 100-tag cloud in a box narrowed 3 px per animation frame, as the issue-12 bench
does, taller than the viewport (its last rows out of sight keep their lens): between two row
breaks only the box's width changes, which shows nothing.

Chromium's trace counts the compositor's draws of the page's frames (`MainFrame.Draw`); the page
counts the frames in which a slot moved. An empty layer that follows the cloud's width made every
frame a draw: the touch strip below the last row (the cloud's ::after), painted after the
composited slots, overlapped them and became a layer of its own (styles.css). Seen to fail with
the strips' `z-index: -1` taken away: 57 draws in 60 frames, against 30 with it, 22 of those
frames moving a capsule."""

from __future__ import annotations

import json

from test_element_frame_writes import drag_tags
from support.placement import settle, wait_placed

FRAMES = 60
# The bench's page (bench/py/glass_drag.py): no margin, the seed's gradient fixed behind.
PAGE = ("<style>body { margin: 0; background: linear-gradient(135deg, #5856d6, #000) fixed }</style>"
        "<div id='box' style='width: 700px'><glass-tag-cloud spacing='10'></glass-tag-cloud></div>")
# Frames beside the moving ones that may draw: the drag's first, a tone or lens coming back.
SLACK = 8

NARROW = """(frames) => new Promise((resolve) => {
  const root = document.querySelector('glass-tag-cloud').shadowRoot;
  const box = document.querySelector('#box');
  let moved = 0, frame = 0, changed = false;
  const observer = new MutationObserver((records) => {
    if (records.some((r) => r.target.classList?.contains('tag-slot'))) changed = true;
  });
  observer.observe(root, { attributes: true, attributeFilter: ['style'], subtree: true });
  let width = box.getBoundingClientRect().width;
  const step = () => {
    observer.takeRecords().forEach((r) => { if (r.target.classList?.contains('tag-slot')) changed = true; });
    if (changed) moved += 1;
    changed = false;
    if (frame === frames) { observer.disconnect(); resolve(moved); return; }
    frame += 1;
    width -= 3;
    box.style.width = width + 'px';
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})"""


def test_a_drag_draws_only_the_frames_that_move_a_capsule(element_page, static_server, page):
    page.set_viewport_size({"width": 1000, "height": 900})
    element_page(static_server.url, PAGE, wait=False)
    page.evaluate("(tags) => { document.querySelector('glass-tag-cloud').tags = tags; }", drag_tags(100))
    wait_placed(page)
    settle(page, 5)
    height = page.evaluate("() => document.querySelector('glass-tag-cloud').getBoundingClientRect().height")
    assert height > 900, f"the cloud ({height} px) must reach past the viewport"
    page.evaluate(NARROW, 20)  # the motion has begun: the lens is off near sight
    browser = page.context.browser
    browser.start_tracing(page=page, categories=["cc"])
    try:
        moved = page.evaluate(NARROW, FRAMES)
    finally:
        trace = json.loads(browser.stop_tracing())
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    draws = sum(1 for event in events if event["name"] == "MainFrame.Draw")
    assert 0 < moved < FRAMES - SLACK, f"a drag whose frames all move a capsule tells nothing: {moved} of {FRAMES}"
    print(f"{draws} draws, {moved} frames moved a capsule, of {FRAMES}")
    assert draws <= moved + SLACK, f"{draws} draws in {FRAMES} frames, {moved} of which moved a capsule"
