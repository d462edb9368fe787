// Keyboard for the cloud: one tab stop (roving tabindex), arrow keys move in reading order by
// the core's navigation (next/previous along the flow, up/down by geometry), Home/End to the
// first and last tag, PageUp/PageDown to the first tag of the row above or below (the host
// swaps next/previous for right-to-left clouds; rows need no swap: their first tag is the
// core's). Space and Enter toggle because the tags are real <button>s.
//
//   installRovingFocus(cloudView, (layout, index, key) => core.navigate(layout, index, key));

const KEYS = {
  ArrowRight: "next",
  ArrowLeft: "previous",
  ArrowUp: "up",
  ArrowDown: "down",
  Home: "first",
  End: "last",
  PageUp: "previousRow",
  PageDown: "nextRow",
};

/**
 * @param {import("../view/cloud-view.js").CloudView} view
 * @param {(layout: object, index: number, key: string) => number} navigate  the core's navigation
 */
export function installRovingFocus(view, navigate) {
  let active = 0;

  const sync = () => {
    const buttons = view.buttons;
    active = Math.max(0, Math.min(active, buttons.length - 1));
    buttons.forEach((button, index) => (button.tabIndex = index === active ? 0 : -1));
  };

  view.cloud.addEventListener("focusin", (event) => {
    const index = view.indexOf(event.target);
    if (index >= 0 && index !== active) {
      active = index;
      sync();
    }
  });

  view.cloud.addEventListener("keydown", (event) => {
    const key = KEYS[event.key];
    if (!key || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = view.indexOf(event.target);
    if (index < 0 || !view.layout) return;
    let next = index;
    try {
      next = navigate(view.layout, index, key);
    } catch {
      return;
    }
    event.preventDefault();
    if (next >= 0 && next !== index) {
      active = next;
      sync();
      view.buttons[next]?.focus();
    }
  });

  sync();
  return { sync };
}
