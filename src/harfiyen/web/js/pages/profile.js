// A profile: display name, ratings per game/language/rules with a small history, recent
// matches; on one's own guest profile, the form that claims the account (matches kept).
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { ApiError, api, get, post } from "../api.js";
import { session, signedIn, updateProfile } from "../session.js";
import { toast } from "../ui.js";
import { go } from "../router.js";
import { describeMatch, resultFor } from "./matches.js";
import { variantLabel } from "../crossword/rules.js";

const SVG = "http://www.w3.org/2000/svg";
const HISTORY_POINTS = 12;
const RECENT_MATCHES = 8;

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

/** A rating's key in words: game, rules language and any variant. */
export function ratingLabel(rating) {
  const [family, variant] = rating.rules.split("/");
  const parts = [t(`game.${rating.game}`), t(`lobby.rules_${family}`)];
  const named = variantLabel(variant, t);
  if (named) parts.push(named);
  return parts.join(" · ");
}

/** A small line of the rating after each of the last ranked matches (oldest on the left). */
function sparkline(changes) {
  const points = [changes[0].rating_before, ...changes.map((c) => c.rating)];
  const low = Math.min(...points);
  const high = Math.max(...points);
  const span = Math.max(1, high - low);
  const width = 120;
  const height = 32;
  const step = width / Math.max(1, points.length - 1);
  const coords = points.map((value, i) => `${(i * step).toFixed(1)},${(height - 3 - ((value - low) / span) * (height - 6)).toFixed(1)}`);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "sparkline", role: "img",
    "aria-label": t("profile.history_label", { n: changes.length, from: Math.round(points[0]), to: Math.round(points.at(-1)) }) });
  chart.append(svg("polyline", { points: coords.join(" "), fill: "none", stroke: "currentColor", "stroke-width": 2 }));
  return chart;
}

function ratingsSection(ratings, history) {
  const rows = ratings.map((rating) => {
    const changes = history
      .filter((c) => c.game === rating.game && c.language === rating.language && c.rules === rating.rules)
      .slice(0, HISTORY_POINTS).reverse();
    const last = changes.at(-1);
    const delta = last ? Math.round((last.rating - last.rating_before) * 10) / 10 : null;
    return h("li", { class: "list-item rating-row", "data-rules": rating.rules },
      h("span", { class: "rating-name" }, ratingLabel(rating),
        h("span", { class: "muted small" }, " · ", t("profile.games", { n: rating.games }))),
      h("strong", { class: "rating-value", title: t("profile.rd", { rd: Math.round(rating.rd) }) }, Math.round(rating.rating)),
      delta !== null && h("span", { class: `delta ${delta >= 0 ? "up" : "down"}` }, `${delta >= 0 ? "+" : ""}${delta}`),
      changes.length > 0 && sparkline(changes),
    );
  });
  return h("section", { class: "card", id: "ratings", "aria-labelledby": "ratings-title" },
    h("h2", { id: "ratings-title" }, t("profile.ratings")),
    rows.length ? h("ul", { class: "list" }, rows) : h("p", { class: "muted" }, t("profile.no_ratings")),
  );
}

/** Games, wins, average score, best play and bingos per game and language. */
function statsSection(stats) {
  // The all-tiles bonus has the name of its rules: "Yedi taş bonusu" in Turkish games,
  // "bingo" in English ones (GLOSSARY); both names when the table holds both.
  const bonus = [...new Set(stats.map((st) => st.language))].sort().reverse()
    .map((language) => t(`profile.stats_bonus_${language === "tr" ? "tr" : "en"}`)).join(" / ");
  const rows = stats.map((st) => h("tr", { "data-stats": `${st.game}:${st.language}` },
    h("th", { scope: "row" }, t(`game.${st.game}`), " · ", t(`lobby.rules_${st.language}`)),
    h("td", { "data-stat": "games" }, String(st.games)),
    h("td", { "data-stat": "wins" }, String(st.wins)),
    h("td", { "data-stat": "average" }, String(st.average_score)),
    h("td", { "data-stat": "best" }, st.best_move
      ? h("a", { href: `#/analysis/match/${st.best_move.match}`, title: t("profile.best_move_open") },
        `${st.best_move.words.join(", ")} (${st.best_move.score})`) : "—"),
    h("td", { "data-stat": "bingos" }, String(st.bingos))));
  return h("section", { class: "card", id: "stats", "aria-labelledby": "stats-title" },
    h("h2", { id: "stats-title" }, t("profile.stats")),
    rows.length ? h("div", { class: "table-scroll" }, h("table", { class: "stats-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("profile.stats_game")), h("th", { scope: "col" }, t("profile.stats_games")),
        h("th", { scope: "col" }, t("profile.stats_wins")), h("th", { scope: "col" }, t("profile.stats_average")),
        h("th", { scope: "col" }, t("profile.stats_best")), h("th", { scope: "col", id: "stats-bonus" }, bonus))),
      h("tbody", {}, rows))) : h("p", { class: "muted" }, t("profile.no_stats")),
  );
}

function recentSection(items) {
  return h("section", { class: "card", id: "recent-matches", "aria-labelledby": "recent-title" },
    h("h2", { id: "recent-title" }, t("profile.recent")),
    items.length ? h("ul", { class: "list" }, items) : h("p", { class: "muted" }, t("profile.no_recent")),
  );
}

/** One's own matches (any status); another user's: the ranked matches in their history. */
async function recentItems(user, history, own) {
  if (own) {
    const { matches } = await get("/matches");
    return matches.slice(0, RECENT_MATCHES).map((match) => {
      const others = match.players.filter((p) => p.id !== user.id).map((p) => p.display_name);
      return h("li", { class: "list-item" },
        h("a", { class: "match-link", href: `#/match/${match.id}` },
          h("strong", {}, others.length ? t("matches.vs", { names: others.join(", ") }) : t("matches.waiting_opponent")),
          h("span", { class: "muted" }, describeMatch(match))),
        match.status === "finished" && resultFor(match, user.id)
          ? h("span", { class: `badge result-badge result-${resultFor(match, user.id)}` }, t(`result.${resultFor(match, user.id)}`))
          : h("span", { class: "badge" }, t(`status.${match.status}`)));
    });
  }
  return history.slice(0, RECENT_MATCHES).map((change) => h("li", { class: "list-item" },
    h("a", { class: "match-link", href: `#/match/${change.match}` },
      h("strong", {}, t("profile.match_n", { n: change.match })),
      h("span", { class: "muted" }, ratingLabel(change))),
    h("span", { class: "badge" }, `${Math.round(change.rating_before)} → ${Math.round(change.rating)}`)));
}

function claimForm(onClaimed) {
  const error = h("p", { class: "form-error", role: "alert" });
  const username = h("input", { id: "claim-username", autocomplete: "username", required: true,
    maxlength: 64, autocapitalize: "none", spellcheck: "false" });
  const password = h("input", { id: "claim-password", type: "password", autocomplete: "new-password",
    required: true, minlength: 8 });
  const submit = async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const out = await post("/auth/claim", { username: username.value.trim(), password: password.value });
      signedIn(out.user);
      toast(t("profile.claimed"));
      onClaimed();
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
  return h("section", { class: "card claim", id: "claim" },
    h("h2", {}, t("profile.claim_title")),
    h("p", { class: "muted" }, t("profile.claim_text")),
    h("form", { class: "form", onsubmit: submit },
      h("label", { for: "claim-username" }, t("auth.username")), username,
      h("label", { for: "claim-password" }, t("auth.password")), password,
      h("p", { class: "hint" }, t("auth.rules_hint")),
      error,
      h("button", { type: "submit", class: "btn btn-primary", id: "claim-submit" }, t("profile.claim_button")),
    ));
}

function nameForm(onSaved) {
  const error = h("p", { class: "form-error", role: "alert" });
  const input = h("input", { id: "profile-display", value: session.user.display_name, maxlength: 64, required: true });
  const submit = async (event) => {
    event.preventDefault();
    error.textContent = "";
    const name = input.value.trim();
    if (!name) {
      error.textContent = t("profile.name_required");
      return;
    }
    try {
      await updateProfile({ display_name: name });
      toast(t("settings.saved"));
      onSaved();
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
  return h("form", { class: "card", onsubmit: submit },
    h("label", { for: "profile-display" }, t("profile.display_name")),
    h("div", { class: "row" }, input, h("button", { type: "submit", class: "btn", id: "profile-display-save" }, t("common.save"))),
    error);
}

/** Buttons for someone else's profile: befriend, block, invite to a match. */
function socialActions(user) {
  const error = h("p", { class: "form-error", role: "alert" });
  const act = async (work, done) => {
    error.textContent = "";
    try {
      await work();
      toast(done);
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
  const name = encodeURIComponent(user.username);
  return h("div", { class: "card" },
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", id: "profile-befriend",
        onclick: () => act(() => api("PUT", `/friends/${name}`), t("friends.added", { name: user.display_name })) },
      t("friends.add")),
      h("button", { type: "button", class: "btn btn-primary", id: "profile-invite", onclick: async () => {
        error.textContent = "";
        try {
          const rules = session.user.preferences?.default_rules || "tr";
          const out = await post("/matches", { game: "crossword", options: { rules }, opponent: user.username });
          go(`/match/${out.match.id}`);
        } catch (problem) {
          error.textContent = problem.message;
        }
      } }, t("friends.invite")),
      h("button", { type: "button", class: "btn", id: "profile-block",
        onclick: () => act(() => api("PUT", `/blocks/${name}`), t("friends.blocked", { name: user.display_name })) },
      t("friends.block")),
    ),
    error);
}

export async function renderProfile(root, username) {
  const own = !username || username === session.user.username;
  const name = own ? session.user.username : username;
  let data;
  let stats = [];
  try {
    [data, { stats }] = await Promise.all([
      get(`/users/${encodeURIComponent(name)}/ratings`), get(`/users/${encodeURIComponent(name)}/stats`),
    ]);
  } catch (problem) {
    if (!(problem instanceof ApiError)) throw problem;
    mount(root, h("section", { class: "card page-narrow" }, h("h1", {}, t("profile.title")),
      h("p", { class: "form-error", role: "alert" }, problem.message)));
    return;
  }
  const { user, ratings, history } = data;
  // Through the router, so the top bar shows a new name too.
  const rerender = () => go(own && !username ? "/profile" : `/user/${username}`);
  const guest = own && session.user.guest;
  mount(root, h("div", { class: "page profile", id: "profile", "data-user": user.username },
    h("h1", { class: "page-title" }, user.display_name,
      h("span", { class: "muted small username" }, ` @${user.username}`),
      user.guest && h("span", { class: "badge" }, t("profile.guest"))),
    guest && claimForm(rerender),
    own && !guest && nameForm(rerender),
    !own && !user.username.startsWith("bot_") && socialActions(user),
    statsSection(stats),
    h("div", { class: "profile-grid" },
      ratingsSection(ratings, history),
      recentSection(await recentItems(user, history, own)),
    ),
  ));
}
