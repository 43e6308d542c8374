// A match's chat: the history over HTTP, live `chat` frames, sending over the websocket.
// Messages are always rendered as text nodes (never as HTML): they come from other people.
import { h, mount } from "./dom.js";
import { language, t } from "./i18n.js";
import { get } from "./api.js";
import { session } from "./session.js";
import { socket } from "./socket.js";

export class ChatPanel {
  /** authorName(userId, username): the name to show for a message's author. */
  constructor(matchId, authorName) {
    this.matchId = matchId;
    this.authorName = authorName;
    this.messages = new Map(); // message id -> chat frame
    this.enabled = false;
    this.loaded = false;
    this.visible = false;
    this.unread = 0;
    this.sending = false;
    this.listeners = new Set();

    this.log = h("ol", { class: "chat-log", id: "chat-log", tabindex: "0", "aria-label": t("chat.log") });
    // Announces messages from others as they arrive, without re-reading the whole log.
    this.announcer = h("p", { class: "visually-hidden", "aria-live": "polite" });
    this.error = h("p", { class: "form-error chat-error", id: "chat-error", role: "alert" });
    this.input = h("input", {
      id: "chat-input", type: "text", autocomplete: "off", enterkeyhint: "send",
      placeholder: t("chat.placeholder"), "aria-label": t("chat.input"),
    });
    this.button = h("button", { type: "submit", class: "btn btn-primary", id: "chat-send" }, t("chat.send"));
    const form = h("form", { class: "chat-form", onsubmit: (event) => { event.preventDefault(); this.send(); } },
      this.input, this.button);
    this.element = h("div", { class: "chat" }, this.log, this.announcer, this.error, form);
    this.stops = [
      socket.onChat((frame) => { if (frame.match === this.matchId) this.add([frame], true); }),
      socket.onOpen(() => this.load()),
    ];
    this.render();
  }

  /** Start reading the match's chat (only players of the match may). */
  enable() {
    if (this.enabled) return;
    this.enabled = true;
    this.load();
  }

  async load() {
    if (!this.enabled) return;
    try {
      const data = await get(`/matches/${this.matchId}/chat`);
      // Messages missed while disconnected count as unread; the first history does not.
      this.add(data.messages, this.loaded);
      this.loaded = true;
    } catch (problem) {
      this.error.textContent = problem.message;
    }
  }

  add(messages, countUnread) {
    const fresh = [];
    for (const message of messages) {
      if (!this.messages.has(message.id) && message.user !== session.user?.id) fresh.push(message);
      this.messages.set(message.id, message);
    }
    if (countUnread && fresh.length) {
      const last = fresh[fresh.length - 1];
      this.announcer.textContent = t("chat.announce", { name: this.authorName(last.user, last.username), text: last.text });
      if (!this.visible) this.unread += fresh.length;
    }
    this.render();
  }

  /** Whether the chat is on screen; opening it reads every message. */
  setVisible(visible) {
    this.visible = visible;
    if (visible && this.unread) {
      this.unread = 0;
      this.changed();
    }
    if (visible) this.scrollToEnd();
  }

  async send() {
    if (this.sending) return;
    const text = this.input.value;
    this.sending = true;
    this.button.disabled = true;
    this.error.textContent = "";
    try {
      const ack = await socket.chat(this.matchId, text);
      // The server's own frame usually comes first; if not, show the message from the ack.
      if (!this.messages.has(ack.chat)) {
        this.add([{ id: ack.chat, match: this.matchId, user: session.user.id, username: session.user.username,
          text: text.trim(), at: new Date().toISOString() }], false);
      }
      this.input.value = "";
    } catch (problem) {
      // Too long, too fast, blocked...: the server's words; the text stays to be fixed.
      this.error.textContent = problem.code ? problem.message : t("chat.send_failed");
    } finally {
      this.sending = false;
      this.button.disabled = false;
    }
  }

  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed() {
    for (const listener of this.listeners) listener();
  }

  render() {
    const messages = [...this.messages.values()].sort((a, b) => a.id - b.id);
    mount(this.log, messages.length === 0
      ? h("li", { class: "muted small chat-empty" }, t("chat.empty"))
      : messages.map((m) => {
        const mine = m.user === session.user?.id;
        const at = new Date(m.at);
        return h("li", { class: `chat-message ${mine ? "mine" : "theirs"}`, "data-id": m.id },
          h("span", { class: "chat-author" }, mine ? t("match.you") : this.authorName(m.user, m.username)),
          h("span", { class: "chat-text" }, m.text),
          Number.isNaN(at.getTime()) ? null
            : h("time", { class: "chat-time", datetime: m.at }, at.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" })));
      }));
    this.scrollToEnd();
    this.changed();
  }

  scrollToEnd() {
    this.log.scrollTop = this.log.scrollHeight;
  }

  destroy() {
    for (const stop of this.stops) stop();
  }
}
