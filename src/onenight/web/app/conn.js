// @ts-check
/**
 * The protocol connection (docs/protocol.md): one WebSocket to /ws, requests answered by
 * `ack` / `error` (matched by `ref`), and a reconnect loop that resumes the seat with the
 * token kept in localStorage, after a lost connection, a phone waking up or a restart.
 */
import { ErrorCode } from "./errors.js";
import { reached } from "./offline.js";

/** Night messages are padded to this many bytes, like the Python client's. */
export const NIGHT_MESSAGE = 384;

/** @typedef {{type: string, [key: string]: any}} Frame */

export class ServerError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** The token of a room's seat on this device. @param {string} room */
export function savedToken(room) {
  return localStorage.getItem(`onenight.token.${room}`);
}

/** @param {string} room @param {string | null} token */
export function saveToken(room, token) {
  if (token) localStorage.setItem(`onenight.token.${room}`, token);
  else localStorage.removeItem(`onenight.token.${room}`);
}

/** A message padded with spaces to NIGHT_MESSAGE bytes. @param {Frame} msg */
export function padded(msg) {
  const size = new TextEncoder().encode(JSON.stringify({ ...msg, pad: "" })).length;
  return { ...msg, pad: " ".repeat(Math.max(0, NIGHT_MESSAGE - size)) };
}

export class Connection {
  /**
   * @param {(frame: Frame) => void} onFrame every frame but acks and errors
   * @param {(online: boolean) => void} onStatus
   */
  constructor(onFrame, onStatus) {
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {string | null} */
    this.room = null;
    this.ref = 0;
    /** @type {Map<number, {resolve: (f: Frame) => void, reject: (e: Error) => void}>} */
    this.pending = new Map();
    this.stopped = false;
    this.retry = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    const wake = () => {
      if (!this.stopped && this.room && !this.isOpen()) this.reconnectNow();
    };
    document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && wake());
    window.addEventListener("online", wake);
  }

  isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /**
   * Open a socket. Its address names the room, if known: a proxy may route a room's
   * members to one server process (docs/deploy.md); the server itself ignores it.
   * @param {string | undefined} room @returns {Promise<void>}
   */
  connect(room) {
    const query = room ? `?room=${encodeURIComponent(room)}` : "";
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws${query}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      this.ws = ws;
      let opened = false;
      ws.onopen = () => {
        opened = true;
        reached(true);
        resolve();
      };
      ws.onerror = () => {
        if (!opened) reached(false); // the server did not answer (a close alone is no sign)
        reject(new ServerError("closed", "no connection"));
      };
      ws.onmessage = (ev) => this.receive(JSON.parse(String(ev.data)));
      ws.onclose = () => {
        if (this.ws !== ws) return;
        this.ws = null;
        for (const p of this.pending.values()) p.reject(new ServerError("closed", "connection closed"));
        this.pending.clear();
        this.onStatus(false);
        this.schedule();
      };
    });
  }

  /** @param {Frame} frame */
  receive(frame) {
    if ((frame.type === "ack" || frame.type === "error") && this.pending.has(frame.ref)) {
      const p = /** @type {{resolve: (f: Frame) => void, reject: (e: Error) => void}} */ (this.pending.get(frame.ref));
      this.pending.delete(frame.ref);
      if (frame.type === "ack") p.resolve(frame);
      else p.reject(new ServerError(frame.code, frame.message));
      return;
    }
    if (frame.type === "bye") {
      this.stopped = true;
      if (this.room) saveToken(this.room, null);
    }
    this.onFrame(frame);
  }

  /**
   * Send a message and wait for its ack (ServerError on an error frame).
   * @param {Frame} msg @param {boolean} [night] pad it like every night message
   * @returns {Promise<Frame>}
   */
  request(msg, night = false) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new ServerError("closed", "not connected"));
    }
    const ref = ++this.ref % 100000 + 100000; // six digits: one width, one size
    const body = night ? padded({ ...msg, ref }) : { ...msg, ref };
    const ws = this.ws;
    return new Promise((resolve, reject) => {
      this.pending.set(ref, { resolve, reject });
      ws.send(JSON.stringify(body));
    });
  }

  /**
   * Open a session: `create`, `join` or `resume`; the token is kept for the room.
   * @param {Frame} msg @returns {Promise<Frame>}
   */
  async open(msg) {
    this.stopped = false;
    if (!this.isOpen()) await this.connect(typeof msg.room === "string" ? msg.room : undefined);
    const ack = await this.request(msg);
    this.room = ack.room;
    saveToken(ack.room, ack.token);
    this.retry = 0;
    this.onStatus(true);
    return ack;
  }

  schedule() {
    if (this.stopped || !this.room) return;
    clearTimeout(this.timer);
    const wait = Math.min(5000, 250 * 2 ** this.retry);
    this.retry = Math.min(this.retry + 1, 5);
    this.timer = setTimeout(() => this.reconnectNow(), wait);
  }

  async reconnectNow() {
    clearTimeout(this.timer);
    const room = this.room;
    const token = room && savedToken(room);
    if (!room || !token || this.stopped) return;
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return;
    try {
      await this.open({ type: "resume", room, token });
    } catch (err) {
      if (err instanceof ServerError && (err.code === ErrorCode.bad_token || err.code === ErrorCode.no_room)) {
        saveToken(room, null);
        this.stopped = true;
        this.onFrame({ type: "lost", code: err.code });
        this.ws?.close();
        return;
      }
      if (this.isOpen()) this.ws?.close();
      else this.schedule();
    }
  }

  close() {
    this.stopped = true;
    this.ws?.close();
  }
}
