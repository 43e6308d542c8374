// A Harf Takıl match: the table (every stand, one's own as `?`; the nonplayer stands with
// their piles; the wildcard and the shared bonus letters; the token pool), the offers with
// one-tap votes, the clue builder (tap visible cards in order: numbered tokens appear on
// them), the last clue as numbered tokens, moving on or staying, naming a bonus letter, the
// end arrangement, and the reveal beside the secret words with the result and the score.
// Everything comes from the seat's view (state frames); the match controller
// (match/controller.js) loads, follows and sends moves; this is the page.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { confirmDialog, toast } from "../ui.js";
import { go } from "../router.js";
import { handSeat, levelFor } from "../handoff.js";
import { roomCodeOf } from "../rooms.js";
import { countdown } from "../match/controller.js";
import { firstTimeHint } from "../table_rules.js";
import {
  OWN, WILDCARD, actingSeats, clueTiles, hasToken, letterPicker, letterText, majority, progressText,
  refLetter, shapeOf, tokenDots,
} from "./cards.js";
import { GuessSheet, renderAllSheets, renderSheet } from "./sheet.js";
import { Arrangement, renderArrangement } from "./arrange.js";

const MAX_OFFER_LENGTH = 10;
const RENDER_MS = 250;

export function letterjamPage(ctl) {
  const { id, table } = ctl;
  // The controller's state, with this page's own.
  const s = Object.assign(ctl.s, {
    build: [], wild: null, // the clue being built (card references in word order)
    offer: null, // the offer form's values
    guess: undefined, // the letter chosen to move on with (undefined: not chosen yet)
    stayed: 0, // the clue number whose "move on or stay" the player answered with "stay"
    bonus: null, note: null, arrangement: null, sheetLoaded: false, endLoaded: false,
    focusRef: null, // the card to keep the focus on after the next drawing
  });
  const render = (focusRef = null) => {
    s.focusRef = focusRef;
    ctl.render();
  };
  const send = (move) => ctl.send(move);
  const sheet = new GuessSheet(id);
  const container = h("div", { class: `lj-match ${table ? "lj-table-mode" : ""}`, id: table ? "lj-table-view" : "match",
    "data-match": id, "data-game": "letterjam" });
  // The phase in words for screen readers: a region that outlives the re-renders and
  // speaks only when the text changes (a busy table redraws often).
  const live = h("p", { class: "visually-hidden", id: "lj-live", "aria-live": "polite" });
  const layout = h("div", { class: "lj-layout" }, container, live);

  const me = () => (typeof s.view?.seat === "number" ? s.view.seat : null);
  const ended = () => Boolean(s.view?.outcome) || s.view?.phase === "over";
  const canAct = () => !table && !ended() && me() !== null && s.status === "active";
  const nameOf = (seat) => ctl.nameOf(seat);
  const myStand = () => (me() === null ? null : s.view.stands[me()]);
  const lastRecord = () => {
    const records = s.view?.records || [];
    return records.length ? records[records.length - 1] : null;
  };

  // --- frames ------------------------------------------------------------------------
  const onFrame = (frame) => {
    if (frame.type !== "sheet") return false;
    // A note written on another device of the same account.
    if (s.view && frame.seat === me() && sheet.adopt(s.view, frame)) ctl.frameRender();
    return true;
  };

  const onView = async (before, v) => {
    if (!before || before.phase !== v.phase || before.clue_number !== v.clue_number) {
      // A new phase or a new clue: the builder and the choices of the last one are gone.
      s.build = [];
      s.wild = null;
      s.guess = undefined;
    }
    if (before && before.stands[me()]?.position !== v.stands[me()]?.position) s.guess = undefined;
    // Where the stands were when the last clue came: its tokens stay on those cards only.
    const number = (v.records || []).at(-1)?.number ?? null;
    if (number !== null && s.clueAt?.number !== number) s.clueAt = { number, positions: v.stands.map((x) => x.position) };
    if (v.phase === "final" && me() !== null && (!s.arrangement || (before && before.phase !== "final"))) {
      s.arrangement = new Arrangement(v);
    }
    if (me() !== null && !s.sheetLoaded) {
      s.sheetLoaded = true;
      sheet.load(v).then(render, render);
    }
    if (ended() && !s.endLoaded) {
      s.endLoaded = true;
      if (me() !== null) sheet.load(v).then(render, render);
      await ctl.reload();
      openChat();
    }
  };

  /** A short note about what others just did (one at a time: each replaces the last). */
  function announce(event) {
    const others = event.seat !== undefined && event.seat !== me();
    const name = event.seat !== undefined ? nameOf(event.seat) : "";
    let text = null;
    if (event.kind === "cluegiver_chosen") text = event.seat === me() ? t("lj.toast_chosen_you") : t("lj.toast_chosen", { name });
    else if (event.kind === "clue_given" && others) text = t("lj.toast_clue", { name, n: event.number });
    else if (event.kind === "clue_abandoned" && others) text = t("lj.toast_abandoned", { name });
    else if (event.kind === "bonus_named" && s.view) {
      const letter = letterText(s.view, event.named ?? event.letter);
      const key = event.correct ? "lj.toast_bonus_right" : "lj.toast_bonus_wrong";
      text = event.seat === me() ? t(`${key}_you`, { letter }) : t(key, { name, letter });
    } else if (event.kind === "greens_unlocked") {
      text = event.source === "centre" ? t("lj.toast_centre_open", { n: event.count }) : t("lj.toast_pile_open", { n: (event.pile ?? 0) + 1 });
    }
    if (text) toast(text, "info", { key: `lj-${id}` });
  }

  // No free chat while the game runs (only the structured offers); after the end, the table talks.
  let chat = null;
  function openChat() {
    if (chat || table || me() === null) return;
    chat = ctl.chatPanel();
    layout.append(h("aside", { class: "lj-chat card", id: "lj-chat" }, h("h2", {}, t("chat.title")),
      h("p", { class: "hint" }, t("lj.chat_after")), chat.element));
    chat.enable();
  }

  // --- actions -----------------------------------------------------------------------
  function offerDraft() {
    const v = s.view;
    const mine = v.offers[me()];
    if (!s.offer) {
      s.offer = mine ? { wildcard: null, bonus: null, ...mine }
        : { length: v.word_length, players: Math.min(2, v.players - 1), nonplayers: Math.min(1, v.piles.length), wildcard: null, bonus: null };
    }
    return s.offer;
  }

  async function makeOffer(event) {
    event.preventDefault();
    const o = offerDraft();
    const move = { kind: "offer", length: o.length, players: o.players, nonplayers: o.nonplayers };
    // The wildcard and a shared bonus letter may be said, or left unsaid (then never checked).
    for (const flag of ["wildcard", "bonus"]) if (o[flag] !== null) move[flag] = o[flag];
    if (await send(move)) s.offer = null;
  }

  const vote = (seat) => send({ kind: "vote", seat: s.view.votes[me()] === seat ? null : seat });

  function tapCard(ref) {
    if (!building()) return;
    s.build.push(ref);
    s.error = "";
    render(ref);
  }

  // Keyboard play while spelling: a letter taps the first visible card showing it (`*`: the
  // wildcard), Backspace takes the last token back. Letters typed in a picker stay there.
  // Typing works as soon as the builder shows, wherever the focus is (on the page itself
  // after a tap elsewhere), but not in a field, a picker or an open dialog.
  const onKey = (event) => {
    if (!building() || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.(".lj-picker, input, select, textarea") || document.querySelector("dialog[open]")) return;
    if (event.key === "Backspace" && s.build.length) {
      event.preventDefault();
      s.build.pop();
      if (!s.build.includes(WILDCARD)) s.wild = null;
      render();
      return;
    }
    if (event.key.length !== 1) return;
    const letter = event.key === WILDCARD ? WILDCARD : letterText(s.view, event.key);
    const card = [...container.querySelectorAll("#lj-table .lj-card:not([aria-disabled])")]
      .find((el) => el.dataset.letter === letter);
    if (!card) return;
    event.preventDefault();
    tapCard(card.dataset.ref);
  };
  document.addEventListener("keydown", onKey);

  async function giveClue() {
    const uses = s.build.includes(WILDCARD);
    if (uses && !s.wild) {
      s.error = t("lj.wild_needed");
      render();
      return;
    }
    if (await send({ kind: "clue", cards: [...s.build], wildcard: uses ? s.wild : null })) {
      s.build = [];
      s.wild = null;
    }
  }

  async function moveOn() {
    const guess = s.guess === undefined ? sheet.note(myStand().position) : s.guess;
    if (await send({ kind: "move_on", guess: guess || null })) s.guess = undefined;
  }

  function stay() {
    s.stayed = lastRecord()?.number || 0;
    s.guess = undefined;
    render();
  }

  async function nameBonus() {
    if (!s.bonus) {
      s.error = t("lj.bonus_choose");
      render();
      return;
    }
    if (await send({ kind: "name_bonus", letter: s.bonus })) s.bonus = null;
  }

  async function arrange() {
    const a = s.arrangement;
    if (a.word.includes(WILDCARD) && !a.wildcard) {
      s.error = t("lj.wild_needed");
      render();
      return;
    }
    await send(a.moveJson());
  }

  async function writeNote(position, letter) {
    s.note = null;
    s.error = "";
    try {
      await sheet.set(s.view, position, letter);
    } catch (problem) {
      s.error = problem.message;
    }
    render();
  }

  // --- rendering -----------------------------------------------------------------------
  // Spelling is local to the page, so it goes on while a request is in flight (the vote that
  // made this seat the cluegiver may still be answering); only sending waits for it.
  const building = () => canAct() && s.view.phase === "clue" && s.view.cluegiver === me();

  function draw(v) {
    const focusRef = s.focusRef;
    s.focusRef = null;
    container.dataset.phase = v.phase || "";
    container.dataset.seat = me() === null ? "" : String(me());
    if (live.textContent !== statusText()) live.textContent = statusText();
    const active = document.activeElement;
    const keep = active && container.contains(active) ? (active.id || null) : null;
    const keepRef = typeof focusRef === "string" ? focusRef : active?.dataset?.ref || null;
    container.dataset.acting = String(canAct() && actingSeats(v).includes(me()));
    mount(container,
      h("div", { class: "lj-head" },
        h("h1", { class: "lj-title" }, t("lj.title")),
        h("p", { class: "lj-status", id: "lj-status" }, statusText()),
        // A clue's status names whom it waits for; a round and the end say it here.
        !table && ctl.waitingLine({ except: v.phase === "clue" ? s.waiting : [] }),
        h("p", { class: "small muted", id: "lj-clue-count" }, t("lj.clue_count", { n: v.clue_number })),
        s.deadline && !ended() && h("p", { class: "lj-timer small" }, h("span", { class: "muted" }, t(`lj.timer_${v.phase}`)), " ",
          h("span", { id: "lj-timer", role: "timer" }, countdown(s.deadline)),
          h("span", { class: "muted", id: "lj-timer-note" }, t("lj.timer_stand_in")))),
      renderTable(),
      renderLastClue(),
      h("p", { class: `move-error ${s.error ? "" : "empty"}`, id: "lj-error", role: "alert" }, s.error),
      !table && renderActions(),
      ended() && renderReveal(),
      me() !== null && !table && renderSheet(v, sheet, { nameOf: (seat) => ctl.nameWithAi(seat), onNote: ended() ? null : openNote, editing: s.note }),
      me() !== null && s.note !== null && !ended() && renderNoteEditor(),
      ended() && renderAllSheets(v, sheet, nameOf),
    );
    if (s.arrangement?.focusLabel) {
      container.querySelector(`.lj-arr-tile[data-slot="${CSS.escape(s.arrangement.focusLabel)}"]`)?.focus();
      s.arrangement.focusLabel = null;
    } else if (keepRef && container.querySelector(`[data-ref="${CSS.escape(keepRef)}"].lj-card`)) {
      container.querySelector(`[data-ref="${CSS.escape(keepRef)}"].lj-card`).focus();
    } else if (keep) document.getElementById(keep)?.focus();
  }

  function openNote(position) {
    s.note = s.note === position ? null : position;
    render();
    document.getElementById("lj-note-editor")?.querySelector(".lj-pick.chosen, .lj-pick")?.focus();
  }

  function renderNoteEditor() {
    const position = s.note;
    return h("section", { class: "card lj-note-editor", id: "lj-note-editor" },
      h("h3", {}, t("lj.note_title", { n: position + 1 })),
      letterPicker(s.view, { id: "lj-note-picker", label: t("lj.note_title", { n: position + 1 }), selected: sheet.note(position),
        blank: t("lj.note_blank"), onPick: (letter) => writeNote(position, letter) }),
      h("button", { type: "button", class: "btn btn-small", id: "lj-note-close", onclick: () => { s.note = null; render(); } },
        t("common.close")));
  }

  function statusText() {
    const v = s.view;
    if (ended()) return t(v.outcome?.team_success ? "lj.status_won" : "lj.status_over");
    if (me() === null) return t(`lj.phase_${v.phase}`);
    if (v.phase === "clue") {
      // A clue that used bonus letters waits for their owners to name them, not for tokens.
      if (myStand().bonus_used) return t("lj.status_your_bonus");
      const naming = v.stands.filter((x) => x.bonus_used).map((x) => ctl.nameWithAi(x.seat));
      if (naming.length) return t("lj.status_bonus", { names: naming.join(", ") });
      if (v.cluegiver === me()) return t("lj.status_your_clue");
      return t("lj.status_clue", { name: ctl.nameWithAi(v.cluegiver) });
    }
    if (v.phase === "final") return t(v.arrangement ? "lj.status_arranged" : "lj.status_final");
    return t("lj.status_round", { n: majority(v) });
  }

  // The table: stands in seat order, then the centre (nonplayer stands, wildcard, shared, tokens).
  function renderTable() {
    const v = s.view;
    const tokens = tokenMap();
    return h("section", { class: "card lj-table", id: "lj-table", "aria-label": t("lj.table") },
      h("ul", { class: "lj-stands", id: "lj-stands" }, v.stands.map((stand) => renderStand(stand, tokens))),
      h("div", { class: "lj-centre" },
        v.piles.length > 0 && h("ul", { class: "lj-piles", id: "lj-piles", "aria-label": t("lj.nonplayer_stands") },
          v.piles.map((pile) => renderPile(pile, tokens))),
        h("div", { class: "lj-shared", id: "lj-shared", role: "group", "aria-label": t("lj.centre") },
          cardButton(WILDCARD, WILDCARD, t("lj.wildcard_label"), tokens, { kind: "wild" }),
          v.shared.map((letter, i) => cardButton(`S${i}`, letterText(v, letter), t("lj.shared_label", { letter: letterText(v, letter) }),
            tokens, { kind: "shared" }))),
        renderPool()),
      !ended() && firstTimeHint("lj-tokens", t("lj.hint_tokens")));
  }

  /** Numbered tokens per card: the clue being built, else the last clue's, on the cards that
   * are still the ones it used (a used pile shows a new card; a stand moved on shows another). */
  function tokenMap() {
    const out = new Map();
    let refs = s.build;
    if (!refs.length && s.view.phase !== "final" && !ended()) {
      const record = lastRecord();
      const at = record && s.clueAt?.number === record.number ? s.clueAt.positions : null;
      refs = (record?.cards || []).map((ref) => {
        if (ref[0] === "N") return null;
        if (ref[0] === "P" && at && at[Number(ref.slice(1))] !== s.view.stands[Number(ref.slice(1))].position) return null;
        return ref;
      });
    }
    refs.forEach((ref, i) => {
      if (ref === null) return;
      if (!out.has(ref)) out.set(ref, []);
      out.get(ref).push(i + 1);
    });
    return { map: out, building: s.build.length > 0 };
  }

  function cardButton(ref, face, label, tokens, { kind = "stand", own = false, empty = false } = {}) {
    const numbers = tokens.map.get(ref) || [];
    const playable = building() && !own && !empty;
    const parts = [label];
    if (numbers.length) parts.push(t(tokens.building ? "lj.tokens_building" : "lj.tokens_last", { numbers: numbers.join(", ") }));
    return h("button", {
      type: "button", class: `lj-card lj-card-${kind} ${own ? "own" : ""} ${empty ? "empty" : ""} ${numbers.length ? "tokened" : ""}`,
      "data-ref": ref, "data-letter": own ? OWN : face, "aria-label": parts.join(" — "),
      "aria-disabled": playable ? null : "true", onclick: () => { if (playable) tapCard(ref); },
    },
    h("span", { class: "lj-card-letter", "aria-hidden": "true" }, face),
    numbers.length > 0 && h("span", { class: `lj-card-tokens ${tokens.building ? "building" : "last"}`, "aria-hidden": "true" },
      numbers.map((n) => h("span", { class: "lj-token-number" }, String(n)))));
  }

  function renderStand(stand, tokens) {
    const v = s.view;
    const mine = stand.seat === me();
    const own = mine && !("card" in stand);
    const face = own ? OWN : stand.has_card ? letterText(v, stand.card) : "—";
    const name = nameOf(stand.seat);
    const label = own ? t("lj.own_stand_label", { progress: progressText(stand) })
      : stand.has_card ? t("lj.stand_label", { name, letter: face, progress: progressText(stand) })
        : t("lj.stand_done_label", { name });
    const offered = v.offers[stand.seat];
    const votes = v.votes.filter((x) => x === stand.seat).length;
    const reds = v.tokens.red_left[stand.seat] || 0;
    return h("li", { class: `lj-stand ${mine ? "mine" : ""} ${v.cluegiver === stand.seat ? "cluegiver" : ""}`, "data-seat": stand.seat },
      h("div", { class: "lj-stand-head" },
        h("span", { class: "lj-stand-name", title: name }, name),
        // A seat handed to the AI is played by it, not by the person named.
        ctl.handed(stand.seat) && h("span", { class: "lj-badge ai-mark", "data-ai-mark": stand.seat }, t("hand.ai_badge")),
        h("span", { class: "lj-progress small", "data-progress": "" }, progressText(stand))),
      h("div", { class: "lj-stand-cards" },
        cardButton(`P${stand.seat}`, face, label, tokens, { own, empty: !stand.has_card }),
        (stand.has_bonus || stand.bonus_used) && cardButton(`B${stand.seat}`, own || !("bonus" in stand) ? OWN : letterText(v, stand.bonus),
          own || !("bonus" in stand) ? t("lj.own_bonus_label") : t("lj.bonus_label", { name, letter: letterText(v, stand.bonus) }),
          tokens, { kind: "bonus", own: own || !("bonus" in stand) })),
      (stand.seen || []).length > 0 && h("p", { class: "lj-seen small muted", "aria-label": t("lj.seen_label", { letters: stand.seen.map((l) => letterText(v, l)).join(" ") }) },
        h("span", { "aria-hidden": "true" }, `${t("lj.seen")} ${stand.seen.map((l) => letterText(v, l)).join(" ")}`)),
      h("div", { class: "lj-stand-meta small" },
        tokenDots("red", reds, t("lj.red_left_label", { n: reds }), { count: false }),
        // "jeton: 2 · verdiği ipucu: 0": a narrow stand wraps at the dot, never inside a part.
        h("span", { class: "muted", "data-stand-meta": stand.seat },
          t(mine ? "lj.stand_meta_you" : "lj.stand_meta", { tokens: reds, clues: stand.clues_given })
            .split(" · ").map((part, i) => [i > 0 && " · ", h("span", { class: "lj-meta-part" }, part)])),
        offered && !ended() && v.phase === "round" && h("span", { class: "lj-badge" }, t("lj.has_offer", { n: votes })),
        v.agrees_end[stand.seat] && !ended() && h("span", { class: "lj-badge" }, t("lj.agrees_end_badge")),
        stand.arranged && !ended() && h("span", { class: "lj-badge" }, t("lj.arranged_badge")),
        stand.bonus_used && h("span", { class: "lj-badge warn" }, t("lj.naming_badge"))));
  }

  function renderPile(pile, tokens) {
    const v = s.view;
    const letter = pile.top ? letterText(v, pile.top) : "—";
    const green = v.tokens.green_under_piles[pile.index];
    const label = pile.top ? t("lj.pile_label", { n: pile.index + 1, letter, cards: pile.cards })
      : t("lj.pile_empty_label", { n: pile.index + 1 });
    return h("li", { class: "lj-pile", "data-pile": pile.index },
      h("span", { class: "lj-pile-name small" }, t("lj.pile_name", { n: pile.index + 1 })),
      cardButton(`N${pile.index}`, letter, label, tokens, { kind: "pile", empty: !pile.top }),
      h("span", { class: "lj-pile-count small", "data-count": pile.cards }, t("lj.pile_cards", { n: pile.cards })),
      green && tokenDots("green", 1, t("lj.green_under_label")));
  }

  function renderPool() {
    const v = s.view;
    const reds = v.tokens.red_left.reduce((a, b) => a + b, 0);
    return h("div", { class: "lj-pool", id: "lj-pool", role: "group", "aria-label": t("lj.pool") },
      h("span", { class: "lj-pool-item" }, tokenDots("red", reds, t("lj.pool_red", { n: reds })), h("span", { class: "small", "aria-hidden": "true" }, t("lj.red"))),
      h("span", { class: "lj-pool-item" }, tokenDots("green", v.tokens.green_open, t("lj.pool_green", { n: v.tokens.green_open })),
        h("span", { class: "small", "aria-hidden": "true" }, t("lj.green"))),
      v.tokens.green_centre > 0 && h("span", { class: "lj-pool-item locked", id: "lj-centre-green" },
        tokenDots("locked", v.tokens.green_centre, t("lj.pool_centre", { n: v.tokens.green_centre })),
        h("span", { class: "small", "aria-hidden": "true" }, t("lj.centre_locked"))));
  }

  function renderLastClue() {
    const record = lastRecord();
    if (!record || s.build.length || ended()) return null;
    return h("section", { class: "card lj-last-clue", id: "lj-last-clue", "aria-label": t("lj.last_clue") },
      h("p", { class: "small" }, h("strong", {}, t("lj.last_clue")), " ",
        t("lj.clue_by", { n: record.number, name: ctl.nameWithAi(record.cluegiver) })),
      clueTiles(s.view, record.letters, { cards: record.cards }),
      record.own_position !== null && record.own_position !== undefined
        && h("p", { class: "small", id: "lj-last-own" }, t("lj.own_at", { n: record.own_position + 1 })));
  }

  function renderActions() {
    const v = s.view;
    if (me() === null || ended() || s.status !== "active") return null;
    const parts = [];
    const stand = myStand();
    if (stand.bonus_used) parts.push(renderBonus());
    if (v.phase === "clue" && v.cluegiver === me()) parts.push(renderBuilder());
    if (v.phase === "round") parts.push(renderOffers());
    if ((v.phase === "round" || v.phase === "final") && stand.has_card) parts.push(renderMoveOn());
    if (v.phase === "final") parts.push(renderArrange());
    if (v.phase === "round") parts.push(renderEnd());
    // A seat the AI plays already has nobody to stand up.
    if (!ctl.handed(me())) {
      parts.push(h("div", { class: "row" }, h("button", { type: "button", class: "btn btn-small", id: "lj-leave",
        disabled: s.busy, onclick: leaveTable }, t("leave.table"))));
    }
    return h("div", { class: "lj-actions" }, parts);
  }

  function renderOffers() {
    const v = s.view;
    const offered = v.offers.map((o, seat) => (o ? { ...o, seat } : null)).filter(Boolean);
    const myVote = v.votes[me()];
    const o = offerDraft();
    const token = hasToken(v, me());
    const numberSelect = (key, idName, from, to, label) => h("label", { class: "lj-offer-field" }, h("span", {}, label),
      h("select", { id: idName, disabled: !token, onchange: (e) => { o[key] = Number(e.target.value); } },
        Array.from({ length: to - from + 1 }, (_, i) => from + i).map((n) => h("option", { value: n, selected: n === o[key] }, String(n)))));
    const said = (value) => (value === null ? "" : String(value));
    const flagSelect = (key, idName, label) => h("label", { class: "lj-offer-field" }, h("span", {}, label),
      h("select", { id: idName, disabled: !token, onchange: (e) => { o[key] = e.target.value === "" ? null : e.target.value === "true"; } },
        [["", t("lj.flag_unsaid")], ["true", t("lj.flag_used")], ["false", t("lj.flag_unused")]].map(([value, text]) =>
          h("option", { value, selected: said(o[key]) === value }, text))));
    return h("section", { class: "card lj-offers", id: "lj-offers", "aria-labelledby": "lj-offers-title" },
      h("h2", { id: "lj-offers-title" }, t("lj.offers")),
      h("p", { class: "hint" }, t("lj.offers_hint", { n: majority(v) })),
      offered.length === 0 ? h("p", { class: "muted", id: "lj-no-offers" }, t("lj.no_offers")) : h("ul", { class: "list lj-offer-list" },
        offered.map((offer) => {
          const votes = v.votes.filter((x) => x === offer.seat).length;
          const voters = v.votes.map((x, seat) => (x === offer.seat ? nameOf(seat) : null)).filter(Boolean);
          const chosen = myVote === offer.seat;
          return h("li", { class: `list-item lj-offer ${chosen ? "voted" : ""}`, "data-offer": offer.seat },
            h("span", {},
              h("strong", {}, nameOf(offer.seat)), " — ",
              h("span", { class: "lj-offer-shape" }, offerText(offer)),
              h("span", { class: "muted small lj-offer-votes" }, ` · ${t("lj.votes", { n: votes })}${voters.length ? ` (${voters.join(", ")})` : ""}`)),
            h("button", { type: "button", class: `btn btn-small ${chosen ? "" : "btn-primary"}`, id: `lj-vote-${offer.seat}`,
              "aria-pressed": chosen ? "true" : "false", disabled: s.busy,
              "aria-label": t(chosen ? "lj.unvote_for" : "lj.vote_for", { name: nameOf(offer.seat) }),
              onclick: () => vote(offer.seat) }, t(chosen ? "lj.unvote" : "lj.vote")));
        })),
      h("form", { class: "lj-offer-form", id: "lj-offer-form", onsubmit: makeOffer },
        h("h3", {}, t(v.offers[me()] ? "lj.your_offer_change" : "lj.your_offer")),
        firstTimeHint("lj-offer", t("lj.hint_offer")),
        h("div", { class: "lj-offer-fields" },
          numberSelect("length", "lj-offer-length", 1, MAX_OFFER_LENGTH, t("lj.offer_length")),
          numberSelect("players", "lj-offer-players", 0, v.players - 1, t("lj.offer_players")),
          numberSelect("nonplayers", "lj-offer-nonplayers", 0, v.piles.length, t("lj.offer_nonplayers")),
          flagSelect("wildcard", "lj-offer-wildcard", t("lj.offer_wildcard")),
          flagSelect("bonus", "lj-offer-bonus", t("lj.offer_shared"))),
        h("p", { class: "hint" }, t("lj.offer_rule")),
        !token && h("p", { class: "hint", id: "lj-no-token" }, t("lj.no_token")),
        h("div", { class: "row" },
          h("button", { type: "submit", class: "btn btn-primary", id: "lj-offer-send", disabled: s.busy || !token }, t("lj.offer_send")),
          v.offers[me()] && h("button", { type: "button", class: "btn", id: "lj-offer-withdraw", disabled: s.busy,
            onclick: () => send({ kind: "withdraw" }) }, t("lj.offer_withdraw")))));
  }

  function offerText(offer) {
    const parts = [t("lj.offer_letters", { n: offer.length }), t("lj.offer_players_n", { n: offer.players }),
      t("lj.offer_nonplayers_n", { n: offer.nonplayers })];
    if (offer.wildcard !== undefined && offer.wildcard !== null) parts.push(t(offer.wildcard ? "lj.offer_wild" : "lj.offer_no_wild"));
    if (offer.bonus !== undefined && offer.bonus !== null) parts.push(t(offer.bonus ? "lj.offer_bonus" : "lj.offer_no_bonus"));
    return parts.join(" · ");
  }

  function renderBuilder() {
    const v = s.view;
    const offer = v.offers[me()] || { length: 0, players: 0, nonplayers: 0 };
    const shape = shapeOf(s.build);
    const uses = s.build.includes(WILDCARD);
    const spelled = s.build.map((ref) => letterText(v, refLetter(v, ref, s.wild)));
    const sharedUsed = s.build.some((ref) => ref[0] === "S");
    // A flag the offer said must hold; an unsaid one is not checked (the engine's rule).
    const flags = [["wildcard", uses], ["bonus", sharedUsed]].filter(([key]) => typeof offer[key] === "boolean");
    const fits = shape.length === offer.length && shape.players === offer.players && shape.nonplayers === offer.nonplayers
      && flags.every(([key, used]) => used === offer[key]);
    const check = (key, have, want) => h("li", { class: have === want ? "ok" : "", "data-check": key },
      t(`lj.check_${key}`, { have, want }));
    const flagCheck = ([key, used]) => h("li", { class: used === offer[key] ? "ok" : "", "data-check": key },
      t(`lj.check_${key}_${offer[key] ? "used" : "unused"}`));
    return h("section", { class: "card lj-builder", id: "lj-builder", "aria-labelledby": "lj-builder-title" },
      h("h2", { id: "lj-builder-title" }, t("lj.builder")),
      h("p", { class: "hint" }, t("lj.builder_hint")),
      h("p", { class: "hint", id: "lj-builder-keys" }, t("lj.builder_keys")),
      h("p", { class: "lj-spelled", id: "lj-spelled", "aria-live": "polite",
        "aria-label": spelled.length ? t("lj.spelled_label", { word: spelled.join("") }) : t("lj.spelled_empty") },
      spelled.length ? spelled.map((letter, i) => h("span", { class: "lj-tile", "aria-hidden": "true" },
        h("span", { class: "lj-token-number" }, String(i + 1)), h("span", { class: "lj-tile-letter" }, letter)))
        : h("span", { class: "muted" }, t("lj.spelled_empty"))),
      h("ul", { class: "lj-checks small", id: "lj-checks" },
        check("length", shape.length, offer.length), check("players", shape.players, offer.players),
        check("nonplayers", shape.nonplayers, offer.nonplayers), flags.map(flagCheck)),
      uses && h("div", { class: "lj-wild-box" },
        h("p", { class: "small", id: "lj-wild-title" }, t("lj.wild_choose")),
        letterPicker(v, { id: "lj-wild-picker", label: t("lj.wild_choose"), selected: s.wild,
          onPick: (letter) => { s.wild = letter; render(); } })),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn", id: "lj-build-undo", disabled: !s.build.length || s.busy,
          onclick: () => { s.build.pop(); if (!s.build.includes(WILDCARD)) s.wild = null; render(); } }, t("lj.undo")),
        h("button", { type: "button", class: "btn", id: "lj-build-clear", disabled: !s.build.length || s.busy,
          onclick: () => { s.build = []; s.wild = null; render(); } }, t("lj.clear")),
        h("button", { type: "button", class: "btn btn-primary", id: "lj-clue-send", disabled: !fits || s.busy || (uses && !s.wild),
          onclick: giveClue }, t("lj.clue_send")),
        h("button", { type: "button", class: "btn btn-danger btn-small", id: "lj-clue-withdraw", disabled: s.busy,
          onclick: () => send({ kind: "withdraw" }) }, t("lj.clue_withdraw"))));
  }

  function renderMoveOn() {
    const v = s.view;
    const stand = myStand();
    const record = lastRecord();
    const asked = record && record.own_position === stand.position && s.stayed !== record.number;
    const chosen = s.guess === undefined ? sheet.note(stand.position) : s.guess;
    const pickerLabel = t("lj.move_on_guess", { n: stand.position + 1 });
    return h("section", { class: `card lj-move-on ${asked ? "asked" : ""}`, id: "lj-move-on", "aria-labelledby": "lj-move-on-title" },
      h("h2", { id: "lj-move-on-title" }, t(asked ? "lj.move_on_asked" : "lj.move_on_title", { n: stand.position + 1, total: stand.cards })),
      h("p", { class: "hint" }, t("lj.move_on_hint")),
      letterPicker(v, { id: "lj-guess-picker", label: pickerLabel, selected: chosen ?? null, blank: t("lj.note_blank"),
        disabled: s.busy, onPick: (letter) => { s.guess = letter; render(); } }),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn btn-primary", id: "lj-move-on-send", disabled: s.busy, onclick: moveOn },
          chosen ? t("lj.move_on_with", { letter: letterText(v, chosen) }) : t("lj.move_on_blank")),
        asked && h("button", { type: "button", class: "btn", id: "lj-stay", onclick: stay }, t("lj.stay"))));
  }

  function renderBonus() {
    const v = s.view;
    return h("section", { class: "card lj-bonus asked", id: "lj-bonus", "aria-labelledby": "lj-bonus-title" },
      h("h2", { id: "lj-bonus-title" }, t("lj.bonus_title")),
      h("p", { class: "hint" }, t("lj.bonus_hint")),
      letterPicker(v, { id: "lj-bonus-picker", label: t("lj.bonus_title"), selected: s.bonus,
        onPick: (letter) => { s.bonus = letter; render(); } }),
      h("button", { type: "button", class: "btn btn-primary", id: "lj-bonus-send", disabled: s.busy || !s.bonus, onclick: nameBonus },
        t("lj.bonus_send")));
  }

  function renderEnd() {
    const v = s.view;
    const agreed = v.agrees_end[me()];
    const count = v.agrees_end.filter(Boolean).length;
    return h("section", { class: "card lj-end-agree", id: "lj-end-agree" },
      h("p", { class: "small" }, t("lj.end_agree_hint", { n: count, total: v.players })),
      h("button", { type: "button", class: "btn btn-small", id: "lj-agree-end", "aria-pressed": agreed ? "true" : "false",
        disabled: s.busy, onclick: () => send({ kind: "agree_end", agree: !agreed }) }, t(agreed ? "lj.end_disagree" : "lj.end_agree")));
  }

  /** "Masadan kalk": the seat goes to the AI (the person may take it back later) and the
   * person goes back to the room the match came from. */
  async function leaveTable() {
    if (!await confirmDialog(t("lj.leave_title"), t("leave.table_hint"), t("leave.table"))) return;
    try {
      await handSeat(id, me(), levelFor("letterjam"));
    } catch (problem) {
      ctl.fail(problem.message);
      return;
    }
    const room = roomCodeOf(s.match);
    go(room ? `/room/${room}` : "/lobby");
  }

  function renderArrange() {
    const v = s.view;
    const a = s.arrangement || (s.arrangement = new Arrangement(v));
    const uses = a.word.includes(WILDCARD);
    const waiting = v.stands.filter((x) => !x.arranged).map((x) => nameOf(x.seat));
    return h("section", { class: "card lj-arrange", id: "lj-arrange", "aria-labelledby": "lj-arrange-title" },
      h("h2", { id: "lj-arrange-title" }, t("lj.arrange_title")),
      v.end_reason && h("p", { class: "small muted" }, t(`lj.end_reason_${v.end_reason}`)),
      renderArrangement(v, a, { noteOf: (i) => sheet.note(i), onChange: () => render(), disabled: s.busy }),
      uses && h("div", { class: "lj-wild-box" },
        h("p", { class: "small" }, t("lj.wild_choose")),
        letterPicker(v, { id: "lj-arr-wild-picker", label: t("lj.wild_choose"), selected: a.wildcard,
          onPick: (letter) => { a.wildcard = letter; render(); } })),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn btn-primary", id: "lj-arrange-send", disabled: s.busy || (uses && !a.wildcard),
          onclick: arrange }, t(v.arrangement ? "lj.arrange_resend" : "lj.arrange_send")),
        h("button", { type: "button", class: "btn btn-small", id: "lj-arrange-reset", disabled: s.busy,
          onclick: () => { a.reset(v); render(); } }, t("lj.arrange_reset"))),
      v.arrangement && h("p", { class: "small", id: "lj-arranged" }, t("lj.arranged_wait", { names: waiting.join(", ") })));
  }

  function renderReveal() {
    const v = s.view;
    const outcome = v.outcome;
    if (!outcome) return null;
    const room = roomCodeOf(s.match);
    return h("section", { class: "card lj-reveal", id: "lj-reveal", "data-success": String(outcome.team_success) },
      h("h2", {}, t(outcome.team_success ? "lj.team_won" : "lj.team_lost")),
      h("p", { class: "muted" }, t(`lj.end_reason_${outcome.reason}`), " ",
        t("lj.failures", { n: outcome.failures, allowed: outcome.allowed_failures })),
      h("ul", { class: "lj-results" }, outcome.players.map((r) => h("li", { class: `lj-result ${r.success ? "ok" : "fail"}`, "data-seat": r.seat },
        h("div", { class: "lj-result-head" },
          h("strong", {}, nameOf(r.seat)),
          h("span", { class: "lj-result-mark", "aria-hidden": "true" }, r.success ? "✓" : "✗"),
          h("span", { class: "visually-hidden" }, t(r.success ? "lj.result_ok" : "lj.result_fail")),
          r.score !== null && r.score !== undefined && h("span", { class: "lj-score" }, t("lj.score", { n: r.score }))),
        h("p", { class: "lj-result-line" }, h("span", { class: "muted small" }, t("lj.made")), " ",
          h("span", { class: "lj-word", "data-arranged": r.arranged }, letterText(v, r.arranged) || "—"),
          h("span", { class: "small muted" }, ` — ${t(r.in_lexicon ? "lj.in_lexicon" : "lj.not_in_lexicon")}`)),
        h("p", { class: "lj-result-line" }, h("span", { class: "muted small" }, t("lj.secret")), " ",
          h("span", { class: "lj-word secret", "data-secret": r.secret }, letterText(v, r.secret))),
        h("p", { class: "small muted lj-compare-title", "aria-hidden": "true" }, t("lj.compare_label")),
        h("ol", { class: "lj-compare", "aria-label": t("lj.compare_label") }, [...r.stand].map((letter, i) => {
          const guess = r.guesses[i] ?? null;
          const right = guess !== null && guess === letter;
          return h("li", { class: right ? "right" : "wrong",
            "aria-label": t("lj.compare_item", { n: i + 1, letter: letterText(v, letter), guess: guess ? letterText(v, guess) : "—" }) },
          h("span", { class: "lj-compare-real", "aria-hidden": "true" }, letterText(v, letter)),
          h("span", { class: "lj-compare-guess", "aria-hidden": "true" }, guess ? letterText(v, guess) : "·"));
        }))))),
      outcome.team_score !== null && outcome.team_score !== undefined
        && h("p", { class: "lj-team-score", id: "lj-team-score" }, t("lj.team_score", { n: outcome.team_score, greens: outcome.unused_greens })),
      !table && h("div", { class: "row" },
        room && h("a", { class: "btn btn-primary", href: `#/room/${room}`, id: "lj-back-room" }, t("cn.back_to_room")),
        h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby"))));
  }

  return {
    container, layout, render: draw, onFrame, onEvent: announce, onView,
    // The table waits on this seat: its turn to spell, to name its bonus letter, or a round
    // or the end where every seat acts.
    yourTurn: () => canAct() && actingSeats(s.view).includes(me()),
    clock: { selector: "#lj-timer" },
    // A busy table (AI teammates act at once) sends many frames: drawn at most this often.
    throttle: RENDER_MS,
    destroy: () => document.removeEventListener("keydown", onKey),
  };
}
