"""Tags are kept by id: when the `tags` property (or the children) change, a kept tag keeps its
button node, its focus and its place in tag order; an inserted tag gets a new button and a
removed tag's button leaves the shadow tree; a kept tag's new title and tint are shown.

Watched failing with TagNodes.reconcile making every button anew (the node identity check)."""

from __future__ import annotations

from element_helpers import assert_core_layout
from support.placement import settle, wait_placed

TAGS = [{"id": i, "title": i.upper(), "tint": "#0A84FF"} for i in ("a", "b", "c", "d")]


def test_kept_tags_keep_their_buttons_and_focus(element_page, static_server, page):
    element_page(static_server.url, "<div style='width: 500px'><glass-tag-cloud></glass-tag-cloud></div>", wait=False)
    page.evaluate("(tags) => { document.querySelector('glass-tag-cloud').tags = tags; }", TAGS)
    wait_placed(page)
    page.evaluate("""() => {
      const root = document.querySelector('glass-tag-cloud').shadowRoot;
      window.__before = Object.fromEntries([...root.querySelectorAll('button[data-tag-id]')].map((b) => [b.dataset.tagId, b]));
      window.__before.c.focus();
    }""")
    # b removed, e inserted before c, d retitled and retinted, a and c kept.
    page.evaluate("""() => { document.querySelector('glass-tag-cloud').tags = [
      { id: 'a', title: 'A', tint: '#0A84FF' }, { id: 'e', title: 'E', tint: '#30D158' },
      { id: 'c', title: 'C', tint: '#0A84FF' }, { id: 'd', title: 'Dee', tint: '#FF375F' }]; }""")
    wait_placed(page)  # e has grown in and b shrunk away
    state = page.evaluate("""() => {
      const root = document.querySelector('glass-tag-cloud').shadowRoot;
      const buttons = [...root.querySelectorAll('button[data-tag-id]')];
      const before = window.__before;
      return {
        order: buttons.map((b) => b.dataset.tagId),
        kept: ['a', 'c', 'd'].map((id) => buttons.find((b) => b.dataset.tagId === id) === before[id]),
        inserted: !Object.values(before).includes(buttons.find((b) => b.dataset.tagId === 'e')),
        removedGone: !before.b.isConnected,
        focused: root.activeElement === before.c,
        d: [buttons[3].textContent.trim(), buttons[3].style.getPropertyValue('--tint')],
      };
    }""")
    assert state == {"order": ["a", "e", "c", "d"], "kept": [True, True, True], "inserted": True,
                     "removedGone": True, "focused": True, "d": ["Dee", "#FF375F"]}, state
    assert_core_layout(page, 16)
