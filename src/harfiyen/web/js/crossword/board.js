// The 15×15 board: premium squares (H2/H3/K2/K3), the centre star, the ★25 square,
// committed tiles and the tentative tiles of the move being built.
import { h } from "../dom.js";
import { lower, t } from "../i18n.js";
import { letterValue, premiumAt, rulesData, squareName } from "./rules.js";

/** "★ centre star, K2, word score ×2", "★25 special square, +25", "H3, letter score ×3" or "". */
function premiumDescription(premium, isCenter, isBonus) {
  if (isCenter) return t("board.center", { premium: premium ? t(`premium_long.${premium}`) : "" });
  if (isBonus) return t("board.bonus_square");
  return premium ? t(`premium_long.${premium}`) : "";
}

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
      const isCenter = name === data.center;
      const isBonus = name === bonus;
      let content = null;
      // The label says the square's name, its premium, its tile (or "empty") and the cursor.
      const label = [premiumDescription(premium, isCenter, isBonus)];
      if (tile) {
        classes.push("tile", "committed");
        if (tile.blank) classes.push("blank");
        const value = letterValue(view.rules, tile.letter, tile.blank);
        content = tileFace(tile.letter, value, { blank: tile.blank, lang });
        label.push(tile.blank ? t("board.blank_tile", { letter: tile.letter }) : t("board.tile_value", { letter: tile.letter, value }));
        if (lastSquares.has(name)) {
          classes.push("last");
          label.push(t("board.last_move"));
        }
      } else if (tentative) {
        classes.push("tile", "tentative");
        if (tentative.blank) classes.push("blank");
        content = tileFace(tentative.letter, letterValue(view.rules, tentative.letter, tentative.blank), { blank: tentative.blank, lang });
        label.push(t(tentative.blank ? "board.tentative_blank" : "board.tentative_tile", { letter: tentative.letter }));
      } else {
        label.push(t("board.empty"));
        if (isCenter) {
          classes.push("center", `p-${premium}`);
          content = h("span", { class: "sq-label star" }, "★");
        } else if (isBonus) {
          classes.push("bonus");
          content = h("span", { class: "sq-label" }, "★25");
        } else if (premium) {
          classes.push(`p-${premium}`);
          content = h("span", { class: "sq-label" }, t(`premium.${premium}`));
        }
      }
      if (cursor && cursor.square === name) {
        classes.push("cursor", `cursor-${cursor.dir}`);
        label.push(t(cursor.dir === "across" ? "board.cursor_across" : "board.cursor_down"));
      }
      const description = label.filter(Boolean).join(", ");
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
