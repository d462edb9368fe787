"""<glass-tag-cloud> has one writer: every DOM write in its shadow tree and in its custom states,
and every draw of its glass, happens inside `CloudView.writeFrame` (docs/ELEMENT.md,
"The update cycle"). Every cause of change only asks for an update.

The recorder (support/dom_writes.py) logs each DOM write and glass draw with whether it was made
inside the writer, which the test wraps (the page imports the same module the element uses). The
page then goes through every cause: attributes (spacing: the spring's frames; merge distance;
max-selected), properties (selection, tags: one inserted, one removed), resizes of a drag, the
layout coming to rest (slots out of sight placed), presses (the light they spread onto their
neighbours, and the lift that ends after the spring), a refused toggle at the limit (the
announcement), the keyboard (the tab stop), removals (the remove controls made, a tag removed by
Delete and one by its control), a reorder (the tags glide to their new places: `Element.animate()`
is recorded too), a row limit (the tags beyond two rows fold, the "+K" capsule shows them and
folds them again), scrolls, a change of the transparency preference, and, live, the server's
frames. A write outside the writer fails the test with its target, kind and name. Whether a
write is the element's is decided when it is made (its target's root then), so a write to a
node removed since still counts.

Broken on purpose to watch it fail: PressState writing `is-pressed` when pressed (from the input controller)
(a second writer) fails with "button class class"; the transparency query's listener drawing the
glass itself (as it once did) fails with "canvas draw draw"; TagRemoval writing its announcement into the live region itself fails
with "div.announcer property textContent"; TagRemoval marking the removed tag's button before
the tag goes fails with "button.tag attribute data-leaving" (with the element's nodes decided
when the summary is taken, as before, that write was dropped: the button was gone by then); a
glide started on the slots by the layout controller itself fails with "slot animate animate"
(`animate()` was not recorded before); the row toggle's click listener writing to its button
fails with "button.tag attribute aria-busy" (no reorder and no row limit were driven before)."""

from __future__ import annotations

import random

from support.demo_page import DEMO_TAGS
from support.dom_writes import RECORDER
from support.placement import settle, wait_placed

WORDS = ["Swift", "Layout", "Glass", "Motion", "Charts", "Metal", "Widgets", "Accessibility", "Maps"]

# Wraps the element's writer: the recorder marks what happens inside it.
WRAP_WRITER = """async () => {
  const { CloudView } = await import('/src/view/cloud-view.js');
  const state = window.__frameWrites.state;
  const writeFrame = CloudView.prototype.writeFrame;
  CloudView.prototype.writeFrame = function (...args) {
    state.writer += 1;
    try { return writeFrame.apply(this, args); } finally { state.writer -= 1; }
  };
  state.on = true;
}"""

# The element's writes and draws, made outside and inside the writer, summarised.
SUMMARY = """(selector) => {
  const host = document.querySelector(selector);
  const root = host.shadowRoot;
  const { log, state } = window.__frameWrites;
  state.on = false;
  const describe = (node) => {
    if (node === host) return 'host';
    if (node === document.documentElement) return 'states';
    if (node.classList?.contains('tag-slot')) return 'slot';
    if (node.matches?.('button[data-tag-id]')) return 'button';
    if (node.localName === 'canvas') return 'canvas';
    return (node.nodeName ?? '').toLowerCase() + (node.className && typeof node.className === 'string' ? '.' + node.className.split(' ')[0] : '');
  };
  const outside = {};
  const inside = {};
  for (const { target, root: rootThen, kind, name, inside: within } of log) {
    // The host's attributes and style are the page's to write (the test sets spacing, width).
    // The element's: in its shadow tree when written (a node removed since still counts), or
    // now (a node written before it was put there).
    const mine = target === document.documentElement || rootThen === root || target.getRootNode?.() === root;
    if (!mine) continue;
    const key = `${describe(target)} ${kind} ${name}`;
    const into = within ? inside : outside;
    into[key] = (into[key] ?? 0) + 1;
  }
  log.length = 0;
  return { outside, inside };
}"""


def tags(count: int) -> list[dict]:
    rng = random.Random(24)
    return [{"id": f"t{i}", "title": " ".join(rng.choice(WORDS) for _ in range(rng.choice((1, 1, 2)))),
             "tint": DEMO_TAGS[i % len(DEMO_TAGS)][1]} for i in range(count)]


def frames(page, count: int, body: str = "() => {}") -> None:
    """Runs `body(frame)` in each of `count` animation frames."""
    page.evaluate(
        """([count, body]) => new Promise((resolve) => {
          const run = eval(body);
          let frame = 0;
          const step = () => { if (frame === count) return resolve(); run(frame); frame += 1; requestAnimationFrame(step); };
          requestAnimationFrame(step);
        })""",
        [count, body],
    )


def assert_one_writer(summary: dict, *expected: str) -> None:
    assert not summary["outside"], f"written outside CloudView.writeFrame: {summary['outside']}"
    for key in expected:  # not vacuous: the causes did write, inside the writer
        assert summary["inside"].get(key, 0) > 0, (key, summary["inside"])


def test_every_cause_writes_through_the_one_writer(element_page, static_server, page):
    page.add_init_script(RECORDER)
    body = "<div id='box' style='width: 700px'><glass-tag-cloud spacing='3' max-selected='2'></glass-tag-cloud></div>"
    element_page(static_server.url, body, wait=False)
    page.evaluate("(tags) => { document.querySelector('glass-tag-cloud').tags = tags; }", tags(400))
    wait_placed(page, timeout=30)
    settle(page, 5)
    page.evaluate(WRAP_WRITER)
    cloud = "document.querySelector('glass-tag-cloud')"

    # Attributes: the spacing spring's frames, the merge distance; properties: selection, tags.
    page.evaluate(f"() => {{ {cloud}.spacing = 10; }}")
    page.wait_for_function(f"() => !{cloud}.matches(':state(animating)') && {cloud}.layout?.items.length", timeout=10_000)
    page.evaluate(f"() => {{ {cloud}.mergeDistance = 14; {cloud}.spacing = 3; }}")
    page.wait_for_function(f"() => !{cloud}.matches(':state(animating)')", timeout=10_000)
    page.evaluate(f"() => {{ {cloud}.selection = ['t1']; }}")
    settle(page)
    page.evaluate(f"(tags) => {{ {cloud}.tags = tags; }}", tags(400)[1:] + [{"id": "new", "title": "New", "tint": "#FF9F0A"}])
    settle(page)
    assert_one_writer(page.evaluate(SUMMARY, "glass-tag-cloud"),
                      "slot style translate", "button attribute aria-pressed", "slot tree tree",
                      "canvas draw draw")

    # A drag narrows the box frame by frame; then the layout rests (the slots out of sight placed).
    page.evaluate("() => { window.__frameWrites.state.on = true; }")
    frames(page, 20, "(frame) => { document.querySelector('#box').style.width = `${700 - 4 * frame}px`; }")
    settle(page, 6)
    assert_one_writer(page.evaluate(SUMMARY, "glass-tag-cloud"), "slot style translate")

    # Presses (and the lift that ends after the spring), a refused toggle, the keyboard.
    page.evaluate("() => { window.__frameWrites.state.on = true; }")
    first = page.locator("glass-tag-cloud").locator('button[data-tag-id="t2"]')
    first.click()
    page.locator("glass-tag-cloud").locator('button[data-tag-id="t3"]').click(force=True)
    page.locator("glass-tag-cloud").locator('button[data-tag-id="t4"]').click(force=True)  # refused: at the limit
    page.wait_for_timeout(700)
    first.focus()
    page.keyboard.press("ArrowRight")
    settle(page)
    assert_one_writer(page.evaluate(SUMMARY, "glass-tag-cloud"),
                      "button class class", "button style --press-x", "button style --near-light", "div.announcer tree tree", "button attribute tabindex",
                      "button attribute aria-disabled")

    # Removals: the tags become removable (their controls made), one leaves by Delete on its
    # capsule and one by its remove control (their nodes go, the announcement is written).
    page.evaluate("() => { window.__frameWrites.state.on = true; }")
    page.evaluate(f"() => {{ {cloud}.removable = true; }}")
    page.wait_for_function(f"() => {cloud}.shadowRoot.querySelector('button[data-remove-id=\"t6\"]')")
    settle(page)
    page.locator("glass-tag-cloud").locator('button[data-tag-id="t5"]').focus()
    page.keyboard.press("Delete")
    page.locator("glass-tag-cloud").locator('button[data-remove-id="t6"]').click()
    page.wait_for_function(f"() => {cloud}.layout?.items.length === 398")
    wait_placed(page, timeout=30)  # the removed capsules have shrunk away: their nodes are gone
    assert not page.evaluate(f"() => {cloud}.shadowRoot.querySelector('[data-departing-id]')")
    assert not {"t5", "t6"} & set(page.evaluate(f"() => {cloud}.tags.map((tag) => tag.id)"))
    assert_one_writer(page.evaluate(SUMMARY, "glass-tag-cloud"),
                      "slot tree tree", "button.tag-remove attribute aria-label", "div.announcer tree tree",
                      "slot style translate")

    # A reorder: the first three tags turn round and glide to their places (started by the writer).
    page.evaluate("() => { window.__frameWrites.state.on = true; }")
    page.evaluate(f"""() => {{ const tags = {cloud}.tags.map((t) => ({{ id: t.id, title: t.title, tint: t.tint }}));
      {cloud}.tags = [...tags.slice(0, 3).reverse(), ...tags.slice(3)]; }}""")
    page.wait_for_function(f"() => {cloud}.layout?.items[0].id === {cloud}.tags[0].id && !{cloud}.matches(':state(animating)')", timeout=10_000)
    settle(page)
    assert_one_writer(page.evaluate(SUMMARY, "glass-tag-cloud"), "slot animate animate", "div.tag-stage tree tree")

    # A row limit: the tags beyond two rows fold into a "+K" capsule, which shows them all and
    # folds them again; then the limit goes.
    page.evaluate("() => { window.__frameWrites.state.on = true; }")
    page.evaluate(f"() => {{ {cloud}.maxRows = 2; }}")
    page.wait_for_function(f"() => {cloud}.shadowRoot.querySelector('button[data-row-toggle]')", timeout=10_000)
    wait_placed(page, timeout=30)
    toggle = page.locator("glass-tag-cloud").locator("button[data-row-toggle]")
    toggle.click()
    page.wait_for_function(f"() => {cloud}.shadowRoot.querySelector('button[data-row-toggle]').getAttribute('aria-expanded') === 'true'")
    wait_placed(page, timeout=30)
    toggle.click()
    page.wait_for_function(f"() => {cloud}.shadowRoot.querySelector('button[data-row-toggle]').getAttribute('aria-expanded') === 'false'")
    wait_placed(page, timeout=30)
    page.evaluate(f"() => {{ {cloud}.maxRows = 0; }}")
    wait_placed(page, timeout=30)
    assert_one_writer(page.evaluate(SUMMARY, "glass-tag-cloud"), "slot property hidden", "button.tag attribute aria-expanded")

    # Scrolls, and the transparency preference.
    page.evaluate("() => { window.__frameWrites.state.on = true; }")
    for y in (2500, 6000, 0):
        page.evaluate("(y) => window.scrollTo(0, y)", y)
        settle(page, 2)
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-contrast", "value": "more"}]})
    settle(page, 3)
    session.send("Emulation.setEmulatedMedia", {"features": []})
    settle(page, 3)
    assert_one_writer(page.evaluate(SUMMARY, "glass-tag-cloud"), "canvas draw draw")


def test_server_frames_write_through_the_one_writer(live_server, page):
    page.add_init_script(RECORDER)
    page.goto(live_server.url + "examples/element.html")
    page.wait_for_function("() => document.querySelector('#topics').layoutSource === 'server'", timeout=10_000)
    settle(page)
    page.evaluate(WRAP_WRITER)
    before = page.evaluate("() => Number(document.querySelector('#topics').shadowRoot.querySelector('.cloud').dataset.liveFrames)")
    for width in (420, 360, 300):
        page.evaluate("(w) => { document.querySelector('#topics').style.width = `${w}px`; }", width)
        page.wait_for_function("(w) => document.querySelector('#topics').layout.width === w", arg=width)
    page.locator("#topics").locator("button[data-tag-id]").first.click()
    settle(page, 4)
    after = page.evaluate("() => Number(document.querySelector('#topics').shadowRoot.querySelector('.cloud').dataset.liveFrames)")
    assert after >= before + 3
    assert page.evaluate("() => document.querySelector('#topics').layoutSource") == "server"
    assert_one_writer(page.evaluate(SUMMARY, "#topics"), "slot style translate", "div.cloud dataset liveFrames")
