// The element's live connection to a `tagcloud serve` /live endpoint (docs/PROTOCOL.md, "Live
// protocol"): the socket (live-connection.js), the session (live-session.js) and the edge where
// a server frame becomes the element's one frame type (packed-layout.js `frameFromLayout`), so
// nothing after it knows where a frame came from. A reactive controller: it writes nothing;
// what it receives asks for an update. The served tag set is told to the page as it comes
// (`livetags`), so a page that keeps a copy of the selection can drop the tags that left.
//
//   const live = new LiveController(host, { tags, selection, layout, setStatus });
//   live.frameFor(width)   // { frame, spacing } of the server for this width (and rows shown), or null
//   live.diagnostics       // { frames, selection }: frames received, the server's selection
//   live.easing            // { on, duration, easing }: the browser eases a spacing change
// - Complexity: O(tags) per server frame (the conversion), O(1) otherwise.

import { LiveConnection } from "./live-connection.js";
import { LiveSession } from "./live-session.js";
import { frameFromLayout } from "../layout/packed-layout.js";
import { reduceMotion } from "../shared/page-resources.js";

const LIVE_PROTOCOL = "tagcloud.v1";

/** The `live` attribute as a WebSocket URL, or null (none, or not usable: said on the console). */
function liveURL(text) {
  if (!text) return null;
  try {
    const url = new URL(text, document.baseURI);
    if (url.protocol === "http:") url.protocol = "ws:";
    if (url.protocol === "https:") url.protocol = "wss:";
    if (url.protocol !== "ws:" && url.protocol !== "wss:") throw new Error("not a WebSocket URL");
    return url;
  } catch (error) {
    console.warn(`glass-tag-cloud: live="${text}" is not usable:`, error);
    return null;
  }
}

/** sessionStorage scoped to one cloud (two clouds on one page are two sessions), or null. */
function scopedStorage(key) {
  let storage = null;
  try {
    storage = globalThis.sessionStorage ?? null;
  } catch {
    storage = null;
  }
  return (
    storage && {
      getItem: (name) => storage.getItem(`${key}:${name}`),
      setItem: (name, value) => storage.setItem(`${key}:${name}`, value),
    }
  );
}

export class LiveController {
  #host;
  #tags;
  #selection;
  #layout;
  #setStatus;
  #connection = null;
  #session = null;
  #response = null; // the last server frame (JSON), for the width it answers
  #converted = null; // { response, tagsVersion, frame }
  #sentViewport = null;
  #sentMeasure = null; // { metrics, moreSizes } last sent
  #helloUnanswered = false; // the connection's first hello awaits its welcome
  greeted = false;
  mergeDistance = null;
  status = "off";
  diagnostics = { frames: 0, selection: "" };
  easing = { on: false, duration: null, easing: null };

  /** @param {HTMLElement} host  @param {{tags, selection, layout, setStatus: (status: string) => void}} parts */
  constructor(host, { tags, selection, layout, setStatus }) {
    this.#host = host;
    this.#tags = tags;
    this.#selection = selection;
    this.#layout = layout;
    this.#setStatus = setStatus;
  }

  hostConnected() {
    this.start();
  }

  hostDisconnected() {
    this.stop();
  }

  hostUpdate() {} // its state changes when messages arrive (or scrolls), each asking for an update

  #status(status) {
    if (status === this.status) return;
    this.status = status;
    this.#setStatus(status);
  }

  start() {
    const url = liveURL(this.#host.getAttribute("live"));
    if (!url) {
      this.#status(this.#host.hasAttribute("live") ? "offline" : "off");
      return;
    }
    const host = this.#host;
    const session = new LiveSession(scopedStorage(`glass-tag-cloud:${url.href}#${host.id || host.getAttribute("name") || ""}`));
    const connection = new LiveConnection(url, LIVE_PROTOCOL, {
      onStatus: (status) => this.#status(status),
      onOpen: () => {
        this.greeted = false; // the server speaks first: its welcome names the tags it serves
        session.opened();
      },
      onClose: () => {
        this.greeted = false;
        this.#response = null;
        if (this.status === "connecting") this.#status("offline");
        host.requestUpdate(); // the local core takes over
      },
      onMessage: (message) => {
        if (this.#connection === connection) this.#receive(session.accept(message));
      },
    });
    this.#connection = connection;
    this.#session = session;
    this.#status("connecting");
    connection.start();
  }

  stop() {
    if (!this.#connection) return;
    this.#connection.stop();
    this.#connection = null;
    this.greeted = false;
    this.#response = null;
    this.mergeDistance = null;
    this.#tags.setServer(null);
    this.#selection.serve(null);
    this.#status(this.#host.hasAttribute("live") && this.#host.isConnected ? "connecting" : "off");
    this.#host.requestUpdate();
  }

  /** The page goes into the back/forward cache: close the socket (it would keep the page out). */
  suspend() {
    this.#connection?.stop();
    this.greeted = false;
    this.#response = null;
  }

  /** Shown again from the cache: reconnect; the hello resumes the session with this state. */
  resume() {
    this.#connection?.start();
  }

  #send(message) {
    if (this.greeted) this.#connection.send(message());
  }

  sendSpacing(value) {
    this.#send(() => this.#session.spacing(value));
  }

  sendToggle(id) {
    this.#send(() => this.#session.toggle(id));
  }

  /** A selection set by the program (not a toggle): the hello states it, the server adopts it. */
  sendSelection() {
    this.#send(() => this.#session.hello({ selection: this.#selection.ids(), spacing: this.#host.spacing }));
  }

  /**
   * The welcome's selection. The first welcome of a connection (a fresh session: the tags
   * file's, unless there is a session to resume) and the answer to the hello (a resumed
   * session's, or the one the page's choice made) are the server's: shown unless the user has
   * chosen. A toggle made between the two reached a session that may have held another
   * selection: the page's choice is stated again, once.
   */
  #welcomed(event) {
    const answer = this.greeted && this.#helloUnanswered;
    if (answer) this.#helloUnanswered = false;
    if (!event.selection || event.provisional) return;
    if (this.#selection.dirty) {
      if (answer && !this.#selection.matches(event.selection)) this.sendSelection();
      return;
    }
    this.#selection.serve(event.selection);
  }

  /**
   * Sends the labels as measured, with the row limit's "+K" sizes under `max-rows`, when they
   * changed (the layout's update): only when they are the served tags' (the tags' version).
   */
  syncMeasure() {
    const layout = this.#layout;
    if (!this.greeted || !layout.metrics || this.#tags.changes.version !== layout.measuredVersion) return;
    const moreSizes = this.#host.maxRows > 0 ? layout.moreSizes : null;
    if (this.#sentMeasure?.metrics === layout.metrics && this.#sentMeasure.moreSizes === moreSizes) return;
    this.#sentMeasure = { metrics: layout.metrics, moreSizes };
    this.#connection.send(this.#session.measure(layout.metrics, moreSizes));
  }

  /**
   * Sends the width, Reduce Motion, writing direction and the rows shown (under `max-rows`) when
   * they changed (the layout's update).
   */
  syncViewport() {
    const width = this.#layout.width;
    if (!this.greeted || width === null) return;
    const direction = this.#layout.rightToLeft ? "rtl" : "ltr";
    const maxRows = this.#host.maxRows > 0 ? this.#layout.rowsShown : null;
    const key = `${width} ${reduceMotion()} ${direction} ${maxRows}`;
    if (key === this.#sentViewport) return;
    this.#sentViewport = key;
    this.#connection.send(this.#session.viewport(width, reduceMotion(), direction, maxRows));
  }

  /**
   * The server's frame for `width` and the rows shown (the layout's `rowsShown`) as a packed
   * frame of the current tags, with its spacing; or null.
   */
  frameFor(width) {
    const response = this.#response;
    if (!response || !this.greeted || response.width !== width) return null;
    if ((response.maxRows ?? 0) !== this.#layout.rowsShown) return null; // laid out for other rows
    const version = this.#tags.changes.version;
    const converted = this.#converted;
    if (converted?.response !== response || converted.tagsVersion !== version) {
      const selection = this.#selection;
      // The layout as this element shows it: with the element's selection (a toggle may be in flight).
      const json = () => {
        const selected = new Set(selection.ids());
        return { ...response, items: response.items.map((item) => ({ ...item, selected: selected.has(item.id) })) };
      };
      const frame = frameFromLayout(response, this.#tags.ids, {
        core: this.#layout.core,
        width: response.width,
        spacing: response.spacing,
        mergeDistance: this.#layout.mergeDistance,
        direction: this.#layout.rightToLeft ? "rtl" : "ltr",
        json,
      });
      this.#converted = { response, tagsVersion: version, frame };
    }
    return { frame: this.#converted.frame, spacing: response.spacing };
  }

  /** `livetags`: the ids the server serves now, in its order (a connection's welcome, a reload). */
  #tellServed(tags) {
    const detail = { tags: tags.map((tag) => tag.id) };
    this.#host.dispatchEvent(new CustomEvent("livetags", { bubbles: true, detail }));
  }

  #receive(event) {
    if (!event) return;
    const layout = this.#layout;
    if (event.kind === "welcome") {
      if (event.mergeDistance !== null) this.mergeDistance = event.mergeDistance;
      if (this.greeted) {
        this.#welcomed(event); // the answer to a hello: the session is resumed or adopted
        return;
      }
      if (event.tags && event.tags.length) {
        this.#tags.setServer(event.tags.map(({ id, label, tint }) => ({ id, label, tint, selected: false })));
      }
      this.#welcomed(event);
      this.greeted = true;
      if (event.tags?.length) this.#tellServed(event.tags);
      this.#sentViewport = null;
      this.#sentMeasure = null;
      // The page's own choice, if it has one (else the server keeps its selection).
      const selection = this.#selection.dirty ? this.#selection.ids() : null;
      this.#helloUnanswered = true;
      this.#connection.send(this.#session.hello({ selection, spacing: this.#host.spacing }));
      // The labels as measured, when they are the ones the server serves; else the next update
      // measures them (and sends them), then the viewport.
      this.#tags.hostUpdate();
      this.syncMeasure();
      this.#host.requestUpdate();
    } else if (event.kind === "tags") {
      // The server reread its tag set: show it, drop the selections of the tags that left (as
      // the server did); the next update measures the new labels and sends them, and the
      // server's layout of the new set follows (the session holds back frames of the old one).
      if (event.mergeDistance !== null) this.mergeDistance = event.mergeDistance;
      this.#selection.forget(event.removed);
      this.#tags.setServer(event.tags.map(({ id, label, tint }) => ({ id, label, tint, selected: false })));
      if (event.selection) this.#selection.serve(event.selection);
      this.#response = null;
      this.#host.requestUpdate();
      this.#tellServed(event.tags);
    } else if (event.kind === "layout") {
      const frame = event.layout;
      if (frame.width !== layout.width) return; // answers a width we no longer have
      // Diagnostics (and the tests): how many frames came, and the selection the server holds.
      this.diagnostics = {
        frames: this.diagnostics.frames + 1,
        selection: frame.items.filter((item) => item.selected).map((item) => item.id).join(","),
      };
      this.#host.requestUpdate();
      if (layout.core && typeof frame.spacing === "number" && frame.spacing !== this.#host.spacing) {
        this.#response = null; // still in flight for a spacing we left: the local core draws its successor
        return;
      }
      this.#response = frame;
      if (layout.core && layout.spring.running) return; // the local spring runs on; its last frame is this one
      const moved = layout.source === "server" && typeof frame.spacing === "number" && frame.spacing !== layout.spacingOnScreen;
      // A spacing change arrives as one frame with its spring: the browser eases the positions.
      this.easing = {
        on: moved && Boolean(frame.animation) && !reduceMotion(),
        duration: frame.animation ? `${frame.animation.settle}s` : this.easing.duration,
        easing: frame.animation ? frame.animation.easing : this.easing.easing,
      };
      if (typeof frame.spacing === "number") layout.spacingOnScreen = frame.spacing;
      layout.spring.stop();
    } else if (event.kind === "error") {
      console.warn("glass-tag-cloud: the server refused a message:", event.message);
    }
  }
}
