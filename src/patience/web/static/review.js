// The review page: a finished game's positions to step through, the solver's verdict on each
// (the band) and its marks on the moves, filled in as the server's review job finds them.
// The browser judges nothing: every verdict and mark comes from the server (docs/WEB_API.md).

import { say } from "./announce.js";
import { spriteSVG } from "./cards.js";
import { adopt, state } from "./current.js";
import { fmt } from "./names.js";
import { $, pageUrl, t, tableEl } from "./page.js";
import { drawTable } from "./render.js";
import { send } from "./send.js";
import { applySettings } from "./settings.js";

let review = JSON.parse($("#review-data").textContent);
const total = review.moves.length;
let verdicts = [];
let marks = [];
let luck = null; // the losing move judged by what the player could see (hidden-card games)
let ended = null;
let shown = 0;
let line = null; // a winning line shown instead of the game: { from, moves, positions }
let stream = null;

const slider = $("#review-slider");

function reset() {
  verdicts = new Array(total + 1).fill(null);
  marks = [];
  luck = null;
  ended = null;
}

function verdictWord(status) {
  return t[`verdict_${status ?? "pending"}`];
}

function markText(mark) {
  if (mark.kind === "losing") {
    const why = mark.stuck ? t.mark_losing_stuck : t.mark_losing;
    return mark.instead ? `${why} ${fmt(t, "mark_instead", { move: mark.instead })}` : why;
  }
  if (mark.kind === "only") return t.mark_only;
  if (mark.winning_before === null) return t.mark_fewer_several;
  return fmt(t, "mark_fewer", { count: mark.winning_before });
}

function luckText() {
  if (luck.worlds === 1) return t.luck_known;
  return fmt(t, `luck_${luck.judgement ?? "open"}`, luck);
}

/** Take up one finding of the review job. */
function take(event, { live = false } = {}) {
  if (event.type === "step") verdicts[event.index] = event.status;
  else if (event.type === "mark") {
    marks.push(event);
    if (live && event.kind === "losing") {
      say(fmt(t, "announce_losing", { n: event.move, move: review.moves[event.move - 1] }));
    }
  } else if (event.type === "luck") {
    luck = event;
    if (live) say(luckText());
  } else if (event.type === "end") ended = event;
}

const losing = () => marks.find((m) => m.kind === "losing");

function statusText() {
  if (ended) return ended.complete ? t.review_done : t.review_partial;
  return { busy: t.review_busy, failed: t.review_failed }[review.state] ?? t.review_running;
}

function drawBand() {
  const band = $("#band");
  const counts = { winnable: 0, lost: 0, unknown: 0, pending: 0 };
  const cells = verdicts.map((status, k) => {
    counts[status ?? "pending"] += 1;
    const cell = document.createElement("span");
    cell.className = `cell v-${status ?? "pending"}${k === shown && !line ? " shown" : ""}`;
    cell.dataset.index = String(k);
    return cell;
  });
  const mark = losing();
  if (mark) cells[mark.move].classList.add("losing");
  band.replaceChildren(...cells);
  band.setAttribute("aria-label", `${t.review_band}: ${fmt(t, "review_band_summary", counts)}`);
}

function moveItem(k) {
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.index = String(k);
  button.textContent = k === 0 ? t.review_first : `${k}. ${review.moves[k - 1]}`;
  if (k === shown) button.setAttribute("aria-current", "step");
  const verdict = document.createElement("span");
  verdict.className = `verdict v-${verdicts[k] ?? "pending"}`;
  verdict.textContent = verdictWord(verdicts[k]);
  item.append(button, " ", verdict);
  for (const mark of marks.filter((m) => m.move === k)) {
    const note = document.createElement("p");
    note.className = `mark mark-${mark.kind}`;
    note.textContent = markText(mark);
    item.append(note);
    if (mark.kind === "losing" && luck?.move === k) {
      const judged = document.createElement("p");
      judged.className = `mark mark-luck luck-${luck.judgement ?? "open"}`;
      judged.textContent = luckText();
      item.append(judged);
    }
    if (mark.kind === "losing") {
      const go = document.createElement("button");
      go.type = "button";
      go.dataset.index = String(k - 1);
      go.textContent = t.review_go_losing;
      item.append(go);
    }
  }
  return item;
}

function drawMoves() {
  const items = [];
  for (let k = 0; k <= total; k += 1) items.push(moveItem(k));
  $("#review-moves").replaceChildren(...items);
}

function drawStatus() {
  $("#review-status").textContent = statusText();
}

/** Everything that follows the findings. */
function drawFindings() {
  drawStatus();
  drawBand();
  drawMoves();
}

function positionText() {
  if (line) return `${line.from + shown}: ${shown ? line.moves[shown - 1] : ""}`;
  const verdict = verdictWord(verdicts[shown]);
  if (shown === 0) return fmt(t, "review_at_deal", { verdict });
  return fmt(t, "review_at_move", { n: shown, total, move: review.moves[shown - 1], verdict });
}

/** Show position ``k`` of the game (or of the winning line being shown). */
function show(k, animate = true) {
  const positions = line ? line.positions : review.positions;
  shown = Math.max(0, Math.min(positions.length - 1, k));
  adopt({ ...state, piles: positions[shown], legal: [], version: shown });
  drawTable(animate);
  slider.max = String(positions.length - 1);
  slider.value = String(shown);
  $("#review-position").textContent = positionText();
  tableEl.dataset.shown = String(shown);
  drawBand();
  document.querySelectorAll("#review-moves [aria-current]").forEach((b) => b.removeAttribute("aria-current"));
  if (!line) $(`#review-moves li:nth-child(${shown + 1}) > button`)?.setAttribute("aria-current", "step");
}

function step(where) {
  const last = (line ? line.positions.length : total + 1) - 1;
  const to = { first: 0, back: shown - 1, forward: shown + 1, last }[where];
  show(to);
}

function answer(text) {
  $("#review-answer").textContent = text;
}

function refused(result) {
  answer(result.data?.error?.message ?? t.error_network);
}

/** Follow the review: a stream of findings while it runs, asking again while it is busy. */
function follow() {
  drawFindings();
  if (review.state === "busy") {
    setTimeout(reopen, (review.retry_after ?? 2) * 1000);
    return;
  }
  if (review.state !== "running" || ended) return;
  stream = new EventSource(`/api/reviews/${review.id}/events?after=${review.seen}`);
  stream.onmessage = (message) => {
    take(JSON.parse(message.data), { live: true });
    drawFindings();
    if (!line) $("#review-position").textContent = positionText();
  };
  stream.addEventListener("end", (message) => {
    stream.close();
    review.state = JSON.parse(message.data);
    drawFindings();
  });
}

async function reopen() {
  const result = await send(`/api/reviews/${review.id}`, undefined, "GET");
  if (!result.ok) return refused(result);
  review = result.data;
  reset();
  review.events.forEach((event) => take(event));
  follow();
}

/** "Try again from here": absent from a sealed daily deal's replay (it would name the deal). */
const practiceButton = $("#review-practice");

async function practice() {
  const index = line ? null : shown;
  if (index === null) return;
  const result = await send(`/api/reviews/${review.id}/practice`, { index });
  if (!result.ok) return refused(result);
  location.href = pageUrl(result.data);
}

async function showLine() {
  answer(t.review_working);
  const from = shown;
  const result = await send(`/api/reviews/${review.id}/line/${from}`, undefined, "GET");
  if (!result.ok) return refused(result);
  if (!result.data.line) return answer(t.review_line_none);
  line = { from, moves: result.data.line, positions: result.data.positions };
  answer(fmt(t, "review_line_shown", { count: line.moves.length }));
  $("#review-line-exit").hidden = false;
  practiceButton?.setAttribute("disabled", "");
  show(0);
}

function leaveLine() {
  const back = line.from;
  line = null;
  $("#review-line-exit").hidden = true;
  practiceButton?.removeAttribute("disabled");
  answer("");
  show(back);
}

async function count() {
  if (line) return;
  answer(t.review_working);
  const result = await send(`/api/reviews/${review.id}/winning/${shown}`, undefined, "GET");
  if (!result.ok) return refused(result);
  const found = result.data;
  const all = found.winning + found.lost + found.unknown;
  let text = fmt(t, "review_count_text", { winning: found.winning, total: all });
  if (found.winners.length) text += ` ${found.winners.join(", ")}.`;
  if (found.unknown) text += ` ${fmt(t, "review_count_unknown", { unknown: found.unknown })}`;
  answer(text);
}

document.querySelectorAll("[data-step]").forEach((button) => {
  button.addEventListener("click", () => step(button.dataset.step));
});
slider.addEventListener("input", () => show(Number(slider.value), false));
$("#review-moves").addEventListener("click", (e) => {
  const button = e.target.closest("button[data-index]");
  if (!button) return;
  if (line) leaveLine();
  show(Number(button.dataset.index));
});
$("#band").addEventListener("click", (e) => {
  const cell = e.target.closest("[data-index]");
  if (cell && !line) show(Number(cell.dataset.index));
});
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || e.target.matches("input, textarea, select")) return;
  const where = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[e.key];
  if (!where) return;
  e.preventDefault();
  step(where);
});
practiceButton?.addEventListener("click", practice);
$("#review-line").addEventListener("click", showLine);
$("#review-line-exit").addEventListener("click", leaveLine);
$("#review-count").addEventListener("click", count);
$("#record-copy")?.addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(review.record);
    say(t.review_copied, { show: true });
  } catch {
    getSelection().selectAllChildren($("#record-text")); // copying refused: select it instead
  }
});
let resizeFrame = 0;
new ResizeObserver(() => {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(() => show(shown, false));
}).observe(tableEl.parentElement);

document.body.insertAdjacentHTML("afterbegin", spriteSVG(t));
applySettings();
reset();
review.events.forEach((event) => take(event));
drawFindings();
show(0, false);
follow();
document.body.dataset.ready = "1";
// For tests and curious players: the review as the page holds it, read-only.
window.patience = {
  get state() {
    return state;
  },
  get review() {
    return { state: review.state, verdicts: [...verdicts], marks: [...marks], luck, ended, shown, line };
  },
};
