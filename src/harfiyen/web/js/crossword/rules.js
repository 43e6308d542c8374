// Board layouts, letter values, tile counts and rule versions, served by the engine's
// rules (GET /api/rules/crossword, built from harfiyen.games.crossword.rules).
let data = null;
let loading = null;

export async function loadRules() {
  if (data) return data;
  // One request even when several pages ask at once; a failure lets the next call retry.
  loading ??= fetch("/api/rules/crossword", { credentials: "same-origin" })
    .then((response) => {
      if (!response.ok) throw new Error(`rules: HTTP ${response.status}`);
      return response.json();
    })
    .then((json) => (data = json))
    .finally(() => { loading = null; });
  return loading;
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

/** The label of a variant other than the standard game (`null` for the standard one), from
 * its i18n key `lobby.variant_<name>`: the pages name no variant themselves. */
export function variantLabel(variant, t) {
  return variant && variant !== "standard" ? t(`lobby.variant_${variant.replaceAll("-", "_")}`) : null;
}
