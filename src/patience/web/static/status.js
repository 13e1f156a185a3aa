// The toolbar's figures and buttons, kept in step with the state. The duel page has no deal
// line and no Finish button, and its undo buttons only where the duel allows undo.

import { $, pageUrl } from "./page.js";
import { isLegal, state } from "./current.js";
import { scoreProfile } from "./settings.js";

const NO_SCORE = "none"; // patience.scoring.NONE: the game is played without a score

/** The scoring profile shown and its score: the player's choice among those the game offers,
 * else the game's default (`score_profile`: the keys of `scores` carry no order, the page's
 * embedded state has them sorted); `shown` is false for a game without a score. */
export function shownScore() {
  const offered = Object.keys(state.scores ?? {});
  const profile = offered.length ? scoreProfile(state.game, offered, state.score_profile) : state.score_profile;
  const value = offered.length ? state.scores[profile] : state.score;
  return { profile, value, shown: value !== null && value !== undefined && profile !== NO_SCORE };
}

export function updateStatus() {
  $("#moves-value").textContent = String(state.moves_made);
  const score = $("#score");
  const shown = shownScore();
  score.hidden = !shown.shown;
  score.dataset.profile = shown.profile ?? "";
  $("#score-value").textContent = String(shown.value ?? "");
  // Only a game with a limited number of redeals has them counted (the page's template).
  const redeals = $("#redeals-value");
  if (redeals) redeals.textContent = String(state.redeals_left ?? "");
  const redeal = $("#redeal");
  if (redeal) redeal.disabled = !isLegal("r");
  const link = $("#share-link");
  if (link) {
    $("#deal-value").textContent = String(state.deal);
    link.href = pageUrl(state);
    $("#finish").hidden = !(state.autocomplete && state.outcome === "in_play");
  }
  const undo = $("#undo");
  if (undo) {
    undo.disabled = !state.can_undo;
    $("#redo").disabled = !state.can_redo;
  }
}
