// Moving between pages. A leaf module (it imports nothing): any page may navigate without
// importing the entry point, which imports every page. app.js tells it how to draw a route.
let drawRoute = () => {};
let onSignIn = () => {};

/** Called once by app.js: `draw` shows the current address, `signedIn` runs after a sign-in. */
export function startRouter(draw, signedIn) {
  drawRoute = draw;
  onSignIn = signedIn;
}

/** Show `path`; `replace`: in place of the current entry (a page that has done its job,
 * like an accepted invitation, should not stay in the address bar or the history). */
export function go(path, { replace = false } = {}) {
  if (replace) {
    history.replaceState(null, "", `#${path}`);
    drawRoute();
  } else if (location.hash === `#${path}`) drawRoute();
  else location.hash = path;
}

/** Draw the current page again (it shows something that changed under it). */
export function redraw() {
  drawRoute();
}

/** Called by the sign-in page once a user is signed in: on to the page they asked for. */
export function afterSignIn() {
  onSignIn();
  const next = sessionStorage.getItem("harfiyen.after_login") || "/";
  sessionStorage.removeItem("harfiyen.after_login");
  go(next === "/login" ? "/" : next);
}
