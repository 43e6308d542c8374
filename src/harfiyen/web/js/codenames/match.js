// A Kelime Casusu match: the board for a spymaster (with the key), a guesser (marks, then a
// confirm reveals) or a spectator; clue entry, pass, counters, the clue log, the timer, the
// chat under the game's policy, and the end with the key and what each AI clue meant.
// The same page in `table` mode is the big screen for a video call: no key, no actions.
// The match controller (match/controller.js) loads, follows and sends; this is the page.
import { h, mount } from "../dom.js";
import { t, upper } from "../i18n.js";
import { socket } from "../socket.js";
import { confirmDialog, toast } from "../ui.js";
import { roomCodeOf } from "../rooms.js";
import { countdown } from "../match/controller.js";
import { CUES, TEAMS, cardWord, colourName, renderCards, renderClueLog, renderCounters } from "./board.js";

const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export function codenamesPage(ctl) {
  const { id, table } = ctl;
  // The controller's state, with this page's own.
  const s = Object.assign(ctl.s, {
    marks: new Map(), // seat -> card index, as the server relays them
    selected: null, focus: 0, notes: [], notesLoaded: false, clue: { word: "", number: 1 },
  });
  const render = () => ctl.render();
  const send = (move) => ctl.send(move);
  const container = h("div", { class: `cn-match ${table ? "cn-table" : ""}`, id: table ? "cn-table" : "match",
    "data-match": id, "data-game": "codenames" });
  const layout = h("div", { class: table ? "cn-table-layout" : "cn-layout" }, container);

  const viewer = () => s.view?.viewer || { kind: "spectator" };
  const mySeat = () => (viewer().kind === "seat" ? viewer().seat : null);
  const myTeam = () => viewer().team || null;
  const myRole = () => viewer().role || null;
  const ended = () => Boolean(s.view?.outcome);
  const acting = () => !table && !ended() && mySeat() !== null && (s.view?.to_act || []).includes(mySeat());
  const seatOf = (seat) => s.view?.seats.find((x) => x.seat === seat);
  const nameOf = (seat) => ctl.nameOf(seat);

  // The chat: spymasters read only while the game runs, guessers write to their team.
  let chat = null;
  if (!table) {
    chat = ctl.chatPanel();
    layout.append(h("aside", { class: "cn-side card", id: "cn-chat" }, h("h2", {}, t("chat.title")),
      h("p", { class: "hint", id: "cn-chat-policy" }), chat.element));
  }

  function chatPolicy() {
    if (!chat) return;
    const form = chat.element.querySelector("form");
    const hint = layout.querySelector("#cn-chat-policy");
    let key = "cn.chat_all";
    let write = true;
    if (mySeat() === null) { key = "cn.chat_spectator"; write = false; } else if (!ended() && myRole() === "spymaster") {
      key = "cn.chat_spymaster";
      write = false;
    } else if (!ended()) key = "cn.chat_team";
    form.hidden = !write;
    hint.textContent = t(key);
    if (mySeat() !== null) chat.enable();
  }

  // --- frames --------------------------------------------------------------------------
  const onFrame = (frame) => {
    if (frame.type !== "mark") return false;
    if (frame.index === null || frame.index === undefined) s.marks.delete(frame.seat);
    else s.marks.set(frame.seat, frame.index);
    render();
    return true;
  };

  const onEvent = (event) => {
    if (event.kind === "card_revealed" && event.seat !== mySeat()) {
      const card = s.view?.cards[event.index];
      if (card) toast(t("cn.revealed_toast", { name: nameOf(event.seat), word: cardWord(s.view, card) }), "info", { key: `cn-${id}` });
    }
  };

  const onView = (before, view) => {
    // A new clue or a new turn starts with no marks; revealed cards lose theirs.
    const sameClue = before && before.turn === view.turn && before.phase === view.phase
      && (before.clues || []).length === (view.clues || []).length;
    if (!sameClue) s.marks.clear();
    for (const [seat, index] of s.marks) if (view.cards[index]?.revealed) s.marks.delete(seat);
    if (s.selected !== null && (!sameClue || view.cards[s.selected]?.revealed)) s.selected = null;
    if (view.outcome && !s.notesLoaded) loadNotes();
  };

  async function loadNotes() {
    s.notesLoaded = true;
    // The notes are extra: the end screen stands without them.
    if (await ctl.reload()) {
      s.notes = s.match.notes || [];
      render();
    }
  }

  // --- actions -------------------------------------------------------------------------
  function tapCard(index) {
    if (!acting() || myRole() !== "guesser" || s.busy) return;
    s.focus = index;
    if (s.selected === index) {
      reveal();
      return;
    }
    s.selected = index;
    s.marks.set(mySeat(), index);
    socket.mark(id, index).catch(() => {});
    render();
  }

  async function reveal() {
    const index = s.selected;
    if (index === null) return;
    if (await send({ kind: "guess", index })) s.selected = null;
    render();
  }

  function unmark() {
    s.selected = null;
    s.marks.delete(mySeat());
    socket.mark(id, null).catch(() => {});
    render();
  }

  async function giveClue(event) {
    event.preventDefault();
    const word = s.clue.word.trim();
    if (!word) {
      s.error = t("cn.clue_empty");
      render();
      return;
    }
    if (await send({ kind: "clue", word, number: s.clue.number })) s.clue = { word: "", number: 1 };
    render();
  }

  async function resign() {
    if (await confirmDialog(t("cn.resign_title"), t("cn.resign_text"), t("action.resign"), { danger: true })) {
      send({ kind: "resign" });
    }
  }

  // --- rendering -----------------------------------------------------------------------
  function marksByCard() {
    const out = new Map();
    for (const [seat, index] of s.marks) {
      if (!out.has(index)) out.set(index, []);
      out.get(index).push(nameOf(seat));
    }
    return out;
  }

  function draw(view) {
    container.dataset.role = myRole() || "spectator";
    container.dataset.team = myTeam() || "";
    container.dataset.acting = String(acting());
    // The focused card survives a re-render (keyboard players keep their place).
    const hadFocus = container.querySelector(".cn-card:focus") !== null;
    // The table is shared on a call: it shows the key only once the game is over.
    const showKey = view.key_visible && (!table || ended());
    const guessing = acting() && myRole() === "guesser";
    const board = renderCards(view, {
      showKey, marks: marksByCard(), selected: s.selected, playable: guessing && !s.busy,
      onCard: tapCard, focusIndex: s.focus, onFocus: (i) => { s.focus = i; }, table,
    });
    mount(container,
      h("div", { class: "cn-head" },
        !table && renderRole(),
        h("p", { class: `cn-turn ${ended() ? "" : `team-${view.turn}`}`, id: "cn-turn", "aria-live": "polite" }, turnText()),
        // The turn line names the spymaster (or says it is mine): the line names the rest.
        !table && ctl.waitingLine({ except: acting() ? [mySeat()] : view.phase === "clue" ? ctl.s.waiting : [] }),
        renderCounters(view),
        s.deadline && !ended() && h("p", { class: "cn-timer" },
          h("span", { class: "muted" }, t(view.phase === "clue" ? "cn.timer_clue" : "cn.timer_guess")), " ",
          h("span", { id: "cn-timer", role: "timer" }, countdown(s.deadline))),
        view.current_clue && !ended() && h("p", { class: `cn-current team-${view.current_clue.team}`, id: "cn-current" },
          t("cn.current_clue", { word: upper(view.current_clue.word, view.language), n: view.current_clue.number })),
      ),
      showKey && !ended() && h("p", { class: "cn-legend small", id: "cn-legend" },
        TEAMS.concat(["neutral", "black"]).map((c) => h("span", { class: `cn-legend-item colour-${c}` },
          h("span", { "aria-hidden": "true" }, CUES[c]), " ", colourName(c)))),
      board,
      h("p", { class: `move-error ${s.error ? "" : "empty"}`, id: "cn-error", role: "alert" }, s.error),
      !table && !ended() && renderActions(),
      ended() && renderEnd(),
      h("div", { class: "cn-panels" }, renderClueLog(view, { nameOf, notes: ended() ? s.notes : [] }), !table && renderTeams()),
    );
    if (hadFocus) container.querySelector(`.cn-card[data-index="${s.focus}"]`)?.focus();
    chatPolicy();
  }

  function renderRole() {
    if (mySeat() === null) return h("p", { class: "cn-role", id: "cn-role" }, t("watch.watching"));
    return h("p", { class: `cn-role team-${myTeam()}`, id: "cn-role" },
      t("cn.you_are", { team: t(`cn.team_${myTeam()}`), role: t(`cn.role_${myRole()}`) }));
  }

  function turnText() {
    const view = s.view;
    if (view.outcome) return t("match.over");
    const team = t(`cn.team_${view.turn}`);
    if (acting()) return t(view.phase === "clue" ? "cn.your_clue" : "cn.your_guess");
    if (view.phase === "clue") {
      const spymaster = view.seats.find((x) => x.team === view.turn && x.role === "spymaster");
      return t("cn.waiting_clue", { team, name: spymaster ? nameOf(spymaster.seat) : team });
    }
    return t("cn.waiting_guess", { team });
  }

  function renderActions() {
    const view = s.view;
    if (mySeat() === null) return null;
    const parts = [];
    if (acting() && view.phase === "clue") {
      parts.push(h("form", { class: "cn-clue-form card", id: "cn-clue-form", onsubmit: giveClue },
        h("label", { for: "cn-clue-word" }, t("cn.clue_label")),
        h("div", { class: "row" },
          h("input", { id: "cn-clue-word", value: s.clue.word, autocomplete: "off", autocapitalize: "characters",
            spellcheck: "false", enterkeyhint: "send", maxlength: "40", "aria-describedby": "cn-clue-hint",
            oninput: (e) => { s.clue.word = e.target.value; } }),
          h("select", { id: "cn-clue-number", "aria-label": t("cn.clue_number"),
            onchange: (e) => { s.clue.number = Number(e.target.value); } },
          NUMBERS.map((n) => h("option", { value: n, selected: n === s.clue.number }, String(n)))),
          h("button", { type: "submit", class: "btn btn-primary", id: "cn-clue-send", disabled: s.busy }, t("cn.clue_send"))),
        h("p", { class: "hint", id: "cn-clue-hint" }, t(view.strict_clues ? "cn.clue_hint_strict" : "cn.clue_hint"))));
    }
    if (acting() && view.phase === "guess") {
      const guessed = (view.current_clue?.guesses || []).length > 0;
      const chosen = s.selected !== null ? view.cards[s.selected] : null;
      parts.push(h("div", { class: "cn-guess-bar card", id: "cn-guess-bar" },
        chosen ? [
          h("span", { class: "cn-chosen" }, t("cn.chosen", { word: cardWord(view, chosen) })),
          h("button", { type: "button", class: "btn btn-primary", id: "cn-reveal", disabled: s.busy, onclick: reveal }, t("cn.reveal")),
          h("button", { type: "button", class: "btn", id: "cn-unmark", onclick: unmark }, t("common.cancel")),
        ] : h("span", { class: "muted" }, t("cn.tap_hint")),
        h("button", { type: "button", class: "btn", id: "cn-pass", disabled: !guessed || s.busy,
          "aria-describedby": guessed ? null : "cn-pass-why", onclick: () => send({ kind: "pass" }) }, t("action.pass")),
        !guessed && h("span", { class: "hint", id: "cn-pass-why" }, t("cn.pass_after_guess"))));
    }
    parts.push(h("div", { class: "row cn-more" },
      h("button", { type: "button", class: "btn btn-small btn-danger", id: "cn-resign", onclick: resign }, t("action.resign")),
      h("a", { class: "btn btn-small", href: `#/table/${id}`, id: "cn-open-table" }, t("cn.table_view"))));
    return h("div", { class: "cn-actions" }, parts);
  }

  function renderTeams() {
    const view = s.view;
    const teams = TEAMS.filter((team) => view.seats.some((x) => x.team === team));
    return h("section", { class: "cn-teams card", id: "cn-teams", "aria-label": t("cn.teams") },
      teams.map((team) => h("div", { class: `cn-team team-${team}` },
        h("h3", {}, h("span", { "aria-hidden": "true" }, CUES[team]), " ", t(`cn.team_${team}`)),
        h("ul", {}, view.seats.filter((x) => x.team === team).map((x) => h("li", {
          class: view.to_act.includes(x.seat) ? "acting" : "", "data-seat": x.seat,
        }, h("span", { class: "cn-team-name", title: nameOf(x.seat) }, nameOf(x.seat)), h("span", { class: "muted small" }, ` — ${t(`cn.role_${x.role}`)}`)))))));
  }

  function endHeadline(outcome) {
    const winner = t(`cn.team_${outcome.winner}`);
    const solo = s.view.seats.every((x) => x.team === "red");
    if (solo) return outcome.winner === "red" ? t("cn.solo_won", { n: s.view.clues.length }) : t("cn.solo_lost");
    if (mySeat() === null || table) return t("cn.team_won", { team: winner });
    return outcome.winner === myTeam() ? t("cn.you_won") : t("cn.you_lost", { team: winner });
  }

  /** Why the game ended. All words revealed: the winners' words (whoever revealed them),
   * "your team's" for the winners' seats, by the team's name for everyone else; the black
   * word and a resignation: the losing team. */
  function endReason(outcome) {
    if (outcome.reason === "all_words") {
      const mine = !table && mySeat() !== null && myTeam() === outcome.winner;
      return t(mine ? "cn.end_all_words_yours" : `cn.end_all_words_${outcome.winner}`);
    }
    return t(`cn.end_${outcome.reason}`, { team: t(`cn.team_${outcome.winner === "red" ? "blue" : "red"}`) });
  }

  function renderEnd() {
    const outcome = s.view.outcome;
    const room = roomCodeOf(s.match);
    return h("section", { class: "end card cn-end", id: "cn-end", "data-winner": outcome.winner },
      h("h2", {}, endHeadline(outcome)),
      h("p", { class: "muted", id: "cn-end-reason" }, endReason(outcome)),
      h("p", { class: "small" }, t("cn.key_revealed")),
      !table && h("div", { class: "row" },
        room && h("a", { class: "btn btn-primary", href: `#/room/${room}`, id: "cn-back-room" }, t("cn.back_to_room")),
        h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby"))));
  }

  return {
    container, layout, render: draw, onFrame, onEvent, onView,
    yourTurn: () => acting(),
    clock: { selector: "#cn-timer" },
  };
}
