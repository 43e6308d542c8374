// A room's chat while its people gather (who sits where, when to start). Messages come
// live over the room's watch and are not stored: who opens the room later reads from
// then on. Only the room's members write and read (the server relays to them alone).
// Messages are rendered as text nodes, never as HTML: they come from other people.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { post } from "./api.js";
import { session } from "./session.js";
import { socket } from "./socket.js";

export class RoomChat {
  constructor(code) {
    this.code = code;
    this.log = h("ol", { class: "chat-log", id: "room-chat-log", "aria-live": "polite", "aria-label": t("chat.log") });
    this.error = h("p", { class: "form-error chat-error", id: "room-chat-error", role: "alert" });
    this.input = h("input", {
      id: "room-chat-input", type: "text", autocomplete: "off", enterkeyhint: "send", maxlength: "500",
      placeholder: t("chat.placeholder"), "aria-label": t("chat.input"),
    });
    const form = h("form", { class: "chat-form", onsubmit: (event) => { event.preventDefault(); this.send(); } },
      this.input, h("button", { type: "submit", class: "btn btn-primary", id: "room-chat-send" }, t("chat.send")));
    this.element = h("section", { class: "card room-chat", id: "room-chat", "aria-labelledby": "room-chat-title" },
      h("h2", { id: "room-chat-title" }, t("room.chat")),
      h("p", { class: "hint" }, t("room.chat_hint")),
      this.log, this.error, form);
    this.stop = socket.onChat((frame) => {
      if (frame.type === "room_chat" && frame.room === this.code) this.add(frame);
    });
  }

  add(frame) {
    const mine = frame.user === session.user?.id;
    this.log.append(h("li", { class: `chat-message ${mine ? "mine" : "theirs"}` },
      h("span", { class: "chat-author" }, mine ? t("match.you") : frame.name), " ",
      h("span", { class: "chat-text" }, frame.text)));
    this.log.scrollTop = this.log.scrollHeight;
  }

  async send() {
    const text = this.input.value.trim();
    if (!text) return;
    this.error.textContent = "";
    try {
      // The message comes back over the room's watch, like everyone else's.
      await post(`/rooms/${this.code}/chat`, { text });
      this.input.value = "";
    } catch (problem) {
      this.error.textContent = problem.message;
    }
  }

  destroy() {
    this.stop();
  }
}
