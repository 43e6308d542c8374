// Telling the player the table waits on them, even from another tab: the tab's title reads
// "(Sıra sende) Harfiyen" and its icon gets a red badge; on this device, if they chose so
// in the settings (off by default), a short sound and a vibration when the wait begins.
import { t } from "../i18n.js";

const ALERT_KEY = "harfiyen.turn_alert";
const PLAIN_ICON = "data:,";
const BADGE_ICON = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>"
  + "<rect x='2' y='6' width='52' height='52' rx='10' fill='#e9c46a'/>"
  + "<text x='28' y='48' font-family='sans-serif' font-size='38' font-weight='700' text-anchor='middle' fill='#3d2c0a'>H</text>"
  + "<circle cx='48' cy='16' r='15' fill='#d62828' stroke='#fff' stroke-width='3'/></svg>")}`;

/** The sound and vibration setting of this device (a phone may want it, a desktop not). */
export function turnAlertOn() {
  return localStorage.getItem(ALERT_KEY) === "1";
}

export function setTurnAlert(on) {
  if (on) localStorage.setItem(ALERT_KEY, "1");
  else localStorage.removeItem(ALERT_KEY);
}

let audio = null;

/** Two short soft tones (no sound file to fetch); silent where the browser forbids it. */
function chime() {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const now = audio.currentTime;
    for (const [at, pitch] of [[0, 660], [0.16, 880]]) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.15, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.14);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + at);
      tone.stop(now + at + 0.15);
    }
  } catch {
    // No audio here: the title and the badge still say it.
  }
}

function icon() {
  let link = document.querySelector("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

let waiting = false;

export const attention = {
  /** `yours`: the table waits on this player now. The sound and vibration only as the wait
   * begins; the title follows the interface language on every call. */
  set(yours) {
    const begins = yours && !waiting;
    waiting = yours;
    const title = yours ? t("attention.title") : t("app.name");
    if (document.title !== title) document.title = title;
    const href = yours ? BADGE_ICON : PLAIN_ICON;
    if (icon().getAttribute("href") !== href) icon().setAttribute("href", href);
    document.documentElement.dataset.yourTurn = String(yours);
    if (begins && turnAlertOn()) {
      chime();
      navigator.vibrate?.([120, 80, 120]);
    }
  },
  clear() {
    this.set(false);
  },
};
