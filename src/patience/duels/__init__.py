"""Skill duels: two players on the same deal, decided by rules that read only their moves.

The parts here are pure (engine and scoring, no I/O): how a seat's game stands
(:mod:`~patience.duels.standing`), which of two standings wins (:mod:`~patience.duels.result`)
and the server's clock (:mod:`~patience.duels.clock`). The web app stores duels and serves them.
"""
