// The conversation with the server (docs/WEB_API.md): requests go one after another, each
// against the newest version; every answer replaces the state, and a refusal or a version
// conflict (409) brings back the server's state with a reason.

import { say } from "./announce.js";
import { adopt, state } from "./current.js";
import { closeDialogs, showDialog } from "./dialogs.js";
import { clearHold, held } from "./hold.js";
import { describeMove, fmt, listNames } from "./names.js";
import { lang, pageUrl, reduceMotion, t, tableEl } from "./page.js";
import { render } from "./render.js";
import { settings } from "./settings.js";
import { elapsed, hasStarted, resetClock, startClock, syncClock } from "./timer.js";

let busy = Promise.resolve();
let pending = 0;
let suppressAuto = false;
let finishing = false;

export async function send(path, body, method = "POST") {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": lang },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, data };
}

/** Run requests one after another, each against the newest version. */
export function queue(task) {
  pending += 1;
  tableEl.dataset.busy = "1";
  busy = busy
    .then(task)
    .catch(() => say(t.error_network, { show: true }))
    .finally(() => {
      pending -= 1;
      if (pending === 0) delete tableEl.dataset.busy;
    });
  return busy;
}

export function handleError(result) {
  // After a refusal nothing plays by itself until the player moves again.
  suppressAuto = true;
  finishing = false;
  const error = result.data?.error;
  if (result.data?.state) setState(result.data.state, { quiet: true });
  else render();
  if (result.status === 409) say(t.resynced, { show: true });
  else say(error?.message ?? t.error_network, { show: true });
}

function setState(next, { before = null, moveText = null, quiet = false } = {}) {
  adopt(next);
  history.replaceState(null, "", pageUrl(state));
  render();
  if (!quiet && before && moveText) {
    let sentence = describeMove(t, before, moveText);
    const uncovered = state.last?.uncovered ?? [];
    if (uncovered.length) sentence += ` ${fmt(t, "announce_uncovered", { cards: listNames(t, uncovered) })}`;
    say(sentence);
  }
  afterState();
}

/** Clock, dialogs and the safe moves that play themselves, for the state just drawn. */
export function afterState() {
  syncClock();
  if (state.outcome === "won") return showDialog("won");
  if (state.outcome === "lost") return showDialog("lost");
  closeDialogs();
  // Safe moves play themselves once the player has begun (so the clock starts with them).
  const auto = (settings.autoplay && hasStarted() && !suppressAuto) || finishing;
  if (auto && state.safe.length && !held) {
    setTimeout(() => {
      if (state.safe.length && !held) play(state.safe[0], { auto: true });
    }, reduceMotion.matches ? 30 : 160);
  }
}

/** The Finish button: safe moves play themselves, one after another, until none is left. */
export function finish() {
  finishing = true;
  afterState();
}

/** The version a command is meant for and the time played so far. */
const stamp = () => ({ version: state.version, elapsed_ms: Math.round(elapsed()) });

export function play(text, { auto = false } = {}) {
  if (!auto) {
    suppressAuto = false;
    startClock();
  }
  return queue(async () => {
    const before = state;
    const result = await send(`/api/games/${state.id}/moves`, { ...stamp(), move: text });
    if (result.ok) setState(result.data, { before, moveText: text });
    else handleError(result);
  });
}

/** Undo, redo or restart, announced as `announce_<name>`. */
export function action(name) {
  clearHold();
  suppressAuto = name === "undo";
  finishing = false;
  return queue(async () => {
    const result = await send(`/api/games/${state.id}/${name}`, stamp());
    if (result.ok) {
      setState(result.data, { quiet: true });
      say(t[`announce_${name}`]);
    } else handleError(result);
  });
}

export function newDeal() {
  clearHold();
  finishing = false;
  return queue(async () => {
    const result = await send("/api/games", {
      game: state.game,
      options: state.options,
      deal: null,
    });
    if (result.ok) {
      resetClock(result.data);
      setState(result.data, { quiet: true });
      history.pushState(null, "", pageUrl(result.data));
      say(fmt(t, "deal_number", { deal: result.data.deal }));
    } else handleError(result);
  });
}

/** Back in this tab: take up moves made in another tab meanwhile. */
export function refresh() {
  return queue(async () => {
    const result = await send(`/api/games/${state.id}`, undefined, "GET");
    if (result.ok && result.data.version !== state.version) {
      clearHold();
      resetClock(result.data);
      setState(result.data, { quiet: true });
    }
  });
}
