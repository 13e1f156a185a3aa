// The game clock: runs while a begun game is in play and the tab is visible.

import { $ } from "./page.js";
import { state } from "./current.js";
import { clockText } from "./text.js";

export { clockText };

let clockBase = state.elapsed_ms ?? 0;
let clockFrom = null;
let started = state.moves_made > 0;

/** Whether the player has begun (safe moves play themselves only then). */
export const hasStarted = () => started;

export const elapsed = () => clockBase + (clockFrom === null ? 0 : performance.now() - clockFrom);

export function syncClock() {
  const run = started && state.outcome === "in_play" && !document.hidden;
  if (run && clockFrom === null) clockFrom = performance.now();
  if (!run && clockFrom !== null) {
    clockBase = elapsed();
    clockFrom = null;
  }
  showClock();
}

export function startClock() {
  started = true;
  syncClock();
}

export function resetClock(s) {
  clockBase = s.elapsed_ms ?? 0;
  clockFrom = null;
  started = s.moves_made > 0;
}

export function showClock() {
  const shown = $("#timer-value"); // the duel page shows the server's clocks instead
  if (shown) shown.textContent = clockText(elapsed());
}
