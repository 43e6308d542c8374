// Service worker: shows Web Push messages as notifications and opens their match on click.
// The server sends JSON {kind, match, title, body, url}, already in the user's language.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function matchUrl(data) {
  // The app routes by hash; a match number is enough to open the right screen.
  if (Number.isInteger(data.match)) return `/#/match/${data.match}`;
  return data.url || "/";
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(data.title || "Harfiyen", {
    body: data.body || "",
    // One notification per match: a newer one replaces the older.
    tag: data.match ? `match-${data.match}` : undefined,
    renotify: Boolean(data.match),
    data: { url: matchUrl(data) },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) {
      await open.focus();
      // The page moves itself (app.js listens), which keeps its socket and state.
      open.postMessage({ type: "open", url });
      return;
    }
    await self.clients.openWindow(url);
  })());
});
