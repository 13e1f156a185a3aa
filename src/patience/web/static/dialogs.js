// The won and lost dialogs: modal, so a screen reader announces them as they open, and Esc
// closes them.

import { $, lang, t, tableEl } from "./page.js";
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

/** The lost dialog's choices: Undo and Restart only where there is a move to take back (a deal
 * lost at its start leaves a new deal to offer). */
function offerLostChoices() {
  const atStart = !state.can_undo;
  const dialog = $("#lost-dialog");
  dialog.querySelectorAll('[data-command="undo"], [data-command="restart"]').forEach((button) => {
    button.hidden = atStart;
  });
  dialog.querySelector('[data-command="new"]').classList.toggle("primary", atStart);
  $("#lost-text").textContent = atStart ? t.lost_text_start : t.lost_text;
}

export function showDialog(which) {
  const dialog = $(`#${which}-dialog`);
  // A finished game's review (a lost game is finished until a move is taken back).
  const review = dialog.querySelector(".review-link");
  review.hidden = state.id === null;
  review.href = `/${lang}/review/${state.id}`;
  if (which === "won") {
    $("#won-text").textContent = wonText();
    tableEl.classList.add("celebrate");
  }
  if (which === "lost") offerLostChoices();
  if (!dialog.open) dialog.showModal();
}

export function closeDialogs() {
  document.querySelectorAll("dialog[open]").forEach((d) => d.close());
}

// However a dialog closes (a button, Esc), the celebration ends with it.
document.querySelectorAll("dialog").forEach((d) => {
  d.addEventListener("close", () => tableEl.classList.remove("celebrate"));
});
