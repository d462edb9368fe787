// The element's live connection to a `tagcloud serve` /live endpoint (docs/PROTOCOL.md, "Live
// protocol"), as a frame source: the viewport and the measured labels go in, the server's frame
// and its spacing come out. The socket (live-connection.js), the session (live-session.js) and
// the edge where a server frame becomes the element's one frame type (packed-layout.js
// `frameFromLayout`), so nothing after it knows where a frame came from. A reactive controller
// that holds no other: each update derives its snapshot from the tags', the selection's and the
// metrics' (what it sends is derived too: the selection when the selection's version changed,
// the spacing, the labels and the viewport when they changed); what it receives asks for an
// update, and the server's tags and selection go to the host (`served`). A frame comes out
// without necks: the layout gives it those of the local core's frame of the same places, laid
// out already (layout-controller.js), so a resize is not laid out again for them. The served
// tag set is told to the page as it comes (`livetags`), so a page that keeps a copy of the
// selection can drop the tags that left.
//
//   const live = new LiveController(host, { setStatus, served: { tags, selection, forget } });
//   const source = live.derive({ tags, selection, metrics });
//   // { greeted, frame, spacing, response, mergeDistance, diagnostics }: frame and spacing the
//   // server's for this width and rows shown (else null); response the JSON it came as
// - Complexity: O(tags) per server frame (the conversion), O(1) otherwise.

import { LiveConnection } from "./live-connection.js";
import { LiveSession } from "./live-session.js";
import { frameFromLayout } from "../layout/packed-layout.js";
import { changesSince } from "../element/selection-controller.js";
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
  #setStatus;
  #served;
  #connection = null;
  #session = null;
  #response = null; // the last server frame (JSON), for the width it answers
  #converted = null; // { response, tagsVersion, frame }
  #sentViewport = null;
  #sentMeasure = null; // { metrics, moreSizes } last sent
  #sentSpacing = null;
  #toldSelection = 0; // the selection's version the server has been told
  #helloUnanswered = false; // the connection's first hello awaits its welcome
  #helloDue = false; // welcomed: the next update says hello, with the selection over the served tags
  #selection = { version: 0, ids: [], dirty: false, log: [] }; // the selection as the last update derived it
  #width = null; // the width of the last update
  #snapshot = null;
  greeted = false;
  mergeDistance = null;
  status = "off";
  diagnostics = { frames: 0, selection: "" };

  /**
   * @param {HTMLElement} host
   * @param {{setStatus: (status: string) => void,
   *   served: {tags: (tags: object[] | null) => void, selection: (ids: string[] | null) => void, forget: (ids: string[]) => void}}} parts
   *   served: where the server's tags and selection go (the host's tags and selection: causes, as the page's are)
   */
  constructor(host, { setStatus, served }) {
    this.#host = host;
    this.#setStatus = setStatus;
    this.#served = served;
  }

  hostConnected() {
    this.start();
  }

  hostDisconnected() {
    this.stop();
  }

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
    this.#served.tags(null);
    this.#served.selection(null);
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

  /** The hello: the page's selection (null: the server keeps its own) and spacing. */
  #hello(selection) {
    this.#sentSpacing = this.#host.spacing;
    this.#connection.send(this.#session.hello({ selection, spacing: this.#sentSpacing }));
  }

  /**
   * The update's snapshot, and what the server is to be told: the selection's changes since it
   * was last told (a toggle as a toggle; a whole selection, the page's, as a hello), the spacing,
   * the labels as measured (with the row limit's "+K" sizes under `max-rows`: only when they are
   * the current tags'), and the viewport (width, Reduce Motion, direction, rows shown).
   * @param {{tags: {ids: string[], changes: {version: number}}, selection: {version: number, ids: string[], dirty: boolean},
   *   metrics: {version: number, metrics: object | null, moreSizes: number[][] | null, width: number | null,
   *   direction: string, maxRows: number, rowsShown: number}}} inputs
   */
  derive({ tags, selection, metrics }) {
    this.#selection = selection;
    this.#width = metrics.width;
    if (this.greeted && this.#helloDue) {
      // The page's own choice, if it has one (else the server keeps its selection), over the
      // served tags: this update has committed them.
      this.#helloDue = false;
      this.#helloUnanswered = true;
      this.#toldSelection = selection.version;
      this.#hello(selection.dirty ? selection.ids : null);
    }
    if (this.greeted) {
      this.#tell(selection);
      if (this.#host.spacing !== this.#sentSpacing) {
        this.#sentSpacing = this.#host.spacing;
        this.#connection.send(this.#session.spacing(this.#sentSpacing));
      }
      this.#measure(tags, metrics);
      this.#viewport(metrics);
    } else {
      this.#toldSelection = selection.version; // the next hello states it
    }
    const frame = this.#frameFor(tags, metrics);
    const next = {
      greeted: this.greeted,
      frame: frame?.frame ?? null,
      spacing: frame?.spacing ?? null,
      response: frame ? this.#response : null,
      mergeDistance: this.mergeDistance,
      diagnostics: this.diagnostics,
    };
    const last = this.#snapshot;
    if (!last || Object.keys(next).some((key) => next[key] !== last[key])) this.#snapshot = Object.freeze(next);
    return this.#snapshot;
  }

  #tell(selection) {
    if (selection.version === this.#toldSelection) return;
    const changes = changesSince(selection, this.#toldSelection);
    this.#toldSelection = selection.version;
    if (changes === null || changes.some((change) => change.kind === "page")) {
      this.#hello(selection.ids); // the whole selection: the server adopts it
      return;
    }
    for (const change of changes) if (change.kind === "toggle") this.#connection.send(this.#session.toggle(change.id));
  }

  #measure(tags, metrics) {
    if (!metrics.metrics || tags.changes.version !== metrics.version) return;
    const moreSizes = metrics.maxRows > 0 ? metrics.moreSizes : null;
    if (this.#sentMeasure?.metrics === metrics.metrics && this.#sentMeasure.moreSizes === moreSizes) return;
    this.#sentMeasure = { metrics: metrics.metrics, moreSizes };
    this.#connection.send(this.#session.measure(metrics.metrics, moreSizes));
  }

  #viewport(metrics) {
    if (metrics.width === null) return;
    const maxRows = metrics.maxRows > 0 ? metrics.rowsShown : null;
    const key = `${metrics.width} ${reduceMotion()} ${metrics.direction} ${maxRows}`;
    if (key === this.#sentViewport) return;
    this.#sentViewport = key;
    this.#connection.send(this.#session.viewport(metrics.width, reduceMotion(), metrics.direction, maxRows));
  }

  /**
   * The server's frame for the metrics' width and rows shown as a packed frame of the current
   * tags, with its spacing; or null.
   */
  #frameFor(tags, metrics) {
    const response = this.#response;
    if (!response || !this.greeted || response.width !== metrics.width) return null;
    if ((response.maxRows ?? 0) !== metrics.rowsShown) return null; // laid out for other rows
    const version = tags.changes.version;
    const converted = this.#converted;
    if (converted?.response !== response || converted.tagsVersion !== version) {
      // The layout as this element shows it: with the element's selection (a toggle may be in flight).
      const json = () => {
        const selected = new Set(this.#selection.ids);
        return { ...response, items: response.items.map((item) => ({ ...item, selected: selected.has(item.id) })) };
      };
      const frame = frameFromLayout(response, tags.ids, {
        core: null, // the necks: the layout's (layout-controller.js)
        width: response.width,
        spacing: response.spacing,
        mergeDistance: this.mergeDistance ?? this.#host.mergeDistance,
        direction: metrics.direction,
        json,
      });
      this.#converted = { response, tagsVersion: version, frame };
    }
    return { frame: this.#converted.frame, spacing: response.spacing };
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
    const selection = this.#selection;
    if (selection.dirty) {
      const same = selection.ids.length === event.selection.length && event.selection.every((id) => selection.ids.includes(id));
      if (answer && !same) this.#hello(selection.ids);
      return;
    }
    this.#served.selection(event.selection);
  }

  /** `livetags`: the ids the server serves now, in its order (a connection's welcome, a reload). */
  #tellServed(tags) {
    const detail = { tags: tags.map((tag) => tag.id) };
    this.#host.dispatchEvent(new CustomEvent("livetags", { bubbles: true, detail }));
  }

  #receive(event) {
    if (!event) return;
    if (event.kind === "welcome") {
      if (event.mergeDistance !== null) this.mergeDistance = event.mergeDistance;
      if (this.greeted) {
        this.#welcomed(event); // the answer to a hello: the session is resumed or adopted
        return;
      }
      if (event.tags && event.tags.length) {
        this.#served.tags(event.tags.map(({ id, label, tint }) => ({ id, label, tint, selected: false })));
      }
      this.#welcomed(event);
      this.greeted = true;
      if (event.tags?.length) this.#tellServed(event.tags);
      this.#sentViewport = null;
      this.#sentMeasure = null;
      // The next update says hello (its selection is over the served tags once that update has
      // committed them), then sends the labels as measured and the viewport.
      this.#helloDue = true;
      this.#host.requestUpdate();
    } else if (event.kind === "tags") {
      // The server reread its tag set: show it, drop the selections of the tags that left (as
      // the server did); the next update measures the new labels and sends them, and the
      // server's layout of the new set follows (the session holds back frames of the old one).
      if (event.mergeDistance !== null) this.mergeDistance = event.mergeDistance;
      this.#served.forget(event.removed);
      this.#served.tags(event.tags.map(({ id, label, tint }) => ({ id, label, tint, selected: false })));
      if (event.selection) this.#served.selection(event.selection);
      this.#response = null;
      this.#host.requestUpdate();
      this.#tellServed(event.tags);
    } else if (event.kind === "layout") {
      const frame = event.layout;
      if (frame.width !== this.#width) return; // answers a width we no longer have
      // Diagnostics (and the tests): how many frames came, and the selection the server holds.
      this.diagnostics = {
        frames: this.diagnostics.frames + 1,
        selection: frame.items.filter((item) => item.selected).map((item) => item.id).join(","),
      };
      this.#response = frame; // the layout decides what of it shows (layout-controller.js)
      this.#host.requestUpdate();
    } else if (event.kind === "error") {
      console.warn("glass-tag-cloud: the server refused a message:", event.message);
    }
  }
}
