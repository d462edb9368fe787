"""The look, pinned: screenshots at 390 and 1280, loose and tight, compared with committed
references. Artifacts go to Tests/artifacts/browser/ (git-ignored), with a diff image when a
comparison fails.

Updating the references after an intended visual change:

    TAGCLOUD_UPDATE_REFERENCES=1 .venv/bin/python -m pytest Tests/python/browser/test_web_screenshots.py

then look at the new PNGs in Tests/python/browser/references/ before committing them. (The
README's pictures are docs/screenshots/*.png, made by scripts/screenshots.py.)

Tolerance: a pixel differs when one channel moves by more than 40 of 255; a screenshot fails when
more than 0.4 % of its pixels differ. Font antialiasing and blur dithering move few pixels by
little; a tint change (any capsule at 30 % moves its whole area by 40+), a capsule moved by a few
px (its edges and label: several thousand pixels) or a missing rim fails.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from browser_helpers import open_demo, wait_placed

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
ARTIFACTS = REPO / "Tests" / "artifacts" / "browser"
REFERENCES = HERE / "references"
UPDATE = os.environ.get("TAGCLOUD_UPDATE_REFERENCES") == "1"
CHANNEL_TOLERANCE = 40
MAX_DIFFERING = 0.004
SIZES = {390: 844, 1280: 800}
# The connection status differs between hosts (and in time); screenshots leave it out.
HIDE_STATUS = "[data-status] { visibility: hidden !important; }"


def differing_fraction(actual: Image.Image, expected: Image.Image) -> tuple[float, Image.Image]:
    diff = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB"))
    # The largest channel difference per pixel, thresholded.
    channels = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    mask = worst.point(lambda value: 255 if value > CHANNEL_TOLERANCE else 0)
    count = mask.histogram()[255]
    return count / (actual.width * actual.height), mask


@pytest.mark.parametrize("tight", [False, True], ids=["loose", "tight"])
@pytest.mark.parametrize("width", sorted(SIZES))
def test_screenshot_matches_the_reference(page, static_server, width, tight):
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": width, "height": SIZES[width]})
    open_demo(page, static_server.url)
    if tight:
        page.click("label[for='tight-spacing']")
        wait_placed(page)
    page.mouse.move(0, SIZES[width] - 1)  # no hover highlight
    page.evaluate("() => document.activeElement?.blur()")
    name = f"demo-{width}-{'tight' if tight else 'loose'}.png"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    actual_path = ARTIFACTS / name
    page.screenshot(path=str(actual_path), style=HIDE_STATUS)
    reference = REFERENCES / name
    if UPDATE:
        REFERENCES.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(actual_path, reference)
        return
    assert reference.exists(), f"no reference {reference.name}; see this module's docstring to create it"
    actual, expected = Image.open(actual_path), Image.open(reference)
    assert actual.size == expected.size, f"{name}: {actual.size} vs reference {expected.size}"
    fraction, mask = differing_fraction(actual, expected)
    if fraction > MAX_DIFFERING:
        mask.save(ARTIFACTS / name.replace(".png", "-diff.png"))
    assert fraction <= MAX_DIFFERING, (
        f"{name}: {fraction:.2%} of pixels differ from the reference (allowed {MAX_DIFFERING:.2%}); "
        f"see {ARTIFACTS / name} and its -diff.png"
    )


def test_the_comparison_catches_a_tint_change(page, static_server):
    """The tolerance is not so loose that a visual change passes: a changed tint fails it."""
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 390, "height": 844})
    open_demo(page, static_server.url)
    page.mouse.move(0, 843)
    before = ARTIFACTS / "tint-before.png"
    after = ARTIFACTS / "tint-after.png"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(before), style=HIDE_STATUS)
    page.eval_on_selector("[data-tag-id='Charts']", "(b) => b.style.setProperty('--tint', '#30D158')")
    page.screenshot(path=str(after), style=HIDE_STATUS)
    fraction, _ = differing_fraction(Image.open(after), Image.open(before))
    assert fraction > MAX_DIFFERING
    # And the same page twice is well within it.
    page.eval_on_selector("[data-tag-id='Charts']", "(b) => b.style.setProperty('--tint', b.dataset.tint)")
    page.screenshot(path=str(after), style=HIDE_STATUS)
    fraction, _ = differing_fraction(Image.open(after), Image.open(before))
    assert fraction <= MAX_DIFFERING / 10
