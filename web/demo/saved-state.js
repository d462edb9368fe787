// Selection and spacing survive reloads and server restarts: they live in localStorage.
//
//   const store = new SavedState(localStorage, { selection: null, tight: false });
//   store.load();                      // { selection: null (none saved) or [...], tight: false }
//   store.save({ selection: ["Glass"], tight: true });
//
// Storage can be missing, full, or disabled (private modes): the page then just forgets.

const KEY = "tagcloud.v1.state";

export class SavedState {
  /** @param {Storage | null} storage  @param {{selection: string[] | null, tight: boolean}} defaults */
  constructor(storage, defaults) {
    this.storage = storage;
    this.defaults = defaults;
  }

  /** The saved state, or the defaults when nothing usable is stored. */
  load() {
    try {
      const text = this.storage?.getItem(KEY);
      if (!text) return structuredClone(this.defaults);
      const saved = JSON.parse(text);
      const selection = Array.isArray(saved.selection)
        ? saved.selection.filter((id) => typeof id === "string")
        : this.defaults.selection;
      const tight = typeof saved.tight === "boolean" ? saved.tight : this.defaults.tight;
      return { selection, tight };
    } catch {
      return structuredClone(this.defaults);
    }
  }

  /** @param {{selection: string[] | null, tight: boolean}} state  (a null selection: none chosen yet) */
  save(state) {
    try {
      this.storage?.setItem(KEY, JSON.stringify({ selection: state.selection, tight: state.tight }));
    } catch {
      // Full or disabled storage: keep going; the state lives on in memory and on the server.
    }
  }
}
