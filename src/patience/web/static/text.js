// Filling UI strings (ui_strings.py) and writing times: needs no page, so every script may use it.

/** Fill {placeholders} of a UI string. */
export function fmt(t, key, params = {}) {
  const text = t[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

/** A counted phrase: `key_one` for a count of 1, else `key_other` ("1 card", "3 cards"). */
export function fmtCount(t, key, count) {
  return fmt(t, `${key}_${count === 1 ? "one" : "other"}`, { count });
}

/** A time on the clock as minutes and seconds, e.g. "3:07". */
export function clockText(ms) {
  const total = Math.floor(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
