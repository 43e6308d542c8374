// The match page of a game the web app has no page for yet (the server has it, the
// registry in games/index.js does not): what the match is and whom the table waits for.
// It reads nothing of the game's view: the state frames' `waiting` line is the server's
// rule for every game, so a newly registered game's turns show here as they are.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";

export function genericPage(ctl) {
  const container = h("div", { class: "match generic-match", id: "match", "data-match": ctl.id, "data-game": ctl.match.game });
  const running = (view) => ctl.s.status === "active" && !view.outcome;
  const yourTurn = (view) => running(view) && (ctl.s.waiting || []).some((seat) => ctl.isMe(seat));
  const line = (view) => {
    if (running(view)) return yourTurn(view) ? t("match.your_turn") : ctl.waitingText() || t("status.active");
    return view.outcome || ctl.s.status === "finished" ? t("match.over") : t(`status.${ctl.s.status}`);
  };
  return {
    container,
    yourTurn,
    render(view) {
      mount(container, h("section", { class: "card page-narrow", id: "generic-match" },
        h("h1", {}, t("match.generic_title", { game: ctl.match.game })),
        h("p", { class: "muted" }, t("match.generic_text")),
        h("p", { id: "generic-status", "data-your-turn": String(yourTurn(view)) }, line(view)),
        h("p", { class: `move-error ${ctl.s.error ? "" : "empty"}`, role: "alert" }, ctl.s.error),
        h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby"))));
    },
  };
}
