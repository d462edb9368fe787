"""Benchmark (not a test): what one style change costs on the element's glass buttons. A plain
page holds 100 capsules with the element's stylesheet (`web/src/element/styles.css`, its
`:host` custom properties on `:root`), placed as the element places them (a slot with a
`translate`, a button with its tint); each button carries the lens's `url()` filter or not. A
class is toggled on every button, or an inline property set and removed, and the style
recalculation is forced: ms per 100 buttons, median over 12 changes. Figures in docs/WEB.md
("One layer per capsule").

    PYTHONPATH=Tests/python .venv/bin/python bench/py/button_restyle.py
"""

from __future__ import annotations

import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from support.chromium import CHROMIUM

COUNT = 100
STYLES = Path(__file__).resolve().parents[2] / "web/src/element/styles.css"
LENSES = "".join(f"<filter id=lens{j}><feOffset dx={j}/></filter>" for j in range(5))

CHANGE = """async (how) => {
  const buttons = [...document.querySelectorAll('.tag')];
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const set = (on) => buttons.forEach((b) => how === 'class' ? b.classList.toggle('x', on)
    : on ? b.style.setProperty('outline-offset', '4px') : b.style.removeProperty('outline-offset'));
  const spent = [];
  for (let k = 0; k < 7; k += 1) {
    for (const on of [true, false]) {
      await frame();
      const start = performance.now();
      set(on);
      getComputedStyle(buttons[0]).outlineOffset;
      spent.push(performance.now() - start);
    }
  }
  return spent.slice(2);
}"""


def page_html(lens: bool) -> str:
    css = STYLES.read_text().replace(":host {", ":root {", 1)
    capsules = "".join(
        f"<div class=tag-slot style='translate:{(i % 7) * 100}px {(i // 7) * 50}px'><button class=tag part=tag "
        f"style='--tint:hsl({i * 37 % 360} 70% 50%);{f'--lens:url(#lens{i % 5});' if lens else ''}width:90px;height:40px'>"
        f"<span class=tag-label>Tag {i}</span></button></div>"
        for i in range(COUNT)
    )
    return (f"<!doctype html><body style='background:#335'><style>{css}\n.tag.x {{ outline-offset: 4px }}</style>"
            f"<svg width=0 height=0>{LENSES}</svg><div class='cloud is-placed glass-gl' style='position:relative'>"
            f"<div class=tag-stage>{capsules}</div></div>")


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        try:
            print(f"ms per {COUNT} buttons, median of 12 changes")
            for lens in (False, True):
                page.set_content(page_html(lens))
                page.wait_for_timeout(300)
                for how in ("class", "inline"):
                    spent = statistics.median(page.evaluate(CHANGE, how))
                    print(f"  {'with' if lens else 'without'} the lens's url(), {how} change: {spent:.1f}")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
