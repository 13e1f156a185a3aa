// The won and lost dialogs: modal, so a screen reader announces them as they open, and Esc
// closes them.

import { $, t, tableEl } from "./page.js";
import { state } from "./current.js";
import { fmt, fmtCount } from "./names.js";
import { shownScore } from "./status.js";
import { clockText, elapsed } from "./timer.js";

/** The deal, moves and time of a won game, and its score where it has one. */
function wonText() {
  const moves = fmtCount(t, "count_moves", state.moves_made);
  const text = fmt(t, "won_text", { deal: state.deal, moves, time: clockText(elapsed()) });
  const score = shownScore();
  return score.shown ? `${text} ${fmt(t, "won_score", { score: score.value })}` : text;
}

export function showDialog(which) {
  const dialog = $(`#${which}-dialog`);
  if (which === "won") {
    $("#won-text").textContent = wonText();
    tableEl.classList.add("celebrate");
  }
  if (!dialog.open) dialog.showModal();
}

export function closeDialogs() {
  document.querySelectorAll("dialog[open]").forEach((d) => d.close());
}

// However a dialog closes (a button, Esc), the celebration ends with it.
document.querySelectorAll("dialog").forEach((d) => {
  d.addEventListener("close", () => tableEl.classList.remove("celebrate"));
});
