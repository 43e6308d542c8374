// The 15×15 board: premium squares (H2/H3/K2/K3), the centre star, the ★25 square,
// committed tiles and the tentative tiles of the move being built.
import { h } from "../dom.js";
import { lower, t } from "../i18n.js";
import { letterValue, premiumAt, rulesData, squareName } from "./rules.js";

export function tileFace(letter, value, { blank = false, lang = "tr" } = {}) {
  return [
    h("span", { class: "tile-letter" }, blank ? lower(letter, lang) : letter),
    h("span", { class: "tile-value" }, blank ? "" : String(value)),
  ];
}

/**
 * Build the board element. `view` is the seat's view; `rack` the RackModel;
 * `cursor` {square, dir} for keyboard play or null; `lang` the word language.
 */
export function renderBoard(view, rack, cursor, lang) {
  const data = rulesData();
  const committed = new Map(view.board.map((tile) => [tile.square, tile]));
  const bonus = view.bonus_square && !view.bonus_square_used ? view.bonus_square : null;
  const lastSquares = new Set((view.last_move?.placements || []).map((p) => p.square));
  const squares = [];
  for (let row = 0; row < data.size; row++) {
    for (let col = 0; col < data.size; col++) {
      const name = squareName(row, col);
      const premium = premiumAt(view.rules, name);
      const tile = committed.get(name);
      const tentative = tile ? null : rack.placementAt(name);
      const classes = ["sq"];
      let content = null;
      let description;
      if (tile) {
        classes.push("tile", "committed");
        if (tile.blank) classes.push("blank");
        if (lastSquares.has(name)) classes.push("last");
        content = tileFace(tile.letter, letterValue(view.rules, tile.letter, tile.blank), { blank: tile.blank, lang });
        description = t(tile.blank ? "board.blank_tile" : "board.tile", { letter: tile.letter });
      } else if (tentative) {
        classes.push("tile", "tentative");
        if (tentative.blank) classes.push("blank");
        content = tileFace(tentative.letter, letterValue(view.rules, tentative.letter, tentative.blank), { blank: tentative.blank, lang });
        description = t("board.tentative_tile", { letter: tentative.letter });
      } else {
        description = t("board.empty");
        if (name === data.center) {
          classes.push("center", `p-${premium}`);
          content = h("span", { class: "sq-label star" }, "★");
          description = t("board.center", { premium: t(`premium.${premium}`) });
        } else if (name === bonus) {
          classes.push("bonus");
          content = h("span", { class: "sq-label" }, "★25");
          description = t("board.bonus_square");
        } else if (premium) {
          classes.push(`p-${premium}`);
          content = h("span", { class: "sq-label" }, t(`premium.${premium}`));
          description = t("board.premium", { premium: t(`premium_long.${premium}`) });
        }
      }
      if (cursor && cursor.square === name) classes.push("cursor", `cursor-${cursor.dir}`);
      squares.push(h("button", {
        type: "button", class: classes.join(" "), "data-square": name,
        "aria-label": `${name}: ${description}`,
      }, content));
    }
  }
  return h("div", { class: "board", id: "board", role: "group", "aria-label": t("board.label") }, squares);
}

/** The square after `square` in direction `dir` ("across"/"down"), or null at the edge. */
export function nextSquare(square, dir) {
  const size = rulesData().size;
  let row = Number(square.slice(1)) - 1;
  let col = square.charCodeAt(0) - 65;
  if (dir === "across") col += 1;
  else row += 1;
  if (row >= size || col >= size) return null;
  return squareName(row, col);
}

export function stepSquare(square, dRow, dCol) {
  const size = rulesData().size;
  const row = Number(square.slice(1)) - 1 + dRow;
  const col = square.charCodeAt(0) - 65 + dCol;
  if (row < 0 || col < 0 || row >= size || col >= size) return square;
  return squareName(row, col);
}
