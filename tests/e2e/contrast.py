"""Colour contrast measured in the page (WCAG 2.1 relative luminance), for the e2e tests."""

from __future__ import annotations

from playwright.sync_api import Page

# Helpers put into the page: colours parsed from computed styles, layers of translucent
# backgrounds composed over the first opaque one, and the contrast ratio of two colours.
_HELPERS = """
const parse = (text) => {
    const [r, g, b, a = 1] = text.match(/[\\d.]+/g).map(Number);
    return {r, g, b, a};
};
const over = (top, below) => {
    const mix = (k) => top[k] * top.a + below[k] * (1 - top.a);
    return {r: mix("r"), g: mix("g"), b: mix("b"), a: 1};
};
const backgroundOf = (el) => {
    const layers = [];
    for (let n = el; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if (c.a > 0) layers.push(c);
        if (c.a >= 1) break;
    }
    const white = {r: 255, g: 255, b: 255, a: 1};
    return layers.reverse().reduce((below, top) => over(top, below), white);
};
const luminance = ({r, g, b}) => {
    const lin = (v) => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const ratio = (x, y) => {
    const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
    return (hi + 0.05) / (lo + 0.05);
};
"""

FOCUS_RING = (
    "() => {"
    + _HELPERS
    + """
    const el = document.activeElement;
    const style = getComputedStyle(el);
    if (style.outlineStyle === "none" || parseFloat(style.outlineWidth) < 2) {
        return {what: el.outerHTML.slice(0, 80), ratio: 0};
    }
    const behind = backgroundOf(el.parentElement);
    const ring = over(parse(style.outlineColor), behind);
    return {what: el.outerHTML.slice(0, 80), ratio: ratio(ring, behind)};
}"""
)
"""The focused element's outline against what lies behind it (its parent's background)."""

EMPTY_SLOTS = (
    "() => {"
    + _HELPERS
    + """
    return [...document.querySelectorAll("#table .pile:not(:has(.card)) > .slot")].map((slot) => {
        const felt = backgroundOf(slot.parentElement);
        const inside = backgroundOf(slot);
        const edge = over(parse(getComputedStyle(slot).borderTopColor), felt);
        return {pile: slot.dataset.pile, ratio: Math.min(ratio(edge, felt), ratio(edge, inside))};
    });
}"""
)
"""Each empty pile's outline against the table outside it and the slot's own fill inside."""


def focus_ring_ratio(page: Page) -> dict[str, object]:
    found: dict[str, object] = page.evaluate(FOCUS_RING)
    return found


def empty_slot_ratios(page: Page) -> list[dict[str, object]]:
    found: list[dict[str, object]] = page.evaluate(EMPTY_SLOTS)
    return found
