// One websocket per tab: subscriptions, move intents answered by ack/error, reconnect + resync.
import { language } from "./i18n.js";

export class GameSocket {
  constructor() {
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map(); // frame id -> {resolve, reject}
    this.matches = new Map(); // match id -> {lastSeq, onFrame}
    this.rooms = new Map(); // room code -> onRoom(room)
    this.noticeListeners = new Set();
    this.chatListeners = new Set();
    this.presenceListeners = new Set();
    this.openListeners = new Set();
    this.retry = 0;
    this.closed = false;
    this.opened = null;
  }

  connect() {
    this.closed = false;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws?lang=${language()}`);
    this.ws = ws;
    this.opened = new Promise((resolve) => {
      ws.addEventListener("open", () => {
        this.retry = 0;
        resolve();
        // After a reconnect, follow every match again from what we have.
        for (const [match, sub] of this.matches) this.send({ type: "subscribe", match, last_seq: sub.lastSeq });
        // A room's frames missed while down: watching again sends the room as it is now.
        for (const code of this.rooms.keys()) this.send({ type: "watch_room", code });
        // Chat frames sent while the socket was down are lost: listeners read the history again.
        for (const listener of this.openListeners) listener();
      });
    });
    ws.addEventListener("message", (msg) => this.receive(JSON.parse(msg.data)));
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return; // replaced by a newer connection
      this.failPending();
      if (this.closed) return;
      const delay = Math.min(10000, 500 * 2 ** this.retry++);
      setTimeout(() => { if (!this.closed) this.connect(); }, delay);
    });
  }

  close() {
    this.closed = true;
    const ws = this.ws;
    this.ws = null;
    this.failPending();
    ws?.close();
  }

  failPending() {
    for (const { reject } of this.pending.values()) reject(new Error("socket closed"));
    this.pending.clear();
  }

  /** Reopen (e.g. after the interface language changed: error messages follow it). */
  reconnect() {
    this.close();
    this.connect();
  }

  async send(frame) {
    if (!this.ws || this.ws.readyState > WebSocket.OPEN) this.connect();
    if (this.ws.readyState !== WebSocket.OPEN) await this.opened;
    this.ws.send(JSON.stringify(frame));
  }

  /** Send a frame with an id; resolves with its ack, rejects with its error frame. */
  request(frame) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ ...frame, id }).catch(reject);
    });
  }

  subscribe(match, onFrame) {
    this.matches.set(match, { lastSeq: 0, onFrame });
    return this.request({ type: "subscribe", match, last_seq: 0 });
  }

  /** Stop following `match`; with `onFrame`, only if that is still the one following it
   * (a newer page of the same match may have taken over). */
  unsubscribe(match, onFrame = null) {
    if (onFrame && this.matches.get(match)?.onFrame !== onFrame) return;
    if (!this.matches.delete(match)) return;
    if (this.ws?.readyState === WebSocket.OPEN) this.send({ type: "unsubscribe", match });
  }

  /** Follow a room: `onRoom(room)` now and after every change (the `room` frames). */
  watchRoom(code, onRoom) {
    this.rooms.set(code, onRoom);
    return this.request({ type: "watch_room", code });
  }

  unwatchRoom(code, onRoom = null) {
    if (onRoom && this.rooms.get(code) !== onRoom) return;
    if (!this.rooms.delete(code)) return;
    if (this.ws?.readyState === WebSocket.OPEN) this.send({ type: "unwatch_room", code });
  }

  /** A guesser's mark on a covered card for the team to see (`index` null clears it). */
  mark(match, index) {
    return this.request({ type: "mark", match, index });
  }

  move(match, move) {
    return this.request({ type: "move", match, move });
  }

  onNotice(listener) {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /** A chat message; resolves with its ack (`chat` is the message id), rejects with the server's error. */
  chat(match, text) {
    return this.request({ type: "chat", match, text });
  }

  /** Live `chat` frames of the matches this socket follows; returns the unsubscribe. */
  onChat(listener) {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  /** Who is at a followed match or watched room (`presence` frames: snapshot, left, back,
   * host); returns the unsubscribe. */
  onPresence(listener) {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  /** Called each time the socket (re)opens; returns the unsubscribe. */
  onOpen(listener) {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  receive(frame) {
    const waiting = frame.id !== undefined && frame.id !== null ? this.pending.get(frame.id) : null;
    if (waiting && (frame.type === "ack" || frame.type === "error" || frame.type === "pong")) {
      this.pending.delete(frame.id);
      if (frame.type === "error") {
        const error = new Error(frame.message);
        error.code = frame.code;
        error.details = frame.details;
        waiting.reject(error);
      } else {
        waiting.resolve(frame);
      }
      return;
    }
    if (frame.type === "resync") {
      for (const match of frame.matches) {
        const sub = this.matches.get(match);
        if (sub) this.send({ type: "subscribe", match, last_seq: sub.lastSeq });
      }
      return;
    }
    if (frame.type === "chat" || frame.type === "room_chat") {
      // Its `id` is the message's number, not an answer to one of our requests.
      for (const listener of this.chatListeners) listener(frame);
      return;
    }
    if (frame.type === "presence") {
      for (const listener of this.presenceListeners) listener(frame);
      return;
    }
    if (frame.type === "notice") {
      for (const listener of this.noticeListeners) listener(frame);
      return;
    }
    if (frame.type === "room") {
      this.rooms.get(frame.room?.code)?.(frame.room);
      return;
    }
    const sub = frame.match !== undefined ? this.matches.get(frame.match) : null;
    if (sub && (frame.type === "mark" || frame.type === "sheet")) {
      sub.onFrame(frame);
      return;
    }
    if (sub && ["event", "state", "sync", "patch"].includes(frame.type)) {
      if (typeof frame.seq === "number") sub.lastSeq = frame.seq;
      sub.onFrame(frame);
    }
  }

  /** Ask for `match` again from `lastSeq` on: the events after it and the whole view (a
   * patch frame that did not fit the view held, docs/protocol.md "Patches"). */
  resync(match, lastSeq) {
    const sub = this.matches.get(match);
    if (!sub) return;
    sub.lastSeq = lastSeq;
    this.send({ type: "subscribe", match, last_seq: lastSeq });
  }
}

export const socket = new GameSocket();
