// Who is at the table: each other person seated, present or away (the server's presence
// frames, docs/protocol.md "Presence"), the notices "Ayşe masadan ayrıldı" / "Ayşe geri
// döndü" and "Odanın sahibi artık Ayşe." (the host role passed on), and, for a seated
// player, a button that hands an away person's seat to the AI.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { session } from "../session.js";
import { socket } from "../socket.js";
import { toast } from "../ui.js";
import { handSeat, isBot, levelFor } from "../handoff.js";

export class TablePresence {
  constructor(ctl) {
    this.ctl = ctl;
    this.present = new Set(); // user ids
    this.away = new Set();
    this.known = false; // a snapshot came
    this.error = "";
    this.element = h("section", { class: "card seat-presence", id: "seat-presence", hidden: true,
      "aria-label": t("presence.title") });
    this.stop = socket.onPresence((frame) => this.receive(frame));
  }

  receive(frame) {
    if (frame.match !== this.ctl.id) return;
    if (frame.kind === "snapshot") {
      this.present = new Set(frame.present || []);
      this.away = new Set(Object.keys(frame.away || {}).map(Number));
      this.known = true;
    } else if (["left", "back", "joined"].includes(frame.kind)) {
      const here = frame.kind !== "left";
      (here ? this.present : this.away).add(frame.user);
      (here ? this.away : this.present).delete(frame.user);
      // Coming to the table for the first time is shown by the mark alone.
      if (frame.kind !== "joined") toast(t(`presence.${frame.kind}`, { name: frame.name }), "info", { key: `presence-${this.ctl.id}` });
    } else if (frame.kind === "host") {
      // The room's host left the table: the role passed to the longest-present person.
      toast(frame.user === session.user.id ? t("presence.host_you") : t("presence.host", { name: frame.name }),
        "info", { key: `host-${this.ctl.id}` });
      return;
    } else return;
    this.render();
  }

  /** The other people seated (AI players are always there). */
  people() {
    return this.ctl.match.players.filter((p) => p.id !== session.user.id && !isBot(p));
  }

  /** A seated player may hand an away person's seat at once while the match runs (not in a
   * ranked match, and two-player crossword matches keep their time controls instead). */
  canHand(player) {
    const { match, status } = this.ctl.s;
    const seated = match.players.some((p) => p.id === session.user.id);
    const twoCrossword = match.game === "crossword" && match.players.length === 2;
    return seated && status === "active" && !match.ranked && !twoCrossword && !player.handed;
  }

  async hand(player) {
    this.error = "";
    try {
      await handSeat(this.ctl.id, player.seat, levelFor(this.ctl.match.game));
    } catch (problem) {
      this.error = problem.message;
    }
    this.render();
  }

  render() {
    const people = this.people();
    this.element.hidden = !this.known || people.length === 0;
    if (this.element.hidden) return;
    mount(this.element, h("h2", { class: "presence-title" }, t("presence.title")), h("ul", { class: "presence-list" }, people.map((p) => {
      const state = this.away.has(p.id) ? "away" : this.present.has(p.id) ? "here" : "unknown";
      return h("li", { class: `presence-item ${state}`, "data-user": p.id, "data-seat": p.seat, "data-presence": state },
        h("span", { class: "presence-dot", "aria-hidden": "true" }, state === "here" ? "●" : "○"), " ",
        h("span", { class: "presence-name" }, p.display_name), " ",
        p.handed ? h("span", { class: "muted small" }, t("hand.ai_badge"))
          : state !== "unknown" && h("span", { class: "muted small" }, t(state === "away" ? "presence.away" : "presence.here")),
        state === "away" && this.canHand(p) && h("button", { type: "button", class: "btn btn-small", id: `hand-away-${p.seat}`,
          onclick: () => this.hand(p) }, t("presence.hand_away", { name: p.display_name })));
    })),
    this.error && h("p", { class: "form-error", role: "alert" }, this.error));
  }

  destroy() {
    this.stop();
  }
}
