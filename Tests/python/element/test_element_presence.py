"""Tags that come and go (web/src/layout/tag-presence.js): an inserted tag's capsule grows in from
nothing while its neighbours make room, a removed one shrinks away while they close the gap, and
every frame of it is the core's flow of the capsules at their sizes (so the necks are the core's
too); under Reduce Motion the change lands at once. Each frame is sampled in the page, in
requestAnimationFrame callbacks after the element's own update.

Watched failing: with TagPresence.commit landing every change at once (no growth, the neighbour
jumps), with PackedLayout ignoring `presence` (the neighbour jumps while the capsule grows, the
flow check fails) and with the departing tag dropped from the flow (its gap closes at once)."""

from __future__ import annotations

import pytest

from element_helpers import assert_core_layout, frames_after, open_tags_cloud
from support.placement import wait_placed

TAGS = [{"id": t, "title": t, "tint": "#0A84FF"} for t in ("Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta")]
NEW = {"id": "Inserted", "title": "Inserted", "tint": "#30D158"}

# Every animation frame for `frames` frames after `change()` runs: each capsule's rect (the tags'
# and the departing ones', in stage order), the presence and the classes of their slots, and the
# core's flow of exactly those sizes at the cloud's width (the element's own core, as a page
# would load it).
CAPSULES = """const root = host.shadowRoot;
  const cloud = root.querySelector('[part~="cloud"]');
  const origin = cloud.getBoundingClientRect();
  const capsules = [...root.querySelectorAll('.tag-slot')].map((slot) => {
    const button = slot.querySelector('.tag');
    const r = button.getBoundingClientRect();
    const scale = slot.style.scale === '' ? 1 : Number(slot.style.scale);
    return { id: button.dataset.tagId ?? null, departing: button.dataset.departingId ?? null,
             x: r.x - origin.x, y: r.y - origin.y,
             w: parseFloat(button.style.width) * scale, h: parseFloat(button.style.height) * scale,
             presence: slot.style.scale, inert: slot.inert,
             opacity: getComputedStyle(button).opacity };
  });
  return { capsules, selection: host.selection, tags: host.tags.map((t) => t.id), width: origin.width };"""


def sample_frames(page, change: str, frames: int) -> list[dict]:
    return frames_after(page, change, CAPSULES, frames)


FLOW = """async ({ capsules, width, spacing }) => {
  const { loadTagCloudCore } = await import('/src/core/tagcloud-core.js');
  const core = await loadTagCloudCore();
  return core.layout({ width, spacing, tags: capsules.map((c, i) => ({ id: String(i), size: [c.w, c.h] })) }).items;
}"""


def open_cloud(element_page, static_server, page, *, reduce: bool = False):
    open_tags_cloud(element_page, static_server, page, TAGS, reduce=reduce)


def in_flow_order(sample) -> list[dict]:
    """The capsules of a frame in the flow's order: the stage keeps the tags in tag order, and a
    departing one where it was (after the tag it followed)."""
    return [c for c in sample["capsules"] if c["w"] == c["w"]]  # NaN-free: every slot sized


def assert_frame_is_the_cores_flow(page, sample) -> None:
    capsules = in_flow_order(sample)
    flow = page.evaluate(FLOW, {"capsules": capsules, "width": sample["width"], "spacing": 16})
    for capsule, item in zip(capsules, flow, strict=True):
        assert abs(capsule["x"] - item["x"]) <= 0.5 and abs(capsule["y"] - item["y"]) <= 0.5, (capsule, item)


@pytest.mark.frame_paced
def test_an_inserted_tag_grows_in_while_its_neighbours_make_room(element_page, static_server, page):
    open_cloud(element_page, static_server, page)
    change = f"host.tags = [host.tags[0], {NEW!r}, ...host.tags.slice(1)].map((t) => ({{ id: t.id, title: t.title, tint: t.tint }}));"
    samples = sample_frames(page, change, 60)
    widths, beta = [], []
    for sample in samples:
        by_id = {c["id"]: c for c in sample["capsules"] if c["id"]}
        assert sample["tags"][1] == "Inserted"  # the element's tags at once
        widths.append(by_id["Inserted"]["w"])
        beta.append(by_id["Beta"]["x"])
        assert by_id["Inserted"]["opacity"] == "1"  # grows, does not fade
    final = widths[-1]
    growing = [w for w in widths if 0 < w < final - 0.5]
    assert len(growing) >= 4, widths  # seen growing over several frames
    assert widths == sorted(widths), widths  # from nothing to its size, never back (.smooth has no bounce)
    assert widths[0] < final / 2, widths
    moving = {round(x, 1) for x in beta if beta[0] + 0.5 < x < beta[-1] - 0.5}
    assert len(moving) >= 3, beta  # Beta glides to make room, it does not jump
    # Mid-way, every frame is the core's flow of the capsules at their sizes.
    for sample in samples[2:12:3]:
        assert_frame_is_the_cores_flow(page, sample)
    wait_placed(page)
    shown = assert_core_layout(page, 16)
    assert abs(next(c for c in shown["items"] if c["id"] == "Inserted")["w"] - final) <= 0.5
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.is-coming').length") == 0


@pytest.mark.frame_paced
def test_a_removed_tag_shrinks_away_and_is_gone_from_the_tags_at_once(element_page, static_server, page):
    open_cloud(element_page, static_server, page)
    page.evaluate("() => { document.querySelector('glass-tag-cloud').selection = ['Beta', 'Gamma']; }")
    wait_placed(page)
    samples = sample_frames(page, "host.tags = host.tags.filter((t) => t.id !== 'Beta');", 60)
    first = samples[0]
    assert first["tags"] == ["Alpha", "Gamma", "Delta", "Epsilon", "Zeta"]
    assert first["selection"] == ["Gamma"]  # its selection went with it, at once
    widths = []
    for sample in samples:
        leaving = [c for c in sample["capsules"] if c["departing"] == "Beta"]
        if not leaving:
            break
        assert leaving[0]["inert"] and leaving[0]["id"] is None  # drawn only: no tag any more
        widths.append(leaving[0]["w"])
    assert len([w for w in widths if 0 < w < widths[0] - 0.5]) >= 4, widths  # seen shrinking
    assert widths == sorted(widths, reverse=True), widths
    gamma = [next(c for c in s["capsules"] if c["id"] == "Gamma")["x"] for s in samples]
    assert len({round(x, 1) for x in gamma if gamma[-1] + 0.5 < x < gamma[0] - 0.5}) >= 3, gamma  # closes the gap gliding
    for sample in samples[2:12:3]:
        assert_frame_is_the_cores_flow(page, sample)
    wait_placed(page)
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('[data-departing-id]').length") == 0
    assert_core_layout(page, 16)


def test_under_reduce_motion_an_insertion_and_a_removal_land_at_once(element_page, static_server, page):
    open_cloud(element_page, static_server, page, reduce=True)
    change = f"host.tags = [host.tags[0], {NEW!r}, ...host.tags.slice(2)].map((t) => ({{ id: t.id, title: t.title, tint: t.tint }}));"
    samples = sample_frames(page, change, 3)
    for sample in samples:
        capsules = sample["capsules"]
        assert [c["id"] for c in capsules] == ["Alpha", "Inserted", "Gamma", "Delta", "Epsilon", "Zeta"]
        assert all(c["presence"] == "" for c in capsules)
        assert_frame_is_the_cores_flow(page, sample)
    assert samples[0]["capsules"] == samples[-1]["capsules"]  # nothing moves after the first frame
    assert_core_layout(page, 16)


@pytest.mark.frame_paced
def test_a_tag_removed_while_it_grows_in_shrinks_from_where_it_is(element_page, static_server, page):
    open_cloud(element_page, static_server, page)
    change = (f"host.tags = [...host.tags, {NEW!r}];"
              "setTimeout(() => { host.tags = host.tags.filter((t) => t.id !== 'Inserted'); }, 150);")
    samples = sample_frames(page, change, 70)
    widths, presences = [], []
    for sample in samples:
        capsule = next((c for c in sample["capsules"] if "Inserted" in (c["id"], c["departing"])), None)
        widths.append(capsule["w"] if capsule else None)
        presences.append(float(capsule["presence"] or 1) if capsule else None)
    peak = max(w for w in widths if w is not None)
    turn = widths.index(peak)
    assert 0 < turn < len(widths) - 1 and presences[turn] < 0.95, (widths, presences)  # turned back before it was whole
    after = [w for w in widths[turn:] if w is not None]
    assert after == sorted(after, reverse=True), widths  # and shrank from there
    assert widths[-1] is None, widths  # gone
    wait_placed(page)
    assert_core_layout(page, 16)


@pytest.mark.frame_paced
def test_a_glass_tag_child_appended_and_removed_comes_and_goes_the_same_way(element_page, static_server, page):
    markup = "".join(f"<glass-tag value='{t['id']}'>{t['title']}</glass-tag>" for t in TAGS)
    element_page(static_server.url, f"<glass-tag-cloud spacing='16' style='display:block; width: 420px'>{markup}</glass-tag-cloud>")
    change = ("const tag = document.createElement('glass-tag'); tag.setAttribute('value', 'Inserted');"
              "tag.textContent = 'Inserted'; host.insertBefore(tag, host.children[1]);")
    samples = sample_frames(page, change, 40)
    widths = [next(c for c in s["capsules"] if c["id"] == "Inserted")["w"] for s in samples]
    assert len([w for w in widths if 0 < w < widths[-1] - 0.5]) >= 4 and widths == sorted(widths), widths
    samples = sample_frames(page, "host.querySelector('glass-tag[value=\"Inserted\"]').remove();", 40)
    assert all("Inserted" not in s["tags"] for s in samples)
    leaving = [c["w"] for s in samples for c in s["capsules"] if c["departing"] == "Inserted"]
    assert len(leaving) >= 4 and leaving == sorted(leaving, reverse=True), leaving
    wait_placed(page)
    assert_core_layout(page, 16)


LENS = """const root = host.shadowRoot;
  const button = root.querySelector('button[data-tag-id="Inserted"]');
  const id = /#([^)]+)/.exec(button.style.getPropertyValue('--lens'))?.[1];
  const filter = id ? root.getElementById(id) : null;
  return { w: parseFloat(button.style.width), presence: button.parentElement.style.scale, id: id ?? null,
           filterWidth: filter ? Number(filter.getAttribute('width')) : null,
           filters: root.querySelectorAll('filter').length,
           moved: [...root.querySelectorAll('button[data-tag-id]')].some((b) => b !== button && !b.style.getPropertyValue('--lens')) };"""
INSERT = ("host.tags = [...host.tags.map((t) => ({ id: t.id, title: t.title, tint: t.tint })),"
          " { id: 'Inserted', title: 'Inserted', tint: '#30D158' }];")
# The same tag second: the capsules after it move while it grows.
INSERT_SECOND = ("host.tags = [host.tags[0], { id: 'Inserted', title: 'Inserted', tint: '#30D158' },"
                 " ...host.tags.slice(1)].map((t) => ({ id: t.id, title: t.title, tint: t.tint }));")


@pytest.mark.frame_paced
def test_the_lens_grows_with_the_capsule_where_the_browser_lenses(element_page, static_server, page):
    """Chromium draws `backdrop-filter: url()` lenses (glass-lens.js): a growing capsule shows the
    lens of its whole size in every frame of its growth, though the growth is a motion, which
    takes the lens off the capsules that only move; its slot's scale grows the lens with it, so
    no filter is made or changed per frame, and the capsule keeps that lens once whole. (Watched
    failing with the growing capsule's lens held off until rest, as every moving capsule's is.)"""
    open_cloud(element_page, static_server, page)
    assert page.evaluate("() => CSS.supports('backdrop-filter', 'url(#f)')")
    samples = frames_after(page, INSERT_SECOND, LENS, 50)
    growing = [s for s in samples if s["presence"] and 0.05 < float(s["presence"]) < 0.95]
    assert len(growing) >= 4, samples
    assert any(s["moved"] for s in growing), samples  # a motion, which takes other lenses off
    for s in growing:
        assert s["id"], s  # the lens on while it grows
        assert s["filterWidth"] == max(1, round(s["w"])), s  # the lens of the whole capsule
    assert len({s["id"] for s in growing}) == 1, growing  # one filter, scaled: none per frame
    assert len({s["filters"] for s in growing}) == 1, growing
    presences = [float(s["presence"]) for s in growing]
    assert presences == sorted(presences) and presences[-1] > presences[0], presences
    wait_placed(page)
    page.wait_for_timeout(600)  # the lens of a capsule at rest comes back 500 ms after the last move
    settled = page.evaluate(f"() => {{ const host = document.querySelector('glass-tag-cloud'); {LENS} }}")
    assert settled["id"] == growing[-1]["id"] and settled["presence"] == "", settled


# Each frame while "Inserted" grows in: its slot's scale (its presence) and where the scale starts,
# the capsule's and its label's rects against their unscaled sizes, and the glass's blur as the
# button's own style has it: the capsule's backdrop filter's blur(), or where it is a lens
# (`url(#…)`, Chromium: glass-lens.js) the blur of the lens's centre (its "frost").
LOOK = """const button = host.shadowRoot.querySelector('button[data-tag-id="Inserted"]');
  const slot = button.parentElement;
  const cloud = host.shadowRoot.querySelector('[part~="cloud"]').getBoundingClientRect();
  const label = button.querySelector('.tag-label');
  const lensBlur = (id) => { const b = host.shadowRoot.getElementById(id)?.querySelector('feGaussianBlur[result="frost"]');
    return b ? Number(b.getAttribute('stdDeviation')) : null; };
  const blur = (filter) => { const lens = /url\\("?#([^")]+)"?\\)/.exec(filter); if (lens) return lensBlur(lens[1]);
    const m = /blur\\(([\\d.]+)px\\)/.exec(filter); return m ? Number(m[1]) : (filter === 'none' ? 0 : null); };
  const r = button.getBoundingClientRect();
  const [tx, ty] = (slot.style.translate || '0px 0px').split(' ').map(parseFloat);
  return { presence: slot.style.scale, coming: slot.classList.contains('is-coming'),
           scale: getComputedStyle(slot).scale, origin: getComputedStyle(slot).transformOrigin,
           x: r.x - cloud.x, y: r.y - cloud.y, tx, ty: ty ?? 0, w: r.width, whole: button.offsetWidth,
           labelW: label.getBoundingClientRect().width, labelWhole: label.offsetWidth,
           glassBlur: blur(getComputedStyle(button).backdropFilter) };"""
GLASS_BLUR = 12  # px: --glass-blur's default (styles.css)


@pytest.mark.frame_paced
def test_an_inserted_tag_grows_whole_its_glass_its_label_and_its_rim_together(element_page, static_server, page):
    """While a tag grows in, its capsule is its whole self scaled by its presence p (styles.css
    `.tag-slot.is-coming`, cloud-view.js): the slot's `scale` is p from the core rect's top left,
    the capsule and its label are p times their whole widths, and the glass keeps its whole
    blur in its own space, so the blur on screen grows from none with the capsule (p × 12 px),
    as a Liquid Glass shape appears. At rest nothing is scaled. Seen to fail with the slot's
    `transform-origin` taken out of styles.css (the capsule drawn off the core's rect) and with the
    presence written on the button's size instead of the slot's scale."""
    open_cloud(element_page, static_server, page)
    samples = frames_after(page, INSERT, LOOK, 50)
    growing = [s for s in samples if s["coming"] and s["presence"] and 0.05 < float(s["presence"]) < 0.95]
    assert len(growing) >= 4, samples
    for s in growing:
        p = float(s["presence"])
        assert s["scale"] == s["presence"] or abs(float(s["scale"]) - p) < 1e-4, s
        assert s["origin"] == "0px 0px", s
        assert abs(s["x"] - s["tx"]) < 0.5 and abs(s["y"] - s["ty"]) < 0.5, s  # at the core's origin
        assert abs(s["w"] - p * s["whole"]) < 0.5, s
        assert abs(s["labelW"] - p * s["labelWhole"]) < 0.5, s
        assert s["glassBlur"] == GLASS_BLUR, s  # its own, scaled on screen by p
    wait_placed(page)
    rest = page.evaluate(f"() => {{ const host = document.querySelector('glass-tag-cloud'); {LOOK} }}")
    assert not rest["coming"] and rest["presence"] == "" and rest["scale"] == "none", rest
    assert abs(rest["w"] - rest["whole"]) < 0.5 and rest["glassBlur"] == GLASS_BLUR, rest
