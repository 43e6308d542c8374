// One controller for every game's match page. It loads the match, follows it over the
// websocket (a waiting match only once it starts), keeps the state every game shares (the
// match, the seat's view, its status, sequence number and deadline, the last refusal, a move
// on its way), sends moves with busy/error handling, ticks the countdown, shows the seat bar
// (hand my seat to the AI) and tells the player when the table waits on them. Each game
// supplies a page (games/index.js): its container and its `render(view, ctl)`, and optional
// hooks for the frames only it knows.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { get } from "../api.js";
import { session } from "../session.js";
import { socket } from "../socket.js";
import { ChatPanel } from "../chat.js";
import { offerNotifications } from "../notify.js";
import { isBot, seatBar } from "../handoff.js";
import { attention } from "./attention.js";
import { showTableRules } from "../table_rules.js";
import { TablePresence } from "./presence.js";
import { PatchError, applyPatch } from "./patch.js";

/** "1:05" left until a deadline; null without one. */
export function countdown(deadline) {
  if (!deadline) return null;
  const seconds = Math.max(0, Math.round((Date.parse(deadline) - Date.now()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The route #/match/<id> (and #/table/<id>, the big screen for a call): the page of the
 * match's game, `gameOf(name)` from the registry (games/index.js). */
export async function openMatch(root, idText, gameOf, { table = false } = {}) {
  const id = Number(idText);
  let match;
  try {
    match = (await get(`/matches/${id}`)).match;
  } catch (problem) {
    mount(root, h("section", { class: "card page-narrow" }, h("p", { class: "form-error", role: "alert" }, problem.message),
      h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby"))));
    return null;
  }
  // A notice that offers to open this match ("1 numaralı maç başladı. Maçı aç") is done.
  for (const link of document.querySelectorAll(`#toasts a.toast-link[href="#/match/${id}"]`)) link.closest(".toast")?.remove();
  const ctl = new MatchController(root, id, match, gameOf(match.game), { table });
  await ctl.start();
  return () => ctl.destroy();
}

export class MatchController {
  constructor(root, id, match, game, { table = false } = {}) {
    this.root = root;
    this.id = id;
    this.table = table;
    this.game = game;
    /** What every game's page reads: `view` is the seat's (or a spectator's) view. */
    // `waiting`: the seats the table cannot go on without now (the server's rule per game).
    this.s = { match, view: null, status: match.status, seq: 0, deadline: null, error: "", busy: false,
      waiting: match.waiting || [] };
    this.stops = [];
    this.onFrame = (frame) => this.receive(frame);
    // A busy table sends many frames: a page with `throttle` is drawn again at most that
    // often, and never while a finger or the mouse is down on it, so a tap lands on the
    // button it started on.
    this.lastRender = 0;
    this.later = null;
    this.held = false;
    this.pressed = false;
  }

  // --- what a page asks ------------------------------------------------------------------
  get match() { return this.s.match; }

  /** The viewer's own seat by the match's players (known before any view arrives). */
  isMe(seat) {
    return this.s.match.players.some((p) => p.seat === seat && p.id === session.user.id);
  }

  /** A seat's name: "Sen" for the viewer, the person's name, or "Koltuk N" while empty. */
  nameOf(seat) {
    const player = this.playerAt(seat);
    if (!player) return t("match.seat_n", { n: seat + 1 });
    return player.id === session.user.id ? t("match.you") : player.display_name;
  }

  /** A seat's name marked as played by the AI while its person has handed it over. */
  nameWithAi(seat) {
    return this.handed(seat) ? t("hand.name_ai", { name: this.nameOf(seat) }) : this.nameOf(seat);
  }

  /** Whom the table waits for now (the state frames' `waiting`), as a line for every
   * viewer in their own person: "Waiting for: Anna, Mark", "Your turn", "Waiting for
   * you and Anna"; "" when it waits on nobody. */
  waitingText() {
    const seats = this.s.waiting || [];
    const others = seats.filter((seat) => !this.isMe(seat)).map((seat) => this.nameWithAi(seat));
    if (seats.some((seat) => this.isMe(seat))) {
      if (!others.length) return t("waiting.you");
      // "Sen, Ayşe ve Mehmet bekleniyorsunuz": the viewer first, "ve" before the last.
      const names = [t("waiting.you_first"), ...others];
      return t("waiting.you_and_others", { names: `${names.slice(0, -1).join(", ")}${t("waiting.and")}${names.at(-1)}` });
    }
    return others.length ? t("waiting.others", { names: others.join(", ") }) : "";
  }

  playerAt(seat) {
    return this.s.match.players.find((p) => p.seat === seat) || null;
  }

  /** The AI plays this person's seat for them now (they handed it over). */
  handed(seat) {
    return Boolean(this.playerAt(seat)?.handed);
  }

  /** A chat panel for this match; the controller closes it with the page. */
  chatPanel() {
    const chat = new ChatPanel(this.id, (userId, username) =>
      this.s.match.players.find((p) => p.id === userId)?.display_name || username);
    this.stops.push(() => chat.destroy());
    return chat;
  }

  /** Read the match again (seats are drawn at the start; notes come at the end). */
  async reload() {
    try {
      this.s.match = (await get(`/matches/${this.id}`)).match;
      return true;
    } catch {
      return false; // names and notes are decoration: the frames carry the game
    }
  }

  /** Show `message` as the page's refusal line. */
  fail(message) {
    this.s.error = message;
    this.render();
  }

  /** Send a move over the websocket; true once the server took it. Only one at a time;
   * a refusal (in the interface's language, the socket's) shows as the page's error. */
  async send(move) {
    if (this.s.busy) return false;
    this.s.busy = true;
    this.s.error = "";
    this.render();
    try {
      await socket.move(this.id, move);
      return true;
    } catch (problem) {
      this.s.error = problem.message;
      return false;
    } finally {
      this.s.busy = false;
      this.render();
    }
  }

  // --- the page's life -------------------------------------------------------------------
  async start() {
    this.page = await this.game.page(this);
    mount(this.root, this.page.layout || this.page.container);
    if (!this.table) {
      this.presence = new TablePresence(this);
      this.stops.push(() => this.presence.destroy());
      this.root.append(this.presence.element);
    }
    this.showSeatBar();
    if (this.s.status === "waiting") this.waitForStart();
    else this.follow();
    const timer = setInterval(() => this.tick(), 1000);
    this.stops.push(() => clearInterval(timer));
    if (this.page.throttle) this.holdWhilePressed();
    if (!this.table && this.withPeople()) offerNotifications();
    if (!this.table) this.stops.push(showTableRules(this.game.help(this.s.match)));
    this.render();
  }

  destroy() {
    this.closed = true;
    socket.unsubscribe(this.id, this.onFrame);
    for (const stop of this.stops) stop();
    if (this.later !== null) clearTimeout(this.later);
    this.page?.destroy?.();
    attention.clear();
  }

  follow() {
    socket.subscribe(this.id, this.onFrame).catch((problem) => this.fail(problem.message));
  }

  /** A waiting match is followed only once it starts: seats are drawn at the start, so a
   * subscription made before would carry the pre-draw seat and its views another seat's. */
  waitForStart() {
    const stop = socket.onNotice((notice) => {
      if (notice.match !== this.id) return;
      if (notice.kind === "match_started") {
        stop();
        this.follow(); // the first view reads the drawn seats again (receive)
      } else if (notice.kind === "declined") {
        this.s.status = "cancelled";
        this.render();
      }
    });
    this.stops.push(stop);
  }

  async receive(frame) {
    if (frame.type === "patch") {
      // A command's events and how the view changed: handed on as the event frames and the
      // state frame they amount to, so pages see what they saw before patches.
      const parts = this.unpack(frame);
      if (!parts) return;
      for (const part of parts.slice(0, -1)) this.receive(part);
      frame = parts.at(-1);
    }
    if (this.page.onFrame?.(frame)) return;
    if (frame.type === "event") {
      if (!this.table) this.page.onEvent?.(frame.event || {});
      return;
    }
    if (!frame.view) return;
    const s = this.s;
    const before = s.view;
    const wasWaiting = s.status === "waiting";
    s.status = frame.status;
    s.seq = frame.seq;
    s.deadline = frame.deadline_at || null;
    s.waiting = frame.waiting || [];
    s.view = frame.view;
    s.waiting = frame.waiting || [];
    // Seats are drawn at the start: read the players again.
    if (wasWaiting && s.status !== "waiting") await this.reload();
    await this.page.onView?.(before, s.view);
    if (this.page.throttle) this.frameRender();
    else this.render();
  }

  /** A patch frame as event frames and a state frame of the view it gives; null when it
   * was made from a view this page does not hold (frames were missed): then the server is
   * asked for the whole view (the events after ours, and the view). */
  unpack(frame) {
    const s = this.s;
    const events = frame.events || [];
    let view;
    try {
      if (!s.view || s.seq !== frame.base) throw new PatchError("made from another view");
      view = applyPatch(s.view, frame.patch, events.map((e) => e.event));
    } catch (problem) {
      if (!(problem instanceof PatchError)) throw problem;
      socket.resync(this.id, s.view ? s.seq : 0);
      return null;
    }
    const has = (key) => Object.hasOwn(frame, key);
    return [
      ...events.map((e) => ({ type: "event", match: frame.match, seq: e.seq, event: e.event })),
      { type: "state", match: frame.match, seq: frame.seq, view,
        status: has("status") ? frame.status : s.status,
        deadline_at: has("deadline_at") ? frame.deadline_at : s.deadline,
        waiting: has("waiting") ? frame.waiting : s.waiting },
    ];
  }

  tick() {
    const clock = this.page.clock ? this.page.container.querySelector(this.page.clock.selector) : null;
    if (clock && this.s.deadline) clock.textContent = (this.page.clock.format || countdown)(this.s.deadline);
  }

  render(...extra) {
    // A page's widget may ask before the page is made (start() draws it) or after it is
    // gone (a move list that loaded late): neither draws, nor touches the tab's title.
    if (!this.page || this.closed) return;
    const { container } = this.page;
    this.lastRender = Date.now();
    this.held = false;
    if (this.later !== null) clearTimeout(this.later);
    this.later = null;
    // For tests and styling: the last event number shown and the match's status.
    container.dataset.seq = String(this.s.seq ?? 0);
    container.dataset.status = this.s.status;
    if (!this.s.view) mount(container, this.page.waiting ? this.page.waiting() : this.waiting());
    else this.page.render(this.s.view, this, ...extra);
    attention.set(!this.table && Boolean(this.s.view) && this.waitsOnMe());
  }

  /** The table waits on the viewer's own seat (not while the AI plays it for them). */
  waitsOnMe() {
    if (this.s.status !== "active") return false;
    const mine = this.s.match.players.find((p) => p.id === session.user.id);
    if (!mine || mine.handed) return false;
    if (this.s.waiting.length) return this.s.waiting.includes(mine.seat);
    return Boolean(this.page.yourTurn?.(this.s.view));
  }

  /** The waiting text as a line under the status; null when the table waits on nobody.
   * `except`: seats the page's own status line names already (then only the others are
   * worth a line). */
  waitingLine({ except = [] } = {}) {
    const seats = this.s.waiting;
    if (!seats.length || this.s.status !== "active" || seats.every((seat) => except.includes(seat))) return null;
    return h("p", { class: "waiting-line small muted", id: "waiting-line", "data-waiting": seats.join(" ") },
      this.waitingText());
  }

  waiting() {
    return h("section", { class: "card page-narrow" },
      h("h1", {}, t(this.s.status === "waiting" ? "match.players_waiting" : "match.loading")),
      h("p", { class: "form-error", role: "alert" }, this.s.error));
  }

  frameRender() {
    if (this.pressed) {
      this.held = true;
      return;
    }
    if (this.later !== null) return;
    const wait = this.lastRender + this.page.throttle - Date.now();
    if (wait <= 0) this.render();
    else this.later = setTimeout(() => { this.later = null; if (this.pressed) this.held = true; else this.render(); }, wait);
  }

  holdWhilePressed() {
    const press = () => { this.pressed = true; };
    const release = () => {
      if (!this.pressed) return;
      this.pressed = false;
      if (this.held) setTimeout(() => { if (this.held && !this.pressed) this.render(); }, 0);
    };
    this.page.container.addEventListener("pointerdown", press);
    window.addEventListener("pointerup", release);
    window.addEventListener("pointercancel", release);
    this.stops.push(() => {
      window.removeEventListener("pointerup", release);
      window.removeEventListener("pointercancel", release);
    });
  }

  /** The player's own line under a running unranked match (handoff.js): first while the AI
   * plays for them (their own moves wait); gone when the match ends. */
  showSeatBar() {
    if (this.table) return;
    const bar = seatBar(this.id, this.s.match, (text) => {
      const shown = document.getElementById("seat-hand-error");
      if (shown) {
        shown.textContent = text;
        shown.classList.remove("empty");
      }
    });
    if (!bar) return;
    if (bar.dataset.handed === "true") this.root.prepend(bar);
    else this.root.append(bar);
    this.stops.push(socket.onNotice((notice) => {
      if (notice.kind === "match_ended" && notice.match === this.id) bar.remove();
    }));
  }

  /** A game with other people in it (or seats still waiting for them): worth being told
   * when it is one's turn. A solo game against the AI answers within seconds: not. */
  withPeople() {
    const { match, status } = this.s;
    if (!["waiting", "active"].includes(status)) return false;
    const mine = match.players.some((p) => p.id === session.user.id);
    if (!mine) return false;
    return status === "waiting" || match.players.some((p) => p.id !== session.user.id && !isBot(p));
  }
}
