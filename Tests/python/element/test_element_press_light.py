"""The light a press spreads onto the glass nearby (issue 36, "Light that spreads"; press-light.js),
read from pixels in headless Chromium: press one capsule (pointer down and hold) on a black page
and compare each capsule's mean luminance before and during the press.

- A neighbour within the spacing brightens, more on its side facing the press; a capsule rows
  away does not change (within noise) and has no glow at all; only the lit capsules have one.
- In tight spacing a capsule of the pressed one's merge group brightens.
- After the release the light fades back: screenshots over time fall, never rise again, and are
  back at rest once the spring has settled; the glow eases in and out on the core's `.snappy`.
- Under Reduce Motion the press still lights the capsule and its neighbour, and the capsule's
  scale never exceeds its target (no swell, so nothing overshoots).

Each was watched failing once with the feature broken (docs/WEB.md, "Light that spreads", lists
the mutations and what failed)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageStat
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from support.placement import wait_placed

BLACK_PAGE = "<style>body { background: #000 !important; margin: 20px; }</style>"

LABELS = ["Swift", "Layout", "Glass", "Motion", "Charts", "Metal", "Widgets", "Maps",
          "Symbols", "Navigation", "Gestures", "Animation", "Health", "Music", "Camera", "Photos"]

NOISE = 1.5  # mean luminance levels a capsule's glass may drift by with nothing lit on it


def open_cloud(element_page, static_server, spacing: float, merge_distance: float = 10) -> None:
    tags = "".join(f"<glass-tag value='{label}' tint='#2a2a2a'>{label}</glass-tag>" for label in LABELS)
    element_page(static_server.url, BLACK_PAGE + f"<div style='width: 460px'><glass-tag-cloud spacing='{spacing}' "
                 f"merge-distance='{merge_distance}'>{tags}</glass-tag-cloud></div>")


def capsules(page) -> dict[str, dict]:
    """Each capsule at rest, in page pixels, with its row and merge group (the core's layout)."""
    return page.evaluate(
        """() => {
          const host = document.querySelector('glass-tag-cloud');
          const origin = host.shadowRoot.querySelector('[data-tag-cloud]').getBoundingClientRect();
          const { items, rows, groups } = host.layout;
          const rowOf = (k) => rows.filter((start) => start <= k).length - 1;
          const groupOf = (k) => groups.findIndex((group) => group.includes(k));
          return Object.fromEntries(items.map((item, k) => [item.id, {
            x: origin.x + item.x, y: origin.y + item.y, w: item.w, h: item.h, row: rowOf(k), group: groupOf(k) }]));
        }""")


def shot(page) -> Image.Image:
    return Image.open(io.BytesIO(page.screenshot())).convert("L")


def luminance(image: Image.Image, rect: dict, part: tuple[float, float] = (0, 1)) -> float:
    """The mean luminance of a capsule's glass (inset 4 px from its rim), or of the horizontal
    `part` of it (fractions of its width: (0, 1/3) is its left third)."""
    left = rect["x"] + 4 + (rect["w"] - 8) * part[0]
    right = rect["x"] + 4 + (rect["w"] - 8) * part[1]
    box = (round(left), round(rect["y"] + 4), round(right), round(rect["y"] + rect["h"] - 4))
    return ImageStat.Stat(image.crop(box)).mean[0]


def rows_of(rects: dict[str, dict]) -> list[list[str]]:
    rows: dict[int, list[str]] = {}
    for tag_id, rect in sorted(rects.items(), key=lambda kv: kv[1]["x"]):
        rows.setdefault(rect["row"], []).append(tag_id)
    return [rows[row] for row in sorted(rows)]


def gap(a: dict, b: dict) -> float:
    """The gap between two capsules in a row (their facing ends)."""
    return b["x"] - (a["x"] + a["w"])


# Which capsules draw a glow (`::after` with content), and each one's opacity now.
GLOWS = """() => Object.fromEntries([...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('button[data-tag-id]')]
  .map((b) => [b.dataset.tagId, getComputedStyle(b, '::after')]).filter(([, s]) => s.content !== 'none')
  .map(([id, s]) => [id, parseFloat(s.opacity)]))"""

# Samples the computed opacity of one capsule's glow (null: none) every animation frame for `ms`
# into window.__samples ([ms, opacity]), from now; returns at once.
SAMPLE_GLOW = """([id, ms]) => {
  const button = document.querySelector('glass-tag-cloud').shadowRoot.querySelector(`[data-tag-id="${id}"]`);
  const samples = (window.__samples = []);
  const start = performance.now();
  const step = () => {
    const now = performance.now() - start;
    const glow = getComputedStyle(button, '::after');
    samples.push([now, glow.content === 'none' ? null : parseFloat(glow.opacity)]);
    if (now < ms) requestAnimationFrame(step); else window.__sampled = true;
  };
  window.__sampled = false;
  requestAnimationFrame(step);
}"""


# The glow's opacity transition on a capsule's ::after, read at fractions of its duration: paused,
# set to each fraction, read, then put back where it was and played on (all in one task, so no
# frame sees it paused). Sampling frames alone cannot show an eased change on a loaded machine:
# a snappy spring's fade is mostly over in its first 100 ms, and frames there came 150 ms apart
# once (0.3, 0.28, then 0.003). null until the transition runs.
TRANSITION_OPACITIES = """([id, fractions]) => {
  const button = document.querySelector('glass-tag-cloud').shadowRoot.querySelector(`[data-tag-id="${id}"]`);
  const transition = button.getAnimations({ subtree: true }).find((a) =>
    a.transitionProperty === 'opacity' && a.effect.pseudoElement === '::after' && a.playState === 'running');
  if (!transition) return null;
  const duration = transition.effect.getComputedTiming().duration;
  const was = transition.currentTime;
  transition.pause();
  const opacities = fractions.map((fraction) => {
    transition.currentTime = duration * fraction;
    return parseFloat(getComputedStyle(button, '::after').opacity);
  });
  transition.currentTime = was;
  transition.play();
  return opacities;
}"""
EASED_AT = [0.02, 0.05, 0.1, 0.2, 0.3, 0.5]


def transition_opacities(page, tag_id: str, change: str) -> list[float]:
    """The glow's opacity at EASED_AT of its running transition (waits 5 s for one to run)."""
    try:
        return page.wait_for_function(TRANSITION_OPACITIES, arg=[tag_id, EASED_AT], timeout=5000).json_value()
    except PlaywrightTimeoutError:
        raise AssertionError(f"{tag_id}'s light {change} with no transition of its opacity within 5 s") from None


def snappy(page) -> dict:
    return page.evaluate(
        "async () => { const { loadTagCloudCore } = await import('/src/core/tagcloud-core.js'); return (await loadTagCloudCore()).motion('snappy'); }")


def press_and_hold(page, rect: dict, at: float = 0.5) -> None:
    page.mouse.move(rect["x"] + rect["w"] * at, rect["y"] + rect["h"] / 2)
    page.mouse.down()


def loose_scene(page) -> tuple[dict, str, str, str]:
    """The capsules, and a pressed one in the first row with its right neighbour and a capsule
    two rows below it (three rows at least)."""
    rects = capsules(page)
    rows = rows_of(rects)
    assert len(rows) >= 3, rows
    pressed, neighbour = rows[0][1], rows[0][2]
    far = rows[2][1]
    return rects, pressed, neighbour, far


def test_a_press_lights_its_neighbour_within_the_spacing_from_the_side_facing_it(element_page, static_server, page):
    open_cloud(element_page, static_server, spacing=18)
    rects, pressed, neighbour, far = loose_scene(page)
    assert gap(rects[pressed], rects[neighbour]) == pytest.approx(18, abs=0.5)
    assert len({rect["group"] for rect in rects.values()}) == len(rects), "at spacing 18 nothing melts"
    page.mouse.move(5, 5)
    wait_placed(page)
    assert page.evaluate(GLOWS) == {}, "a glow at rest"
    before = shot(page)
    press_and_hold(page, rects[pressed], at=0.75)
    page.wait_for_timeout(snappy(page)["settle"] * 1000 + 250)
    during = shot(page)
    glows = page.evaluate(GLOWS)
    page.mouse.up()

    rise = {tag_id: luminance(during, rect) - luminance(before, rect) for tag_id, rect in rects.items()}
    assert rise[pressed] > 8, rise
    assert rise[neighbour] > 3, f"the neighbour within the spacing stays dark: {rise}"
    assert rise[neighbour] < rise[pressed], f"the neighbour's light is not weaker than the pressed capsule's: {rise}"
    assert abs(rise[far]) <= NOISE, f"a capsule two rows away changed: {rise}"
    # The light comes from the side facing the press: the neighbour's left third (towards the
    # pressed capsule) brightens more than its right third.
    facing = luminance(during, rects[neighbour], (0, 1 / 3)) - luminance(before, rects[neighbour], (0, 1 / 3))
    away = luminance(during, rects[neighbour], (2 / 3, 1)) - luminance(before, rects[neighbour], (2 / 3, 1))
    assert facing > away + 3, f"facing the press {facing:.1f}, away from it {away:.1f}"
    # Only lit capsules draw a glow: the pressed one, its neighbours, none rows away.
    assert pressed in glows and neighbour in glows, glows
    assert far not in glows, glows
    assert glows[neighbour] < glows[pressed], glows
    unlit = [tag_id for tag_id, value in rise.items() if value <= NOISE]
    assert not set(unlit) & set(glows), f"unlit capsules draw a glow: {set(unlit) & set(glows)}"


def test_a_press_lights_its_merge_group_in_tight_spacing(element_page, static_server, page):
    open_cloud(element_page, static_server, spacing=3, merge_distance=10)
    rects = capsules(page)
    rows = rows_of(rects)
    assert len(rows) >= 4, rows
    pressed = rows[0][0]
    below = lambda row: next(t for t in rows[row] if rects[t]["x"] < rects[pressed]["x"] + rects[pressed]["w"] / 2)  # noqa: E731
    # Under the pressed capsule: one row down (3 px: within the spacing too), two rows down (46 px:
    # only the merge group reaches it), three rows down (89 px: too far even for the group).
    near, member, far = below(1), below(2), below(3)
    assert len({rect["group"] for rect in rects.values()}) == 1, "at spacing 3 the whole cloud melts"
    assert rects[member]["y"] - (rects[pressed]["y"] + rects[pressed]["h"]) > 40
    page.mouse.move(5, 5)
    wait_placed(page)
    before = shot(page)
    press_and_hold(page, rects[pressed], at=0.3)
    page.wait_for_timeout(snappy(page)["settle"] * 1000 + 250)
    during = shot(page)
    page.mouse.up()
    rise = {tag_id: luminance(during, rect) - luminance(before, rect) for tag_id, rect in rects.items()}
    assert rise[member] > 2, f"the merge group's capsule two rows away stays dark: {rise}"
    assert rise[near] > rise[member] + 2, f"the light does not fade with distance in the group: {rise}"
    assert abs(rise[far]) <= NOISE, f"a capsule three rows away changed: {rise}"


def test_the_spread_light_eases_in_and_fades_back_on_snappy(element_page, static_server, page):
    open_cloud(element_page, static_server, spacing=18)
    rects, pressed, neighbour, far = loose_scene(page)
    spring = snappy(page)
    page.mouse.move(5, 5)
    wait_placed(page)
    before = shot(page)
    base = luminance(before, rects[neighbour])

    # In: the neighbour's glow eases in over the spring (values between nothing and its level).
    page.evaluate(SAMPLE_GLOW, [neighbour, 800])
    press_and_hold(page, rects[pressed], at=0.75)
    easing_in = transition_opacities(page, neighbour, "came")
    page.wait_for_function("() => window.__sampled")
    rising = [opacity for _, opacity in page.evaluate("() => window.__samples") if opacity is not None]
    assert rising, "the neighbour never got a glow"
    level = rising[-1]
    assert 0.05 < level < 1, rising
    assert any(0.15 * level < opacity < 0.85 * level for opacity in easing_in), \
        f"the light was cut in, not eased: {easing_in} at {EASED_AT} of its transition (frames: {rising})"
    timing = page.evaluate(
        """(id) => { const s = getComputedStyle(document.querySelector('glass-tag-cloud').shadowRoot.querySelector(`[data-tag-id="${id}"]`), '::after');
                     return [s.transitionDuration, s.transitionTimingFunction]; }""", neighbour)
    assert float(timing[0].rstrip("s")) == pytest.approx(spring["settle"], abs=1e-3), timing
    assert timing[1].startswith("linear("), timing
    lit = luminance(shot(page), rects[neighbour]) - base
    assert lit > 3, lit

    # Back: screenshots as fast as they come after the release, until well after the settle.
    page.evaluate(SAMPLE_GLOW, [neighbour, spring["settle"] * 1000 + 400])
    page.mouse.up()
    fading = transition_opacities(page, neighbour, "went")
    start = page.evaluate("() => performance.now()")
    fade = []
    while True:
        image = shot(page)
        now = page.evaluate("() => performance.now()") - start
        fade.append((now, luminance(image, rects[neighbour]) - base))
        if now > spring["settle"] * 1000 + 500:
            break
    page.wait_for_function("() => window.__sampled")
    rises = [value for _, value in fade]
    assert all(b <= a + NOISE for a, b in zip(rises, rises[1:])), f"the light rose again while fading: {fade}"
    assert abs(rises[-1]) <= NOISE, f"the light is not gone after the spring settled: {fade}"
    opacities = [opacity for _, opacity in page.evaluate("() => window.__samples") if opacity is not None]
    print(f"\nspread light at {EASED_AT} of its transitions: in {easing_in}, out {fading}; level {level}")
    assert any(0.1 * level < opacity < 0.9 * level for opacity in fading), \
        f"the light was cut, not faded: {fading} at {EASED_AT} of its transition (frames: {opacities})"
    assert all(b <= a + 0.01 for a, b in zip(opacities, opacities[1:])), f"not a fade: {opacities}"
    # Only the pressed capsule, still under the pointer, keeps its hover glow.
    assert set(page.evaluate(GLOWS)) == {pressed}, "a spread light is still drawn after the fade"


def test_reduce_motion_keeps_the_light_and_the_swell_never_overshoots(element_page, static_server, page):
    page.emulate_media(reduced_motion="reduce")
    open_cloud(element_page, static_server, spacing=18)
    rects, pressed, neighbour, far = loose_scene(page)
    page.mouse.move(5, 5)
    wait_placed(page)
    before = shot(page)
    # Every frame of the press, the pressed capsule's drawn width against its rest width.
    page.evaluate(
        """([id, ms]) => {
          const button = document.querySelector('glass-tag-cloud').shadowRoot.querySelector(`[data-tag-id="${id}"]`);
          const widths = (window.__widths = []);
          const start = performance.now();
          const step = () => {
            widths.push(button.getBoundingClientRect().width);
            if (performance.now() - start < ms) requestAnimationFrame(step); else window.__sampled = true;
          };
          window.__sampled = false;
          requestAnimationFrame(step);
        }""", [pressed, 700])
    press_and_hold(page, rects[pressed], at=0.75)
    page.wait_for_function("() => window.__sampled")
    during = shot(page)
    widths = page.evaluate("() => window.__widths")
    # The scale the press aims at (computed style: the end of any transition).
    target = page.evaluate(
        """(id) => getComputedStyle(document.querySelector('glass-tag-cloud').shadowRoot.querySelector(`[data-tag-id="${id}"]`)).scale""",
        pressed)
    page.mouse.up()
    target_width = rects[pressed]["w"] * (1 if target == "none" else float(target))
    assert max(widths) <= target_width + 0.5, f"the capsule swelled past its target ({target}): {max(widths)} > {target_width}"
    assert target == "none", f"Reduce Motion swells the pressed capsule to {target}"
    rise = {tag_id: luminance(during, rect) - luminance(before, rect) for tag_id, rect in rects.items()}
    assert rise[pressed] > 8, f"no light on the press under Reduce Motion: {rise}"
    assert rise[neighbour] > 3, f"no light on the neighbour under Reduce Motion: {rise}"
    assert abs(rise[far]) <= NOISE, rise
