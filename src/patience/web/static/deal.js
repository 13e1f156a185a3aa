// The box that opens a deal by its number: a whole number from 1 to the game's last deal,
// checked here with a message in the page's language (the server checks it again).

import { $, lang, t } from "./page.js";
import { fmt } from "./names.js";

/** Whether `text` names a deal from 1 to `last` (a BigInt: deal numbers reach 2^53). */
export function isDealNumber(text, last) {
  return /^[0-9]+$/.test(text) && BigInt(text) >= 1n && BigInt(text) <= last;
}

export function listenToDealBox() {
  const input = $("#deal-input");
  const last = BigInt(input.dataset.last);
  const message = fmt(t, "deal_invalid", { last: last.toLocaleString(lang) });
  const check = () => input.setCustomValidity(isDealNumber(input.value, last) ? "" : message);
  input.addEventListener("input", check);
  check();
}
