// The lobby's Kelime Casusu card: a new room with its options, quick play, solo games with
// AI partners, the open public rooms, and a room code to join.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { get, post } from "../api.js";
import { go } from "../router.js";
import { publicRooms, roomOf, secondsText } from "../rooms.js";

const CLUE_SECONDS = [0, 60, 90, 120, 180, 300];
const GUESS_SECONDS = [0, 30, 60, 90, 120, 180];
const SOLO_KINDS = ["find9", "guesser", "spymaster", "watch"];

/** A codenames room's options in words: language, clue rule, pack, timers. */
export function describeRoom(room) {
  const o = room.options || {};
  const parts = [t(`language.${o.language || "tr"}`)];
  if (o.solo) parts.push(t("room.solo"));
  parts.push(t(o.strict_clues ? "room.strict" : "room.lenient"));
  parts.push(o.pack ? t("room.own_pack") : t("room.builtin_pack"));
  const seconds = room.time_control?.seconds || {};
  if (seconds.clue) parts.push(t("room.clue_timer", { time: secondsText(seconds.clue) }));
  if (seconds.guess) parts.push(t("room.guess_timer", { time: secondsText(seconds.guess) }));
  return parts.join(" · ");
}

/** Seats of a room by team and role, in slot order: {"red:spymaster": [0], ...}. */
function slotsBy(room) {
  const out = {};
  for (const slot of room.slots) (out[`${slot.team}:${slot.role}`] ||= []).push(slot.slot);
  return out;
}

/**
 * Start a solo table through the rooms API, as a host would by hand: a room, my seat,
 * AI seats for the others, start. `kind`: find9 (red alone, me guessing, an AI
 * spymaster), guesser (me with an AI spymaster against an AI team), spymaster (me with AI
 * guessers), watch (four AIs, me watching). Resolves with the started room.
 */
export async function startSolo(kind, { language = "tr", strictClues = false, pack = null } = {}) {
  const options = { language, strict_clues: strictClues, solo: kind === "find9", pack };
  let room = roomOf(await post("/rooms", { game: "codenames", options, public: false }));
  const code = room.code;
  const by = slotsBy(room);
  const first = (key) => by[key]?.[0];
  const mine = { find9: first("red:guesser"), guesser: first("red:guesser"), spymaster: first("red:spymaster"), watch: null }[kind];
  const ai = {
    find9: [first("red:spymaster")],
    guesser: [first("red:spymaster"), first("blue:spymaster"), first("blue:guesser")],
    spymaster: [first("red:guesser"), first("blue:spymaster"), first("blue:guesser")],
    watch: [first("red:spymaster"), first("red:guesser"), first("blue:spymaster"), first("blue:guesser")],
  }[kind];
  if (mine !== null && mine !== undefined) room = roomOf(await post(`/rooms/${code}/seat`, { slot: mine })) || room;
  for (const slot of ai) room = roomOf(await post(`/rooms/${code}/slots/${slot}`, { ai: "ai" })) || room;
  const started = roomOf(await post(`/rooms/${code}/start`, {}));
  if (started?.match) sessionStorage.setItem(`harfiyen.room_of.${started.match}`, code);
  return started;
}

export function codenamesLobby() {
  const form = { language: "tr", strict: false, pack: "", clue: 0, guess: 0, public: false, fill: true };
  const error = h("p", { class: "form-error", role: "alert", id: "cn-lobby-error" });
  // An own pack is in one language: choosing it chooses the room's language too.
  const packsSelect = h("select", { id: "cn-pack", onchange: (e) => {
    form.pack = e.target.value;
    const lang = e.target.selectedOptions[0]?.dataset.language;
    if (lang) {
      form.language = lang;
      card.querySelector("#cn-language").value = lang;
    }
  } },
    h("option", { value: "" }, t("room.builtin_pack")));
  const roomsBox = h("div", { class: "cn-rooms", id: "cn-rooms" });
  const field = (label, id, control) => h("div", { class: "field" }, h("label", { for: id }, label), control);
  const select = (id, options, value, onchange) => h("select", { id, onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value) }, label)));
  const seconds = (n) => (n ? t(n % 60 ? "room.seconds" : "room.minutes", { n: n % 60 ? n : n / 60 }) : t("room.no_timer"));

  const options = () => ({
    language: form.language, strict_clues: form.strict, solo: false, pack: form.pack ? Number(form.pack) : null,
  });
  const timeControl = () => {
    const chosen = {};
    if (form.clue) chosen.clue = form.clue;
    if (form.guess) chosen.guess = form.guess;
    return Object.keys(chosen).length ? { seconds: chosen } : {};
  };

  async function run(task) {
    error.textContent = "";
    try {
      await task();
    } catch (problem) {
      error.textContent = problem.message;
    }
  }

  const create = () => run(async () => {
    const room = roomOf(await post("/rooms", { game: "codenames", options: options(), public: form.public, time_control: timeControl() }));
    go(`/room/${room.code}`);
  });
  const quick = () => run(async () => {
    const room = roomOf(await post("/quickplay", { game: "codenames", options: options(), fill_with_ai: form.fill }));
    go(room.match && room.status === "playing" ? `/match/${room.match}` : `/room/${room.code}`);
  });
  const solo = (kind) => run(async () => {
    const room = await startSolo(kind, { language: form.language, strictClues: form.strict, pack: form.pack ? Number(form.pack) : null });
    go(`/match/${room.match}`);
  });

  async function loadPacks() {
    try {
      const { packs } = await get("/packs");
      mount(packsSelect, h("option", { value: "" }, t("room.builtin_pack")),
        packs.map((p) => h("option", { value: p.id, "data-language": p.language }, `${p.name} (${p.count})`)));
    } catch {
      // Without the list the built-in pack is still there.
    }
  }

  const codeInput = h("input", { id: "cn-room-code", autocomplete: "off", "aria-label": t("room.code_label"),
    placeholder: t("room.code_label") });
  const card = h("section", { class: "card cn-lobby", id: "cn-lobby" },
    h("h2", {}, t("cn.title")),
    h("p", { class: "muted" }, t("cn.tagline")),
    h("form", { class: "cn-new-room", onsubmit: (e) => { e.preventDefault(); create(); } },
      h("div", { class: "grid2" },
        field(t("room.language"), "cn-language", select("cn-language", [["tr", t("language.tr")], ["en", t("language.en")]],
          form.language, (v) => { form.language = v; })),
        field(t("room.pack"), "cn-pack", packsSelect),
        field(t("room.clue_timer_label"), "cn-clue-timer", select("cn-clue-timer", CLUE_SECONDS.map((n) => [n, seconds(n)]),
          form.clue, (v) => { form.clue = Number(v); })),
        field(t("room.guess_timer_label"), "cn-guess-timer", select("cn-guess-timer", GUESS_SECONDS.map((n) => [n, seconds(n)]),
          form.guess, (v) => { form.guess = Number(v); })),
      ),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "cn-strict", onchange: (e) => { form.strict = e.target.checked; } }),
        t("room.strict_label")),
      h("p", { class: "hint" }, t("room.strict_hint")),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "cn-public", onchange: (e) => { form.public = e.target.checked; } }),
        t("room.public")),
      h("div", { class: "row" },
        h("button", { type: "submit", class: "btn btn-primary", id: "cn-create" }, t("room.create")),
        h("a", { class: "btn", href: "#/packs", id: "cn-packs" }, t("packs.title"))),
    ),
    h("div", { class: "cn-quick" },
      h("h3", {}, t("room.quick")),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "cn-fill", checked: form.fill,
        onchange: (e) => { form.fill = e.target.checked; } }), t("room.fill_with_ai")),
      h("button", { type: "button", class: "btn", id: "cn-quickplay", onclick: quick }, t("room.quick_button"))),
    h("div", { class: "cn-solo" },
      h("h3", {}, t("room.solo_title")),
      h("div", { class: "cn-solo-buttons" }, SOLO_KINDS.map((kind) => h("button", {
        type: "button", class: "btn", id: `cn-solo-${kind}`, onclick: () => solo(kind),
      }, h("strong", {}, t(`room.solo_${kind}`)), h("span", { class: "muted small" }, t(`room.solo_${kind}_hint`)))))),
    h("form", { class: "row cn-join", onsubmit: (e) => {
      e.preventDefault();
      const code = codeInput.value.trim().replace(/^.*\/room\//, "");
      if (code) go(`/room/${code.toUpperCase()}`);
    } }, codeInput, h("button", { type: "submit", class: "btn", id: "cn-join-go" }, t("room.join"))),
    roomsBox,
    error,
  );
  loadPacks();
  return { element: card, stop: publicRooms("codenames", describeRoom, roomsBox) };
}
