// The conversation with the server (docs/WEB_API.md): requests go one after another, each
// against the newest version; every answer replaces the state, and a refusal or a version
// conflict (409) brings back the server's state with a reason. A request lost to the network
// is followed by fetching the game again, so the table shows what the server holds. The duel
// and daily pages send their board's moves through a door of their own (openDoor, board.js).

import { say } from "./announce.js";
import { adopt, state } from "./current.js";
import { closeDialogs, showDialog } from "./dialogs.js";
import { clearHold, held } from "./hold.js";
import { describeMove, fmt, listNames } from "./names.js";
import { pageUrl, reduceMotion, t, tableEl } from "./page.js";
import { render } from "./render.js";
import { send } from "./send.js";
import { dealKind, settings } from "./settings.js";
import { elapsed, hasStarted, resetClock, startClock, syncClock } from "./timer.js";
import { checkWinnable } from "./winnable.js";

let busy = Promise.resolve();
let pending = 0;
let suppressAuto = false;
let finishing = false;
// Safe moves play one at a time: at most one timer waits, and at most one is on its way.
let autoTimer = 0;
let autoSending = false;
// After a network failure: fetch the game again, waiting longer before each try.
const RESYNC_TRIES = 5;
const RESYNC_FIRST_WAIT_MS = 250;
let resyncing = false;

export { send };

/** Run requests one after another, each against the newest version. */
export function queue(task) {
  pending += 1;
  tableEl.dataset.busy = "1";
  busy = busy
    .then(task)
    .catch(() => {
      say(t.error_network, { show: true });
      resync();
    })
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

/** Take up and draw the server's state; `push` gives it a history entry of its own. */
function setState(next, { before = null, moveText = null, quiet = false, push = false } = {}) {
  adopt(next);
  if (push) history.pushState(null, "", pageUrl(state));
  else history.replaceState(null, "", pageUrl(state));
  render();
  if (!quiet && before && moveText) {
    let sentence = describeMove(t, before, moveText);
    const uncovered = state.last?.uncovered ?? [];
    if (uncovered.length) sentence += ` ${fmt(t, "announce_uncovered", { cards: listNames(t, uncovered) })}`;
    say(sentence);
  }
  afterState();
}

/** What follows a state just drawn on the game page. */
export function afterState() {
  door.after();
}

/** Clock, dialogs and the safe moves that play themselves, for the state just drawn. */
function afterGameState() {
  syncClock();
  checkWinnable();
  if (state.outcome === "won") return showDialog("won");
  if (state.outcome === "lost") return showDialog("lost");
  closeDialogs();
  scheduleAuto();
}

/** Safe moves play themselves once the player has begun (so the clock starts with them). */
function scheduleAuto() {
  clearTimeout(autoTimer);
  autoTimer = 0;
  // A safe move on its way schedules the next one when its answer comes.
  if (autoSending || !autoWanted()) return;
  autoTimer = setTimeout(() => {
    autoTimer = 0;
    if (autoSending || !autoWanted()) return;
    // Wait until the requests already queued are answered; their states come first.
    if (pending > 0) return scheduleAuto();
    autoSending = true;
    play(state.safe[0], { auto: true });
  }, reduceMotion.matches ? 30 : 160);
}

function autoWanted() {
  const auto = (settings.autoplay && hasStarted() && !suppressAuto) || finishing;
  return auto && state.safe.length > 0 && !held && state.outcome === "in_play";
}

/** The Finish button: safe moves play themselves, one after another, until none is left. */
export function finish() {
  finishing = true;
  afterState();
}

/** The version a command is meant for and the time played so far. */
const stamp = () => ({ version: state.version, elapsed_ms: Math.round(elapsed()) });

/**
 * A deal that is only shown (the server has stored nothing yet) is stored on the player's
 * first change to it. If another tab has meanwhile started this deal, that game is taken up
 * instead and the change is not sent: the player sees it first. False when nothing is to be
 * sent, which is then said.
 */
export async function stored() {
  if (state.id !== null) return true;
  const shown = { game: state.game, options: state.options, deal: state.deal, resume: true };
  const result = await send("/api/games", shown);
  if (!result.ok) {
    handleError(result);
    return false;
  }
  if (result.data.version !== state.version) {
    suppressAuto = true;
    resetClock(result.data);
    setState(result.data, { quiet: true });
    say(t.resynced, { show: true });
    return false;
  }
  adopt(result.data);
  return true;
}

/** Whether leaving this deal gives up a game in progress (which then counts as lost). */
export const inProgress = () => state.id !== null && state.moves_made > 0 && state.outcome === "in_play";

/**
 * Where the board's changes go: `begun()` whether there is anything stored to change,
 * `ready()` whether to send now, `path(name)` the endpoint of `moves`, `undo`, `redo` or
 * `restart`, `body(name)` its body, `table(answer)` the State in the answer, `after()` what
 * follows a new state, and `offers` the commands the page gives besides moves.
 */
const gameDoor = {
  begun: () => state.id !== null,
  ready: () => stored(),
  path: (name) => `/api/games/${state.id}/${name}`,
  // A restart starts the deal's clock from zero.
  body: (name) => (name === "restart" ? { ...stamp(), elapsed_ms: 0 } : stamp()),
  table: (answer) => answer,
  after: afterGameState,
  offers: ["undo", "hint"],
};
let door = gameDoor;

/** Send the board's changes elsewhere (the duel page). */
export function openDoor(other) {
  door = other;
}

/** Whether the page gives this command (`undo`, `hint`). */
export const offers = (command) => door.offers.includes(command);

export function play(text, { auto = false } = {}) {
  if (!auto) {
    suppressAuto = false;
    startClock();
  }
  return queue(async () => {
    const before = state;
    let result;
    try {
      if (!(await door.ready())) return;
      result = await send(door.path("moves"), { ...door.body("moves"), move: text });
    } finally {
      if (auto) autoSending = false;
    }
    if (result.ok) setState(door.table(result.data), { before, moveText: text });
    else handleError(result);
  });
}

/** Undo, redo or restart, announced as `announce_<name>`. */
export function action(name) {
  clearHold();
  if (!door.begun()) return say(t.no_moves_yet, { show: true });
  suppressAuto = name === "undo";
  finishing = false;
  return queue(async () => {
    if (!(await door.ready())) return;
    const result = await send(door.path(name), door.body(name));
    if (result.ok) {
      // The clock starts again only when the server has taken the restart.
      if (name === "restart") resetClock({ elapsed_ms: 0, moves_made: 0 });
      setState(door.table(result.data), { quiet: true });
      say(t[`announce_${name}`]);
    } else handleError(result);
  });
}

/** A new random deal, shown; a game in progress is given up first (the page asks before). */
export function newDeal() {
  clearHold();
  finishing = false;
  return queue(async () => {
    if (inProgress()) {
      const given = await send(`/api/games/${state.id}/abandon`, stamp());
      if (!given.ok) return handleError(given);
    }
    const kind = dealKind();
    const query = new URLSearchParams({ game: state.game, ...state.options, kind });
    const result = await send(`/api/deal?${query}`, undefined, "GET");
    if (result.ok) {
      resetClock(result.data);
      // A new history entry, so that Back returns to the deal before.
      setState(result.data, { quiet: true, push: true });
      const deal = result.data.deal;
      if (kind === "any") say(fmt(t, "deal_number", { deal }));
      else say(fmt(t, "deal_kind_number", { deal, kind: t[`kind_${kind}`] }), { show: true });
    } else handleError(result);
  });
}

/** Back in this tab: take up moves made in another tab meanwhile. */
export function refresh() {
  if (state.id === null) return;
  return queue(async () => {
    const result = await send(`/api/games/${state.id}`, undefined, "GET");
    if (result.ok) takeUp(result.data);
  });
}

/** The server's state of this game, if it differs from the one shown. */
function takeUp(next) {
  if (next.version === state.version) return;
  clearHold();
  resetClock(next);
  setState(next, { quiet: true });
}

/**
 * After a network failure: fetch the game again, up to RESYNC_TRIES times with doubling waits,
 * until the server answers. Only one such round runs at a time.
 */
function resync(attempt = 0) {
  if (state.id === null || (attempt === 0 && resyncing)) return;
  resyncing = true;
  setTimeout(() => {
    queue(async () => {
      let result = null;
      try {
        result = await send(`/api/games/${state.id}`, undefined, "GET");
      } catch {
        result = null; // still no network
      }
      const retry = (result === null || result.status >= 500) && attempt + 1 < RESYNC_TRIES;
      if (retry) return resync(attempt + 1);
      resyncing = false;
      if (result?.ok) takeUp(result.data);
    });
  }, RESYNC_FIRST_WAIT_MS * 2 ** attempt);
}
