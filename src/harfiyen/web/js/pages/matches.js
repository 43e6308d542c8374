// My matches: opponents, status, whose turn and time left.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { get } from "../api.js";
import { session } from "../session.js";

export function describeMatch(match) {
  const parts = [t(`lobby.rules_${match.rules.split("@")[0]}`), t("lobby.version_n", { n: match.rules.split("@")[1] })];
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

export async function renderMatches(root) {
  const { matches } = await get("/matches");
  const me = session.user.id;
  const row = (match) => {
    const mine = match.players.find((p) => p.id === me);
    const others = match.players.filter((p) => p.id !== me).map((p) => p.display_name);
    let status = t(`status.${match.status}`);
    if (match.status === "active") {
      status = mine && match.to_move === mine.seat ? t("status.your_turn") : t("status.their_turn");
    }
    const left = match.status === "active" ? timeLeft(match.deadline_at) : null;
    return h("li", { class: `list-item match-row status-${match.status}` },
      h("a", { href: `#/match/${match.id}`, class: "match-link" },
        h("strong", {}, others.length ? t("matches.vs", { names: others.join(", ") }) : t("matches.waiting_opponent")),
        h("span", { class: "muted" }, describeMatch(match)),
      ),
      h("span", { class: "badge" }, status),
      left && h("span", { class: "muted" }, left),
    );
  };
  mount(root, h("div", { class: "page" },
    h("h1", { class: "page-title" }, t("matches.title")),
    matches.length === 0
      ? h("p", { class: "muted card" }, t("matches.none"))
      : h("ul", { class: "list card", id: "match-list" }, matches.map(row)),
  ));
}
