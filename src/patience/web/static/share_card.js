// The daily result's share card (docs/WEB_API.md, ShareCard) as text in the page's language:
// the game, the day, won or not, moves against par, time, and a mark for each stretch of
// moves. The server's card names no card and no deal; neither does the text.

import { clockText, fmt, fmtCount } from "./text.js";

const MARKS = { w: "🟩", l: "🟥", u: "⬜" };

/** The card's text; `name` and `dayText` are the game and the day as the page words them. */
export function shareText(t, card, { name, dayText }) {
  const moves = fmtCount(t, "count_moves", card.moves);
  const figures = {
    status: t[`daily_share_status_${card.status}`],
    moves: card.par === null ? moves : fmt(t, "daily_share_par", { moves, par: card.par }),
    time: clockText(card.time_ms),
  };
  const lines = [fmt(t, "daily_share_head", { name, day: dayText }), fmt(t, "daily_share_line", figures)];
  if (card.strip?.length) lines.push(card.strip.map((mark) => MARKS[mark]).join(""));
  return lines.join("\n");
}
