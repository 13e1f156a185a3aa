"""Where the browser, axe-core and the artifacts live; viewports and start-up settings."""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = ROOT / "artifacts" / "e2e"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
NO_AUTOPLAY = """
const key = 'patience.settings';
const kept = JSON.parse(localStorage.getItem(key) || '{}');
localStorage.setItem(key, JSON.stringify({...kept, autoplay: false}));
"""
