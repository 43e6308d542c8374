// The match page of a game the web app has no page for yet (the server has it, the
// registry in games/index.js does not): what the match is and whether it is one's turn.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";

export function genericPage(ctl) {
  const container = h("div", { class: "match generic-match", id: "match", "data-match": ctl.id, "data-game": ctl.match.game });
  const mine = (view) => typeof view.seat === "number";
  const yourTurn = (view) => mine(view) && !view.outcome
    && (view.to_move === view.seat || (view.to_act || []).includes(view.seat));
  return {
    container,
    yourTurn,
    render(view) {
      mount(container, h("section", { class: "card page-narrow", id: "generic-match" },
        h("h1", {}, t("match.generic_title", { game: ctl.match.game })),
        h("p", { class: "muted" }, t("match.generic_text")),
        h("p", { id: "generic-status" }, view.outcome ? t("match.over") : yourTurn(view) ? t("match.your_turn") : t(`status.${ctl.s.status}`)),
        h("p", { class: `move-error ${ctl.s.error ? "" : "empty"}`, role: "alert" }, ctl.s.error),
        h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby"))));
    },
  };
}
