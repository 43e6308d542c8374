// The signed-in user (null when signed out) and the language preference that follows it.
import { ApiError, get, patch } from "./api.js";
import { language, setLanguage } from "./i18n.js";

export const session = { user: null };

export async function loadUser() {
  try {
    session.user = (await get("/me")).user;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    session.user = null;
  }
  const preferred = session.user?.preferences?.language;
  if (preferred) setLanguage(preferred);
  return session.user;
}

/** `adopt`: take the account's stored language (sign in); else store the current one. */
export function signedIn(user, { adopt = false } = {}) {
  session.user = user;
  const stored = user.preferences?.language;
  if (adopt && stored) setLanguage(stored);
  else if (stored !== language()) savePreference({ language: language() });
}

export async function savePreference(changes) {
  if (!session.user) return;
  try {
    session.user = (await patch("/me", changes)).user;
  } catch {
    // A preference that could not be saved is not worth interrupting play for.
  }
}
