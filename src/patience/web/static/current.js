// The newest State from the server: the only copy of the game the page reads.

import { $ } from "./page.js";

const offersRemoval = (s) => s.legal.some((m) => m.kind === "remove");

export let state = JSON.parse($("#initial-state").textContent);
// Once a game has shown a removal move, moves the browser does not know are written as removals.
export let removalGame = offersRemoval(state);

/** Take up the server's answer. */
export function adopt(next) {
  state = next;
  removalGame ||= offersRemoval(state);
}

export const stockIndex = () => state.piles.findIndex((p) => p.kind === "stock");

/** Whether the move with this notation is among the legal moves. */
export const isLegal = (text) => state.legal.some((m) => m.text === text);
