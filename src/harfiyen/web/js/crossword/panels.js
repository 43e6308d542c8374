// The match screen's panels, as two tabs: the move list and the chat. Beside the board on
// wide screens (collapsible); on phones a tab bar at the bottom that opens a drawer over the
// page, so the board never moves. The panels live outside the match's re-rendered markup:
// a re-render must not drop the chat's focus or the list's scroll position.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { session } from "../session.js";
import { ChatPanel } from "../chat.js";
import { MoveHistory } from "./history.js";

const WIDE = "(min-width: 900px)";

export class MatchPanels {
  /** nameOf(seat): a seat's name; isMe(seat): the viewer's own seat; players(): the match's
   * players ({id, username, display_name}). */
  constructor(matchId, { nameOf, isMe, players }) {
    this.players = players;
    this.history = new MoveHistory(matchId, nameOf, isMe);
    this.chat = new ChatPanel(matchId, (userId, username) =>
      players().find((p) => p.id === userId)?.display_name || username);
    this.open = window.matchMedia(WIDE).matches;
    this.active = "moves";
    this.chatAllowed = false;

    this.badge = h("span", { class: "unread-badge", id: "chat-unread", hidden: true });
    const tab = (name, ...label) => h("button", {
      type: "button", role: "tab", class: "panel-tab", id: `panel-tab-${name}`, "aria-controls": `panel-${name}`,
      onclick: () => this.select(name),
    }, ...label);
    this.tabs = { moves: tab("moves", t("moves.title")), chat: tab("chat", t("chat.title"), this.badge) };
    this.toggle = h("button", { type: "button", class: "panel-toggle", id: "panel-toggle",
      onclick: () => this.setOpen(!this.open) });
    const body = (name, content) => h("section", {
      class: "panel-body", id: `panel-${name}`, role: "tabpanel", "aria-labelledby": `panel-tab-${name}`,
    }, content);
    this.bodies = { moves: body("moves", this.history.list), chat: body("chat", this.chat.element) };
    this.element = h("aside", { class: "match-panels", id: "match-panels", "aria-label": t("panels.label"), hidden: true },
      h("div", { class: "panel-head" },
        h("div", { class: "panel-tabs", role: "tablist" }, this.tabs.moves, this.tabs.chat),
        this.toggle),
      this.bodies.moves, this.bodies.chat);
    this.chat.onChange(() => this.update());
    this.update();
  }

  /** Every frame of the match: events feed the list; the panels show once the game has a view. */
  onFrame(frame) {
    this.history.onFrame(frame);
    if (frame.view) this.element.hidden = false;
  }

  /** Called on each render of the match: names and the players may have changed. */
  refresh() {
    const players = this.players() || [];
    const me = session.user?.id;
    // Chat is for the players of a match, and pointless when every opponent is a bot.
    this.chatAllowed = players.some((p) => p.id === me)
      && players.some((p) => p.id !== me && !p.username.startsWith("bot_"));
    if (this.chatAllowed) this.chat.enable();
    this.history.refresh();
    this.update();
  }

  select(name) {
    if (this.open && this.active === name) {
      this.setOpen(false);
      return;
    }
    this.active = name;
    this.setOpen(true);
  }

  setOpen(open) {
    this.open = open;
    this.update();
    if (open && this.active === "moves") this.history.scrollToEnd();
  }

  update() {
    if (!this.chatAllowed && this.active === "chat") this.active = "moves";
    this.element.classList.toggle("open", this.open);
    this.tabs.chat.hidden = !this.chatAllowed;
    for (const name of ["moves", "chat"]) {
      const shown = this.open && this.active === name;
      this.tabs[name].setAttribute("aria-selected", String(this.active === name));
      this.tabs[name].setAttribute("aria-expanded", String(shown));
      this.tabs[name].classList.toggle("active", this.active === name);
      this.bodies[name].hidden = !shown;
    }
    this.toggle.textContent = this.open ? "×" : "‹";
    this.toggle.setAttribute("aria-label", t(this.open ? "panels.close" : "panels.open"));
    this.toggle.setAttribute("aria-expanded", String(this.open));
    this.chat.setVisible(this.open && this.active === "chat");
    const unread = this.chat.unread;
    this.badge.hidden = unread === 0;
    this.badge.textContent = unread ? String(unread) : "";
    this.tabs.chat.setAttribute("aria-label", unread ? `${t("chat.title")}, ${t("chat.unread", { n: unread })}` : t("chat.title"));
  }

  /** The score chart for the end screen. */
  chart() {
    return this.history.chart();
  }

  destroy() {
    this.chat.destroy();
  }
}
