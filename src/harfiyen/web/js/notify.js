// Web Push notifications. Permission is asked only after the user clicks a button
// ("Bildirimleri aç"), never on load: browsers punish and users dislike unprompted asks.
import { h, mount } from "./dom.js";
import { api, get, post } from "./api.js";
import { t } from "./i18n.js";
import { session, updateProfile } from "./session.js";
import { toast } from "./ui.js";

const PROMPT_DISMISSED = "harfiyen.notify_prompt_dismissed";

/** A refusal whose message is already in the user's language. */
export class NotifyError extends Error {}

export function notificationsSupported() {
  return "Notification" in window && "serviceWorker" in navigator && "PushManager" in window;
}

/** "granted", "denied", "default", or "unsupported". */
export function notificationPermission() {
  return "Notification" in window ? Notification.permission : "unsupported";
}

export function notificationsOn() {
  return Boolean(session.user?.preferences?.notifications);
}

function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** Ask for permission, register /sw.js, subscribe with the VAPID key and tell the server. */
export async function enableNotifications() {
  if (!("Notification" in window)) throw new NotifyError(t("notify.unsupported"));
  const answer = await Notification.requestPermission();
  if (answer === "denied") throw new NotifyError(t("notify.denied"));
  if (answer !== "granted") throw new NotifyError(t("notify.dismissed"));
  if (!notificationsSupported()) throw new NotifyError(t("notify.unsupported"));
  let subscription;
  try {
    const registration = await navigator.serviceWorker.register("/sw.js");
    const ready = await navigator.serviceWorker.ready;
    const { public_key: publicKey } = await get("/push/key");
    subscription = await (ready || registration).pushManager.subscribe({
      userVisibleOnly: true, applicationServerKey: keyBytes(publicKey),
    });
  } catch {
    throw new NotifyError(t("notify.no_push_service"));
  }
  await post("/push/subscriptions", subscription.toJSON());
  await updateProfile({ notifications: true });
}

/** Unsubscribe this browser (DELETE on the server too) and turn the preference off. */
export async function disableNotifications() {
  if ("serviceWorker" in navigator) {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager?.getSubscription();
    if (subscription) {
      try {
        await api("DELETE", "/push/subscriptions", { endpoint: subscription.endpoint });
      } finally {
        await subscription.unsubscribe();
      }
    }
  }
  await updateProfile({ notifications: false });
}

/**
 * After a match starts: offer notifications once, in a banner under the top bar (it covers
 * nothing, unlike a toast), when the browser could show them and the user has not decided yet.
 */
export function offerNotifications() {
  const banner = document.getElementById("banner");
  if (!banner || !notificationsSupported() || notificationsOn()) return;
  if (notificationPermission() !== "default" || localStorage.getItem(PROMPT_DISMISSED)) return;
  const close = () => {
    localStorage.setItem(PROMPT_DISMISSED, "1");
    mount(banner);
  };
  mount(banner, h("div", { class: "banner-box", id: "notify-offer", role: "region", "aria-label": t("notify.title") },
    h("span", { class: "banner-text" }, t("notify.offer")),
    h("span", { class: "banner-actions" },
      h("button", { type: "button", class: "btn btn-small btn-primary", id: "notify-offer-on",
        onclick: () => { close(); turnOnWithToast(); } }, t("notify.turn_on")),
      h("button", { type: "button", class: "btn btn-small", id: "notify-offer-later", onclick: close },
        t("notify.not_now")),
    ),
  ));
}

async function turnOnWithToast() {
  try {
    await enableNotifications();
    toast(t("notify.enabled"));
  } catch (problem) {
    toast(problem instanceof NotifyError ? problem.message : t("notify.failed", { reason: problem.message }), "error");
  }
}
