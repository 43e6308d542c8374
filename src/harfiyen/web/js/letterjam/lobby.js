// The lobby's Harf Takıl card: a room with the game's options (players 2–6, word length,
// nonplayer stands for a harder game, language, optional scoring), or a table alone with AI
// teammates (a room whose other seats the AI takes, started at once).
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { post } from "../api.js";
import { go } from "../router.js";
import { publicRooms, roomOf, secondsText } from "../rooms.js";

// The seed's setup table: nonplayer stands by player count (fewer makes the game harder).
const STANDS = { 2: 4, 3: 3, 4: 2, 5: 1, 6: 0 };
const AI_LEVEL = "ai";
// Optional timers per phase (seconds; 0: none): offers and votes, spelling the clue, arranging.
const TIMERS = { round: [0, 60, 120, 180, 300], clue: [0, 60, 90, 120, 180], final: [0, 60, 120, 180, 300] };

/** A letterjam room's options in words: players, word length, stands, scoring, timers. */
export function describeRoom(room) {
  const o = room.options || {};
  const parts = [t("lj.title"), t(`language.${o.language || "tr"}`)];
  parts.push(t("lobby.players_n", { n: room.slots?.length || o.players || 4 }));
  parts.push(t("lj.offer_letters", { n: o.word_length || 5 }));
  if (o.nonplayer_stands !== null && o.nonplayer_stands !== undefined) parts.push(t("lj.room_stands", { n: o.nonplayer_stands }));
  if (o.scoring) parts.push(t("lj.room_scoring"));
  for (const [phase, n] of Object.entries(room.time_control?.seconds || {})) {
    parts.push(`${t(`lj.timer_${phase}`)} ${secondsText(n)}`);
  }
  return parts.join(" · ");
}

export function letterjamLobby() {
  const form = { language: "tr", players: 3, word_length: 5, stands: null, scoring: false, public: false,
    timers: { round: 0, clue: 0, final: 0 } };
  const seconds = (n) => (n ? t(n % 60 ? "room.seconds" : "room.minutes", { n: n % 60 ? n : n / 60 }) : t("room.no_timer"));
  const timeControl = () => {
    const chosen = Object.fromEntries(Object.entries(form.timers).filter(([, n]) => n > 0));
    return Object.keys(chosen).length ? { seconds: chosen } : {};
  };
  const error = h("p", { class: "form-error", role: "alert", id: "lj-lobby-error" });
  const field = (label, id, control) => h("div", { class: "field" }, h("label", { for: id }, label), control);
  const select = (id, options, value, onchange) => h("select", { id, onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value) }, label)));
  const standsBox = h("div", { class: "field-box" });

  const options = () => {
    const out = { language: form.language, players: form.players, word_length: form.word_length, scoring: form.scoring };
    if (form.stands !== null && form.stands < STANDS[form.players]) out.nonplayer_stands = form.stands;
    return out;
  };

  function renderStands() {
    const most = STANDS[form.players];
    if (form.stands !== null && form.stands > most) form.stands = null;
    standsBox.replaceChildren(field(t("lj.lobby_stands"), "lj-stands-count", select("lj-stands-count",
      [["", t("lj.lobby_stands_all", { n: most })], ...Array.from({ length: most }, (_, i) => [i, String(i)])],
      form.stands ?? "", (v) => { form.stands = v === "" ? null : Number(v); })));
  }

  async function run(task) {
    error.textContent = "";
    try {
      await task();
    } catch (problem) {
      error.textContent = problem.message;
    }
  }

  const create = () => run(async () => {
    const room = roomOf(await post("/rooms", { game: "letterjam", options: options(), public: form.public,
      time_control: timeControl() }));
    go(`/room/${room.code}`);
  });

  /** Alone with AI teammates: a private room, my seat, the AI in the others, start. */
  const solo = () => run(async () => {
    let room = roomOf(await post("/rooms", { game: "letterjam", options: options(), public: false }));
    const code = room.code;
    room = roomOf(await post(`/rooms/${code}/seat`, { slot: room.slots[0].slot })) || room;
    for (const slot of room.slots.slice(1)) room = roomOf(await post(`/rooms/${code}/slots/${slot.slot}`, { ai: AI_LEVEL })) || room;
    const started = roomOf(await post(`/rooms/${code}/start`, {}));
    if (started?.match) {
      sessionStorage.setItem(`harfiyen.room_of.${started.match}`, code);
      go(`/match/${started.match}`);
    } else go(`/room/${code}`);
  });

  const roomsBox = h("div", { class: "lj-rooms", id: "lj-rooms" });
  const card = h("section", { class: "card lj-lobby", id: "lj-lobby" },
    h("h2", {}, t("lj.title")),
    h("p", { class: "muted" }, t("lj.tagline")),
    h("form", { class: "lj-new-room", onsubmit: (e) => { e.preventDefault(); create(); } },
      h("div", { class: "grid2" },
        field(t("room.language"), "lj-language", select("lj-language", [["tr", t("language.tr")], ["en", t("language.en")]],
          form.language, (v) => { form.language = v; })),
        field(t("lj.lobby_players"), "lj-players", select("lj-players", [2, 3, 4, 5, 6].map((n) => [n, t("lobby.players_n", { n })]),
          form.players, (v) => { form.players = Number(v); renderStands(); })),
        field(t("lj.lobby_length"), "lj-length", select("lj-length", [3, 4, 5, 6, 7].map((n) => [n, t("lj.offer_letters", { n })]),
          form.word_length, (v) => { form.word_length = Number(v); })),
        standsBox,
        Object.keys(TIMERS).map((phase) => field(t(`lj.timer_${phase}`), `lj-timer-${phase}`, select(`lj-timer-${phase}`,
          TIMERS[phase].map((n) => [n, seconds(n)]), form.timers[phase], (v) => { form.timers[phase] = Number(v); })))),
      h("p", { class: "hint" }, t("lj.lobby_harder")),
      h("p", { class: "hint", id: "lj-timer-hint" }, t("lj.timer_stand_in")),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "lj-scoring", onchange: (e) => { form.scoring = e.target.checked; } }),
        t("lj.lobby_scoring")),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "lj-public", onchange: (e) => { form.public = e.target.checked; } }),
        t("room.public")),
      h("div", { class: "row" },
        h("button", { type: "submit", class: "btn btn-primary", id: "lj-create" }, t("room.create")),
        h("button", { type: "button", class: "btn", id: "lj-solo", onclick: solo }, t("lj.lobby_solo")))),
    roomsBox,
    error);
  renderStands();
  return { element: card, stop: publicRooms("letterjam", describeRoom, roomsBox) };
}
