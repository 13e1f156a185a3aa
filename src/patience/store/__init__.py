"""Persistence of players and their games: SQLite by default, PostgreSQL by URL."""
