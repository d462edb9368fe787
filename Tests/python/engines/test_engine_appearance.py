"""Adaptive appearance and clear glass in Chromium, WebKit and Firefox, measured from screenshots
(support/label_contrast.py: the labels drawn and hidden, the ink's median luminance against the
glass's under it).

- Every label of a cloud at its defaults (the seed's ten tints, unselected and selected) reads at
  4.5:1 at least over white, black, 50 % grey, fine stripes, a gradient, a photo as a panel's
  background, and the same photo as an <img> beneath the cloud (not its ancestor).
- `variant="clear"`: over white its labels still read at 4.5:1 (the dimming layer), and it is more
  transparent than the regular glass: over a checkerboard the glass keeps more of the pattern.

Seen to fail (each mutation once): the adaptive decisions off (tag-appearance.js deciding
nothing: the seed's white labels) fails every backdrop but black (white 1.2–1.5:1); the learner
not looking beneath the cloud (`#findBeneath` never called) fails the <img> panel (Chromium:
3.9:1, the hills taken for the white page); the clear glass's dimming off (`next.dim` left 0 in
appearance-model.js) fails clear-over-white (1.4:1); the clear variant's styles removed
(styles.css `:host([variant="clear"])`) fails the transparency check (0.6–0.7×).
"""

from __future__ import annotations

import pytest

import engine_page as ep
from support.label_contrast import (
    BACKGROUNDS,
    PHOTO,
    WCAG_AA,
    cloud_tags,
    label_contrasts,
    luminance,
    pixels,
    screenshots_with_and_without_labels,
)
from support.page_guard import IN_PAGE_GUARD_PATH
from support.placement import settle, wait_placed

CSS = """
body { margin: 0; font-family: sans-serif; }
section { position: relative; padding: 14px 16px; margin: 0 0 4px; }
section > img.under { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; object-position: 50% 85%; }
section > glass-tag-cloud { position: relative; }
.checker { background: repeating-conic-gradient(#1e3a5a 0 25%, #5a2e1e 0 50%) 0 0 / 24px 24px; }
""" + "".join(f".bg-{name} {{ {rule} }}\n" for name, rule in BACKGROUNDS.items())

PANELS = {
    "page-a": [("white", "bg-white", ""), ("black", "bg-black", ""), ("grey", "bg-grey", ""),
               ("stripes", "bg-stripes", ""), ("gradient", "bg-gradient", "")],
    "page-b": [("photo", "bg-photo", ""), ("photo-img", "", f'<img class="under" src="{PHOTO}" alt="">')],
    "clear": [("clear-white", "bg-white", 'variant="clear"'), ("regular-checker", "checker", ""),
              ("clear-checker", "checker", 'variant="clear"')],
}


def page_html(panels) -> str:
    sections = []
    for name, css_class, extra in panels:
        attributes = extra if extra.startswith("variant") else ""
        under = extra if extra.startswith("<img") else ""
        sections.append(f'<section class="{css_class}">{under}<glass-tag-cloud id="{name}" spacing="18" '
                        f'{attributes} aria-label="{name}">{cloud_tags()}</glass-tag-cloud></section>')
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<script src='{IN_PAGE_GUARD_PATH}'></script><title>adaptive</title>"
            "<link rel='stylesheet' href='adaptive.css'>"
            "<script type='module' src='/src/element/glass-tag-cloud.js'></script></head>"
            f"<body>{''.join(sections)}</body></html>")


@pytest.fixture(scope="session")
def adaptive_pages(guarded_web):
    folder = guarded_web / "__adaptive__"
    folder.mkdir(exist_ok=True)
    (folder / "adaptive.css").write_text(CSS)
    for name, panels in PANELS.items():
        (folder / f"{name}.html").write_text(page_html(panels))
    return "__adaptive__/"


def open_settled(engine, url: str) -> None:
    """The page, its clouds placed, its images loaded, the backdrop learned again once the boxes
    held still (backdrop-controller.js: QUIET_MS) and every tone's transition over."""
    engine.open(url)
    wait_placed(engine, timeout=30)
    engine.move_to(1279, 719)  # no hover glow
    engine.wait_for("() => [...document.images].every((image) => image.complete)", what="the images")
    engine.evaluate("() => new Promise((resolve) => setTimeout(resolve, 700))")
    wait_placed(engine, timeout=30)


def rects(engine, selector: str):
    return [(c.id, c.pressed, c.left, c.top, c.w, c.h) for c in ep.capsules(engine, selector)[1]]


def shots(engine):
    return screenshots_with_and_without_labels(engine.screenshot, engine.evaluate, lambda: settle(engine, 3))


@pytest.mark.parametrize("page", ["page-a", "page-b"])
def test_every_label_reads_over_every_background(engine, static_server, adaptive_pages, screenshots, page):
    open_settled(engine, static_server.url + adaptive_pages + f"{page}.html")
    shown, hidden = shots(engine)
    shown.save(screenshots / f"appearance-{page}-{engine.name}.png")
    report, failures, checked = [], [], 0
    for name, _, _ in PANELS[page]:
        labels = label_contrasts(shown, hidden, rects(engine, f"#{name}"))
        assert len(labels) == 20, f"{engine.name} {name}: {len(labels)} capsules, not the 10 tints twice"
        worst = min(labels, key=lambda label: label.ratio)
        report.append(f"{name:10} worst {worst}")
        failures += [f"{name}: {label}" for label in labels if label.ratio < WCAG_AA]
        checked += len(labels)
    print(f"\n{engine.name} {page}:\n" + "\n".join(report))
    assert not failures, f"{engine.name}: labels under {WCAG_AA}:1\n" + "\n".join(failures) + "\n\n" + "\n".join(report)
    assert checked == 20 * len(PANELS[page])


def texture(image, box) -> float:
    """How much of the pattern behind shows in `box`: the standard deviation of luminance along
    each row, averaged over the rows (the glass's light from the top varies down, not across)."""
    region = image.crop(box)
    lum = [luminance(p) for p in pixels(region)]
    width = region.width
    spreads = []
    for start in range(0, len(lum), width):
        row = lum[start:start + width]
        mean = sum(row) / len(row)
        spreads.append((sum((v - mean) ** 2 for v in row) / len(row)) ** 0.5)
    return sum(spreads) / len(spreads)


def test_clear_glass_reads_and_shows_more_of_the_backdrop(engine, static_server, adaptive_pages, screenshots):
    open_settled(engine, static_server.url + adaptive_pages + "clear.html")
    shown, hidden = shots(engine)
    shown.save(screenshots / f"appearance-clear-{engine.name}.png")
    labels = label_contrasts(shown, hidden, rects(engine, "#clear-white"))
    assert len(labels) == 20
    weak = [str(label) for label in labels if label.ratio < WCAG_AA]
    assert not weak, f"{engine.name}: clear glass over white, labels under {WCAG_AA}:1:\n" + "\n".join(weak)
    # The same checkerboard behind both clouds: the regular glass blurs it away, the clear shows it.
    shown_texture = {}
    for name in ("regular-checker", "clear-checker"):
        boxes = [(round(x) + 10, round(y) + 12, round(x + w) - 10, round(y + h) - 12) for _, _, x, y, w, h in rects(engine, f"#{name}")]
        shown_texture[name] = sum(texture(hidden, box) for box in boxes) / len(boxes)
    ratio = shown_texture["clear-checker"] / max(shown_texture["regular-checker"], 1e-6)
    print(f"\n{engine.name}: texture through the glass, regular {shown_texture['regular-checker']:.4f}, "
          f"clear {shown_texture['clear-checker']:.4f} (× {ratio:.1f})")
    assert ratio >= 2, f"{engine.name}: the clear glass shows no more of the backdrop than the regular: {shown_texture}"
