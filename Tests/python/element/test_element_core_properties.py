"""The element's styles take the core's numbers (web/src/core/core-constants.js, generated from
Sources/TagCloudCore) as the custom properties the element sets on its host
(web/src/element/core-properties.js): the capsule's paddings, scaled with the text, and the
touch target from the first frame, before the Wasm core answers; the tint amounts of regular,
clear and solid glass, and the solid base, once the core places the capsules. The node test
Tests/node/core-constants.test.mjs holds the sources to one copy; this one holds the browser's
used values to the core's.

Seen failing with `--touch-height` written as 48px in core-properties.js (the label's touch
target of a 30 px capsule 48 px, not the core's 44), with styles.css's `.tag` padding put back as `0.625rem 1rem`
and `--capsule-padding-x` written as 17px (the padding not the core's 16 × 1.25 at a 20 px root),
and with the clear variant's `--tint-selected` left out (85 %, not the core's 55 %)."""

from __future__ import annotations

import re

import pytest

from element_helpers import tag_markup

CONSTANTS = "() => import('/src/core/core-constants.js').then((m) => JSON.parse(JSON.stringify(m)))"

# The pre-core frame: what the styles give a tag while the core has not answered.
BEFORE_CORE = """() => {
  const root = document.querySelector('glass-tag-cloud').shadowRoot;
  const tag = (id) => root.querySelector(`.tag[data-tag-id="${id}"]`);
  const style = (id) => getComputedStyle(tag(id));
  const target = (id) => parseFloat(getComputedStyle(tag(id).querySelector('.tag-label'), '::before').height);
  return {
    placed: root.querySelector('.cloud').classList.contains('is-placed'),
    padding: [style('plain').paddingTop, style('plain').paddingLeft].map(parseFloat),
    removableEnd: parseFloat(style('removable').paddingRight),
    height: tag('plain').getBoundingClientRect().height,
    target: target('plain'),
  };
}"""

AMOUNTS = """() => Object.fromEntries([...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag[data-tag-id]')]
  .map((b) => [b.dataset.tagId, { amount: getComputedStyle(b).getPropertyValue('--tint-amount').trim(),
                                   background: getComputedStyle(b).backgroundColor,
                                   tone: b.style.getPropertyValue('--tone-tint') }]))"""


def percent(amount: float) -> str:
    return f"{round(amount * 100, 6):g}%"


# Text scales 0.75 and 1.25: the paddings grow with the text, as the core's do; at 0.75 the
# capsule is 30 px tall and its touch target the least height, at 1.25 the capsule and the outsets.
@pytest.mark.parametrize("root_size", [12, 20])
def test_the_paddings_and_touch_target_are_the_cores_before_the_core_answers(element_page, static_server, page, root_size):
    page.route("**/tagcloud.wasm", lambda route: None)  # never answered: the browser's flex-wrap lays the tags out
    element_page(static_server.url,
                 f"<style>html {{ font-size: {root_size}px; }}</style><glass-tag-cloud>"
                 '<glass-tag value="plain">Plain</glass-tag><glass-tag value="removable" removable>Removable</glass-tag>'
                 "</glass-tag-cloud>", wait=False)
    # Styled (its stylesheet adopted, fetched apart from the tags' buttons), the core not there.
    page.wait_for_function("""() => { const cloud = document.querySelector('glass-tag-cloud');
      return cloud.matches(':state(styled)') && cloud.shadowRoot.querySelector('.tag[data-tag-id="removable"]'); }""")
    core = page.evaluate(CONSTANTS)
    seen = page.evaluate(BEFORE_CORE)
    scale = root_size / 16
    assert not seen["placed"], seen
    assert seen["padding"] == [core["CAPSULE_PADDING"]["y"] * scale, core["CAPSULE_PADDING"]["x"] * scale], seen
    # The remove control's room (label-metrics.js REMOVE_CONTROL_WIDTH, 20) and the end's padding.
    assert seen["removableEnd"] == (core["CAPSULE_PADDING"]["x"] + 20) * scale, seen
    touch = core["TOUCH_TARGET"]
    assert seen["target"] == pytest.approx(max(seen["height"] + 2 * touch["outset"], touch["minimumHeight"]), abs=0.01), seen


def srgb(css: str) -> list[float]:
    """A computed colour as sRGB 0…1: `rgb(r, g, b)` or `color(srgb r g b)`."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", css)]
    return [n / 255 for n in numbers[:3]] if css.startswith("rgb") else numbers[:3]


@pytest.mark.parametrize("look", ["regular", "clear", "solid"])
def test_the_tint_amounts_and_the_solid_base_are_the_cores(element_page, static_server, page, look):
    cdp = None
    if look == "solid":
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-transparency", "value": "reduce"}]})
    variant = ' variant="clear"' if look == "clear" else ""
    element_page(static_server.url, f"<glass-tag-cloud{variant}>{tag_markup()}</glass-tag-cloud>")
    core = page.evaluate(CONSTANTS)
    tints = core["TINT_AMOUNTS"][look]
    seen = page.evaluate(AMOUNTS)
    assert seen["SwiftUI"]["amount"] == percent(tints["selected"]), seen["SwiftUI"]
    assert seen["Layout"]["amount"] == percent(tints["unselected"]), seen["Layout"]
    if look == "solid":
        # The tint over the core's solid base: base + (tint − base) × amount, per channel.
        base = [c / 255 for c in core["SOLID_BASE_RGB"]]
        # Layout's tint (element_helpers.tag_markup), or its tone's (view/tag-appearance.js).
        tone = seen["Layout"]["tone"]
        tint = srgb(tone) if tone else [0xFF / 255, 0x9F / 255, 0x0A / 255]
        expected = [b + (t - b) * tints["unselected"] for b, t in zip(base, tint)]
        assert srgb(seen["Layout"]["background"]) == pytest.approx(expected, abs=1.5 / 255), seen["Layout"]
        cdp.send("Emulation.setEmulatedMedia", {"features": []})
        cdp.detach()
