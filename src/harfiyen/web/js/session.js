// The signed-in user (null when signed out) and the preferences that follow it
// (interface language, board theme).
import { ApiError, get, patch } from "./api.js";
import { language, setLanguage } from "./i18n.js";

export const session = { user: null };

export const BOARD_THEMES = ["classic", "dark", "contrast", "wood"];

/** The board theme is a class on <html>; style.css maps it to the board's colour variables. */
export function applyTheme(theme) {
  const root = document.documentElement;
  for (const name of BOARD_THEMES) root.classList.remove(`theme-${name}`);
  root.classList.add(`theme-${BOARD_THEMES.includes(theme) ? theme : "classic"}`);
}

function followPreferences() {
  applyTheme(session.user?.preferences?.board_theme);
}

export async function loadUser() {
  try {
    session.user = (await get("/me")).user;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    session.user = null;
  }
  const preferred = session.user?.preferences?.language;
  if (preferred) setLanguage(preferred);
  followPreferences();
  return session.user;
}

/** `adopt`: take the account's stored language (sign in); else store the current one. */
export function signedIn(user, { adopt = false } = {}) {
  session.user = user;
  followPreferences();
  const stored = user.preferences?.language;
  if (adopt && stored) setLanguage(stored);
  else if (stored !== language()) savePreference({ language: language() });
}

export async function savePreference(changes) {
  if (!session.user) return;
  try {
    session.user = (await patch("/me", changes)).user;
    followPreferences();
  } catch {
    // A preference that could not be saved is not worth interrupting play for.
  }
}

/** Like savePreference, but the caller shows the error (the settings page). */
export async function updateProfile(changes) {
  session.user = (await patch("/me", changes)).user;
  followPreferences();
  return session.user;
}
