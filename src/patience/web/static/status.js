// The toolbar's figures and buttons, kept in step with the state.

import { $, pageUrl } from "./page.js";
import { state, stockIndex } from "./current.js";

export function updateStatus() {
  $("#moves-value").textContent = String(state.moves_made);
  const score = $("#score");
  score.hidden = state.score === null || state.score === undefined;
  $("#score-value").textContent = String(state.score ?? "");
  const redeals = $("#redeals");
  const noRedeals = state.redeals_left === null || state.redeals_left === undefined;
  redeals.hidden = noRedeals || stockIndex() < 0;
  $("#redeals-value").textContent = String(state.redeals_left ?? "");
  $("#deal-value").textContent = String(state.deal);
  const link = $("#share-link");
  link.href = pageUrl(state);
  $("#undo").disabled = !state.can_undo;
  $("#redo").disabled = !state.can_redo;
  $("#finish").hidden = !(state.autocomplete && state.outcome === "in_play");
}
