"""Patience: patience (solitaire) card games, their rules engine, solvers and web app."""
