// A WebSocket that keeps coming back: exponential backoff with full jitter between attempts, so
// a restarted server is not hit by every page at once; an immediate retry when the browser says
// it is online again or the tab becomes visible.
//
//   const live = new LiveConnection(new URL("/live", location.href), "tagcloud.v1", {
//     onOpen: () => live.send({ type: "hello" }),
//     onMessage: (message) => …,
//     onStatus: (status) => …,     // "live" | "offline" | "reconnecting"
//   });
//   live.start();
//
// Status: "offline" until the first connection (a static host never gets one), "live" while
// open, "reconnecting" after losing a live connection, "offline" again after several failures.

const GIVE_UP_AFTER = 6; // failed attempts before "reconnecting" turns into "offline"
// Closed by the server because this client is at fault (bad UTF-8, flooding, too big): retrying
// in a loop would only repeat it (docs/PROTOCOL.md, "Live protocol", closing codes).
const FATAL_CLOSE_CODES = new Set([1007, 1008, 1009]);

/** Delay before attempt `n` (0-based): uniform in [base·2ⁿ/2, base·2ⁿ], capped. */
export function backoffDelay(attempt, { base = 500, cap = 30000, random = Math.random } = {}) {
  const ceiling = Math.min(cap, base * 2 ** Math.min(attempt, 30));
  return ceiling / 2 + random() * (ceiling / 2);
}

export class LiveConnection {
  constructor(url, protocol, { onOpen, onMessage, onStatus, onClose, createSocket } = {}) {
    this.url = url;
    this.protocol = protocol;
    this.onOpen = onOpen ?? (() => {});
    this.onMessage = onMessage ?? (() => {});
    this.onStatus = onStatus ?? (() => {});
    this.onClose = onClose ?? (() => {});
    this.createSocket = createSocket ?? ((url, protocol) => new WebSocket(url, protocol));
    this.socket = null;
    this.attempt = 0;
    this.everLive = false;
    this.timer = 0;
    this.stopped = true;
    this.status = "offline";
    this.retryNow = () => {
      if (!this.stopped && !this.socket) this.#connect();
    };
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    addEventListener("online", this.retryNow);
    document.addEventListener("visibilitychange", this.#onVisibility);
    this.#connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    removeEventListener("online", this.retryNow);
    document.removeEventListener("visibilitychange", this.#onVisibility);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "page closed");
    this.#setStatus("offline");
  }

  /** Sends a message as JSON; false when not connected (the state is sent again on reconnect). */
  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  #onVisibility = () => {
    if (document.visibilityState === "visible") this.retryNow();
  };

  #setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.onStatus(status);
  }

  #connect() {
    clearTimeout(this.timer);
    let socket;
    try {
      socket = this.createSocket(this.url, this.protocol);
    } catch {
      this.#scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      if (socket.protocol && socket.protocol !== this.protocol) {
        socket.close(1002, "unexpected subprotocol");
        return;
      }
      this.attempt = 0;
      this.everLive = true;
      this.#setStatus("live");
      this.onOpen();
    });
    socket.addEventListener("message", (event) => {
      if (this.socket !== socket || typeof event.data !== "string") return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not ours: ignore rather than fall over
      }
      this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.onClose(event.code);
      if (FATAL_CLOSE_CODES.has(event.code)) {
        this.stopped = true;
        this.#setStatus("offline");
        return;
      }
      if (!this.stopped) this.#scheduleRetry();
    });
  }

  #scheduleRetry() {
    const failing = this.attempt >= GIVE_UP_AFTER;
    this.#setStatus(this.everLive && !failing ? "reconnecting" : "offline");
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => this.#connect(), delay);
  }
}
