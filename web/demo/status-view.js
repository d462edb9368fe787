// The small, polite connection status: "live", "offline" or "reconnecting". The element is a
// `role="status"` live region, so a screen reader hears the change once, without interruption.
//
//   const status = new StatusView(document.querySelector("[data-status]"));
//   status.show("live");

export class StatusView {
  /** @param {HTMLElement | null} element */
  constructor(element) {
    this.element = element;
  }

  /** @param {"live" | "offline" | "reconnecting"} status */
  show(status) {
    if (!this.element || this.element.dataset.status === status) return;
    this.element.dataset.status = status;
    this.element.textContent = status;
  }
}
