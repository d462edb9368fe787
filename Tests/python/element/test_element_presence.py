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
    return { id: button.dataset.tagId ?? null, departing: button.dataset.departingId ?? null,
             x: r.x - origin.x, y: r.y - origin.y, w: parseFloat(button.style.width), h: parseFloat(button.style.height),
             presence: slot.style.getPropertyValue('--presence'), inert: slot.inert,
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
  return { w: parseFloat(button.style.width), presence: button.parentElement.style.getPropertyValue('--presence'),
           filterWidth: filter ? Number(filter.getAttribute('width')) : null,
           map: filter ? filter.querySelector('feImage').getAttribute('href') : null,
           mapWidth: filter ? Number(filter.querySelector('feImage').getAttribute('width')) : null,
           scale: filter ? Number(filter.querySelector('feDisplacementMap').getAttribute('scale')) : null };"""
INSERT = ("host.tags = [...host.tags.map((t) => ({ id: t.id, title: t.title, tint: t.tint })),"
          " { id: 'Inserted', title: 'Inserted', tint: '#30D158' }];")


@pytest.mark.frame_paced
def test_the_lens_grows_with_the_capsule_where_the_browser_lenses(element_page, static_server, page):
    """Chromium draws `backdrop-filter: url()` lenses (glass-lens.js): a growing capsule's lens is
    its own filter at its size each frame, its map the whole capsule's stretched to it (drawn
    once), its bending scaled by its presence, and it takes the
    shared lens of its size when whole, leaving no filter behind. (Watched failing with the
    growing capsule's lens held off until rest, as every moving capsule's is.)"""
    open_cloud(element_page, static_server, page)
    assert page.evaluate("() => CSS.supports('backdrop-filter', 'url(#f)')")
    samples = frames_after(page, INSERT, LENS, 50)
    growing = [s for s in samples if s["presence"]]
    assert len(growing) >= 4, samples
    for s in growing:
        assert s["filterWidth"] == max(1, round(s["w"])), s  # the lens at the capsule's size
        assert s["mapWidth"] == s["filterWidth"], s  # its map stretched to it
        assert abs(s["scale"] - 26 * float(s["presence"])) < 0.01, s  # bending with its presence
    # The map is the whole capsule's, drawn once and stretched: not drawn again every frame
    # (watched failing with the map drawn at each frame's size).
    assert len({s["map"] for s in growing}) == 1, [len(s["map"] or "") for s in growing]
    scales = [s["scale"] for s in growing]
    assert scales == sorted(scales) and scales[-1] > scales[0], scales
    wait_placed(page)
    page.wait_for_timeout(600)  # the lens of a capsule at rest comes back 500 ms after the last move
    settled = page.evaluate("""() => { const root = document.querySelector('glass-tag-cloud').shadowRoot;
      const button = root.querySelector('button[data-tag-id="Inserted"]');
      const id = /#([^)]+)/.exec(button.style.getPropertyValue('--lens'))?.[1];
      return { id, growing: [...root.querySelectorAll('filter')].filter((f) => f.id.includes('-grow-')).length }; }""")
    assert settled["id"] and "-grow-" not in settled["id"], settled  # the shared lens of its size
    assert settled["growing"] == 0, settled


# Each frame while "Inserted" grows in: its presence, its label's scale and blur, and the blur of
# its glass, as the browser computes them: the capsule's backdrop filter's blur(), or where it is
# a lens (`url(#…)`, Chromium: glass-lens.js) the blur of the lens's centre (its "frost").
LOOK = """const button = host.shadowRoot.querySelector('button[data-tag-id="Inserted"]');
  const label = button.querySelector('.tag-label');
  const lensBlur = (id) => { const b = host.shadowRoot.getElementById(id)?.querySelector('feGaussianBlur[result="frost"]');
    return b ? Number(b.getAttribute('stdDeviation')) : null; };
  const blur = (filter) => { const lens = /url\\("?#([^")]+)"?\\)/.exec(filter); if (lens) return lensBlur(lens[1]);
    const m = /blur\\(([\\d.]+)px\\)/.exec(filter); return m ? Number(m[1]) : (filter === 'none' ? 0 : null); };
  const scale = getComputedStyle(label).scale;
  return { presence: button.parentElement.style.getPropertyValue('--presence'),
           coming: button.parentElement.classList.contains('is-coming'),
           labelScale: scale === 'none' ? 1 : Number(scale.split(' ')[0]),
           labelBlur: blur(getComputedStyle(label).filter),
           glassBlur: blur(getComputedStyle(button).backdropFilter) };"""
GLASS_BLUR = 12  # px: --glass-blur's default (styles.css)


@pytest.mark.frame_paced
def test_an_inserted_tag_comes_into_focus_as_its_glass_grows(element_page, static_server, page):
    """While a tag grows in (styles.css, `.tag-slot.is-coming`), its label scales with its presence
    p and comes into focus (blur (1 - p) * 6 px), and its glass's blur grows from none (p * 12 px);
    at rest, the label is whole and sharp and the glass has its full blur. Seen to fail with each
    of the three declarations taken out of styles.css (the label's `scale`, its `filter`, the
    slot's `--glass-filter`): the tests above still passed, since they read rects, not the look.
    Where the glass is a lens (Chromium), seen to fail with the growing lens's blur held at full
    (glass-lens.js `grow`)."""
    open_cloud(element_page, static_server, page)
    samples = frames_after(page, INSERT, LOOK, 50)
    growing = [s for s in samples if s["coming"] and s["presence"] and 0.05 < float(s["presence"]) < 0.95]
    assert len(growing) >= 4, samples
    for s in growing:
        p = float(s["presence"])
        assert abs(s["labelScale"] - p) < 0.02, s
        assert s["labelBlur"] is not None and abs(s["labelBlur"] - (1 - p) * 6) < 0.1, s
        assert s["glassBlur"] is not None and abs(s["glassBlur"] - p * GLASS_BLUR) < 0.2, s
    assert [s["glassBlur"] for s in growing] == sorted(s["glassBlur"] for s in growing)
    assert [s["labelBlur"] for s in growing] == sorted((s["labelBlur"] for s in growing), reverse=True)
    wait_placed(page)
    rest = page.evaluate(f"() => {{ const host = document.querySelector('glass-tag-cloud'); {LOOK} }}")
    assert not rest["coming"] and rest["labelScale"] == 1 and rest["labelBlur"] == 0, rest
    assert rest["glassBlur"] == GLASS_BLUR, rest
