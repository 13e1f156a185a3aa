"""The vocabulary games are written in: piles, builds, stock rules, deals and end conditions."""
