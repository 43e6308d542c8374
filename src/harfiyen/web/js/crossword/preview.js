// The live score of the move being built: a moment after the tentative tiles change the
// server scores them (POST /api/matches/{id}/preview, nothing is changed there) and the
// words and total, or the rule the tiles break, are shown next to the rack. Answers to
// older tile sets are dropped.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { post } from "../api.js";

const DELAY_MS = 150;

export class MovePreview {
  /** `onWord(word)`: a word of the preview was tapped (meanings), or null for plain text. */
  constructor(matchId, { onWord = null } = {}) {
    this.matchId = matchId;
    this.onWord = onWord;
    // One element for the page's life: the match page re-mounts it on every render.
    this.element = h("div", { class: "move-preview", id: "move-preview", role: "status" });
    this.key = "";
    this.ticket = 0;
    this.timer = null;
    this.last = null;
    this.elsewhere = "";
    this.show(null);
  }

  /** The page shows `text` already (a refused submit): the preview leaves that message out. */
  shownElsewhere(text) {
    const value = text || "";
    if (value === this.elsewhere) return;
    this.elsewhere = value;
    if (this.last) this.show(this.last);
  }

  /**
   * Called on every render with the tentative tiles ([{square, letter, blank}]) and the
   * board's event number; asks the server again only when one of them changed.
   */
  update(tiles, boardSeq) {
    const key = tiles.length ? JSON.stringify([boardSeq, tiles]) : "";
    if (key === this.key) return;
    this.key = key;
    this.ticket += 1;
    clearTimeout(this.timer);
    if (!key) {
      this.show(null);
      return;
    }
    const ticket = this.ticket;
    this.element.dataset.state = "loading";
    this.timer = setTimeout(() => this.fetch(tiles, ticket), DELAY_MS);
  }

  async fetch(tiles, ticket) {
    let result;
    try {
      result = await post(`/matches/${this.matchId}/preview`, { tiles });
    } catch (problem) {
      result = { words: null, total: null, valid: null, problem: { code: problem.code, message: problem.message } };
    }
    if (ticket === this.ticket) this.show(result);
  }

  stop() {
    this.ticket += 1;
    clearTimeout(this.timer);
  }

  show(result) {
    this.last = result;
    const el = this.element;
    el.setAttribute("aria-label", t("preview.label"));
    delete el.dataset.total;
    if (!result) {
      el.dataset.state = "empty";
      mount(el);
      return;
    }
    const problem = result.problem;
    const repeated = Boolean(problem?.message) && problem.message === this.elsewhere;
    if (!result.words) {
      el.dataset.state = "problem";
      mount(el, !repeated && h("span", { class: "preview-problem" }, problem?.message || ""));
      return;
    }
    // Only rules without challenges say whether a word is valid (`valid` is null otherwise).
    const unknown = new Set(result.valid === false ? problem?.details?.words || [] : []);
    el.dataset.state = result.valid === false ? "invalid" : "ready";
    el.dataset.total = String(result.total);
    mount(el,
      h("span", { class: "preview-words" }, result.words.map((word, i) => [
        i > 0 && ", ",
        this.wordElement(word, unknown.has(word)),
      ])),
      h("span", { class: "preview-total" }, " · ", t("preview.total", { total: result.total })),
      result.valid === false && problem && !repeated && h("span", { class: "preview-problem" }, problem.message),
    );
  }

  wordElement(word, unknown) {
    const attrs = {
      class: `preview-word ${unknown ? "unknown" : ""}`, "data-word": word,
      title: unknown ? t("preview.unknown_word") : null,
    };
    const label = [word, unknown && h("span", { class: "visually-hidden" }, ` (${t("preview.unknown_word")})`)];
    if (!this.onWord) return h("span", attrs, label);
    return h("button", {
      ...attrs, type: "button", class: `link-button ${attrs.class}`,
      "aria-label": t("meanings.show", { word }) + (unknown ? ` (${t("preview.unknown_word")})` : ""),
      onclick: () => this.onWord(word),
    }, label);
  }
}
