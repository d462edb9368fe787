"""Adaptive appearance in Chromium (issue 36, points 1, 5, 6 and 7): the element learns what lies
behind it and picks each capsule's ink and tone; `appearance` forces a tone, an author's
`--glass-label-color` wins, the demo keeps the seed's white labels, the light panel example reads
without its hand theming, a capsule nudged across a light/dark boundary flips once, the page's
changes are learned again without a per-frame cost, and `variant="clear"` dims over bright
content. The label contrast over seven backdrops, in three engines, is
Tests/python/engines/test_engine_appearance.py's.

Seen to fail (each once): MAX_DARK_DIM = 0 in appearance-model.js (the demo: Layout and Glass
turn to dark ink); tag-appearance.js writing nothing (the light panel: white labels at 1.3:1, and
the forced appearances); styles.css's label colour as `var(--tone-ink, var(--glass-label-color,
#fff))` (the author's colour loses); DEAD_BAND = 1 (the nudged capsule flips 4 times); the
MutationObserver observing nothing (the theme change is not learned); the ResizeObserver
learning at once (`#learnSoon(true)`: 31 learnings in a 30-frame drag); tag-appearance.js
rewriting every capsule's properties each frame (writes during the drag); the clear variant's
dimming off (no --tone-under on the clear capsules over white); an unreadable image's layer
skipped instead of read as the colour scheme (`#paintUnknown` painting nothing); the learner
looking beneath at every learning (hit tests after a narrowing drag), or never unless asked (none
once the cloud moved sideways).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from element_helpers import tag_markup
from support.demo_page import DEMO_TAGS
from support.dom_writes import RECORDER
from support.label_contrast import (
    HIDE_LABELS,
    SHOW_LABELS,
    WCAG_AA,
    label_contrasts,
)
from support.placement import settle, wait_placed

WHITE_INK = "rgb(255, 255, 255)"
# Each capsule of a cloud: its id, whether selected, its label's colour, its slot's tone.
STATE = """(selector) => [...document.querySelector(selector).shadowRoot.querySelectorAll('button[data-tag-id]')].map((b) => ({
  id: b.dataset.tagId, selected: b.getAttribute('aria-pressed') === 'true',
  ink: getComputedStyle(b.querySelector('.tag-label')).color,
  light: b.parentElement.classList.contains('is-on-light'),
  under: b.style.getPropertyValue('--tone-under'),
  rect: (({ x, y, width, height }) => [x, y, width, height])(b.getBoundingClientRect()) }))"""


def shot(page) -> Image.Image:
    return Image.open(io.BytesIO(page.screenshot())).convert("RGB")


def contrasts(page, selector: str):
    """Every label's contrast as drawn (support/label_contrast.py)."""
    page.mouse.move(1, 1)
    settle(page, 3)
    shown = shot(page)
    page.evaluate(HIDE_LABELS)
    settle(page, 3)
    hidden = shot(page)
    page.evaluate(SHOW_LABELS)
    rects = [(c["id"], c["selected"], *c["rect"]) for c in page.evaluate(STATE, selector)]
    return label_contrasts(shown, hidden, rects)


def settled(page, selector: str | None = None) -> None:
    """Placed, the backdrop learned again once the boxes held still, every tone's transition over."""
    wait_placed(page, selector)
    page.wait_for_timeout(400)
    wait_placed(page, selector)


def test_the_demo_keeps_the_seeds_white_labels(page, static_server):
    page.goto(static_server.url)
    page.wait_for_function("() => document.documentElement.dataset.ready === 'true'")
    settled(page)
    for spacing in ("loose", "tight"):
        if spacing == "tight":
            page.locator("[data-tight-spacing]").click()
            settled(page)
        state = page.evaluate(STATE, "glass-tag-cloud")
        assert len(state) == len(DEMO_TAGS)
        assert [c["id"] for c in state if c["ink"] != WHITE_INK or c["light"]] == [], (spacing, state)
        weak = [str(label) for label in contrasts(page, "glass-tag-cloud") if label.ratio < WCAG_AA]
        assert not weak, f"the demo's white labels must read ({spacing}):\n" + "\n".join(weak)


OLD_LIGHT_THEMING = """() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`.light glass-tag-cloud { --glass-label-color: #1c1c1e; --glass-rim: rgb(0 0 0 / 0.18);
    --glass-tint-opacity: 22%; } .light glass-tag-cloud::part(tag selected) { color: #fff; }`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  document.querySelector('#topics').appearance = 'dark';  // the seed's glass it was written for
}"""


def test_the_light_panel_reads_without_hand_theming(page, static_server):
    page.goto(static_server.url + "examples/element.html")
    settled(page, "#topics")
    assert page.evaluate("() => getComputedStyle(document.querySelector('#topics')).getPropertyValue('--glass-label-color')") == ""
    state = page.evaluate(STATE, "#topics")
    assert all(c["light"] for c in state), "the light panel's capsules take the light tone"
    assert all(c["ink"] != WHITE_INK for c in state if not c["selected"]), state
    adaptive = contrasts(page, "#topics")
    weak = [str(label) for label in adaptive if label.ratio < WCAG_AA]
    assert not weak, "\n".join(weak)
    # As well as the hand theming it replaces (on the seed's glass), or better: its worst label against ours.
    page.evaluate(OLD_LIGHT_THEMING)
    settled(page, "#topics")
    themed = contrasts(page, "#topics")
    worst, worst_themed = min(label.ratio for label in adaptive), min(label.ratio for label in themed)
    print(f"\nlight panel: worst label {worst:.2f}:1 adaptive, {worst_themed:.2f}:1 with the old hand theming")
    assert worst >= worst_themed - 0.05, (worst, worst_themed)


def test_a_capsule_on_a_light_page_casts_a_soft_shadow_and_on_a_dark_one_none(element_page, static_server, page):
    """The light tone's shadow, drawn by the capsule with its rim: on white, the page just below a
    capsule is darker than the page far from it; on black, a capsule has no outer shadow. Seen to
    fail with the light tone's `--light-shadow` rule taken out (the page under it stays white)."""
    element_page(static_server.url, page_with("#fff"))
    settled(page)
    capsule = page.evaluate(STATE, "glass-tag-cloud")[0]
    assert capsule["light"], capsule
    x, y, w, h = capsule["rect"]
    image = shot(page)
    below = image.getpixel((int(x + w / 2), int(y + h + 3)))
    far = image.getpixel((int(x + w / 2), int(y + h + 60)))
    print(f"\nthe page 3 px below a capsule: {below}, far from it: {far}")
    assert far == (255, 255, 255), far
    assert sum(below) <= 3 * 255 - 12, f"no shadow under a capsule on a white page: {below}"
    element_page(static_server.url, page_with("#000"))
    settled(page)
    shadows = page.evaluate("() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag')].map((b) => getComputedStyle(b).boxShadow)")
    outer = [part for shadow in shadows if shadow != "none" for part in top_level_parts(shadow) if "inset" not in part]
    assert all(shadow.count("inset") == 3 for shadow in shadows), shadows
    assert not outer, f"an outer shadow on a dark page: {shadows}"


EASED_FROST = """([id, phase]) => {
  const button = document.querySelector('glass-tag-cloud').shadowRoot.querySelector(`button[data-tag-id="${id}"]`);
  const eased = button.getAnimations().find((a) => a.transitionProperty === '--glass-eased-tint-amount');
  if (!eased || phase === null) return eased ? {} : null;
  for (const animation of button.getAnimations()) {
    animation.pause();
    animation.currentTime = phase === 'start' ? 0 : animation.effect.getTiming().duration;
  }
  const style = getComputedStyle(button);
  return { amount: style.getPropertyValue('--glass-eased-tint-amount').trim(),
           duration: eased.effect.getTiming().duration,
           layers: style.backgroundImage.split('radial-gradient').length - 1 };
}"""


def test_a_selection_eases_the_frost_with_the_tint(element_page, static_server, page):
    """The legibility layer mixes the tint into its frost by --glass-eased-tint-amount, a
    registered <percentage> that follows the tint amount: a selection eases it over the tint's
    duration, from the unselected amount to the selected one, as the capsule's tint eases (the
    frost does not jump to the selected mix under a tint still easing). The frost is drawn by the
    capsule itself (its two radial ends among its background layers: no masked layer of its own,
    which cost Chromium a paint chunk per capsule in every frame of a drag). Seen failing with the
    registration taken out (no transition: the amount is the selected one at once)."""
    element_page(static_server.url, page_with("#fff"))
    settled(page)
    capsule = next(c for c in page.evaluate(STATE, "glass-tag-cloud") if not c["selected"])
    assert capsule["under"].startswith("rgb(255 255 255"), f"no frost on white: {capsule}"
    amounts = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.tag'));
      return [s.getPropertyValue('--tint-unselected').trim(), s.getPropertyValue('--tint-selected').trim()]; }""")
    page.evaluate("(id) => { document.querySelector('glass-tag-cloud').selection = [id]; }", capsule["id"])
    try:
        page.wait_for_function(f"(id) => ({EASED_FROST})([id, null]) !== null", arg=capsule["id"], timeout=5_000)
    except PlaywrightTimeoutError:
        raise AssertionError("no transition of --glass-eased-tint-amount on a selection: the frost's tint jumps") from None
    start, end = page.evaluate(EASED_FROST, [capsule["id"], "start"]), page.evaluate(EASED_FROST, [capsule["id"], "end"])
    print(f"\nthe frost's tint amount: {start['amount']} at the transition's start, {end['amount']} at its end; amounts {amounts}")
    assert float(start["amount"].rstrip("%")) == pytest.approx(float(amounts[0].rstrip("%")), abs=0.5), (start, amounts)
    assert float(end["amount"].rstrip("%")) == pytest.approx(float(amounts[1].rstrip("%")), abs=0.5), (end, amounts)
    assert start["duration"] > 0 and start["layers"] == 2, start


def top_level_parts(text: str) -> list[str]:
    """A comma-separated CSS list's items (commas inside parentheses belong to their item)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += char == "("
        depth -= char == ")"
        if char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    return parts + [text[start:].strip()]


def page_with(background: str, attributes: str = "", extra_css: str = "") -> str:
    return (f"<style>body {{ background: {background} !important; }} {extra_css}</style>"
            f"<glass-tag-cloud spacing='18' {attributes}>{tag_markup(('SwiftUI', 'Widgets'))}</glass-tag-cloud>")


def test_appearance_forces_a_tone_and_reflects(element_page, static_server, page):
    element_page(static_server.url, page_with("#000", "appearance='light'"))
    settled(page)
    state = page.evaluate(STATE, "glass-tag-cloud")
    assert all(c["light"] for c in state), state
    assert all(c["ink"] != WHITE_INK for c in state if not c["selected"]), state
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').appearance") == "light"
    page.evaluate("() => { document.querySelector('glass-tag-cloud').appearance = 'dark'; }")
    settled(page)
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').getAttribute('appearance')") == "dark"
    page.evaluate("() => { document.body.style.setProperty('background', '#fff', 'important'); }")
    settled(page)
    state = page.evaluate(STATE, "glass-tag-cloud")
    assert not any(c["light"] for c in state) and all(c["ink"] == WHITE_INK for c in state if not c["selected"]), state
    # Back to auto over white: the light tone; an unknown value reads as auto.
    page.evaluate("() => { document.querySelector('glass-tag-cloud').setAttribute('appearance', 'sepia'); }")
    settled(page)
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').appearance") == "auto"
    assert all(c["light"] for c in page.evaluate(STATE, "glass-tag-cloud"))


def test_an_authors_label_colour_wins(element_page, static_server, page):
    element_page(static_server.url, page_with("#fff", extra_css="glass-tag-cloud { --glass-label-color: rgb(200, 0, 0); }"))
    settled(page)
    state = page.evaluate(STATE, "glass-tag-cloud")
    assert {c["ink"] for c in state} == {"rgb(200, 0, 0)"}, state


DEAD_BAND_PAGE = """<style>
  body { margin: 0; background: #fff !important; }
  #track { background: linear-gradient(to right, #000 0, #000 200px, #fff 800px, #fff 100%); padding: 20px 0; width: 1200px; }
  #mover { width: 300px; }
</style>
<div id="track"><div id="mover"><glass-tag-cloud spacing="18"><glass-tag value="one" tint="#0A84FF">Capsule</glass-tag></glass-tag-cloud></div></div>"""

NUDGE = """async (x) => {
  document.querySelector('#mover').style.marginLeft = `${x}px`;
  document.querySelector('glass-tag-cloud').refreshBackdrop();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.tag-slot').classList.contains('is-on-light');
}"""


def test_a_capsule_nudged_across_a_boundary_flips_once(element_page, static_server, page):
    element_page(static_server.url, DEAD_BAND_PAGE)
    # Moved right in 10 px steps, from dark content toward light: it turns light once.
    tones = []
    for x in range(0, 700, 10):
        tones.append((x, page.evaluate(NUDGE, x)))
        if tones[-1][1] and x >= next(x0 for x0, light in tones if light) + 20:
            break
    flips = [x for (_, a), (x, b) in zip(tones, tones[1:]) if a != b]
    assert len(flips) == 1 and tones[-1][1], f"a move from dark to light content flips once: {tones}"
    flip = flips[0]
    # Nudged back and forth around where it flipped: it stays light.
    nudged = [page.evaluate(NUDGE, x) for x in (flip - 10, flip + 10, flip - 20, flip + 10, flip - 20, flip)]
    assert all(nudged), f"flipped back while nudged around {flip}: {nudged}"
    # Moved back into the dark step by step, it takes the seed's look again, once.
    back = [(x, page.evaluate(NUDGE, x)) for x in range(flip, -10, -10)]
    assert sum(1 for (_, a), (_, b) in zip(back, back[1:]) if a != b) == 1 and not back[-1][1], back


def test_a_theme_change_is_learned_without_being_asked(element_page, static_server, page):
    element_page(static_server.url, page_with("#fff", extra_css="body.night { background: #000 !important; }"))
    settled(page)
    assert all(c["light"] for c in page.evaluate(STATE, "glass-tag-cloud"))
    page.evaluate("() => document.body.classList.add('night')")
    page.wait_for_function("""() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag-slot')]
      .every((slot) => !slot.classList.contains('is-on-light'))""", timeout=5000)
    # The user's colour scheme, on a page that follows it (no background of its own).
    element_page(static_server.url, "<style>:root { color-scheme: light dark; } body { background: none !important; }</style>"
                 f"<glass-tag-cloud spacing='18'>{tag_markup(())}</glass-tag-cloud>", name="scheme")
    settled(page)
    assert all(c["light"] for c in page.evaluate(STATE, "glass-tag-cloud"))
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("""() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag-slot')]
      .every((slot) => !slot.classList.contains('is-on-light'))""", timeout=5000)


COUNT_LEARNING = """async () => {
  const { BackdropController } = await import('/src/element/backdrop-controller.js');
  window.__learned = 0;
  window.__provisional = []; // per learning: whether its map was learned on a box the frame then changed
  const learn = BackdropController.prototype.learn;
  BackdropController.prototype.learn = function () {
    window.__learned += 1;
    const map = learn.call(this);
    window.__provisional.push(map.provisional);
    return map;
  };
  window.__frames = 0;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => { window.__frames += 1; return raf(callback); };
}"""

# The drag also notes the learnings counted when it made its last change (COUNT_LEARNING's
# `__learned`): the learning once it holds still may come before the test reads the count.
DRAG = """(count) => new Promise((resolve) => {
  let frame = 0;
  const step = () => {
    if (frame === count) return resolve();
    document.querySelector('#box').style.width = `${900 - 3 * frame}px`;
    frame += 1;
    if (frame === count) window.__learnedAtLastChange = window.__learned;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})"""


def wait_learned_after(page, learnings: int) -> None:
    """Waits until the backdrop was learned more than `learnings` times (COUNT_LEARNING): once a
    drag holds still, QUIET_MS (backdrop-controller.js) and two frames later, which a loaded
    machine delays (a 30-frame drag took 1.5 s beside a fresh clone's compiling lane); so up to
    MAX_WAIT_MS (5 s)."""
    try:
        page.wait_for_function("(before) => window.__learned > before", arg=learnings, timeout=5_000)
    except PlaywrightTimeoutError:
        raise AssertionError("not learned again within 5 s once the drag held still") from None


def test_a_drag_looks_up_the_map_and_an_idle_page_draws_nothing(element_page, static_server, page):
    page.add_init_script(RECORDER)
    tags = "".join(f'<glass-tag value="t{i}" tint="{DEMO_TAGS[i % 10][1]}">{DEMO_TAGS[i % 10][0]} {i}</glass-tag>' for i in range(120))
    element_page(static_server.url, "<style>body { background: #fff !important; }</style>"
                 f"<div id='box' style='width: 900px'><glass-tag-cloud spacing='10'>{tags}</glass-tag-cloud></div>")
    settled(page)
    page.evaluate(COUNT_LEARNING)
    page.evaluate("() => { window.__frameWrites.log.length = 0; window.__frameWrites.state.on = true; }")
    started = page.evaluate("() => performance.now()")
    page.evaluate(DRAG, 30)
    seconds = (page.evaluate("() => performance.now()") - started) / 1000
    # Counted at the drag's last change, not when read: a learning once the drag holds still
    # (QUIET_MS and two frames) that comes before the read is one after the drag, which the wait
    # below looks for. (The wait timed out once in make test; not reproduced since, with reads
    # delayed by 600 ms either: this closes one way it could happen.)
    learned_during = page.evaluate("() => window.__learnedAtLastChange")
    writes = page.evaluate("""() => { window.__frameWrites.state.on = false;
      return window.__frameWrites.log.filter((w) => w.kind === 'style' && String(w.name).startsWith('--tone')
        || w.kind === 'class' && String(w.target.className).includes('tag-slot')).length; }""")
    wait_learned_after(page, learned_during)
    settled(page)
    learned_after = page.evaluate("() => window.__learned")
    print(f"\nlearned during a 30-frame drag ({seconds:.2f} s): {learned_during}, after it: "
          f"{learned_after - learned_during}; tone writes during the drag: {writes}")
    # At most one learning (and one more if the box changed under it) per MAX_WAIT_MS (5 s) of drag.
    assert learned_during <= 2 + int(seconds / 5), f"the backdrop was learned {learned_during} times in a 30-frame drag ({seconds:.2f} s)"
    assert writes == 0, f"{writes} tone writes while the capsules moved over one plain backdrop"
    # Idle: nothing asks for a frame.
    page.evaluate("() => { window.__frames = 0; }")
    page.wait_for_timeout(1000)
    assert page.evaluate("() => window.__frames") == 0, "an idle page asked for frames"


# The box's `style` attribute changed `count` times (a custom property: a cause that can wait, which
# moves no capsule, so no motion of the layout holds the learning back as well): on timers `gapMs`
# apart, or (gapMs 0) at the start of each animation frame, each followed by `busyMs` of work (a
# page whose frames take longer than the quiet time). Every learning's and every change's time
# are noted.
CAUSES = """([gapMs, count, busyMs]) => new Promise(async (resolve) => {
  const { BackdropController } = await import('/src/element/backdrop-controller.js');
  if (!window.__learnedAt) {
    const learn = BackdropController.prototype.learn;
    BackdropController.prototype.learn = function () { window.__learnedAt.push(performance.now()); return learn.call(this); };
  }
  window.__learnedAt = [];
  const box = document.querySelector('#box');
  const causes = [];
  const change = () => {
    box.style.setProperty('--cause', String(causes.length));
    causes.push(performance.now());
    if (causes.length === count) resolve(causes);
    return causes.length < count;
  };
  if (gapMs) {
    const next = () => { if (change()) setTimeout(next, gapMs); };
    next();
  } else {
    // The work after each change is a task of its own: script that runs after the frame's
    // callbacks, so the quiet time can pass before the next frame's change.
    const busy = () => { const until = performance.now() + busyMs; while (performance.now() < until); };
    const step = () => {
      if (!change()) return;
      requestAnimationFrame(step);
      setTimeout(busy, 0);
    };
    requestAnimationFrame(step);
  }
})"""


def test_causes_that_keep_coming_are_learned_once_they_hold_still(element_page, static_server, page):
    """A learning that can wait comes QUIET_MS (150 ms, backdrop-controller.js) after the latest
    cause before it, never amid causes that come closer together: on timers 50 ms apart, and one
    at the start of each frame of a page whose frames take 200 ms. Judged on the times alone, so a
    loaded machine's late timers cannot make it fail. Seen failing with the spell's one timer not
    waiting on for what is left after a later cause (learned 10-60 ms after one). The still
    frames' own look for a cause is Tests/node/backdrop-controller.test.mjs's (here, after a long
    task Chromium draws the next frame before the overdue timer runs, so those frames never meet
    a cause)."""
    tags = "".join(f'<glass-tag value="t{i}">Tag {i}</glass-tag>' for i in range(30))
    element_page(static_server.url, "<style>body { background: #fff !important; }</style>"
                 f"<div id='box' style='width: 900px'><glass-tag-cloud spacing='10'>{tags}</glass-tag-cloud></div>")
    settled(page)
    for gap_ms, count, busy_ms in ((50, 16, 0), (0, 6, 200)):
        causes = page.evaluate(CAUSES, [gap_ms, count, busy_ms])
        page.wait_for_function("(after) => window.__learnedAt.some((t) => t > after)", arg=causes[-1], timeout=5_000)
        learned = page.evaluate("() => window.__learnedAt")
        quiet = [round(at - max(c for c in causes if c <= at), 1) for at in learned if at >= causes[0]]
        print(f"\n{count} causes ({gap_ms} ms apart, frames of {busy_ms} ms) over {causes[-1] - causes[0]:.0f} ms: "
              f"learned {quiet} ms after the latest cause")
        assert quiet, "not learned once the causes held still"
        assert all(q >= 150 for q in quiet), f"learned amid causes: {quiet} ms after the latest cause"


COUNT_HIT_TESTS = """() => {
  window.__hitTests = 0;
  for (const scope of [Document.prototype, ShadowRoot.prototype]) {
    const elementsFromPoint = scope.elementsFromPoint;
    scope.elementsFromPoint = function (...point) { window.__hitTests += 1; return elementsFromPoint.apply(this, point); };
  }
}"""


def test_a_narrowed_cloud_is_learned_again_without_looking_beneath_again(element_page, static_server, page):
    """A learning after a drag that narrowed the cloud (taller than the viewport, so its part in
    sight stays where the elements beneath were looked for) reads the page's styles again but
    makes no hit test: each walks every capsule's layer, 10-20 ms over 1,000 capsules, and 20 of
    them froze such a cloud after every resize. Moved sideways beyond that area, it looks again.
    Seen to fail with the learner looking beneath at every learning (20 hit tests after the drag)."""
    tags = "".join(f'<glass-tag value="t{i}" tint="{DEMO_TAGS[i % 10][1]}">{DEMO_TAGS[i % 10][0]} {i}</glass-tag>' for i in range(240))
    element_page(static_server.url, "<style>body { background: #fff !important; }</style>"
                 f"<div id='box' style='width: 900px'><glass-tag-cloud spacing='10'>{tags}</glass-tag-cloud></div>")
    settled(page)
    tall = page.evaluate("() => document.querySelector('glass-tag-cloud').getBoundingClientRect().bottom > innerHeight + 100")
    assert tall, "the cloud must reach below the viewport for this test"
    page.evaluate(COUNT_LEARNING)
    page.evaluate(COUNT_HIT_TESTS)
    page.evaluate(DRAG, 30)
    wait_learned_after(page, 0)
    settled(page)
    learned, hit_tests = page.evaluate("() => [window.__learned, window.__hitTests]")
    print(f"\nafter a 30-frame drag: {learned} learnings, {hit_tests} hit tests")
    assert hit_tests == 0, f"{hit_tests} hit tests to learn a narrowed cloud again"
    page.evaluate("() => { document.querySelector('#box').style.marginLeft = '300px'; }")
    page.wait_for_timeout(600)
    settled(page)
    learned_moved, hit_tests = page.evaluate("() => [window.__learned, window.__hitTests]")
    assert learned_moved > learned, "not learned again once the cloud moved"
    assert hit_tests > 0, "a cloud moved beyond the area looked over did not look beneath again"


TONE_WRITES = """() => window.__frameWrites.log.filter((w) => w.kind === 'style' && String(w.name).startsWith('--tone')
  || w.kind === 'class' && w.name === 'is-on-light').length"""


def test_a_drag_holds_the_tones_until_it_rests(element_page, static_server, page):
    """Over wide black and white stripes that ask each capsule for its own tone, a drag of a
    right-to-left cloud (every capsule moves 3 px a frame; a motion: layout-motion.js)
    writes tones only in its first frame (one move alone decides near sight); the other frames
    write none (each tone written restyles its capsule); once the drag rests the held capsules are
    decided. Seen to fail with the view's
    `hold` always false (tones written in 17 of the 30 frames)."""
    page.add_init_script(RECORDER)
    tags = "".join(f'<glass-tag value="t{i}" tint="{DEMO_TAGS[i % 10][1]}">{DEMO_TAGS[i % 10][0]} {i}</glass-tag>' for i in range(60))
    element_page(static_server.url, "<style>body { background: repeating-linear-gradient(to right, #fff 0 90px, #000 90px 180px) fixed !important; }</style>"
                 f"<div id='box' style='width: 900px'><glass-tag-cloud spacing='10' dir='rtl'>{tags}</glass-tag-cloud></div>")
    settled(page)
    page.evaluate("""() => { const log = window.__frameWrites.log; log.length = 0; window.__frameWrites.state.on = true;
      window.__writesPerFrame = []; let seen = 0;
      const count = () => { const n = log.filter((w) => w.kind === 'style' && String(w.name).startsWith('--tone')
          || w.kind === 'class' && w.name === 'is-on-light').length;
        window.__writesPerFrame.push(n - seen); seen = n; if (window.__counting) requestAnimationFrame(count); };
      window.__counting = true; requestAnimationFrame(count); }""")
    page.evaluate(DRAG, 30)
    per_frame = page.evaluate("() => { window.__counting = false; return window.__writesPerFrame; }")
    during = page.evaluate(TONE_WRITES)
    writing = [i for i, n in enumerate(per_frame) if n]
    print(f"\ntone writes per frame of the drag: {per_frame}")
    assert len(writing) <= 2, f"tones written in {len(writing)} frames of a 30-frame drag: {per_frame}"
    settled(page)
    page.wait_for_timeout(700)  # the motion rests 500 ms after its last move
    settled(page)
    after = page.evaluate(TONE_WRITES) - during
    assert after > 0, "no capsule's tone caught up once the drag rested"


@pytest.mark.page_errors(r"CORS|Access-Control-Allow-Origin|ERR_FAILED|net::")
def test_a_cross_origin_image_without_cors_reads_as_the_users_colour_scheme(element_page, static_server, page):
    """Drawing it would taint the canvas. Over a black root, the body's cross-origin image (no
    colour of its own) reads as the user's `prefers-color-scheme`: white (the light tone) for
    light, black for dark; were it skipped, the black root would show (seen failing so)."""
    from support.label_contrast import PHOTO
    from support.static_files import FIXTURES, FolderServer

    with FolderServer(FIXTURES) as other:
        url = other.url.replace("127.0.0.1", "localhost") + PHOTO.rsplit("/", 1)[1]
        for scheme, light in (("light", True), ("dark", False)):
            page.emulate_media(color_scheme=scheme)
            element_page(static_server.url, "<style>html { background: #000; } "
                         f"body {{ background: url({url}) center / cover !important; }}</style>"
                         f"<glass-tag-cloud spacing='18'>{tag_markup(())}</glass-tag-cloud>", name=f"cors-{scheme}")
            settled(page)
            state = page.evaluate(STATE, "glass-tag-cloud")
            assert all(c["light"] == light for c in state), (scheme, state)
            assert page.evaluate("""() => document.querySelector('glass-tag-cloud').shadowRoot
              .querySelectorAll('.tag-slot').length""") == len(DEMO_TAGS)


def test_clear_glass_dims_over_bright_content(element_page, static_server, page):
    element_page(static_server.url, page_with("#fff", "variant='clear'"))
    settled(page)
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').variant") == "clear"
    state = page.evaluate(STATE, "glass-tag-cloud")
    assert all(c["ink"] == WHITE_INK and not c["light"] for c in state), state
    dims = [float(c["under"].split("/")[1].rstrip(") ")) for c in state if c["under"].startswith("rgb(0 0 0")]
    assert len(dims) == len(state) and min(dims) >= 0.35, state
    weak = [str(label) for label in contrasts(page, "glass-tag-cloud") if label.ratio < WCAG_AA]
    assert not weak, "\n".join(weak)


def test_a_melted_neck_meets_the_capsules_clear_rim_not_their_frost(element_page, static_server, page):
    """Two melted capsules of the light tone over light grey: the frost lies under each label, the
    rim band is the clear tinted glass, and the neck between them (the glass canvas) is that clear
    glass too, nearer the capsules' rim band than their frosted centre in every channel. Seen to
    fail with the necks' tints taking the frost (tag-appearance.js `neckTints` as before the
    legibility layer): the neck 144 in red against a band of 135 and a centre of 148."""
    element_page(static_server.url, "<style>body { background: #bbb !important; }</style>"
                 "<glass-tag-cloud spacing='4' merge-distance='10'><glass-tag value='a' tint='#0A84FF'>Liquid</glass-tag>"
                 "<glass-tag value='b' tint='#0A84FF'>Glass</glass-tag></glass-tag-cloud>")
    settled(page)
    melted = page.evaluate("""() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag-slot')]
      .map((s) => s.classList.contains('is-melted') && s.classList.contains('has-under'))""")
    assert melted == [True, True], f"not two melted capsules with a frost: {page.evaluate(STATE, 'glass-tag-cloud')}"
    state = page.evaluate(STATE, "glass-tag-cloud")
    (ax, ay, aw, ah), (bx, _, bw, _) = state[0]["rect"], state[1]["rect"]
    page.evaluate(HIDE_LABELS)  # the centre's glass without glyphs
    settle(page, 3)
    image = shot(page)
    page.evaluate(SHOW_LABELS)
    y = int(ay + ah / 2)

    def mean(xs):
        pixels = [image.getpixel((int(x), y)) for x in xs]
        return [sum(p[c] for p in pixels) / len(pixels) for c in range(3)]

    gap = (ax + aw, bx)
    neck = mean([gap[0] + 1, gap[1] - 2])  # the gap's middle, off the capsules' antialiased ends
    band = mean([ax + aw - 6, ax + aw - 5, ax + aw - 4, bx + 3, bx + 4, bx + 5])  # the clear rim band (depth 3 to 6)
    centre = mean([ax + aw / 2 - 2, ax + aw / 2 + 2, bx + bw / 2])  # under the labels' middles
    assert all(abs(n - b) < abs(n - c) for n, b, c in zip(neck, band, centre)), f"neck {neck}, rim band {band}, frosted centre {centre}"


INSERT_EACH_FRAME = """(count) => new Promise((resolve) => {
  const cloud = document.querySelector('glass-tag-cloud');
  const learnedWhileMoving = [];
  let added = 0;
  const step = () => {
    if (cloud.matches(':state(animating)')) learnedWhileMoving.push(window.__learned);
    if (added < count) {
      const tag = document.createElement('glass-tag');
      tag.setAttribute('value', `new${added}`);
      tag.textContent = `New tag ${added}`;
      cloud.insertBefore(tag, cloud.children[(7 * added) % cloud.children.length]);
      added += 1;
    } else if (!cloud.matches(':state(animating)')) {
      return resolve(learnedWhileMoving);
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})"""


def test_tags_coming_for_a_while_are_learned_once_the_motion_rests(element_page, static_server, page):
    """Tags added one per frame grow the cloud by a row now and then; each such growth asks for
    a learning (the map no longer covers the frame), 25-60 ms each. The layout's motion holds
    every capsule's tone, so the learning waits for it to rest, then runs once, or twice: when the
    first was learned on a box the frame then changed (a provisional map, learned again once), or
    when a cause reached the element after it (on a loaded machine, the host's last resize of the
    motion reported after the learning at rest: two learnings, neither provisional). Never while
    the tags come. (Seen failing without the wait: 7 learnings amid 56 frames of tags coming.)"""
    tags = "".join(f'<glass-tag value="t{i}" tint="{DEMO_TAGS[i % 10][1]}">{DEMO_TAGS[i % 10][0]} {i}</glass-tag>' for i in range(60))
    element_page(static_server.url, "<style>body { background: #fff !important; }</style>"
                 f"<div style='width: 700px'><glass-tag-cloud spacing='10'>{tags}</glass-tag-cloud></div>")
    settled(page)
    page.evaluate(COUNT_LEARNING)
    height = page.evaluate("() => document.querySelector('glass-tag-cloud').offsetHeight")
    moving = page.evaluate(INSERT_EACH_FRAME, 40)
    grown = page.evaluate("() => document.querySelector('glass-tag-cloud').offsetHeight")
    assert len(moving) >= 30 and grown > height + 40, (len(moving), height, grown)  # a motion, rows added
    assert moving[-1] == 0, f"learned {moving[-1]} times while the tags came ({len(moving)} frames)"
    # At rest: a learning whose map holds (after a provisional one, if any), then no more.
    try:
        page.wait_for_function("() => window.__provisional.length > 0 && !window.__provisional.at(-1)", timeout=5000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"no learning that held at rest: {page.evaluate('() => window.__provisional')}") from None
    page.wait_for_timeout(500)
    provisional = page.evaluate("() => window.__provisional")
    assert 1 <= len(provisional) <= 2 and not provisional[-1], f"learnings at rest, each provisional or not: {provisional}"
