// The lobby: a new crossword match (friend invitation, bot, or a random opponent from the
// queue), joining by code, open invitations.
import { h, mount } from "../dom.js";
import { language, t } from "../i18n.js";
import { api, get, post } from "../api.js";
import { session } from "../session.js";
import { socket } from "../socket.js";
import { go } from "../router.js";
import { loadRules } from "../crossword/rules.js";
import { describeMatch } from "./matches.js";
import { lobbyCards } from "../games/index.js";

const LIVE_MINUTES = [1, 2, 5, 10, 30];
const CORRESPONDENCE_HOURS = [12, 24, 48, 72, 168];
const BOT_LEVELS = ["caylak", "orta", "usta", "sampiyon"];
const QUEUE_POLL_MS = 2000;

/** The bot levels with names in both languages; the catalogue stands in if the server has no list. */
async function loadBots() {
  try {
    const { crossword } = await get("/bots");
    if (Array.isArray(crossword) && crossword.length) return crossword;
  } catch {
    // An older server: fall through to the known levels.
  }
  return BOT_LEVELS.map((id) => ({ id }));
}

async function loadConfig() {
  try {
    return await get("/config");
  } catch {
    return { ranked_approved: [] };
  }
}

function botName(bot) {
  return bot[language()] || bot.tr || t(`bot.${bot.id}`);
}

/** Ranked play needs the operator's approval of the pair (`crossword:tr` or `crossword:tr@2`). */
function rankedAllowed(config, rules, version) {
  const approved = config.ranked_approved || [];
  return approved.includes(`crossword:${rules}`) || approved.includes(`crossword:${rules}@${version}`);
}

function minutesSeconds(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export async function renderLobby(root) {
  const [rules, bots, config] = await Promise.all([loadRules(), loadBots(), loadConfig()]);
  const prefs = session.user.preferences || {};
  const defaultBot = bots.some((b) => b.id === "orta") ? "orta" : bots[0].id;
  const form = {
    rules: prefs.default_rules || "tr", version: null, challenge: "double", variant: "standard",
    finishLevel: "intermediate", opponent: "invite", username: "", players: 2,
    bot: defaultBot,
    // Seats 2..4 of a bigger table: a link seat, a username, or an AI level.
    seats: [1, 2, 3].map(() => ({ kind: "link", username: "", level: defaultBot })),
    ranked: false, clock: "none", minutes: 5, hours: 48, public: true,
  };
  const error = h("p", { class: "form-error", role: "alert" });
  const invitesBox = h("div", { class: "invites" });
  const watchBox = h("div", { class: "watch-list", id: "watch-list" });
  const queueBox = h("div", { class: "queue", id: "queue", "aria-live": "polite" });
  const timers = new Set();
  let queued = null; // the queue entry while waiting for a random opponent
  let leaving = false;

  const field = (label, id, control) => h("div", { class: "field" }, h("label", { for: id }, label), control);
  const select = (id, options, value, onchange) => h("select", { id, onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value) }, label)));

  const newMatch = h("form", { class: "card new-match", onsubmit: (e) => { e.preventDefault(); create(); } });
  const renderForm = () => {
    const versions = rules.versions[form.rules];
    if (!versions.includes(Number(form.version))) form.version = rules.default_version[form.rules];
    // The families, versions, challenge rules and variants come from the server's rules.
    const family = rules.families[form.rules];
    if (!family.challenges.includes(form.challenge)) form.challenge = family.challenges[0];
    if (!(form.variant in family.variants)) form.variant = Object.keys(family.variants)[0];
    const choices = family.challenges.length > 1 || Object.keys(family.variants).length > 1;
    const levels = family.variants[form.variant].finish_levels;
    const seatCounts = [];
    for (let n = family.min_players; n <= family.max_players; n += 1) seatCounts.push(n);
    if (!seatCounts.includes(form.players)) form.players = seatCounts[0];
    const solo = form.opponent === "bot";
    const rankable = !solo && rankedAllowed(config, form.rules, form.version);
    if (!rankable) form.ranked = false;
    const rankedWhy = form.opponent === "bot" ? t("lobby.ranked_no_bot")
      : rankable ? null : t("lobby.ranked_not_approved", { rules: t(`lobby.rules_${form.rules}`) });
    mount(newMatch,
      h("h2", {}, t("lobby.new_match")),
      h("p", { class: "muted" }, t("lobby.game_crossword")),
      h("div", { class: "grid2" },
        field(t("lobby.rules"), "new-rules", select("new-rules",
          Object.keys(rules.families).map((f) => [f, t(`lobby.rules_${f}`)]), form.rules,
          (v) => { form.rules = v; renderForm(); })),
        field(t("lobby.version"), "new-version", select("new-version",
          versions.map((v) => [v, t("lobby.version_n", { n: v })]), form.version,
          (v) => { form.version = Number(v); renderForm(); })),
      ),
      (choices || seatCounts.length > 1) && h("div", { class: "grid2" },
        choices && field(t("lobby.challenge"), "new-challenge", select("new-challenge",
          family.challenges.map((c) => [c, t(`lobby.challenge_${c}`)]), form.challenge,
          (v) => { form.challenge = v; })),
        choices && field(t("lobby.variant"), "new-variant", select("new-variant",
          Object.keys(family.variants).map((v) => [v, t(`lobby.variant_${v.replace("-", "_")}`)]),
          form.variant, (v) => { form.variant = v; renderForm(); })),
        levels && field(t("lobby.finish_level"), "new-finish-level", select("new-finish-level",
          levels.map((l) => [l, t(`lobby.finish_${l}`)]), form.finishLevel, (v) => { form.finishLevel = v; renderForm(); })),
        seatCounts.length > 1 && field(t("lobby.players"), "new-players", select("new-players",
          seatCounts.map((n) => [n, t("lobby.players_n", { n })]), form.players,
          (v) => { form.players = Number(v); renderForm(); })),
      ),
      levels && family.finish_targets && h("p", { class: "hint", id: "finish-hint" },
        t("lobby.finish_hint", { n: family.finish_targets[String(form.players)][form.finishLevel] })),
      h("fieldset", { class: "choice" },
        h("legend", {}, t("lobby.opponent")),
        ["invite", "random", "bot"].map((kind) => h("label", { class: "radio" },
          h("input", { type: "radio", name: "opponent", value: kind, id: `opponent-${kind}`,
            checked: form.opponent === kind, onchange: () => { form.opponent = kind; renderForm(); } }),
          t(`lobby.opponent_${kind}`))),
      ),
      form.opponent === "invite" && form.players === 2 && field(t("lobby.invite_user"), "new-username",
        h("input", { id: "new-username", value: form.username, placeholder: t("lobby.invite_user_placeholder"),
          autocomplete: "off", oninput: (e) => { form.username = e.target.value.trim(); } })),
      form.opponent === "invite" && form.players > 2 && seatRows(),
      form.opponent === "random" && h("p", { class: "hint" },
        t(form.players > 2 ? "lobby.random_hint_group" : "lobby.random_hint", { n: form.players })),
      solo && form.players === 2 && field(t("lobby.bot_level"), "new-bot", select("new-bot",
        bots.map((bot) => [bot.id, botName(bot)]), form.bot, (v) => { form.bot = v; })),
      solo && form.players > 2 && h("div", { class: "seats", id: "bot-seats" },
        form.seats.slice(0, form.players - 1).map((seat, i) => field(t("lobby.seat_n", { n: i + 2 }), `bot-seat-${i + 2}`,
          select(`bot-seat-${i + 2}`, bots.map((bot) => [bot.id, botName(bot)]), seat.level,
            (v) => { seat.level = v; })))),
      h("label", { class: `check ${rankable ? "" : "disabled"}` },
        h("input", { type: "checkbox", id: "new-ranked", checked: form.ranked, disabled: !rankable,
          "aria-describedby": rankedWhy ? "new-ranked-why" : null,
          onchange: (e) => { form.ranked = e.target.checked; } }), t("lobby.ranked")),
      rankedWhy && h("p", { class: "hint", id: "new-ranked-why" }, rankedWhy),
      h("label", { class: "check" },
        h("input", { type: "checkbox", id: "new-public", checked: form.public,
          onchange: (e) => { form.public = e.target.checked; } }), t("lobby.public")),
      // Solo games against the AI have no time limit (RULES.md): no clock to choose.
      solo ? h("p", { class: "hint", id: "solo-no-clock" }, t("lobby.solo_no_clock")) : h("div", { class: "grid2" },
        field(t("lobby.clock"), "new-clock", select("new-clock",
          [["none", t("clock.none")], ["live", t("clock.live")], ["correspondence", t("clock.correspondence")]],
          form.clock, (v) => { form.clock = v; renderForm(); })),
        form.clock === "live" && field(t("clock.minutes"), "new-minutes", select("new-minutes",
          LIVE_MINUTES.map((m) => [m, t("clock.n_minutes", { n: m })]), form.minutes, (v) => { form.minutes = Number(v); })),
        form.clock === "correspondence" && field(t("clock.hours"), "new-hours", select("new-hours",
          CORRESPONDENCE_HOURS.map((n) => [n, t("clock.n_hours", { n })]), form.hours, (v) => { form.hours = Number(v); })),
      ),
      error,
      h("button", { type: "submit", class: "btn btn-primary", id: "new-create", disabled: Boolean(queued) },
        t({ bot: "lobby.start_bot", random: "lobby.find_opponent", invite: "lobby.create_invite" }[form.opponent])),
      queueBox,
    );
  };

  /** Seats 2..N of a 3–4 player invitation: each a link seat, a username or an AI level. */
  function seatRows() {
    return h("div", { class: "seats", id: "seats" },
      h("p", { class: "hint" }, t("lobby.seats_hint")),
      form.seats.slice(0, form.players - 1).map((seat, i) => {
        const n = i + 2;
        return h("div", { class: "seat-row", "data-seat": n },
          field(t("lobby.seat_n", { n }), `seat-kind-${n}`, select(`seat-kind-${n}`,
            [["link", t("lobby.seat_link")], ["user", t("lobby.seat_user")], ["bot", t("lobby.seat_bot")]],
            seat.kind, (v) => { seat.kind = v; renderForm(); })),
          seat.kind === "user" && field(t("lobby.invite_user_short"), `seat-user-${n}`,
            h("input", { id: `seat-user-${n}`, value: seat.username, autocomplete: "off",
              placeholder: t("lobby.invite_user_placeholder"),
              oninput: (e) => { seat.username = e.target.value.trim(); } })),
          seat.kind === "bot" && field(t("lobby.bot_level"), `seat-level-${n}`, select(`seat-level-${n}`,
            bots.map((bot) => [bot.id, botName(bot)]), seat.level, (v) => { seat.level = v; })),
        );
      }));
  }

  function settings() {
    const options = { rules: form.rules, version: form.version };
    const family = rules.families[form.rules];
    if (family.challenges.length > 1 || Object.keys(family.variants).length > 1) {
      options.challenge = form.challenge;
      options.variant = form.variant;
      if (family.variants[form.variant].finish_levels) options.finish_level = form.finishLevel;
    }
    if (family.max_players > 2) options.players = form.players;
    const timeControl = { kind: form.opponent === "bot" ? "none" : form.clock };
    if (timeControl.kind === "live") timeControl.minutes_per_move = form.minutes;
    if (timeControl.kind === "correspondence") timeControl.hours_per_move = form.hours;
    return { game: "crossword", options, ranked: form.opponent !== "bot" && form.ranked, time_control: timeControl };
  }

  async function create() {
    error.textContent = "";
    if (form.opponent === "random") {
      joinQueue();
      return;
    }
    const body = { ...settings(), public: form.public };
    const seats = form.seats.slice(0, form.players - 1);
    if (form.opponent === "bot") {
      if (form.players === 2) body.bot = form.bot;
      else body.bots = seats.map((seat) => seat.level);
    } else if (form.players === 2) {
      if (form.username) body.opponent = form.username;
    } else {
      const named = seats.filter((seat) => seat.kind === "user");
      if (named.some((seat) => !seat.username)) {
        error.textContent = t("lobby.seat_user_missing");
        return;
      }
      body.opponents = named.map((seat) => seat.username);
      body.bots = seats.filter((seat) => seat.kind === "bot").map((seat) => seat.level);
    }
    try {
      const out = await post("/matches", body);
      go(`/match/${out.match.id}`);
    } catch (problem) {
      error.textContent = problem.message;
    }
  }

  // --- the random-opponent queue -------------------------------------------------------

  function stopTimers() {
    for (const timer of timers) clearInterval(timer);
    timers.clear();
  }

  function showQueue() {
    if (!queued) {
      mount(queueBox);
      renderForm();
      return;
    }
    stopTimers();
    const since = Date.parse(queued.since || "") || Date.now();
    const waited = h("span", { id: "queue-waited" });
    const tick = () => { waited.textContent = minutesSeconds(Math.max(0, Math.round((Date.now() - since) / 1000))); };
    tick();
    timers.add(setInterval(tick, 1000));
    timers.add(setInterval(pollQueue, QUEUE_POLL_MS));
    mount(queueBox, h("div", { class: "queue-box" },
      h("span", { class: "spinner", "aria-hidden": "true" }),
      h("span", { class: "queue-text" }, t("lobby.queue_waiting"), " ", waited),
      h("button", { type: "button", class: "btn btn-small", id: "queue-cancel", onclick: leaveQueue }, t("common.cancel")),
    ));
    renderForm();
  }

  function matched(entry) {
    if (leaving || !entry || entry.status !== "matched" || !entry.match) return false;
    leaving = true;
    stopTimers();
    go(`/match/${entry.match}`);
    return true;
  }

  async function joinQueue() {
    try {
      const { queue } = await post("/matchmaking", settings());
      if (matched(queue)) return;
      queued = queue;
      showQueue();
    } catch (problem) {
      error.textContent = problem.message;
    }
  }

  async function pollQueue() {
    if (!queued || leaving) return;
    try {
      const { queue } = await get("/matchmaking");
      if (matched(queue)) return;
      if (!queue || queue.status !== "waiting") {
        queued = null;
        stopTimers();
        showQueue();
      }
    } catch {
      // The next poll tries again; the match_found notice may come first anyway.
    }
  }

  async function leaveQueue() {
    error.textContent = "";
    try {
      const { queue } = await api("DELETE", "/matchmaking");
      if (matched(queue)) return;
    } catch (problem) {
      if (problem.code !== "matchmaking.not_queued") error.textContent = problem.message;
    }
    queued = null;
    stopTimers();
    showQueue();
  }

  const stopNotices = socket.onNotice((frame) => {
    if (frame.kind === "match_found" && queued) matched({ status: "matched", match: frame.match });
    // A new or answered invitation changes the list at once, without a reload.
    if (["invited", "declined", "match_started"].includes(frame.kind)) loadInvites();
  });

  // --- joining by code, open invitations -------------------------------------------------

  const codeInput = h("input", { id: "join-code", placeholder: t("lobby.code_placeholder"), autocomplete: "off",
    "aria-label": t("lobby.code_placeholder") });
  const join = h("form", { class: "card join", onsubmit: (e) => {
    e.preventDefault();
    const code = codeInput.value.trim().replace(/^.*\/invite\//, "");
    if (code) go(`/invite/${code}`);
  } },
  h("h2", {}, t("lobby.join")),
  h("p", { class: "muted" }, t("lobby.join_hint")),
  h("div", { class: "row" }, codeInput, h("button", { type: "submit", class: "btn", id: "join-go" }, t("lobby.join_button"))),
  );

  async function loadInvites() {
    try {
      const { invites } = await get("/invites");
      const mine = session.user.id;
      mount(invitesBox, h("h2", {}, t("lobby.invitations")),
        invites.length === 0 ? h("p", { class: "muted" }, t("lobby.no_invitations")) : h("ul", { class: "list" },
          invites.map((inv) => h("li", { class: "list-item", "data-invite": inv.code },
            h("span", {}, inv.from_user === mine ? t("lobby.invite_sent", { code: inv.code })
              : t(inv.rematch_of ? "lobby.rematch_received" : "lobby.invite_received", { code: inv.code, name: inv.from_name || "" })),
            inv.from_user === mine
              ? h("a", { class: "btn btn-small", href: `#/match/${inv.match}` }, t("common.open"))
              : h("a", { class: "btn btn-small btn-primary", href: `#/invite/${inv.code}` }, t("common.view")),
          ))));
    } catch {
      mount(invitesBox);
    }
  }

  /** Public matches being played now, to watch (the server lists them). */
  async function loadWatch() {
    try {
      const { matches } = await get("/watch");
      const others = matches.filter((m) => !m.players.some((p) => p.id === session.user.id));
      mount(watchBox, h("h2", {}, t("watch.title")),
        others.length === 0 ? h("p", { class: "muted" }, t("watch.none")) : h("ul", { class: "list" },
          others.map((m) => h("li", { class: "list-item", "data-match": m.id },
            h("a", { class: "match-link", href: `#/match/${m.id}` },
              // Scores where the game keeps them per seat (the crossword), names only otherwise.
              h("strong", {}, m.players.map((p, i) => (m.scores
                ? `${p.display_name} ${m.scores[i] ?? 0}` : p.display_name)).join(" · ")),
              h("span", { class: "muted" }, describeMatch(m))),
            h("a", { class: "btn btn-small", href: `#/match/${m.id}` }, t("watch.watch"))))));
    } catch {
      mount(watchBox);
    }
  }

  /** Someone still waiting from an earlier visit sees the queue again. */
  async function resumeQueue() {
    try {
      const { queue } = await get("/matchmaking");
      if (queue?.status === "waiting" && !queued && !leaving) {
        queued = queue;
        form.opponent = "random";
        showQueue();
      }
    } catch {
      // No queue information: the form works without it.
    }
  }

  renderForm();
  // The other games' cards, for the games the server has (GET /api/config lists them).
  const cards = lobbyCards(config.games || []);
  mount(root, h("div", { class: "page lobby" },
    h("h1", { class: "page-title" }, t("lobby.title", { name: session.user.display_name })),
    h("div", { class: "lobby-grid" }, h("div", { class: "stack" }, newMatch, cards.map((card) => card.element)),
      h("div", { class: "stack" }, join, h("div", { class: "card" }, invitesBox),
        h("div", { class: "card" }, watchBox))),
  ));
  loadInvites();
  loadWatch();
  resumeQueue();
  const watchTimer = setInterval(loadWatch, 15000);
  return () => {
    leaving = true;
    stopTimers();
    stopNotices();
    clearInterval(watchTimer);
    for (const card of cards) card.stop();
  };
}
