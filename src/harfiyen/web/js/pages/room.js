// A room (#/room/CODE): teams and roles to sit in, AI seats, the host's controls, the video
// call link, the join link with its QR code, start and rematch. The room follows the
// server's `room` frames (watch_room), so every member sees each change at once.
import { h, mount } from "../dom.js";
import { language, t } from "../i18n.js";
import { api, get, post } from "../api.js";
import { session } from "../session.js";
import { socket } from "../socket.js";
import { toast } from "../ui.js";
import { go } from "../router.js";
import { qrSvg } from "../codenames/qr.js";
import { CUES } from "../codenames/board.js";
import { handSeat, isBot, levelFor } from "../handoff.js";
import { roomOf } from "../rooms.js";
import { gameOf } from "../games/index.js";
import { RoomChat } from "../room_chat.js";
import { shareButton } from "../share.js";
import { showTableRules } from "../table_rules.js";

/** Only web links open from the video-call button (never javascript: or data:). */
export function safeUrl(text) {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export async function renderRoom(root, codeText) {
  const code = codeText.toUpperCase();
  const s = { room: null, error: "", matchStatus: null, seenMatch: undefined, videoDraft: null, busy: false,
    players: null }; // the running match's players, for the host's hand-to-AI controls
  const page = h("div", { class: "page room", id: "room", "data-code": code });
  mount(root, page);
  const me = () => session.user.id;
  // The members talk while they gather, before the start (and between matches).
  const chat = new RoomChat(code);
  const isHost = () => s.room?.host?.id === me();
  // How this game's rooms read (its title, its options in words).
  const kind = () => gameOf(s.room?.game).room;
  const mySlot = () => s.room?.slots.find((slot) => slot.user?.id === me()) || null;

  async function act(method, path, body) {
    s.error = "";
    s.busy = true;
    try {
      const room = roomOf(await api(method, `/rooms/${code}${path}`, body));
      if (room) show(room);
      return room || {};
    } catch (problem) {
      s.error = problem.message;
      render();
      return null;
    } finally {
      s.busy = false;
    }
  }

  let hideRules = null;
  async function show(room) {
    if (s.room && room.version !== undefined && s.room.version !== undefined && room.version < s.room.version) return;
    s.room = room;
    hideRules ??= showTableRules(gameOf(room.game).help());
    page.dataset.status = room.status;
    page.dataset.match = room.match ?? "";
    s.matchStatus = room.match ? room.match_status ?? null : null;
    // The match JSON does not name its room: remember it for the match's end screen.
    if (room.match) sessionStorage.setItem(`harfiyen.room_of.${room.match}`, room.code);
    // A new match of this room takes its players there (the first load only shows a link).
    if (s.seenMatch !== undefined && room.match && room.match !== s.seenMatch && s.matchStatus === "active") {
      s.seenMatch = room.match;
      if (mySlot()) {
        go(`/match/${room.match}`);
        return;
      }
    }
    s.seenMatch = room.match ?? null;
    render();
    loadPlayers();
  }

  // The host sees who plays each seat of the running match and can hand a seat to the AI.
  async function loadPlayers() {
    const id = s.room?.match;
    if (!id || s.matchStatus !== "active" || !isHost()) {
      if (s.players) {
        s.players = null;
        render();
      }
      return;
    }
    try {
      const match = (await get(`/matches/${id}`)).match;
      if (s.room?.match !== id) return;
      s.players = match.ranked || match.status !== "active" ? null : { id, game: match.game, list: match.players };
    } catch {
      s.players = null;
    }
    render();
  }

  async function toggleHand(player) {
    s.error = "";
    try {
      await handSeat(s.players.id, player.seat, player.handed ? null : levelFor(s.players.game));
    } catch (problem) {
      s.error = problem.message;
    }
    await loadPlayers();
  }

  function renderHandSeats() {
    const players = s.players;
    if (!players || players.id !== s.room.match) return null;
    const people = players.list.filter((p) => !isBot(p)); // AI seats are AI already
    return h("div", { class: "room-hand", id: "room-hand" },
      h("h2", {}, t("hand.host_title")),
      h("p", { class: "hint" }, t("hand.host_hint")),
      h("ul", { class: "list" }, people.map((p) => {
        const name = p.id === me() ? t("room.you") : p.display_name;
        return h("li", { class: "list-item", "data-seat": p.seat, "data-handed": String(Boolean(p.handed)) },
          h("span", {}, name, p.handed && h("span", { class: "muted small" }, ` · ${t("hand.ai_plays")}`)),
          h("button", { type: "button", class: `btn btn-small ${p.handed ? "btn-primary" : ""}`, id: `hand-${p.seat}`,
            "aria-label": t(p.handed ? "hand.host_back_at" : "hand.host_hand_at", { name: p.display_name }),
            onclick: () => toggleHand(p) }, t(p.handed ? "hand.host_back" : "hand.host_hand")));
      })));
  }

  try {
    await post(`/rooms/${code}/join`);
  } catch (problem) {
    // A started room may refuse new members; it can still be watched (GET below).
    if (problem.status === 404) {
      mount(page, h("section", { class: "card page-narrow" }, h("p", { class: "form-error", role: "alert" }, problem.message),
        h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby"))));
      return null;
    }
  }
  try {
    await show(roomOf(await get(`/rooms/${code}`)));
  } catch (problem) {
    mount(page, h("section", { class: "card page-narrow" }, h("p", { class: "form-error", role: "alert" }, problem.message),
      h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby"))));
    return null;
  }
  const onRoom = (room) => show(room);
  socket.watchRoom(code, onRoom).catch(() => {});

  // --- rendering -----------------------------------------------------------------------
  function render() {
    const room = s.room;
    if (!room) return;
    const hadFocus = document.activeElement?.id;
    mount(page,
      h("h1", { class: "page-title" }, t(kind().title), " ", h("code", { id: "room-code" }, room.code)),
      h("p", { class: "muted", id: "room-options" }, kind().describe(room)),
      h("p", { class: "room-host small" }, t("room.host", { name: room.host?.id === me() ? t("match.you") : room.host?.display_name || "" })),
      renderVideo(),
      renderMatchLine(),
      h("p", { class: `form-error ${s.error ? "" : "empty"}`, id: "room-error", role: "alert" }, s.error),
      h("div", { class: "room-grid" },
        h("div", { class: "room-teams" }, teamsOf(room).map(renderTeam)),
        h("div", { class: "stack" }, renderStart(), renderMembers(), renderChat(), renderJoin(),
          // Leaving is everyone's, not a line of the spectators' card.
          h("div", { class: "row" },
            h("button", { type: "button", class: "btn", id: "room-leave", onclick: leave }, t("room.leave"))))),
    );
    if (hadFocus) document.getElementById(hadFocus)?.focus();
  }

  function teamsOf(room) {
    const teams = [];
    for (const slot of room.slots) if (!teams.includes(slot.team)) teams.push(slot.team);
    return teams;
  }

  function renderVideo() {
    const room = s.room;
    const url = safeUrl(room.video_url || "");
    return h("section", { class: "card room-video", id: "room-video" },
      url ? h("a", { class: "btn btn-primary btn-video", id: "video-link", href: url, target: "_blank", rel: "noopener noreferrer" },
        t("room.video_join"))
        : h("p", { class: "muted" }, t("room.video_none")),
      isHost() && h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); saveVideo(); } },
        h("input", { id: "video-url", type: "url", inputmode: "url", placeholder: "https://", autocomplete: "off",
          "aria-label": t("room.video_field"), value: s.videoDraft ?? room.video_url ?? "",
          oninput: (e) => { s.videoDraft = e.target.value; } }),
        h("button", { type: "submit", class: "btn", id: "video-save" }, t("common.save"))),
    );
  }

  async function saveVideo() {
    const text = (s.videoDraft ?? "").trim();
    if (text && !safeUrl(text)) {
      s.error = t("room.video_bad");
      render();
      return;
    }
    const out = await act("PATCH", "", { video_url: text || null });
    if (out) {
      s.videoDraft = null;
      toast(t("room.saved"));
    }
  }

  function renderMatchLine() {
    const room = s.room;
    if (!room.match) return null;
    const running = s.matchStatus === "active";
    const finished = s.matchStatus === "finished";
    return h("section", { class: "card room-match", id: "room-match" },
      h("p", {}, t(running ? "room.match_running" : finished ? "room.match_finished" : "room.match_other")),
      h("div", { class: "row" },
        h("a", { class: "btn btn-primary", id: "room-open-match", href: `#/match/${room.match}` },
          t(mySlot() ? "room.open_match" : "room.watch_match")),
        kind().tableView && h("a", { class: "btn", id: "room-open-table", href: `#/table/${room.match}` }, t("cn.table_view")),
        finished && isHost() && h("button", { type: "button", class: "btn btn-primary", id: "room-rematch",
          onclick: rematch }, t("room.rematch"))),
      running && renderHandSeats());
  }

  async function rematch() {
    const room = await act("POST", "/rematch", {});
    if (room?.match && mySlot()) go(`/match/${room.match}`);
  }

  function slotLabel(slot) {
    // A game without roles (Harf Takıl) names its seats by number.
    return slot.role ? t(`cn.role_${slot.role}`) : t("match.seat_n", { n: slot.slot + 1 });
  }

  function occupant(slot) {
    if (slot.user) return slot.user.id === me() ? t("room.you") : slot.user.display_name;
    if (slot.ai) return t("room.ai");
    return t(slot.locked ? "room.locked" : "room.empty");
  }

  function renderTeam(team) {
    const slots = s.room.slots.filter((slot) => slot.team === team);
    const title = team ? t(`cn.team_${team}`) : t("lj.room_players");
    return h("section", { class: `card room-team team-${team || "table"}`, "data-team": team || "table", "aria-label": title },
      h("h2", {}, team && h("span", { "aria-hidden": "true" }, CUES[team]), team && " ", title),
      h("ul", { class: "room-slots" }, slots.map(renderSlot)));
  }

  function renderSlot(slot) {
    const mine = slot.user?.id === me();
    const free = !slot.user && !slot.ai && !slot.locked;
    const open = s.room.status === "open";
    const host = isHost() && open;
    const where = slot.team ? `${t(`cn.team_${slot.team}`)} ${slotLabel(slot)}` : slotLabel(slot);
    const button = (id, label, onclick, extra = {}) => h("button", {
      type: "button", class: `btn btn-small ${extra.class || ""}`, id, onclick, "aria-label": extra.aria || null,
    }, label);
    const candidates = s.room.members.filter((m) => m.id !== slot.user?.id);
    return h("li", { class: `room-slot ${slot.role} ${mine ? "mine" : ""} ${slot.locked ? "locked" : ""}`, "data-slot": slot.slot,
      "data-role": slot.role, "data-occupied": slot.user ? "user" : slot.ai ? "ai" : "" },
    h("span", { class: "room-role" }, slotLabel(slot)),
    h("span", { class: "room-occupant", title: slot.user?.display_name || null }, occupant(slot)),
    h("span", { class: "room-slot-actions" },
      open && free && button(`sit-${slot.slot}`, t(mySlot() ? "room.switch" : "room.sit"),
        () => act("POST", "/seat", { slot: slot.slot }), { aria: t("room.sit_at", { where }) }),
      open && mine && button(`stand-${slot.slot}`, t("room.stand"), () => act("POST", "/seat", { slot: null })),
      host && !slot.user && button(`ai-${slot.slot}`, t(slot.ai ? "room.ai_remove" : "room.ai_add"),
        () => act("POST", `/slots/${slot.slot}`, { ai: slot.ai ? null : "ai" }),
        { aria: t(slot.ai ? "room.ai_remove_at" : "room.ai_add_at", { where }) }),
      host && button(`lock-${slot.slot}`, t(slot.locked ? "room.unlock" : "room.lock"),
        () => act("POST", `/slots/${slot.slot}`, { locked: !slot.locked }),
        { aria: t(slot.locked ? "room.unlock_at" : "room.lock_at", { where }) }),
      host && slot.user && !mine && button(`remove-${slot.slot}`, t("room.remove"),
        () => act("POST", `/slots/${slot.slot}`, { remove: true }), { class: "btn-danger", aria: t("room.remove_at", { where }) }),
      host && free && candidates.length > 0 && h("select", {
        id: `move-${slot.slot}`, class: "room-move", "aria-label": t("room.move_here", { where }),
        onchange: (e) => { if (e.target.value) act("POST", `/slots/${slot.slot}`, { user: Number(e.target.value) }); },
      }, h("option", { value: "" }, t("room.move")), candidates.map((m) => h("option", { value: m.id }, m.display_name))),
    ));
  }

  function renderChat() {
    const member = s.room.members.some((m) => m.id === me());
    return member && s.room.status === "open" ? chat.element : null;
  }

  function renderMembers() {
    const room = s.room;
    const watching = room.members.filter((m) => m.slot === null || m.slot === undefined);
    return h("section", { class: "card room-members", id: "room-members" },
      h("h2", {}, t("room.spectators")),
      watching.length === 0 ? h("p", { class: "muted" }, t("room.no_spectators")) : h("ul", { class: "list" },
        watching.map((m) => h("li", { class: "list-item", "data-member": m.id },
          h("span", {}, m.id === me() ? t("room.you") : m.display_name),
          isHost() && m.id !== me() && h("button", { type: "button", class: "btn btn-small btn-danger", id: `kick-${m.id}`,
            onclick: () => act("POST", "/kick", { user: m.id }) }, t("room.kick"))))));
  }

  async function leave() {
    if (await act("POST", "/leave", {}) !== null) go("/lobby");
  }

  function renderStart() {
    const room = s.room;
    if (room.status !== "open") return null;
    if (!isHost()) return h("section", { class: "card" }, h("p", { class: "muted", id: "room-wait-host" }, t("room.wait_host")));
    const problem = room.start_problem;
    return h("section", { class: "card room-start" },
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "room-public", checked: Boolean(room.public),
        onchange: (e) => act("PATCH", "", { public: e.target.checked }) }), t("room.public")),
      h("button", { type: "button", class: "btn btn-primary", id: "room-start", disabled: !room.can_start,
        "aria-describedby": problem ? "room-start-problem" : null, onclick: start }, t("room.start")),
      problem && h("p", { class: "hint", id: "room-start-problem" }, problemText(problem)));
  }

  function problemText(problem) {
    const message = problem.message;
    if (message && typeof message === "object") return message[language()] || message.tr;
    return message || problem.code;
  }

  async function start() {
    const room = await act("POST", "/start", {});
    if (room?.match && mySlot()) go(`/match/${room.match}`);
  }

  function renderJoin() {
    const link = new URL(s.room.join_url || `/#/room/${code}`, location.origin).href;
    return h("section", { class: "card room-join", id: "room-join" },
      h("h2", {}, t("room.invite")),
      h("div", { class: "row" },
        h("input", { id: "room-link", readonly: true, value: link, "aria-label": t("room.join_link") }),
        shareButton(link, t(kind().title), { id: "room-copy" })),
      h("div", { class: "qr-box", id: "room-qr" }, qrSvg(link, t("room.qr_label", { code: s.room.code }))),
    );
  }

  const stopNotices = socket.onNotice((notice) => {
    if (notice.kind === "seat_handed" && notice.match === s.room?.match) loadPlayers();
  });
  // Who comes and goes in the room, and a host role passed on from an away host.
  const stopPresence = socket.onPresence((frame) => {
    if (frame.room !== code) return;
    if (frame.kind === "left" || frame.kind === "back") toast(t(`presence.${frame.kind}`, { name: frame.name }), "info", { key: `room-${code}` });
    if (frame.kind === "host") toast(frame.user === me() ? t("presence.host_you") : t("presence.host", { name: frame.name }), "info");
  });
  render();
  return () => {
    hideRules?.();
    chat.destroy();
    stopPresence();
    stopNotices();
    socket.unwatchRoom(code, onRoom);
  };
}
