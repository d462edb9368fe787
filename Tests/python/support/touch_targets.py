"""What a click at a point of a cloud toggles, through the element's own events: the tests of
the touch target, which no element draws (beside a capsule the element asks the core's hit
test, input-controller.js `tagAt`), so `elementFromPoint` cannot say what a pointer there hits.

    page.evaluate("() => { " + TOGGLED_AT + " return toggledAt(root, cloud, x, y); }")

`toggledAt(root, cloud, x, y)`, (x, y) in the cloud's coordinates: the index of the tag button
(in tag order) that a pointer press and click there toggled, or -1; the tag is toggled back by
a click on its own button. The events go where the browser's hit test sends them (the button, or
the cloud or a slot beside it), as a pointer's would.

The toggle back is not a second click at the point: the toggle's update runs at once, and it
lays out any resize that arrived since the last frame (a drag's: the ResizeObserver reports
after the frame's callbacks), so the point may lie on another capsule by then. Seen so: 1 run in
10 of the drag test in test_web_interaction.py ended with two other tags selected.
"""

TOGGLED_AT = """
  const toggledAt = (root, cloud, x, y) => {
    const origin = cloud.getBoundingClientRect();
    const buttons = [...root.querySelectorAll('button[data-tag-id]')];
    const at = { clientX: origin.x + x, clientY: origin.y + y, bubbles: true, composed: true, button: 0 };
    const target = root.elementFromPoint(at.clientX, at.clientY) ?? cloud;
    const click = () => {
      target.dispatchEvent(new PointerEvent('pointerdown', at));
      target.dispatchEvent(new PointerEvent('pointerup', at));
      target.dispatchEvent(new MouseEvent('click', at));
    };
    const pressedNow = () => buttons.map((b) => b.getAttribute('aria-pressed'));
    const before = pressedNow();
    click();
    const toggled = pressedNow().findIndex((on, i) => on !== before[i]);
    if (toggled >= 0) buttons[toggled].dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, button: 0 }));
    return toggled;
  };
"""
