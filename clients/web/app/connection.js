// The WebSocket side of PROTOCOL.md: one connection follows one game. It reconnects by
// itself after a drop, saying hello again with `since` = the last seq it holds, so no
// envelope is missed or repeated; commands still waiting for an answer are sent again
// under the same ref (the server answers a repeated ref with its first answer).

const PING_MS = 20000;

export class Connection {
  /**
   * handlers: onWelcome(frame, {reconnected}), onUpdate(frame), onRejected(frame),
   * onAccepted(frame), onError(frame), onStatus(status) with status one of
   * "connecting", "open", "reconnecting", "reconnected", "closed".
   */
  constructor(game, token, handlers) {
    this.game = game;
    this.token = token || null;
    this.handlers = handlers;
    this.seq = null; // last seq delivered to the page
    this.ws = null;
    this.pending = new Map(); // ref -> {frame, resolve}
    this.counter = 0;
    this.attempt = 0;
    this.everOpen = false;
    this.closed = false;
    this.timer = null;
    this.pinger = null;
    this.refBase = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws`;
  }

  open() {
    this.closed = false;
    this._status(this.everOpen && !this.quiet ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this._retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const hello = { op: "hello", game: this.game };
      if (this.token) hello.token = this.token;
      hello.since = this.seq === null ? 0 : this.seq;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (msg) => this._receive(msg.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      if (!this.closed) this._retry();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  _retry() {
    this._status("reconnecting");
    const delay = Math.min(5000, 300 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), delay);
  }

  _status(status) {
    this.status = status;
    this.handlers.onStatus?.(status);
  }

  _receive(data) {
    let frame;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    switch (frame.op) {
      case "welcome": {
        const reconnected = this.everOpen;
        this.everOpen = true;
        this.attempt = 0;
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this._send({ op: "ping" }), PING_MS);
        this.seq = frame.seq;
        this.handlers.onWelcome(frame, { reconnected });
        this._status(reconnected && !this.quiet ? "reconnected" : "open");
        this.quiet = false;
        for (const { frame: pending } of this.pending.values()) this._send(pending);
        break;
      }
      case "update":
        if (this.seq !== null && frame.events && frame.events.length && frame.events[0].seq > this.seq + 1) {
          // a gap: start over from what we hold, the server fills it in on hello
          this.reconnect();
          return;
        }
        this.seq = Math.max(this.seq || 0, frame.seq);
        this.handlers.onUpdate(frame);
        break;
      case "accepted":
      case "rejected": {
        const waiting = this.pending.get(frame.ref);
        this.pending.delete(frame.ref);
        if (frame.op === "accepted") this.handlers.onAccepted?.(frame);
        else this.handlers.onRejected?.(frame);
        if (waiting) waiting.resolve(frame);
        break;
      }
      case "error":
        this.handlers.onError?.(frame);
        break;
      default:
        break;
    }
  }

  _send(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  nextRef(prefix) {
    this.counter += 1;
    return `${prefix}-${this.refBase}-${this.counter}`;
  }

  _request(frame) {
    return new Promise((resolve) => {
      this.pending.set(frame.ref, { frame, resolve });
      this._send(frame); // if closed, it goes out again after the next welcome
    });
  }

  /** Send one game command; resolves with the server's accepted or rejected frame. */
  command(command, after) {
    const frame = { op: "command", ref: this.nextRef("c"), command };
    if (after !== undefined && after !== null) frame.after = after;
    return this._request(frame);
  }

  undo() {
    return this._request({ op: "undo", ref: this.nextRef("u") });
  }

  /** Leave the game (an extension): a bot plays this seat until reclaim() takes it back. */
  leave() {
    return this._request({ op: "leave", ref: this.nextRef("l") });
  }

  /** Take this seat back from the bot that plays it (an extension). */
  reclaim() {
    return this._request({ op: "reclaim", ref: this.nextRef("r") });
  }

  /** Close the socket as a dropped network would; the connection comes back by itself. */
  drop() {
    if (this.ws) this.ws.close();
  }

  /** Say hello again (quietly: not a lost connection, so no "reconnecting" notice). */
  reconnect({ quiet = false } = {}) {
    this.quiet = quiet;
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
    this.open();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
    this._status("closed");
  }
}
