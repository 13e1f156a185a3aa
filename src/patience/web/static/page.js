// The game page's fixed parts: its language, UI strings and table, read once from the HTML.

export const $ = (sel) => document.querySelector(sel);
export const t = JSON.parse($("#ui-strings").textContent);
export const lang = document.documentElement.lang;
export const tableEl = $("#table");
/** What a redeal does in this game (patience.rules.stock.Redeal), undefined without one. */
export const redealKind = tableEl.dataset.redeal;
export const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)");

export const pileEl = (i) => tableEl.querySelector(`.pile[data-pile="${i}"]`);

/** The pile and card (null for a pile's slot) that a table element stands for. */
export function placeOf(el) {
  return { pile: Number(el.dataset.pile), card: el.dataset.card === undefined ? null : Number(el.dataset.card) };
}

/** The server's url of a state, with the language of this page. */
export function pageUrl(s) {
  return s.url.replace(/^\/(en|de)\//, `/${lang}/`);
}
