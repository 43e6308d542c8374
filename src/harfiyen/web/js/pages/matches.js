// My matches: the running ones (your turn first, opponents, time left), then the finished
// ones with their result, scores, opponents, date and rules, each with its analysis.
import { h, mount } from "../dom.js";
import { language, t } from "../i18n.js";
import { get } from "../api.js";
import { session } from "../session.js";
import { socket } from "../socket.js";
import { variantLabel } from "../crossword/rules.js";

// The party games are named with their language; a crossword match by its rules and version.
const PARTY_GAMES = { codenames: "cn.title", letterjam: "lj.title" };

export function describeMatch(match) {
  const party = PARTY_GAMES[match.game];
  const [family, version] = match.rules.split("@");
  const parts = party ? [t(party), t(`lobby.rules_${match.language}`)]
    : [t(`lobby.rules_${family}`), t("lobby.version_n", { n: version })];
  const seats = match.seats || match.config?.players;
  if (seats > 2) parts.push(t("lobby.players_n", { n: seats }));
  const variant = match.config?.variant;
  const named = variantLabel(variant, t);
  if (named) parts.push(named);
  parts.push(t(match.ranked ? "match.ranked" : "match.casual"));
  const tc = match.time_control || {};
  if (tc.kind === "live") parts.push(t("clock.n_minutes", { n: Math.round(tc.seconds_per_move / 60) }));
  else if (tc.kind === "correspondence") parts.push(t("clock.n_hours", { n: Math.round(tc.seconds_per_move / 3600) }));
  return parts.join(" · ");
}

export function timeLeft(deadline) {
  if (!deadline) return null;
  const seconds = Math.max(0, Math.round((Date.parse(deadline) - Date.now()) / 1000));
  if (seconds >= 3600) return t("clock.left_hours", { h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) });
  return t("clock.left_minutes", { m: Math.floor(seconds / 60), s: String(seconds % 60).padStart(2, "0") });
}

/** A date and time the way the interface language writes it ("3 Oca 2025 14:05"). */
export function formatDate(iso) {
  if (!iso) return "";
  const locale = language() === "tr" ? "tr-TR" : "en-GB";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A finished match from one player's side: "won", "lost" or "draw" (null for others). */
export function resultFor(match, userId) {
  const mine = match.players.find((p) => p.id === userId);
  const result = match.result;
  if (!mine || !result) return null;
  if (result.winners.includes(mine.seat)) return result.draw ? "draw" : "won";
  return "lost";
}

// "You 312 · Ann 287": every player's final score, the player first.
export function scoreLine(match, userId) {
  const finals = match.result?.final_scores || [];
  const players = [...match.players].sort((a, b) => (b.id === userId) - (a.id === userId) || a.seat - b.seat);
  return players.map((p) => `${p.id === userId ? t("match.you") : p.display_name} ${finals[p.seat] ?? ""}`).join(" · ");
}

/** Your turn first, then running matches, then waiting ones. */
function order(match, me) {
  if (match.status === "active") {
    const mine = match.players.find((p) => p.id === me);
    return mine && match.to_move === mine.seat ? 0 : 1;
  }
  return { waiting: 2, finished: 3, cancelled: 4 }[match.status] ?? 5;
}

export async function renderMatches(root) {
  const me = session.user.id;
  const list = h("div", { id: "matches" });
  const history = h("div", { id: "history" });
  const ticking = new Set(); // [element, deadline] pairs refreshed every second

  const row = (match) => {
    const mine = match.players.find((p) => p.id === me);
    const others = match.players.filter((p) => p.id !== me);
    let status = t(`status.${match.status}`);
    const myTurn = match.status === "active" && mine && match.to_move === mine.seat;
    if (match.status === "active") status = myTurn ? t("status.your_turn") : t("status.their_turn");
    let left = null;
    if (match.status === "active" && match.deadline_at) {
      left = h("span", { class: "muted time-left", "data-deadline": match.deadline_at }, timeLeft(match.deadline_at));
      ticking.add([left, match.deadline_at]);
    }
    return h("li", { class: `list-item match-row status-${match.status} ${myTurn ? "my-turn" : ""}`,
      "data-match": match.id },
      h("a", { href: `#/match/${match.id}`, class: "match-link" },
        h("strong", {}, others.length
          ? t("matches.vs", { names: others.map((p) => p.display_name).join(", ") })
          : t("matches.waiting_opponent")),
        h("span", { class: "muted" }, describeMatch(match)),
      ),
      h("span", { class: `badge ${myTurn ? "badge-hot" : ""}` }, status),
      left,
    );
  };

  const finishedRow = (match) => {
    const others = match.players.filter((p) => p.id !== me);
    const result = resultFor(match, me);
    return h("li", { class: `list-item match-row history-row result-${result || "none"}`, "data-match": match.id },
      h("a", { href: `#/match/${match.id}`, class: "match-link" },
        h("strong", {}, t("matches.vs", { names: others.map((p) => p.display_name).join(", ") })),
        h("span", { class: "history-scores", "data-scores": match.id }, scoreLine(match, me)),
        h("span", { class: "muted small" }, formatDate(match.finished_at), " · ", describeMatch(match)),
      ),
      h("span", { class: `badge result-badge result-${result}` }, result ? t(`result.${result}`) : t("status.finished")),
      h("a", { class: "btn btn-small", href: `#/analysis/match/${match.id}` }, t("analysis.short")),
    );
  };

  async function load() {
    const [{ matches }, { matches: finished }] = await Promise.all([
      get("/matches"), get("/matches?status=finished&limit=50"),
    ]);
    ticking.clear();
    const running = matches.filter((m) => m.status !== "finished" && m.status !== "cancelled")
      .sort((a, b) => order(a, me) - order(b, me) || b.id - a.id);
    mount(list, running.length === 0
      ? h("p", { class: "muted card" }, t(finished.length ? "matches.none_running" : "matches.none"))
      : h("ul", { class: "list card", id: "match-list" }, running.map(row)));
    mount(history, h("h2", {}, t("matches.finished")), finished.length === 0
      ? h("p", { class: "muted card" }, t("matches.none_finished"))
      : h("ul", { class: "list card", id: "history-list" }, finished.map(finishedRow)));
  }

  await load();
  mount(root, h("div", { class: "page" }, h("h1", { class: "page-title" }, t("matches.title")), list, history));
  const clock = setInterval(() => {
    for (const [el, deadline] of ticking) el.textContent = timeLeft(deadline);
  }, 1000);
  // Turns, starts and ends change the list: fetch it again.
  const stopNotices = socket.onNotice(() => { load().catch(() => {}); });
  return () => {
    clearInterval(clock);
    stopNotices();
  };
}
