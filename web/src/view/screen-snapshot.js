// What a frame put on screen, as `CloudView.writeFrame` hands it back: the tags shown and their
// version, their buttons in tag order, the packed frame that places them (null while CSS lays
// them out) and the writing direction that frame was laid out in. Immutable, and the
// same object while none of that changes, so the parts that read it hold data, not the view: the
// input reads its events against the frame on screen (input-controller.js) and a removal is
// asked for over the tags shown (tag-removal.js), the form's validity messages point at its first
// button (selection-controller.js), and the labels' font is read once a label of the current
// tags is there (metrics-controller.js).
//
//   const screen = view.writeFrame(state);
//   screen.tags, screen.tagsVersion, screen.buttons, screen.frame, screen.direction, screen.indexOf(button)
//   ScreenSnapshot.NONE   // before the first frame: no buttons, no frame

export class ScreenSnapshot {
  /** Before the first frame. */
  static NONE = new ScreenSnapshot({ tags: [], tagsVersion: -1, buttons: [], frame: null, direction: "ltr" });

  #index = null; // button → index in tag order, made when first asked for

  /**
   * @param {{tags: readonly {id: string}[], tagsVersion: number, buttons: readonly HTMLElement[],
   *   frame: object | null, direction: "ltr" | "rtl"}} shown
   */
  constructor({ tags, tagsVersion, buttons, frame, direction }) {
    this.tags = tags;
    this.tagsVersion = tagsVersion;
    this.buttons = buttons;
    this.frame = frame;
    this.direction = direction;
    Object.freeze(this);
  }

  /**
   * This snapshot when `shown` is what it holds, else a new one; the same buttons keep their
   * index (a drag makes a snapshot per frame: no index of a thousand buttons made anew in each).
   */
  next(shown) {
    const same = shown.tags === this.tags && shown.tagsVersion === this.tagsVersion && shown.buttons === this.buttons &&
      shown.frame === this.frame && shown.direction === this.direction;
    if (same) return this;
    const next = new ScreenSnapshot(shown);
    if (shown.buttons === this.buttons) next.#index = this.#buttonIndex();
    return next;
  }

  /** The index of `button` among the tags' buttons, or -1 (another node, or a button since gone). */
  indexOf(button) {
    return this.#buttonIndex().get(button) ?? -1;
  }

  #buttonIndex() {
    this.#index ??= new Map(this.buttons.map((each, i) => [each, i]));
    return this.#index;
  }
}
