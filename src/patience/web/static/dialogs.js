// The won and lost dialogs.

import { $, t, tableEl } from "./page.js";
import { state } from "./current.js";
import { fmt } from "./names.js";

export function showDialog(which) {
  const dialog = $(`#${which}-dialog`);
  if (which === "won") {
    $("#won-text").textContent = fmt(t, "won_text", { deal: state.deal, moves: state.moves_made });
    tableEl.classList.add("celebrate");
  }
  if (!dialog.open) dialog.show();
}

export function closeDialogs() {
  tableEl.classList.remove("celebrate");
  document.querySelectorAll("dialog[open]").forEach((d) => d.close());
}
