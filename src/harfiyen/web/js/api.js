// JSON over HTTP with the session cookie and the CSRF header for writes.
import { language } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details || {};
  }
}

function cookie(name) {
  const found = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

export async function api(method, path, body) {
  const headers = { "Accept": "application/json", "Accept-Language": language() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const csrf = cookie("harfiyen_csrf");
  if (csrf && method !== "GET") headers["X-CSRF-Token"] = csrf;
  const response = await fetch(`/api${path}`, {
    method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data?.error || {};
    throw new ApiError(response.status, error.code || "http", error.message || response.statusText,
      error.details);
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);
export const patch = (path, body) => api("PATCH", path, body);
