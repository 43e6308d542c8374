// The match screen for the crossword games: board, rack, actions, scores, last move, end.
// The match controller (match/controller.js) loads, follows and sends; this is the page.
import { h, mount } from "../dom.js";
import { t, upper } from "../i18n.js";
import { post } from "../api.js";
import { socket } from "../socket.js";
import { confirmDialog, toast } from "../ui.js";
import { shareButton } from "../share.js";
import { go } from "../router.js";
import { loadRules, alphabet, letterValue } from "../crossword/rules.js";
import { renderBoard, nextSquare, stepSquare, tileFace } from "../crossword/board.js";
import { RackModel } from "../crossword/rack.js";
import { enableDrag } from "../crossword/drag.js";
import { chooseBlankLetter, chooseExchange, showBreakdown, showMeanings } from "../crossword/dialogs.js";
import { MovePreview } from "../crossword/preview.js";
import { BoardZoom } from "../crossword/zoom.js";
import { describeMatch, timeLeft } from "../pages/matches.js";
import { MatchPanels } from "../crossword/panels.js";

export async function crosswordPage(ctl) {
  const id = ctl.id;
  await loadRules();
  // The controller's state, with this page's own: the rack, the chosen tile, the keyboard
  // cursor and the "…" menu.
  const s = Object.assign(ctl.s, { rack: new RackModel(), selected: null, cursor: null, menuOpen: false });
  const render = () => ctl.render();
  const container = h("div", { class: "match", id: "match", "data-match": id });
  // The panels (move list, chat) sit beside the match and outlive its re-renders.
  const layout = h("div", { class: "match-layout" }, container);
  const DRAGGABLE = ".rack .rack-tile[data-tile], .board .sq.tentative";
  // Zoom/pan state outlives re-renders; the menu's zoom label follows it.
  const zoom = new BoardZoom(container, { ignore: DRAGGABLE, onChange: () => { if (s.menuOpen) render(); } });
  const preview = new MovePreview(id, { onWord: (word) => showMeanings(s.match.language, word) });

  const lang = () => s.match.language;
  const mySeat = () => (s.view && typeof s.view.seat === "number" ? s.view.seat : null);
  // Someone watching a match they do not play: no rack, no actions, no "you" texts.
  const spectator = () => Boolean(s.view) && mySeat() === null;
  const myTurn = () => s.status === "active" && s.view && s.view.to_move === mySeat() && !s.view.outcome;
  const isMe = (seat) => ctl.isMe(seat);
  const nameOf = (seat) => ctl.nameOf(seat);
  /** The text `key` about `seat`: its second-person form ("_you") for the player, else with the name. */
  const about = (key, seat, params = {}) => (seat === mySeat() && mySeat() !== null
    ? t(`${key}_you`, params) : t(key, { ...params, name: nameOf(seat) }));
  const panels = new MatchPanels(id, { nameOf, isMe, players: () => s.match.players });
  layout.append(panels.element);
  // The seating draw is an event of the log: show it once the move list has loaded it.
  let drawShown = false;
  panels.history.onChange(() => {
    if (!drawShown && seatingDraw()) {
      drawShown = true;
      render();
    }
  });

  // --- the server's frames ---------------------------------------------------------------
  const onEvent = (event) => {
    if (event.kind === "play_made" && event.seat !== mySeat()) {
      toast(t("match.opponent_played", { name: nameOf(event.seat), words: event.words.join(", "), total: event.total }),
        "info", { key: `match-${id}` });
    }
    if (event.kind === "turn_skipped") toast(about("last.skipped", event.seat), "info", { key: `match-${id}` });
  };
  // A rematch invitation to this (finished) match shows on its end screen.
  const stopRematch = socket.onNotice(async (notice) => {
    if (notice.kind === "invited" && notice.rematch_of === id && await ctl.reload()) render();
  });

  // --- actions ---------------------------------------------------------------------------
  async function placeTile(tileId, square) {
    const tile = s.rack.tile(tileId);
    if (!tile || !myTurn()) return;
    let letter = tile.letter;
    let blank = false;
    if (letter === "?") {
      letter = await chooseBlankLetter(s.view.rules);
      if (!letter) return;
      blank = true;
    }
    s.rack.place(tileId, square, letter, blank);
    s.selected = null;
    s.error = "";
    render();
  }

  function occupied(square) {
    return s.view.board.some((tile) => tile.square === square) || s.rack.placementAt(square);
  }

  async function send(move) {
    if (await ctl.send(move)) {
      s.rack.clearPlacements();
      s.cursor = null;
      render();
    }
  }

  const actions = {
    submit: () => {
      if (s.rack.placed.length === 0) {
        s.error = t("match.place_first");
        render();
        return;
      }
      send(s.rack.move());
    },
    undo: () => {
      const undone = s.rack.undo();
      if (undone) s.cursor = s.cursor ? { ...s.cursor, square: undone.square } : null;
      s.error = "";
      render();
    },
    shuffle: () => {
      s.rack.shuffle();
      render();
    },
    pass: async () => {
      if (await confirmDialog(t("pass.title"), t("pass.text"), t("pass.confirm"))) {
        s.rack.clearPlacements();
        send({ kind: "pass" });
      }
    },
    exchange: async () => {
      s.menuOpen = false;
      render();
      const rack = s.view.rack;
      let tiles = null;
      if (s.view.rules.startsWith("tr")) {
        if (await confirmDialog(t("exchange.title"), t("exchange.whole_rack"), t("exchange.confirm"))) tiles = rack;
      } else {
        tiles = await chooseExchange(s.view.rules, rack);
      }
      if (tiles) {
        s.rack.clearPlacements();
        send({ kind: "exchange", tiles });
      }
    },
    resign: async () => {
      s.menuOpen = false;
      render();
      const waiting = s.status === "waiting";
      const ok = await confirmDialog(t(waiting ? "withdraw.title" : "resign.title"),
        t(waiting ? "withdraw.text" : "resign.text"), t(waiting ? "withdraw.confirm" : "resign.confirm"), { danger: true });
      if (!ok) return;
      if (waiting) {
        try {
          await post(`/matches/${id}/resign`);
          go("/lobby");
        } catch (problem) {
          s.error = problem.message;
          render();
        }
      } else {
        send({ kind: "resign" });
      }
    },
    // An untimed two-player match whose opponent stopped playing: the server ends it as a
    // win once they have been away long enough, else says how long is left.
    claim: async () => {
      s.menuOpen = false;
      try {
        await post(`/matches/${id}/claim_win`);
      } catch (problem) {
        ctl.fail(problem.message);
      }
    },
    challenge: () => send({ kind: "challenge" }),
    accept: () => send({ kind: "accept" }),
    menu: () => {
      s.menuOpen = !s.menuOpen;
      render();
    },
    zoom: () => {
      zoom.toggle();
      render();
    },
    rematch: async () => {
      try {
        const out = await post(`/matches/${id}/rematch`);
        go(`/match/${out.match.id}`);
      } catch (problem) {
        s.error = problem.message;
        render();
      }
    },
    "accept-rematch": async () => {
      const offer = s.match.rematch;
      if (!offer) return;
      try {
        await post(`/invites/${encodeURIComponent(offer.code)}/accept`);
        go(`/match/${offer.match}`);
      } catch (problem) {
        s.error = problem.message;
        render();
      }
    },
  };

  // --- taps, drags and keys --------------------------------------------------------------
  container.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (button && container.contains(button)) {
      actions[button.dataset.action]?.();
      return;
    }
    const rackTile = event.target.closest(".rack .rack-tile[data-tile]");
    if (rackTile) {
      const tileId = Number(rackTile.dataset.tile);
      s.selected = s.selected === tileId ? null : tileId;
      render();
      return;
    }
    const square = event.target.closest(".board .sq");
    if (square && s.view) onSquare(square.dataset.square);
  });

  function onSquare(name) {
    if (s.rack.placementAt(name)) {
      s.rack.takeBack(name);
      s.error = "";
      render();
      return;
    }
    if (occupied(name) || !myTurn()) return;
    if (s.selected !== null) {
      placeTile(s.selected, name);
      return;
    }
    // No tile chosen: the square becomes the keyboard cursor (tap again to turn it).
    if (s.cursor && s.cursor.square === name) s.cursor = { square: name, dir: s.cursor.dir === "across" ? "down" : "across" };
    else s.cursor = { square: name, dir: "across" };
    render();
  }

  enableDrag(container, DRAGGABLE, (source, target) => {
    if (!s.view || !myTurn()) return;
    const square = target?.closest(".board .sq");
    const onRack = target?.closest(".rack");
    if (source.classList.contains("sq")) {
      // A tentative tile: to another empty square, or back to the rack.
      const from = s.rack.placementAt(source.dataset.square);
      if (!from) return;
      if (square && !occupied(square.dataset.square)) {
        s.rack.place(from.tileId, square.dataset.square, from.letter, from.blank);
      } else if (onRack || !square) {
        s.rack.takeBack(source.dataset.square);
      }
      render();
      return;
    }
    const tileId = Number(source.dataset.tile);
    if (square && !occupied(square.dataset.square)) {
      placeTile(tileId, square.dataset.square);
    } else if (onRack) {
      const before = target.closest(".rack-tile[data-tile]");
      s.rack.moveTo(tileId, before ? Number(before.dataset.tile) : null);
      render();
    }
  });

  const onKey = (event) => {
    if (!s.view || !myTurn() || document.querySelector("dialog[open]")) return;
    if (event.target.closest?.("input, select, textarea")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    if (key === "Enter" && s.rack.placed.length) {
      event.preventDefault();
      actions.submit();
      return;
    }
    if (key === "Backspace") {
      event.preventDefault();
      actions.undo();
      return;
    }
    if (key === "Escape") {
      s.cursor = null;
      s.selected = null;
      render();
      return;
    }
    if (!s.cursor) return;
    const arrows = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (arrows[key]) {
      event.preventDefault();
      s.cursor = { square: stepSquare(s.cursor.square, ...arrows[key]), dir: key === "ArrowDown" || key === "ArrowUp" ? "down" : "across" };
      render();
      return;
    }
    if (key === " ") {
      event.preventDefault();
      s.cursor = { ...s.cursor, dir: s.cursor.dir === "across" ? "down" : "across" };
      render();
      return;
    }
    if (key.length !== 1) return;
    const letter = upper(key, lang());
    if (!alphabet(s.view.rules).includes(letter)) return;
    event.preventDefault();
    // Skip squares already holding a tile in the typing direction.
    let square = s.cursor.square;
    while (square && occupied(square)) square = nextSquare(square, s.cursor.dir);
    if (!square) return;
    const free = s.rack.free();
    const tile = free.find((x) => x.letter === letter) || free.find((x) => x.letter === "?");
    if (!tile) {
      s.error = t("match.no_such_tile", { letter });
      render();
      return;
    }
    s.rack.place(tile.id, square, letter, tile.letter === "?");
    let next = nextSquare(square, s.cursor.dir);
    while (next && occupied(next)) next = nextSquare(next, s.cursor.dir);
    s.cursor = { square: next || square, dir: s.cursor.dir };
    s.error = "";
    render();
  };
  document.addEventListener("keydown", onKey);

  // --- rendering -------------------------------------------------------------------------
  /** For tests and styling: whether the player may move, whether they only watch. */
  function mark() {
    container.dataset.myTurn = String(Boolean(myTurn()));
    container.dataset.spectator = String(spectator());
    panels.refresh();
  }

  function draw(view) {
    mark();
    const ended = Boolean(view.outcome);
    const playing = !ended && !spectator();
    mount(container,
      h("div", { class: "match-side" },
        renderScores(),
        renderDraw(),
        renderLastMove(),
        renderUnseen(),
      ),
      h("div", { class: "match-main" },
        spectator() && h("p", { class: "watching", id: "watching" }, t(ended ? "watch.watched" : "watch.watching")),
        h("div", { class: "board-wrap" }, renderBoard(view, s.rack, myTurn() ? s.cursor : null, lang())),
        h("p", { class: `move-error ${s.error ? "" : "empty"}`, id: "move-error", role: "alert" }, s.error),
        playing && preview.element,
        !ended && renderPending(),
        playing && renderRack(),
        playing && renderActions(),
        ended && renderEnd(),
      ),
    );
    zoom.apply();
    if (myTurn() && s.cursor) zoom.ensureVisible(container.querySelector(".board .sq.cursor"));
    // The live preview may already say what the refusal says (an unknown word): say it once.
    preview.shownElsewhere(s.error);
    // No preview while a move is on its way: its answer would be about the old board.
    preview.update(myTurn() && !ended && !s.busy ? s.rack.move().tiles : [], s.seq);
  }

  function renderWaiting() {
    const invite = (s.match.invites || []).find((i) => i.status === "open");
    const link = invite ? `${location.origin}/invite/${invite.code}` : null;
    return h("section", { class: "card page-narrow waiting" },
      h("h1", {}, t(s.status === "cancelled" ? "match.cancelled"
        : missingSeats() > 1 ? "match.waiting_many" : "match.waiting")),
      h("p", { class: "muted" }, describeMatch(s.match)),
      invite && s.status === "waiting" && [
        h("p", {}, t(missingSeats() > 1 ? "match.share_invite_many" : "match.share_invite")),
        h("div", { class: "invite-box" },
          h("div", {}, h("span", { class: "muted" }, t("match.invite_code")), " ", h("code", { id: "invite-code" }, invite.code)),
          h("div", { class: "row" },
            h("input", { id: "invite-link", readonly: true, value: link, "aria-label": t("match.invite_link") }),
            shareButton(link, t("match.share_title"), { id: "invite-share" }),
          ),
        ),
      ],
      s.status === "waiting" && h("button", { type: "button", class: "btn btn-danger", "data-action": "resign", id: "withdraw" }, t("withdraw.button")),
      h("p", { class: "form-error", role: "alert" }, s.error),
    );
  }

  /** The seats of a waiting match nobody has taken yet. */
  function missingSeats() {
    return (s.match.seats || s.match.config?.players || 2) - s.match.players.length;
  }

  function renderScores() {
    const view = s.view;
    const seats = Array.from({ length: view.players }, (_, seat) => seat);
    const target = view.finish_target;
    const losing = new Set(view.lose_turn || []);
    return h("section", { class: "scores card", "aria-label": t("match.scores") },
      target && h("p", { class: "finish-target", id: "finish-target" }, t("finish.target", { n: target })),
      h("ol", { class: "players" }, seats.map((seat) => h("li", {
        class: `player ${view.to_move === seat && !view.outcome ? "to-move" : ""} ${seat === mySeat() ? "me" : ""}`,
        "data-seat": seat,
      },
      h("span", { class: "player-name", title: nameOf(seat) }, nameOf(seat)),
      h("span", { class: "player-score", "data-score": seat }, String(view.scores[seat])),
      h("span", { class: "player-rack muted small", "data-rack-count": seat }, t("match.rack_count", { n: view.rack_sizes[seat] })),
      losing.has(seat) && h("span", { class: "player-lost-turn badge", "data-lost-turn": seat }, t("match.loses_turn")),
      target && h("span", { class: "finish-progress", "data-progress": seat },
        h("progress", { max: target, value: Math.max(0, Math.min(target, view.scores[seat])),
          "aria-label": t("finish.progress", { name: nameOf(seat), score: view.scores[seat], n: target }) })),
      ))),
      h("p", { class: "turn", id: "turn" }, view.outcome ? t("match.over")
        : myTurn() ? t("match.your_turn") : t("match.their_turn", { name: nameOf(view.to_move) })),
      // Others the table waits on (a challenge window), beside the player to move.
      ctl.waitingLine({ except: [view.to_move] }),
      h("p", { class: "muted small" },
        h("span", { id: "bag-count" }, t("match.bag", { n: view.bag_count })),
        s.deadline && !view.outcome && [" · ", h("span", { id: "clock" }, timeLeft(s.deadline))],
      ),
    );
  }

  function lastMoveText(event) {
    switch (event.kind) {
      case "play_made": return about("last.play", event.seat, { words: event.words.join(", "), total: event.total });
      case "passed": return about("last.pass", event.seat);
      case "exchanged": return about("last.exchange", event.seat, { n: event.count });
      case "resigned": return about("last.resign", event.seat);
      case "timed_out": return about("last.timeout", event.seat);
      case "turn_skipped": return about("last.skipped", event.seat);
      case "play_challenged": return about(event.upheld ? "last.challenge_upheld" : "last.challenge_failed", event.challenger);
      // The next player let another's play stand: who accepted and whose play it was.
      case "play_accepted":
        return event.player === mySeat() && mySeat() !== null
          ? t("last.accepted_yours", { name: nameOf(event.seat) })
          : about("last.accepted", event.seat, { player: nameOf(event.player) });
      default: return about("last.other", event.seat);
    }
  }

  /** The en seating draw (first_player_drawn), once the move list has the event. */
  function seatingDraw() {
    for (const event of panels.history.events.values()) {
      if (event.kind === "first_player_drawn") return event;
    }
    return null;
  }

  function renderDraw() {
    const draw = seatingDraw();
    if (!draw) return null;
    const tileName = (tile) => (tile === "?" ? t("rack.blank_name") : tile);
    return h("details", { class: "seating card", id: "seating-draw", open: s.view.move_number === 0 },
      h("summary", {}, t("draw.title"), " — ", about("draw.starts", draw.first)),
      h("p", { class: "muted small" }, t("draw.rule")),
      h("ol", { class: "draw-rounds" }, draw.rounds.map((round, i) => h("li", { "data-round": i },
        round.map(({ seat, tile }, j) => [j > 0 && ", ",
          h("span", { class: "draw-pick", "data-seat": seat }, t("draw.pick", { name: nameOf(seat), tile: tileName(tile) }))])))),
    );
  }

  function renderLastMove() {
    const event = s.view.last_move;
    if (!event) return h("section", { class: "last-move card muted" }, t("last.none"));
    const text = lastMoveText(event);
    return h("section", { class: "last-move card" },
      event.kind === "play_made"
        ? h("button", { type: "button", class: "link-button", id: "last-move", "aria-haspopup": "dialog",
          onclick: () => showBreakdown(event, nameOf(event.seat), { lang: lang() }) }, text, h("span", { class: "muted small" }, ` — ${t("last.tap_for_breakdown")}`))
        : h("span", { id: "last-move" }, text));
  }

  function renderUnseen() {
    const unseen = s.view.unseen || {};
    const total = Object.values(unseen).reduce((a, b) => a + b, 0);
    return h("details", { class: "unseen card" },
      h("summary", {}, t("unseen.title", { n: total })),
      h("p", { class: "muted small" }, t(spectator() ? "unseen.hint_watch"
        : s.view.players > 2 ? "unseen.hint_many" : "unseen.hint")),
      // "A ×5", "Joker ×2": a count, never styled like a tile value (J1 read as "J worth 1").
      h("div", { class: "unseen-grid" }, Object.entries(unseen).map(([letter, count]) =>
        h("span", { class: "unseen-item", "data-letter": letter },
          h("b", {}, letter === "?" ? t("rack.blank") : letter), ` ×${count}`))),
    );
  }

  function renderRack() {
    const free = new Set(s.rack.free().map((tile) => tile.id));
    return h("div", { class: "rack", id: "rack", role: "group", "aria-label": t("rack.label") },
      s.rack.tiles.map((tile) => {
        if (!free.has(tile.id)) return h("span", { class: "rack-slot", "aria-hidden": "true" });
        const blank = tile.letter === "?";
        const value = letterValue(s.view.rules, tile.letter);
        return h("button", {
          type: "button", class: `tile rack-tile ${blank ? "blank" : ""} ${s.selected === tile.id ? "selected" : ""}`,
          "data-tile": tile.id, "data-letter": tile.letter, "aria-pressed": s.selected === tile.id ? "true" : "false",
          "aria-label": blank ? t("rack.blank") : t("rack.tile", { letter: tile.letter, value }),
        }, blank ? [h("span", { class: "tile-letter" }, ""), h("span", { class: "tile-value" }, "")] : tileFace(tile.letter, value));
      }));
  }

  /** A play awaiting a challenge: every other player may challenge; the next one may also accept. */
  function renderPending() {
    const pending = s.view.pending;
    if (!pending || pending.seat === mySeat()) return null;
    const words = pending.words.join(", ");
    if (spectator()) {
      return h("div", { class: "pending card" }, h("p", {}, t("challenge.pending_watch", { name: nameOf(pending.seat), words, total: pending.total })));
    }
    const next = s.view.to_move === mySeat();
    return h("div", { class: "pending card" },
      h("p", {}, t("challenge.pending", { name: nameOf(pending.seat), words, total: pending.total })),
      !next && h("p", { class: "muted small" }, t("challenge.window", { name: nameOf(s.view.to_move) })),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn btn-danger", "data-action": "challenge" }, t("challenge.challenge")),
        next && h("button", { type: "button", class: "btn btn-primary", "data-action": "accept" }, t("challenge.accept"))));
  }

  /** A win may be claimed in an untimed two-player match while the opponent is to move. */
  function claimable() {
    const untimed = (s.match.time_control?.kind || "none") === "none";
    return untimed && s.view.players === 2 && s.status === "active" && !myTurn() && !spectator();
  }

  function renderActions() {
    const mine = myTurn();
    const disabled = !mine || s.busy;
    const button = (action, label, extra = {}) => h("button", {
      type: "button", class: `btn action ${extra.class || ""}`, "data-action": action, id: `action-${action}`,
      disabled: extra.disabled ?? disabled, "aria-label": extra.aria || null,
    }, label);
    return h("div", { class: "actions", role: "toolbar", "aria-label": t("match.actions") },
      button("undo", t("action.undo"), { disabled: disabled || s.rack.placed.length === 0 }),
      button("pass", t("action.pass")),
      button("shuffle", t("action.shuffle"), { disabled: false }),
      h("div", { class: "menu-wrap" },
        button("menu", "…", { disabled: s.busy, aria: t("action.more") }),
        s.menuOpen && h("div", { class: "menu", role: "menu" },
          h("button", { type: "button", role: "menuitem", class: "menu-item", "data-action": "exchange", id: "action-exchange", disabled }, t("action.exchange")),
          h("button", { type: "button", role: "menuitem", class: "menu-item danger", "data-action": "resign", id: "action-resign" }, t("action.resign")),
          claimable() && h("button", { type: "button", role: "menuitem", class: "menu-item", "data-action": "claim", id: "action-claim" },
            t("abandon.claim")),
          h("button", { type: "button", role: "menuitem", class: "menu-item", "data-action": "zoom", id: "action-zoom" }, t(zoom.zoomed ? "action.zoom_out" : "action.zoom_in")),
        ),
      ),
      button("submit", t("action.submit"), { class: "btn-primary", disabled: disabled || s.rack.placed.length === 0 }),
    );
  }

  function endHeadline(outcome) {
    const winners = outcome.winners.map(nameOf).join(", ");
    if (spectator()) return outcome.draw ? t("end.draw_between", { names: winners }) : t("end.won_by", { names: winners });
    if (outcome.winners.includes(mySeat())) return outcome.draw ? t("end.draw") : t("end.you_won");
    return outcome.final_scores.length === 2 ? t("end.you_lost") : t("end.winner", { names: winners });
  }

  function renderEnd() {
    const outcome = s.view.outcome;
    const seats = outcome.final_scores.map((_, seat) => seat);
    const racks = s.view.end_racks || [];
    const rackText = (seat) => (racks[seat] || []).map((tile) => (tile === "?" ? t("rack.blank") : tile)).join(" ") || "—";
    const offer = s.match.rematch;
    return h("section", { class: "end card", id: "game-end" },
      h("h2", {}, endHeadline(outcome)),
      h("p", { class: "muted" }, outcome.reason === "resigned" || outcome.reason === "timeout"
        ? about(`end.reason.${outcome.reason}`, outcome.loser) : t(`end.reason.${outcome.reason}`)),
      h("div", { class: "table-scroll" }, h("table", { class: "end-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("end.player")), h("th", { scope: "col" }, t("end.racks")),
          h("th", { scope: "col" }, t("end.before")), h("th", { scope: "col" }, t("end.adjustment")), h("th", { scope: "col" }, t("end.final")))),
        h("tbody", {}, seats.map((seat) => h("tr", { class: outcome.winners.includes(seat) ? "winner" : "" },
          h("th", { scope: "row" }, nameOf(seat)),
          h("td", { class: "end-rack", "data-end-rack": seat }, rackText(seat)),
          h("td", {}, String(outcome.scores_before[seat])),
          h("td", {}, outcome.adjustments[seat] > 0 ? `+${outcome.adjustments[seat]}` : String(outcome.adjustments[seat])),
          h("td", { "data-final": seat }, String(outcome.final_scores[seat]))))))),
      panels.chart(),
      offer && h("p", { class: "rematch-offer", id: "rematch-offer" },
        offer.for_me ? t("end.rematch_invited") : t("end.rematch_sent"), " ",
        offer.for_me
          ? h("button", { type: "button", class: "btn btn-primary btn-small", "data-action": "accept-rematch", id: "accept-rematch" }, t("invite.accept"))
          : h("a", { class: "btn btn-small", href: `#/match/${offer.match}`, id: "open-rematch" }, t("common.open"))),
      h("div", { class: "row" },
        !spectator() && !offer && h("button", { type: "button", class: "btn btn-primary", "data-action": "rematch", id: "rematch" }, t("end.rematch")),
        h("a", { class: "btn", href: `#/analysis/match/${id}`, id: "open-analysis" }, t("analysis.open")),
        h("a", { class: "btn", href: `/api/matches/${id}/gcg`, download: `harfiyen-${id}.gcg`, id: "download-gcg" }, t("analysis.download")),
        h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby"))),
    );
  }

  return {
    container,
    layout,
    render: draw,
    waiting: () => {
      mark();
      return renderWaiting();
    },
    onFrame: (frame) => {
      panels.onFrame(frame);
      return false;
    },
    onEvent,
    onView: () => {
      if (s.view.rack && s.rack.update(s.view.rack)) s.selected = null;
    },
    yourTurn: () => myTurn(),
    clock: { selector: "#clock", format: timeLeft },
    destroy: () => {
      panels.destroy();
      preview.stop();
      zoom.destroy();
      stopRematch();
      document.removeEventListener("keydown", onKey);
    },
  };
}
