// The match's record turn by turn, built from its numbered events: the move list with each
// player's running score, and the score-over-time chart of the end screen.
//
// Events come from two places: live `event` frames, and GET /matches/{id}/events?after=N,
// which fills whatever the page missed (opening a match mid-game, a reconnect, a resync).
// Only the gap-free prefix is shown, so running scores are never computed from a partial log.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { get } from "../api.js";
import { scoreChart } from "./chart.js";

export class MoveHistory {
  /** nameOf(seat): a seat's name ("Sen" for the viewer's); isMe(seat): the viewer's own seat. */
  constructor(matchId, nameOf, isMe = () => false) {
    this.matchId = matchId;
    this.nameOf = nameOf;
    this.isMe = isMe;
    this.events = new Map(); // seq -> projected event
    this.known = 0; // every event up to this number is in `events` (or has none for us)
    this.target = 0; // the newest event number the server told us about
    this.fetching = false;
    this.again = false;
    this.namesKey = "";
    this.listeners = new Set();
    this.list = h("div", { class: "move-list", id: "move-list", tabindex: "0", "aria-label": t("moves.title") });
    this.chartBox = h("div", { class: "end-chart", id: "end-chart" });
    this.render();
  }

  /** Called with every frame of the match (event, state, sync). */
  onFrame(frame) {
    if (typeof frame.seq !== "number") return;
    this.target = Math.max(this.target, frame.seq);
    if (frame.type === "event") this.events.set(frame.seq, frame.event);
    if (this.advance()) this.render();
    if (this.known < this.target) this.fill();
  }

  /** Move `known` over live events that arrived in order; true when it moved. */
  advance() {
    const before = this.known;
    while (this.events.has(this.known + 1)) this.known += 1;
    return this.known !== before;
  }

  async fill() {
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    try {
      while (this.known < this.target) {
        const after = this.known;
        const data = await get(`/matches/${this.matchId}/events?after=${after}`);
        for (const { seq, event } of data.events) this.events.set(seq, event);
        const newest = Math.max(after, data.last_seq ?? 0, ...data.events.map((e) => e.seq));
        // Events the server does not show this audience leave holes: the answer covers them.
        this.known = Math.max(this.known, newest);
        this.advance();
        this.target = Math.max(this.target, this.known);
        if (this.known === after) break; // nothing new; the next frame tries again
      }
    } catch {
      // The list waits for the next frame; the board and scores do not depend on it.
    } finally {
      this.fetching = false;
    }
    this.render();
    if (this.again) {
      this.again = false;
      if (this.known < this.target) this.fill();
    }
  }

  /** Re-render when the players' names changed (seats are drawn when a match starts). */
  refresh() {
    const key = this.names(this.record().players).join("\u0000");
    if (key !== this.namesKey) this.render();
  }

  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  names(players) {
    return Array.from({ length: players }, (_, seat) => this.nameOf(seat));
  }

  /** The turns so far with the running scores after each, and the end if there is one. */
  record() {
    let players = 0;
    let scores = [];
    const turns = [];
    let end = null;
    for (let seq = 1; seq <= this.known; seq += 1) {
      const event = this.events.get(seq);
      if (!event) continue;
      const turn = (seat) => turns.push({ seq, seat, event, scores: [...scores] });
      switch (event.kind) {
        case "game_started":
          players = event.players;
          scores = new Array(players).fill(0);
          break;
        case "play_made":
          scores[event.seat] += event.total;
          turn(event.seat);
          break;
        case "play_accepted":
          if (turns.length) turns[turns.length - 1].closed = true;
          break;
        case "play_challenged":
          if (event.upheld) scores[event.seat] -= event.points_removed;
          turn(event.challenger);
          break;
        case "passed": case "exchanged": case "turn_skipped": case "resigned": case "timed_out":
          turn(event.seat);
          break;
        case "game_ended":
          end = { seq, scores: [...event.final_scores], adjustments: event.adjustments, reason: event.reason };
          break;
        default:
          break;
      }
    }
    // A play awaits a challenge only until it is accepted or the next move is made.
    turns.forEach((turn, i) => { turn.open = i === turns.length - 1 && !turn.closed && !end; });
    return { players, turns, end };
  }

  /** What a row says; the viewer's own rows in the second person ("you passed"), never a
   * third-person text beside "Sen" (GLOSSARY). */
  describe(event, open = false, seat = null) {
    const you = seat !== null && this.isMe(seat) ? "_you" : "";
    switch (event.kind) {
      case "play_made":
        return t(event.awaiting_challenge && open ? "moves.play_pending" : "moves.play",
          { words: event.words.join(", "), total: event.total });
      case "passed": return t(`moves.pass${you}`);
      case "exchanged": return t(`moves.exchange${you}`, { n: event.count });
      case "turn_skipped": return t(`moves.skipped${you}`);
      case "resigned": return t(`moves.resign${you}`);
      case "timed_out": return t(`moves.timeout${you}`);
      case "play_challenged":
        return event.upheld
          ? t(`moves.challenge_upheld${you}`, { points: event.points_removed })
          : t(`moves.challenge_failed${you}`);
      default: return "";
    }
  }

  render() {
    const { players, turns, end } = this.record();
    const names = this.names(players);
    this.namesKey = names.join("\u0000");
    // Two players: both running scores. Three or four: the mover's score, so no column
    // head has to squeeze a name (the chart at the end shows everyone's course).
    const wide = players <= 2;
    const scoreCells = (scores, seq, seat = null) => (wide || seat === null ? names.map((_, s) => s) : [seat]).map((s) =>
      h("td", { class: "move-score", "data-score-seat": s, "data-seq": seq }, String(scores[s])));
    mount(this.list, turns.length === 0 && !end
      ? h("p", { class: "muted small move-list-empty" }, t("moves.empty"))
      : h("table", { class: "move-table" },
        h("caption", { class: "visually-hidden" }, t("moves.title")),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, t("moves.col_turn")),
          h("th", { scope: "col" }, t("moves.col_player")),
          h("th", { scope: "col" }, t("moves.col_move")),
          wide ? names.map((name) => h("th", { scope: "col", class: "move-score", title: name }, name))
            : h("th", { scope: "col", class: "move-score" }, t("moves.col_score")))),
        h("tbody", {},
          turns.map((turn, i) => h("tr", {
            class: `move-entry kind-${turn.event.kind}`, "data-seq": turn.seq, "data-seat": turn.seat,
          },
          h("td", { class: "move-number" }, String(i + 1)),
          h("td", { class: "move-player", title: this.nameOf(turn.seat) }, this.nameOf(turn.seat)),
          h("td", { class: "move-what" }, this.describe(turn.event, turn.open, turn.seat)),
          scoreCells(turn.scores, turn.seq, turn.seat))),
          end && h("tr", { class: "move-end", "data-seq": end.seq },
            h("td", {}, ""),
            // What the end did to the scores: only some ends move rack values.
            h("td", { class: "move-what", colspan: 2 }, t(`moves.end_${end.reason}`)),
            wide ? scoreCells(end.scores, end.seq)
              : h("td", { class: "move-score move-finals" }, names.map((name, s) => `${name} ${end.scores[s]}`).join(" · "))))));
    // Newest visible: the list is a scroll box that follows its end.
    this.list.scrollTop = this.list.scrollHeight;

    const points = [{ label: "0", scores: new Array(players).fill(0) },
      ...turns.map((turn, i) => ({ label: String(i + 1), scores: turn.scores })),
      ...(end ? [{ label: t("chart.final"), scores: end.scores }] : [])];
    mount(this.chartBox, players && end ? scoreChart(points, names) : null);
    for (const listener of this.listeners) listener();
  }

  /** The chart's box for the end screen; it fills itself once the log is known. */
  chart() {
    return this.chartBox;
  }

  scrollToEnd() {
    this.list.scrollTop = this.list.scrollHeight;
  }
}
