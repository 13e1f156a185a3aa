// The game page: draws the table from the server's State and turns pointer, tap and keyboard
// input into moves. The browser knows no rules: every move comes from `state.legal` or is sent
// to the server, which answers with the new state or a reason. This module wires the parts.

import { afterState, refresh } from "./api.js";
import { spriteSVG } from "./cards.js";
import { listenToButtons } from "./commands.js";
import { state } from "./current.js";
import { listenToDealBox } from "./deal.js";
import { listenToPointer } from "./drag.js";
import { listenToKeys } from "./keyboard.js";
import { pageUrl, t, tableEl } from "./page.js";
import { render } from "./render.js";
import { applySettings, listenToSettings } from "./settings.js";
import { showClock, syncClock } from "./timer.js";

listenToPointer();
listenToKeys();

document.addEventListener("visibilitychange", () => {
  syncClock();
  if (!document.hidden) refresh();
});
setInterval(showClock, 1000);

listenToButtons();
listenToDealBox();
listenToSettings(() => {
  render(false);
  afterState();
});

let resizeFrame = 0;
new ResizeObserver(() => {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(() => render(false));
}).observe(tableEl.parentElement);

// Name this deal in the address, so that Back from a later deal finds it again; Back or
// Forward then loads the page of the deal its address names. A move within the page (the skip
// link's #table) names the deal shown and loads nothing.
history.replaceState(null, "", pageUrl(state) + location.hash);
window.addEventListener("popstate", () => {
  const shown = new URL(pageUrl(state), location.href);
  if (shown.pathname + shown.search !== location.pathname + location.search) location.reload();
});

document.body.insertAdjacentHTML("afterbegin", spriteSVG(t));
applySettings();
render();
afterState();
document.body.dataset.ready = "1";
// For tests and curious players: the current state, read-only.
window.patience = { get state() { return state; } };
