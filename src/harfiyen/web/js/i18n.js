// Message catalogues: every user-facing text lives in /i18n/<lang>.json.
const LANGUAGES = ["tr", "en"];
const STORAGE_KEY = "harfiyen.language";
const catalogues = {};
let current = "tr";
const listeners = new Set();

export async function loadCatalogues() {
  await Promise.all(LANGUAGES.map(async (lang) => {
    const response = await fetch(`/i18n/${lang}.json`);
    catalogues[lang] = await response.json();
  }));
  const saved = localStorage.getItem(STORAGE_KEY);
  current = LANGUAGES.includes(saved) ? saved : "tr";
  document.documentElement.lang = current;
}

export function language() {
  return current;
}

export function languages() {
  return LANGUAGES;
}

/** Switch the interface language; listeners re-render. */
export function setLanguage(lang) {
  if (!LANGUAGES.includes(lang) || lang === current) return false;
  current = lang;
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  for (const listener of listeners) listener(lang);
  return true;
}

export function onLanguageChange(listener) {
  listeners.add(listener);
}

/** The message `key` with `{name}` placeholders filled; Turkish, then the key, as fallbacks. */
export function t(key, params = {}) {
  const text = catalogues[current]?.[key] ?? catalogues.tr?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Upper case in the given word language (Turkish dotted/dotless i). */
export function upper(text, lang) {
  return text.toLocaleUpperCase(lang === "tr" ? "tr-TR" : "en-US");
}

export function lower(text, lang) {
  return text.toLocaleLowerCase(lang === "tr" ? "tr-TR" : "en-US");
}
