// Entry point: catalogues, session, hash router, top bar and notices.
import { h, mount } from "./dom.js";
import { languages, language, loadCatalogues, onLanguageChange, setLanguage, t } from "./i18n.js";
import { post } from "./api.js";
import { applyTheme, loadUser, savePreference, session } from "./session.js";
import { socket } from "./socket.js";
import { toast } from "./ui.js";
import { renderAuth } from "./pages/auth.js";
import { renderLobby } from "./pages/lobby.js";
import { renderMatches } from "./pages/matches.js";
import { renderInvite } from "./pages/invite.js";
import { renderRoom } from "./pages/room.js";
import { renderPacks } from "./pages/room_packs.js";
import { renderProfile } from "./pages/profile.js";
import { renderFriends } from "./pages/friends.js";
import { renderSettings } from "./pages/settings.js";
import { renderAnalysis, renderAnalysisUpload } from "./pages/analysis.js";
import { renderDictionary } from "./pages/dictionary.js";
import { renderHelp } from "./pages/help.js";
import { handedText } from "./handoff.js";
import { go, startRouter } from "./router.js";
import { gameOf } from "./games/index.js";
import { openMatch } from "./match/controller.js";

// Pattern -> page; a page returns an optional cleanup function.
const ROUTES = [
  [/^\/?$/, renderLobby, true],
  [/^\/lobby$/, renderLobby, true],
  [/^\/matches$/, renderMatches, true],
  [/^\/match\/(\d+)$/, (root, id) => openMatch(root, id, gameOf), true],
  [/^\/table\/(\d+)$/, (root, id) => openMatch(root, id, gameOf, { table: true }), true],
  [/^\/room\/([\w-]+)$/, renderRoom, true],
  [/^\/packs$/, renderPacks, true],
  [/^\/invite\/([\w-]+)$/, renderInvite, true],
  [/^\/profile$/, renderProfile, true],
  [/^\/user\/([\w.-]+)$/, renderProfile, true],
  [/^\/friends$/, renderFriends, true],
  [/^\/settings$/, renderSettings, true],
  [/^\/analysis$/, renderAnalysisUpload, true],
  [/^\/analysis\/(match|gcg)\/([\w-]+)$/, renderAnalysis, true],
  [/^\/dictionary$/, renderDictionary, false],
  [/^\/rules$/, renderHelp, false],
  [/^\/rules\/([\w-]+)$/, renderHelp, false],
  [/^\/login$/, renderAuth, false],
];

let cleanup = null;
// Routes are numbered: a page that finishes loading after a newer route started (two
// quick language switches) is cleaned up at once instead of staying on screen, deaf.
let routeCount = 0;
let routeShown = 0;

async function route() {
  const mine = ++routeCount;
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  const path = location.hash.replace(/^#/, "") || "/";
  const root = document.getElementById("app");
  renderTopbar();
  for (const [pattern, page, needsUser] of ROUTES) {
    const found = path.match(pattern);
    if (!found) continue;
    if (needsUser && !session.user) {
      sessionStorage.setItem("harfiyen.after_login", path);
      renderAuthPage(root);
      return;
    }
    const done = (await page(root, ...found.slice(1))) || null;
    if (mine !== routeCount) {
      done?.();
      // It may have drawn over the newer page, which is already done: draw that again.
      if (routeShown === routeCount) route();
      return;
    }
    routeShown = mine;
    cleanup = done;
    return;
  }
  go("/");
}

function renderAuthPage(root) {
  renderAuth(root);
}

const NAV = [
  ["/lobby", "nav.lobby"], ["/matches", "nav.matches"], ["/dictionary", "nav.dictionary"],
  ["/rules", "nav.rules"], ["/friends", "nav.friends"], ["/profile", "nav.profile"],
  ["/settings", "nav.settings"],
];

function renderTopbar() {
  const bar = document.getElementById("topbar");
  const user = session.user;
  const path = location.hash.replace(/^#/, "") || "/";
  const current = path === "/" ? "/lobby" : `/${path.split("/")[1]}`;
  mount(bar,
    h("a", { class: "brand", href: "#/" }, h("span", { class: "brand-tile", "aria-hidden": "true" }, "H"), t("app.name")),
    user && h("nav", { class: "nav", "aria-label": t("nav.label") },
      NAV.map(([href, key]) => h("a", {
        href: `#${href}`, id: `nav-${href.slice(1)}`,
        "aria-current": current === href ? "page" : null,
      }, t(key))),
    ),
    h("div", { class: "topbar-right" },
      h("div", { class: "lang-switch", role: "group", "aria-label": t("nav.language") },
        languages().map((lang) => h("button", {
          type: "button", class: `lang ${lang === language() ? "active" : ""}`,
          "aria-pressed": lang === language() ? "true" : "false", "data-lang": lang,
          onclick: () => switchLanguage(lang),
        }, t(`language.${lang}`))),
      ),
      user && h("a", { class: "whoami", href: "#/profile", title: user.username }, user.display_name),
      user && h("button", { type: "button", class: "btn btn-small", onclick: signOut }, t("nav.sign_out")),
    ),
  );
}

function switchLanguage(lang) {
  if (!setLanguage(lang)) return;
  savePreference({ language: lang });
}

async function signOut() {
  try {
    await post("/auth/logout");
  } finally {
    session.user = null;
    applyTheme("classic");
    mount(document.getElementById("banner"));
    socket.close();
    go("/login");
  }
}

function onNotice(frame) {
  // Wait a moment: a notice often arrives just before the page moves to its match.
  setTimeout(() => showNotice(frame), 400);
}

function showNotice(frame) {
  const current = location.hash.match(/^#\/match\/(\d+)$/);
  const here = current && Number(current[1]) === frame.match;
  const openMatch = { href: `#/match/${frame.match}`, label: t("notice.open_match") };
  if (frame.kind === "invited") {
    toast(t("notice.invited", { from: frame.from }), "info",
      { link: { href: `#/invite/${frame.code}`, label: t("notice.view_invite") } });
  } else if (frame.kind === "declined") toast(t("notice.declined"));
  else if (frame.kind === "seat_handed") {
    toast(handedText(frame), "info", here ? {} : { link: openMatch });
    if (here) route(); // the page shows who plays each seat now
  } else if (here) return;
  else if (["your_turn", "match_started", "match_ended"].includes(frame.kind)) {
    toast(t(`notice.${frame.kind}`, { match: frame.match }), "info", { link: openMatch });
  } else if (frame.kind === "match_found") {
    toast(t("notice.match_found", { opponent: frame.opponent }), "info", { link: openMatch });
  }
}

/** A click on a push notification asks an open page to show its match (see sw.js). */
function followServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    const url = event.data?.type === "open" ? new URL(event.data.url, location.origin) : null;
    if (url && url.origin === location.origin) go(url.hash.replace(/^#/, "") || "/");
  });
}

async function start() {
  await loadCatalogues();
  // The server serves /invite/<code> with this page: turn it into a route.
  const invite = location.pathname.match(/^\/invite\/([\w-]+)$/);
  if (invite) history.replaceState(null, "", `/#/invite/${invite[1]}`);
  // Push messages link to /?match=<id>.
  const pushed = new URLSearchParams(location.search).get("match");
  if (/^\d+$/.test(pushed || "")) history.replaceState(null, "", `/#/match/${pushed}`);
  await loadUser();
  if (session.user) socket.connect();
  socket.onNotice(onNotice);
  followServiceWorker();
  onLanguageChange(() => {
    if (session.user) socket.reconnect();
    route();
  });
  startRouter(route, () => socket.reconnect());
  window.addEventListener("hashchange", route);
  await route();
  document.body.dataset.ready = "true";
}

start();
