"""The rim's two highlights (web/src/glass/rim-light.js) in Chromium, WebKit and Firefox: a lone
capsule draws its own rim in CSS (styles.css `--rim-shadow`), bright where its outline faces the
top left, fainter where it faces the bottom right, fainter still between them; the same
measure as the Chromium element suite's (support/rim_pixels.py), on a cloud added to the
element example over a black overlay, its capsule black-tinted, so that the rim is all the
light there is.

Seen to fail: with the fill shadow as bright as the key (`--rim-shadow`'s second inset at
100 %: the bottom right matched the top left in every engine), and with the rim a plain 1 px
ring (no highlight stood out: the top left below 150)."""

from __future__ import annotations

from support.placement import wait_placed
from support.rim_pixels import assert_two_highlights, highlights

PAGE = "examples/element.html"
MARGIN = 4

# A black overlay over the page holding a cloud with one black-tinted capsule.
ADD_CLOUD = """() => {
  const overlay = document.createElement('div');
  overlay.dataset.rimProbe = '';
  overlay.style.cssText = 'position:fixed;inset:0;background:#000;z-index:2147483646;padding:40px';
  const host = document.createElement('glass-tag-cloud');
  host.id = 'rim-probe';
  host.setAttribute('spacing', '18');
  const tag = document.createElement('glass-tag');
  tag.setAttribute('value', 'alone');
  tag.setAttribute('tint', '#000000');
  tag.textContent = 'Specular highlight';
  host.append(tag);
  overlay.append(host);
  document.body.append(overlay);
  return true;
}"""

RECT = """() => { const b = document.querySelector('#rim-probe').shadowRoot.querySelector('button[data-tag-id]');
  const r = b.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height, shadow: getComputedStyle(b).boxShadow }; }"""


def test_a_lone_capsule_has_two_highlights(engine, static_server):
    engine.open(static_server.url + PAGE)
    wait_placed(engine, "#interests")
    engine.move_to(5, 715)  # no hover glow
    engine.evaluate(ADD_CLOUD)
    wait_placed(engine, "#rim-probe")
    engine.frames(3)
    capsule = engine.evaluate(RECT)
    assert capsule["shadow"].count("inset") == 3, f"{engine.name}: {capsule['shadow']}"
    image = engine.screenshot()
    engine.evaluate("() => document.querySelector('[data-rim-probe]').remove()")
    left, top = capsule["x"] - MARGIN, capsule["y"] - MARGIN
    crop = image.crop((int(left), int(top), int(capsule["x"] + capsule["w"] + MARGIN) + 1, int(capsule["y"] + capsule["h"] + MARGIN) + 1))
    origin = (int(left), int(top))
    assert_two_highlights(highlights(crop, origin, capsule, capsule), f"{engine.name}: ")
