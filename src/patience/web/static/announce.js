// Telling the player: the live region for screen readers and, when asked, the visible message.

import { $ } from "./page.js";

const live = $("#announce");
const message = $("#message");

export function say(text, { show = false } = {}) {
  live.textContent = "";
  requestAnimationFrame(() => {
    live.textContent = text;
  });
  if (show) {
    message.textContent = text;
    message.hidden = false;
  } else {
    message.hidden = true;
  }
}
