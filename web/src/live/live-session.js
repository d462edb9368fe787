// The page's side of the `tagcloud.v1` live protocol (docs/PROTOCOL.md, "Live protocol"): which messages the
// page sends for its state, and what it makes of the server's.
//
//   const session = new LiveSession(storage);
//   session.hello({ selection, spacing })   // after the welcome: resume, or adopt our copy
//                                           // (selection null: keep the server's)
//   session.measure(metrics, moreSizes), session.viewport(width, reduceMotion, direction, maxRows),
//   session.toggle(id),
//   session.spacing(value)
//   session.opened()              // a new connection: its first welcome is a fresh session's
//   session.accept(message)       // → { kind: "welcome" | "tags" | "layout" | "error", … } or null
//
// The served tag set can change under a live page (`tags`, the server reread its tag file): the
// session says which tags left (their selections drop, as on the server) and holds back the
// layouts that do not place every served tag (the server lays out what the page had measured
// until the page's new `measure` arrives), so the page never shows a frame with capsules missing.
//
// The session token lives in sessionStorage (one per tab), so a reload or a reconnect resumes
// the same session: the first welcome of a connection brings a fresh session's token, which is
// kept only when there is none to resume (the hello names the kept one; the welcome answering it
// says which session the connection has now). The page's own choice of selection, when it has
// one, and its spacing are sent again in the hello, so a server that forgot the session
// (restarted) adopts them and nothing is lost.

const TOKEN_KEY = "tagcloud.v1.session";

export class LiveSession {
  /** @param {Storage | null} storage */
  constructor(storage) {
    this.storage = storage;
    this.token = null;
    this.served = null; // the ids of the served tags (welcome, tags), or null before the first welcome
    this.fresh = false; // the next welcome is a new connection's first: a fresh session's
    try {
      this.token = storage?.getItem(TOKEN_KEY) ?? null;
    } catch {
      this.token = null;
    }
  }

  /**
   * The first message on every connection: resume the session, or have the server adopt ours.
   * A null `selection` says the page has no choice of its own: the server keeps its selection
   * (a new session's is the tags file's; a resumed one's, what it had).
   */
  hello({ selection, spacing }) {
    const message = { type: "hello" };
    if (selection) message.selection = selection;
    message.spacing = spacing;
    if (this.token) message.session = this.token;
    return message;
  }

  /** `moreSizes`: the row limit's "+K" capsule's `[w, h]` for 1 digit, 2, …, or null (no limit). */
  measure(metrics, moreSizes = null) {
    const message = { type: "measure", textScale: metrics.textScale, lineHeight: metrics.lineHeight, tags: metrics.tags };
    if (moreSizes) message.moreSizes = moreSizes;
    return message;
  }

  /** `maxRows`: the rows shown (0: every tag, a row limit unfolded), or null for a cloud without a limit. */
  viewport(width, reduceMotion, direction = "ltr", maxRows = null) {
    const message = { type: "viewport", width, reduceMotion };
    if (direction === "rtl") message.direction = "rtl"; // "ltr" is the default
    if (maxRows !== null) message.maxRows = maxRows;
    return message;
  }

  toggle(id) {
    return { type: "toggle", id };
  }

  spacing(value) {
    return { type: "spacing", value };
  }

  /** A new connection: the server speaks first, with a fresh session's welcome. */
  opened() {
    this.fresh = true;
  }

  /** Interprets a server message; null for anything the page does not know. */
  accept(message) {
    if (!message || typeof message !== "object") return null;
    switch (message.type) {
      case "welcome": {
        // A connection's first welcome is a fresh session's; with a token of our own the hello
        // asks to resume that one, and this session (its selection included) is only provisional.
        const provisional = this.fresh && this.token !== null;
        this.fresh = false;
        if (typeof message.session === "string" && !provisional) this.#remember(message.session);
        const tags = this.#serve(message.tags);
        return {
          kind: "welcome",
          tags,
          provisional,
          selection: selectionOf(message),
          resumed: message.resumed === true,
          mergeDistance: mergeDistanceOf(message),
        };
      }
      case "tags": {
        const before = this.served;
        const tags = this.#serve(message.tags);
        if (!tags) return null;
        const removed = before ? [...before].filter((id) => !this.served.has(id)) : [];
        return { kind: "tags", tags, removed, selection: selectionOf(message), mergeDistance: mergeDistanceOf(message) };
      }
      case "layout":
        if (!Array.isArray(message.items) || !Array.isArray(message.size)) return null;
        if (!this.#placesEveryServedTag(message.items, message.hidden ?? 0)) return null; // lags a tag change
        return { kind: "layout", layout: message, seq: message.seq ?? null };
      case "error":
        return { kind: "error", message: String(message.message ?? "error") };
      default:
        return null;
    }
  }

  /** The wire's tags as the page shows them; they become the served set. Null when not a list. */
  #serve(wireTags) {
    if (!Array.isArray(wireTags)) return null;
    const tags = wireTags
      .filter((tag) => tag && typeof tag.id === "string")
      .map((tag) => ({ id: tag.id, label: tag.title ?? tag.label ?? tag.id, tint: cssColor(tag.tint) }));
    this.served = new Set(tags.map((tag) => tag.id));
    return tags;
  }

  /** Whether a layout's items are the served tags, each once (any order), but the `hidden` a row limit folded. */
  #placesEveryServedTag(items, hidden) {
    if (!this.served) return true;
    if (!Number.isInteger(hidden) || hidden < 0 || items.length + hidden !== this.served.size) return false;
    const seen = new Set();
    for (const item of items) {
      if (!this.served.has(item?.id) || seen.has(item.id)) return false;
      seen.add(item.id);
    }
    return true;
  }

  #remember(token) {
    this.token = token;
    try {
      this.storage?.setItem(TOKEN_KEY, token);
    } catch {
      // no storage: the session just does not outlive the tab
    }
  }
}

/** The session's selection as the server states it (ids), or null when the message has none. */
function selectionOf(message) {
  return Array.isArray(message.selection) ? message.selection.filter((id) => typeof id === "string") : null;
}

function mergeDistanceOf(message) {
  return typeof message.mergeDistance === "number" ? message.mergeDistance : null;
}

/** A tint from the wire as a CSS colour: "#RRGGBB", [r, g, b(, a)] in 0…1 or 0…255, or {r, g, b}. */
export function cssColor(tint) {
  if (typeof tint === "string") return tint;
  let channels = null;
  if (Array.isArray(tint)) channels = tint;
  else if (tint && typeof tint === "object") channels = [tint.r ?? tint.red, tint.g ?? tint.green, tint.b ?? tint.blue];
  if (!channels || channels.slice(0, 3).some((c) => typeof c !== "number")) return "#808080";
  const unit = channels.slice(0, 3).every((c) => c <= 1);
  const hex = channels
    .slice(0, 3)
    .map((c) => Math.round(Math.max(0, Math.min(255, unit ? c * 255 : c))).toString(16).padStart(2, "0"))
    .join("");
  return `#${hex}`;
}
