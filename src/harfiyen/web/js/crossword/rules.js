// Board layouts, letter values and rule versions (web/data/crossword.json, checked
// against harfiyen.games.crossword.rules by tests/web/test_rules_data.py).
let data = null;

export async function loadRules() {
  if (!data) data = await (await fetch("/data/crossword.json")).json();
  return data;
}

export function rulesData() {
  return data;
}

/** "tr@2" -> "tr" */
export function family(rulesKey) {
  return rulesKey.split("@")[0];
}

export function premiumAt(rulesKey, square) {
  return data.families[family(rulesKey)].premiums[square] || null;
}

export function letterValue(rulesKey, letter, blank = false) {
  if (blank || letter === data.blank) return 0;
  return data.families[family(rulesKey)].values[letter] ?? 0;
}

export function alphabet(rulesKey) {
  return data.families[family(rulesKey)].alphabet;
}

export function squareName(row, col) {
  return `${String.fromCharCode(65 + col)}${row + 1}`;
}

export function parseSquare(name) {
  return [Number(name.slice(1)) - 1, name.charCodeAt(0) - 65];
}
