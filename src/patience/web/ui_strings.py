"""The user-interface strings of the web pages, in English and German.

Templates get one language's table as ``t``; the game page also embeds it as JSON so the
browser script labels cards, piles and announcements in the page's language. Placeholders in
braces (``{rank}``) are filled by the script. A counted phrase has two keys, ``…_one`` for a
count of 1 and ``…_other`` for any other count (English and German share this rule).
"""

from __future__ import annotations

from patience.web.daily_strings import DAILY_DE, DAILY_EN

LANGS = ("en", "de")

_EN: dict[str, str] = {
    "site_name": "Patience",
    "site_tagline": "Card games to play in your browser. Free, no signup.",
    "nav_lobby": "All games",
    "nav_stats": "Statistics",
    "lang_switch": "Deutsch",
    "lang_switch_label": "Diese Seite auf Deutsch",
    "skip_to_table": "Skip to the table",
    "lobby_title": "Choose a game",
    "lobby_intro": (
        "Every game is free to play at once. Your games are kept for this browser, no signup."
    ),
    "continue_title": "Go on playing",
    "skill": "Luck or skill",
    "difficulty": "Difficulty",
    "grade_easy": "easy",
    "grade_medium": "medium",
    "grade_hard": "hard",
    "grade_expert": "very hard",
    "grade_winnable": "luck decides",
    "difficulty_note": (
        "Difficulty is how much searching our solver, which sees every card, needs for a "
        "typical winnable deal: easy, medium, hard or very hard. Where luck decides, choices "
        "matter little. Shown once enough deals have been measured."
    ),
    "win_rate": "Winnable deals (solver, all cards known)",
    "unknown": "not known yet",
    "decks_1": "one pack",
    "decks_2": "two packs",
    "skill_mostly_luck": "mostly luck",
    "skill_mixed": "luck and skill",
    "skill_mostly_skill": "mostly skill",
    "play": "Play",
    "layout_picture": "Layout of {name}",
    # game page
    "table_label": "Card table",
    "deal": "Deal",
    "deal_number": "Deal {deal}",
    "share": "Copy link",
    "share_done": "Link copied",
    "deal_choose": "Deal number",
    "deal_open": "Play this deal",
    "deal_invalid": "Enter a whole number from 1 to {last}.",
    "undo": "Undo",
    "redo": "Redo",
    "restart": "Restart",
    "new_game": "New deal",
    "deal_kind": "Kind of deal",
    "kind_any": "Any deal",
    "kind_winnable": "Winnable",
    "kind_easy": "Easy",
    "kind_medium": "Medium",
    "kind_hard": "Hard",
    "kind_expert": "Expert",
    "deal_kind_number": "Deal {deal} ({kind})",
    "hint": "Hint",
    "redeal": "Redeal",
    "hint_none": "No hint: there is no move left.",
    "hint_heuristic": "A suggestion only (not checked by the solver).",
    "hint_solver": "This move keeps the game winnable.",
    "hint_move": "Hint: {move}",
    "hint_stock": "use the stock.",
    "hint_redeal_recycle_waste": "turn the stock over.",
    "hint_redeal_gather_tableau": "gather the piles and deal them again.",
    "hint_remove": "remove {cards}.",
    "options": "Options",
    "option_draw": "Cards drawn",
    "option_passes": "Passes through the stock",
    "option_suits": "Suits",
    "choice_unlimited": "unlimited",
    "apply_options": "Play with these options",
    "settings": "Settings",
    "setting_autoplay": "Play safe moves to the foundation by itself",
    "setting_large_index": "Large card index",
    "setting_four_colour": "Four-colour suits",
    "setting_left_handed": "Left-handed (mirror the table)",
    "setting_show_timer": "Show timer",
    "setting_show_moves": "Show moves",
    "setting_show_score": "Show score",
    "setting_single_keys": "Letter keys as shortcuts (on the table)",
    "setting_score_profile": "Scoring",
    "setting_card_size": "Card size",
    "card_size_small": "Small",
    "card_size_medium": "Medium",
    "card_size_large": "Large",
    "setting_theme": "Theme",
    "theme_system": "As the system",
    "theme_light": "Light",
    "theme_dark": "Dark",
    "timer": "Time",
    "moves": "Moves",
    "score": "Score",
    "redeals_left": "Redeals left",
    "rules": "Rules",
    "related": "Related games",
    "won_title": "You won!",
    "won_text": "Deal {deal} solved: {moves} in {time}.",
    "won_score": "Score: {score}.",
    "lost_title": "No more moves",
    "lost_text": "There is no move left. Undo a few moves, restart this deal or start a new one.",
    "lost_text_start": "This deal has no move from the start. Start a new one.",
    "autocomplete": "Finish the game",
    "close": "Close",
    "cancel": "Cancel",
    "confirm_restart": "Start this deal again from the beginning? Your moves are taken back.",
    "confirm_restart_yes": "Restart",
    "confirm_new": "Give up this game and start a new deal? It counts as lost.",
    "confirm_new_yes": "Give up and deal",
    "no_moves_yet": "Nothing to take back: no move has been made in this deal yet.",
    "error_network": "The server did not answer. Please try again.",
    "resynced": "The game was changed elsewhere; the table shows its current state.",
    # accessible labels
    "card_label": "{rank} of {suit}",
    "card_down": "face-down card",
    "card_position": "{card}, card {n} of {total}",
    "card_covered": "covered, not free",
    "pile_empty": "empty",
    "count_cards_one": "{count} card",
    "count_cards_other": "{count} cards",
    "count_moves_one": "{count} move",
    "count_moves_other": "{count} moves",
    "pile_label": "{pile}, {content}",
    "kind_tableau": "Pile {code}",
    "kind_pyramid": "Place {code}",
    "kind_foundation": "Foundation {code}",
    "kind_cell": "Cell {code}",
    "kind_reserve": "Reserve {code}",
    "kind_stock": "Stock",
    "kind_waste": "Waste",
    "kind_heap": "Discard heap",
    "stock_draw": "draw",
    "stock_redeal_recycle_waste": "turn over",
    "stock_redeal_gather_tableau": "redeal",
    "held": "Holding {card}. Choose where to put it.",
    "held_cancel": "Put back.",
    "announce_move": "{card} to {pile}.",
    "announce_remove": "Removed {cards}.",
    "announce_stock": "Dealt from the stock.",
    "announce_redeal_recycle_waste": "Stock turned over.",
    "announce_redeal_gather_tableau": "Piles gathered and dealt again.",
    "announce_uncovered": "Uncovered {cards}.",
    "announce_undo": "Move undone.",
    "announce_redo": "Move redone.",
    "announce_restart": "Deal restarted.",
    "and": "and",
    "keys_help": (
        "Keys: arrows move between piles and cards, Enter or Space picks up and puts down, "
        "Esc cancels, u undoes, h gives a hint."
    ),
    "keys_deal": "s, or a click or tap on the stock, deals from it.",
    "keys_redeal_stock": "r, or a click or tap on the empty stock, {redeal}.",
    "keys_redeal_button": "r or the Redeal button {redeal}.",
    "redeal_recycle_waste": "turns the waste over into a new stock",
    "redeal_gather_tableau": "gathers the piles and deals them again",
    "index_1": "A",
    "index_11": "J",
    "index_12": "Q",
    "index_13": "K",
    "rank_1": "ace",
    "rank_11": "jack",
    "rank_12": "queen",
    "rank_13": "king",
    "suit_C": "clubs",
    "suit_D": "diamonds",
    "suit_H": "hearts",
    "suit_S": "spades",
    # stats
    "stats_title": "Your statistics",
    "stats_empty": "You have not finished a game yet.",
    "stats_game": "Game",
    "stats_options": "Options",
    "stats_played": "Played",
    "stats_won": "Won",
    "stats_win_percent": "Win %",
    "stats_streak": "Streak",
    "stats_best_streak": "Best streak",
    "stats_best_time": "Best time",
    "stats_fewest_moves": "Fewest moves",
    "stats_export_csv": "Download as CSV",
    "stats_export_json": "Download as JSON",
    "stats_reset": "Reset statistics…",
    "stats_reset_title": "Reset your statistics?",
    "stats_reset_text": (
        "Every figure starts again from zero: only games you start from now on count. The games "
        "you played stay stored. This cannot be undone."
    ),
    "stats_reset_confirm": "Reset",
    "stats_reset_failed": "The statistics could not be reset. Please try again.",
    # errors
    "error_back": "Back to all games",
    "review_title": "Review: {name}, deal {deal}",
    "review_title_sealed": "Replay: {name}, today's daily deal",
    "review_intro": (
        "Step through the game's moves. The band shows, for each position, whether it could "
        "still be won, was proven lost, or stayed unknown within the solver's budget."
    ),
    "review_every_card_known": (
        "The verdicts see every card, also those that were face down or in the stock during play."
    ),
    "review_running": "The solver is reviewing the game…",
    "review_busy": "Every solver is busy just now; trying again in a moment…",
    "review_done": "Review complete.",
    "review_partial": "Review done within the budget; the positions left unknown are unmarked.",
    "review_failed": "The review stopped before the end. Reload the page to try again.",
    "review_toolbar": "Step through the game",
    "review_first": "Deal",
    "review_back": "Back",
    "review_forward": "Forward",
    "review_last": "Last move",
    "review_slider": "Position",
    "review_at_deal": "The deal: {verdict}",
    "review_at_move": "After move {n} of {total}, {move}: {verdict}",
    "review_band": "Verdicts along the game",
    "review_band_summary": (
        "{winnable} positions winnable, {lost} proven lost, {unknown} unknown, {pending} "
        "still to judge."
    ),
    "verdict_winnable": "still winnable",
    "verdict_lost": "proven lost",
    "verdict_unknown": "unknown",
    "verdict_pending": "not judged yet",
    "review_moves": "Moves",
    "mark_losing": "Losing move: no win was left after it.",
    "mark_losing_stuck": "Losing move: no move was left after it.",
    "mark_instead": "{move} kept a win.",
    "mark_only": "The only winning move.",
    "mark_fewer": "Left a single winning move (there were {count}).",
    "mark_fewer_several": "Left a single winning move (there were several).",
    "announce_losing": "Losing move found: move {n}, {move}.",
    "luck_mistake": (
        "By what you could see, a mistake: with the {unseen} cards you had not seen dealt "
        "again {worlds} ways, it threw away a win in {lost} of them."
    ),
    "luck_unlucky": (
        "By what you could see, bad luck: with the {unseen} cards you had not seen dealt again "
        "{worlds} ways, it threw away a win in only {lost}; in {kept} a win was left, and "
        "{no_win} had none to lose."
    ),
    "luck_open": (
        "Whether you could have seen it coming stays open: with the {unseen} cards you had not "
        "seen dealt again {worlds} ways, {unknown} stayed unknown within the budget."
    ),
    "luck_known": "You could tell every card here, so this was a mistake.",
    "review_go_losing": "Show the last winnable position",
    "review_practice": "Try again from here",
    "review_line": "Show me a way",
    "review_line_none": "No winning line from here was found within the budget.",
    "review_line_shown": "A winning line from this position: {count} moves. Step through it.",
    "review_line_exit": "Back to my game",
    "review_count": "How many winning moves?",
    "review_count_text": "{winning} of {total} different moves keep a win here.",
    "review_count_unknown": "{unknown} stayed unknown within the budget.",
    "review_working": "Searching…",
    "review_record": "Game record",
    "review_record_note": "One line of text: patience review --record FILE reads it back.",
    "review_copy": "Copy",
    "review_copied": "Copied.",
    "review_link": "Review this game",
    "stats_recent": "Recent games",
    "stats_won_assisted": "{count} with help",
    "setting_still_winnable": (
        "Say after each move whether the game can still be won (counts as help)"
    ),
    "winnable_winnable": "Still winnable.",
    "winnable_lost": "No win is left from here.",
    "winnable_unknown": "Winnable? Unknown within the budget.",
    "winnable_asking": "Winnable? Checking…",
    "stats_recent_review": "Review",
    "outcome_won": "won",
    "outcome_lost": "lost",
    "outcome_abandoned": "given up",
    # ---- duels: the duel page and the challenge form (issue 15)
    "duel_title": "Duel: {name}",
    "duel_intro": "Two players, the same deal, the same clock: the better game wins.",
    "duel_settings": "This duel",
    "duel_game": "Game",
    "duel_options": "Options",
    "duel_cards": "Cards",
    "duel_cards_open": "all open to both players",
    "duel_cards_closed": (
        "as in a normal game: face-down and stock cards stay hidden, and the deal stays sealed "
        "until the duel ends"
    ),
    "duel_clock": "Clock",
    "duel_clock_minutes": "{minutes} minutes for each player",
    "duel_clock_none": "none",
    "duel_mode": "Play",
    "duel_mode_live": "both at once",
    "duel_mode_turns": "in turn: {name} first, then the opponent within {time}",
    "duel_hours_one": "{count} hour",
    "duel_hours_other": "{count} hours",
    "duel_turn_link": (
        "Send this link to the person you challenge: they play the same deal once your game "
        "has ended, within {time}."
    ),
    "duel_watching_turn": "{name} plays this deal first; the free seat opens when that game ends.",
    "duel_result_expired": "Nobody took up the challenge in time.",
    "duel_split": "The two games went apart at move {n}: {plays}.",
    "duel_split_played": "{name} played {move}",
    "duel_split_ended": "{name}'s game had ended after move {n}",
    "duel_split_no_move": "{name} made no move",
    "duel_go_split": "Show that move",
    "duel_replay_at": "Move {n} of {total}",
    "duel_replay_deal": "The deal",
    "duel_replay_done": "the game ended after move {n}",
    "duel_series": "Series",
    "duel_series_round": "Round {round} of at most {best_of}: {names} {score}.",
    "duel_series_won": "{name} wins the series.",
    "duel_rematch": "Rematch on a new deal",
    "duel_next_round": "Next round",
    "duel_go_next": "Go to the next duel",
    "challenge_best_of": "Rounds",
    "challenge_best_of_1": "One duel",
    "challenge_best_of_3": "Best of 3",
    "challenge_best_of_5": "Best of 5",
    "challenge_mode": "Play",
    "challenge_mode_live": "Both at once",
    "challenge_mode_turns": "In turn: I play first",
    "challenge_deadline": "Time for the opponent (in turn)",
    "challenge_hours": "{hours} h",
    "duel_undo": "Undo",
    "duel_undo_yes": "allowed",
    "duel_undo_no": "not allowed",
    "duel_grade": "Difficulty of the deal",
    "duel_challenger": "{name} is waiting for an opponent.",
    "duel_join_title": "Take the free seat",
    "duel_nickname": "Your nickname",
    "duel_nickname_note": "1 to 24 characters; your opponent sees it.",
    "duel_join": "Take the seat and start",
    "duel_waiting": "Waiting for an opponent. Send this link to the person you challenge:",
    "duel_link": "Link to this duel",
    "duel_copy": "Copy link",
    "duel_copied": "Link copied.",
    "duel_watching": "Both seats are taken: you are watching.",
    "duel_players": "Players",
    "duel_you": "{name} (you)",
    "duel_moves": "Moves",
    "duel_home": "Cards home",
    "duel_time_left": "Time left",
    "duel_time_used": "Time",
    "duel_state": "State",
    "duel_playing": "playing",
    "duel_seat_free": "free seat",
    "duel_finish_won": "won",
    "duel_finish_resigned": "resigned",
    "duel_finish_time": "time up",
    "duel_progress": "{name}: {moves}, {home} cards home.",
    "duel_news_won": "{name} has won their game.",
    "duel_news_resigned": "{name} has resigned.",
    "duel_news_time": "{name} has run out of time.",
    "duel_my_game_over": "Your game has ended; the result comes when your opponent's ends too.",
    "duel_resign": "Resign",
    "confirm_resign": "Resign? Your game ends where it stands and is judged as unfinished.",
    "confirm_resign_yes": "Resign",
    "duel_keys_help": (
        "Keys: arrows move between piles and cards, Enter or Space picks up and puts down, "
        "Esc cancels."
    ),
    "duel_keys_help_undo": (
        "Keys: arrows move between piles and cards, Enter or Space picks up and puts down, "
        "Esc cancels, u undoes."
    ),
    "duel_result": "Result",
    "duel_result_win": "{name} wins the duel.",
    "duel_result_draw": "The duel is a draw.",
    "duel_reason_won": "{name} won the game; the other game was left unfinished.",
    "duel_reason_time_won": "Both games were won; {name} was faster.",
    "duel_reason_moves": "Both games were won in the same time; {name} needed fewer moves.",
    "duel_reason_cards_home": "Neither game was won; {name} got more cards home.",
    "duel_reason_points": (
        "Neither game was won and both got as many cards home; {name} scored more points."
    ),
    "duel_reason_time_unfinished": (
        "Neither game was won, with as many cards home and points on both sides; "
        "{name} took less time."
    ),
    "duel_reason_equal": "Both games came out the same in every comparison.",
    "duel_standings": "Standings",
    "duel_won": "Won",
    "duel_points": "Points",
    "duel_yes": "yes",
    "duel_no": "no",
    "duel_tables": "Both games, move by move",
    "duel_table_of": "The game of {name}",
    "duel_review": "Review the game of {name}",
    "duel_rules_title": "How a duel is decided",
    "duel_rules_won": (
        "A won game beats an unfinished one. A game is unfinished when its player resigns, "
        "runs out of time or is still short of the win when the other game has ended."
    ),
    "duel_rules_both_won": (
        "When both games are won, the faster one wins; at equal times, the one with fewer moves."
    ),
    "duel_rules_unfinished": (
        "When neither is won, the game with more cards home wins; if that is equal, the one "
        "with more points in the game's usual scoring; then the one that took less time."
    ),
    "duel_rules_equal": (
        "Games that are alike in all of this make a draw. The server keeps the clock and "
        "decides from the moves it stored, played through again."
    ),
    "challenge_title": "Challenge someone",
    "challenge_intro": "Play the same deal as someone else. You get a link to send.",
    "challenge_cards": "Cards",
    "challenge_cards_open": "Every card open (skill play)",
    "challenge_cards_closed": "Hidden cards, as in a normal game",
    "challenge_game": "Game",
    "challenge_clock": "Clock",
    "challenge_minutes": "{minutes} minutes",
    "challenge_no_clock": "No clock",
    "challenge_undo": "Allow undo",
    "challenge_kind": "Deal",
    "challenge_submit": "Create the duel",
    # ---- the rules pages: skill play and a way into a duel (issue 15 item 5)
    "rules_start_duel": "Start a duel",
}

_DE: dict[str, str] = {
    "site_name": "Patience",
    "site_tagline": "Kartenspiele für den Browser. Kostenlos, ohne Anmeldung.",
    "nav_lobby": "Alle Spiele",
    "nav_stats": "Statistik",
    "lang_switch": "English",
    "lang_switch_label": "This page in English",
    "skip_to_table": "Zum Spieltisch springen",
    "lobby_title": "Spiel wählen",
    "lobby_intro": (
        "Jedes Spiel lässt sich sofort spielen. Deine Partien bleiben für diesen Browser "
        "gespeichert, ohne Anmeldung."
    ),
    "continue_title": "Weiterspielen",
    "skill": "Glück oder Können",
    "difficulty": "Schwierigkeit",
    "grade_easy": "leicht",
    "grade_medium": "mittel",
    "grade_hard": "schwer",
    "grade_expert": "sehr schwer",
    "grade_winnable": "Glückssache",
    "difficulty_note": (
        "Die Schwierigkeit sagt, wie viel unser Löser, der alle Karten kennt, für eine typische "
        "gewinnbare Partie suchen muss: leicht, mittel, schwer oder sehr schwer. Bei "
        "Glückssache kommt es auf die Entscheidungen kaum an. Sie erscheint, sobald genug "
        "Partien gemessen sind."
    ),
    "win_rate": "Gewinnbare Partien (Solver, alle Karten bekannt)",
    "unknown": "noch unbekannt",
    "decks_1": "ein Spiel Karten",
    "decks_2": "zwei Spiele Karten",
    "skill_mostly_luck": "vor allem Glück",
    "skill_mixed": "Glück und Können",
    "skill_mostly_skill": "vor allem Können",
    "play": "Spielen",
    "layout_picture": "Auslage von {name}",
    "table_label": "Spieltisch",
    "deal": "Partie",
    "deal_number": "Partie {deal}",
    "share": "Link kopieren",
    "share_done": "Link kopiert",
    "deal_choose": "Partienummer",
    "deal_open": "Diese Partie spielen",
    "deal_invalid": "Gib eine ganze Zahl von 1 bis {last} ein.",
    "undo": "Zurück",
    "redo": "Wieder vor",
    "restart": "Neu beginnen",
    "new_game": "Neue Partie",
    "deal_kind": "Art der Partie",
    "kind_any": "Irgendeine Partie",
    "kind_winnable": "Lösbar",
    "kind_easy": "Leicht",
    "kind_medium": "Mittel",
    "kind_hard": "Schwer",
    "kind_expert": "Sehr schwer",
    "deal_kind_number": "Partie {deal} ({kind})",
    "hint": "Tipp",
    "redeal": "Neu verteilen",
    "hint_none": "Kein Tipp: Es gibt keinen Zug mehr.",
    "hint_heuristic": "Nur ein Vorschlag (vom Löser nicht geprüft).",
    "hint_solver": "Mit diesem Zug bleibt die Partie gewinnbar.",
    "hint_move": "Tipp: {move}",
    "hint_stock": "den Talon nutzen.",
    "hint_redeal_recycle_waste": "den Talon umdrehen.",
    "hint_redeal_gather_tableau": "die Stapel einsammeln und neu verteilen.",
    "hint_remove": "{cards} entfernen.",
    "options": "Varianten",
    "option_draw": "Karten pro Zug vom Talon",
    "option_passes": "Durchgänge durch den Talon",
    "option_suits": "Farben",
    "choice_unlimited": "unbegrenzt",
    "apply_options": "Mit diesen Varianten spielen",
    "settings": "Einstellungen",
    "setting_autoplay": "Sichere Züge auf die Grundstapel selbst spielen",
    "setting_large_index": "Große Kartenzeichen",
    "setting_four_colour": "Vier Farben",
    "setting_left_handed": "Linkshändig (Tisch spiegeln)",
    "setting_show_timer": "Zeit zeigen",
    "setting_show_moves": "Züge zeigen",
    "setting_show_score": "Punkte zeigen",
    "setting_single_keys": "Buchstabentasten als Kürzel (am Spieltisch)",
    "setting_score_profile": "Wertung",
    "setting_card_size": "Kartengröße",
    "card_size_small": "Klein",
    "card_size_medium": "Mittel",
    "card_size_large": "Groß",
    "setting_theme": "Darstellung",
    "theme_system": "Wie das System",
    "theme_light": "Hell",
    "theme_dark": "Dunkel",
    "timer": "Zeit",
    "moves": "Züge",
    "score": "Punkte",
    "redeals_left": "Durchgänge übrig",
    "rules": "Regeln",
    "related": "Verwandte Spiele",
    "won_title": "Gewonnen!",
    "won_text": "Partie {deal} gelöst: {moves} in {time}.",
    "won_score": "Punkte: {score}.",
    "lost_title": "Kein Zug mehr möglich",
    "lost_text": (
        "Es gibt keinen Zug mehr. Nimm ein paar Züge zurück, beginne die Partie neu "
        "oder starte eine neue."
    ),
    "lost_text_start": "Diese Partie hat von Anfang an keinen Zug. Starte eine neue.",
    "autocomplete": "Partie zu Ende spielen",
    "close": "Schließen",
    "cancel": "Abbrechen",
    "confirm_restart": (
        "Diese Partie noch einmal von vorn beginnen? Deine Züge werden zurückgenommen."
    ),
    "confirm_restart_yes": "Neu beginnen",
    "confirm_new": "Dieses Spiel aufgeben und eine neue Partie beginnen? Es zählt als verloren.",
    "confirm_new_yes": "Aufgeben und neu geben",
    "no_moves_yet": "Nichts zurückzunehmen: In dieser Partie wurde noch nicht gezogen.",
    "error_network": "Der Server antwortet nicht. Bitte versuche es noch einmal.",
    "resynced": "Die Partie wurde anderswo geändert; der Tisch zeigt den aktuellen Stand.",
    "card_label": "{suit} {rank}",
    "card_down": "verdeckte Karte",
    "card_position": "{card}, Karte {n} von {total}",
    "card_covered": "überdeckt, nicht frei",
    "pile_empty": "leer",
    "count_cards_one": "{count} Karte",
    "count_cards_other": "{count} Karten",
    "count_moves_one": "{count} Zug",
    "count_moves_other": "{count} Züge",
    "pile_label": "{pile}, {content}",
    "kind_tableau": "Stapel {code}",
    "kind_pyramid": "Platz {code}",
    "kind_foundation": "Grundstapel {code}",
    "kind_cell": "Zelle {code}",
    "kind_reserve": "Reserve {code}",
    "kind_stock": "Talon",
    "kind_waste": "Ablagestapel",
    "kind_heap": "Abwurfstapel",
    "stock_draw": "ziehen",
    "stock_redeal_recycle_waste": "umdrehen",
    "stock_redeal_gather_tableau": "neu verteilen",
    "held": "{card} aufgenommen. Wähle, wohin sie soll.",
    "held_cancel": "Zurückgelegt.",
    "announce_move": "{card} auf {pile}.",
    "announce_remove": "{cards} entfernt.",
    "announce_stock": "Vom Talon gegeben.",
    "announce_redeal_recycle_waste": "Talon umgedreht.",
    "announce_redeal_gather_tableau": "Stapel eingesammelt und neu verteilt.",
    "announce_uncovered": "Aufgedeckt: {cards}.",
    "announce_undo": "Zug zurückgenommen.",
    "announce_redo": "Zug wiederholt.",
    "announce_restart": "Partie neu begonnen.",
    "and": "und",
    "keys_help": (
        "Tasten: Pfeile wechseln zwischen Stapeln und Karten, Eingabe oder Leertaste nimmt auf "
        "und legt ab, Esc bricht ab, u nimmt zurück, h gibt einen Tipp."
    ),
    "keys_deal": "s oder ein Klick oder Tippen auf den Talon teilt von ihm aus.",
    "keys_redeal_stock": "r oder ein Klick oder Tippen auf den leeren Talon {redeal}.",
    "keys_redeal_button": "r oder die Schaltfläche „Neu verteilen“ {redeal}.",
    "redeal_recycle_waste": "dreht den Ablagestapel zum neuen Talon um",
    "redeal_gather_tableau": "sammelt die Stapel ein und verteilt sie neu",
    "index_1": "A",
    "index_11": "B",
    "index_12": "D",
    "index_13": "K",
    "rank_1": "Ass",
    "rank_11": "Bube",
    "rank_12": "Dame",
    "rank_13": "König",
    "suit_C": "Kreuz",
    "suit_D": "Karo",
    "suit_H": "Herz",
    "suit_S": "Pik",
    "stats_title": "Deine Statistik",
    "stats_empty": "Du hast noch keine Partie beendet.",
    "stats_game": "Spiel",
    "stats_options": "Varianten",
    "stats_played": "Gespielt",
    "stats_won": "Gewonnen",
    "stats_win_percent": "Gewonnen in %",
    "stats_streak": "Serie",
    "stats_best_streak": "Beste Serie",
    "stats_best_time": "Beste Zeit",
    "stats_fewest_moves": "Wenigste Züge",
    "stats_export_csv": "Als CSV herunterladen",
    "stats_export_json": "Als JSON herunterladen",
    "stats_reset": "Statistik zurücksetzen …",
    "stats_reset_title": "Statistik zurücksetzen?",
    "stats_reset_text": (
        "Alle Werte beginnen wieder bei null: Es zählen nur noch Partien, die du ab jetzt "
        "beginnst. Deine gespielten Partien bleiben gespeichert. Das lässt sich nicht "
        "rückgängig machen."
    ),
    "stats_reset_confirm": "Zurücksetzen",
    "stats_reset_failed": (
        "Die Statistik konnte nicht zurückgesetzt werden. Bitte versuche es noch einmal."
    ),
    "error_back": "Zurück zu allen Spielen",
    "review_title": "Auswertung: {name}, Partie {deal}",
    "review_title_sealed": "Wiederholung: {name}, heutiges Tagesspiel",
    "review_intro": (
        "Geh die Züge der Partie Schritt für Schritt durch. Das Band zeigt für jede Stellung, ob "
        "das Spiel noch zu gewinnen war, sicher verloren war oder im Rahmen des Lösers offen "
        "blieb."
    ),
    "review_every_card_known": (
        "Die Urteile kennen jede Karte, auch die, die beim Spielen verdeckt oder im Stapel lagen."
    ),
    "review_running": "Der Löser wertet das Spiel aus …",
    "review_busy": "Alle Löser rechnen gerade; gleich geht es weiter …",
    "review_done": "Auswertung fertig.",
    "review_partial": (
        "Auswertung im Rahmen des Budgets fertig; offene Stellungen bleiben unmarkiert."
    ),
    "review_failed": (
        "Die Auswertung brach vor dem Ende ab. Lade die Seite neu, um es noch einmal zu versuchen."
    ),
    "review_toolbar": "Durch das Spiel gehen",
    "review_first": "Austeilung",
    "review_back": "Zurück",
    "review_forward": "Weiter",
    "review_last": "Letzter Zug",
    "review_slider": "Stellung",
    "review_at_deal": "Die Austeilung: {verdict}",
    "review_at_move": "Nach Zug {n} von {total}, {move}: {verdict}",
    "review_band": "Urteile entlang des Spiels",
    "review_band_summary": (
        "{winnable} Stellungen zu gewinnen, {lost} sicher verloren, {unknown} offen, "
        "{pending} noch nicht beurteilt."
    ),
    "verdict_winnable": "noch zu gewinnen",
    "verdict_lost": "sicher verloren",
    "verdict_unknown": "offen",
    "verdict_pending": "noch nicht beurteilt",
    "review_moves": "Züge",
    "mark_losing": "Entscheidender Fehler: danach war kein Sieg mehr möglich.",
    "mark_losing_stuck": "Entscheidender Fehler: danach gab es keinen Zug mehr.",
    "mark_instead": "Mit {move} wäre ein Sieg geblieben.",
    "mark_only": "Der einzige Zug, der gewinnen konnte.",
    "mark_fewer": "Danach blieb nur noch ein Gewinnzug (vorher {count}).",
    "mark_fewer_several": "Danach blieb nur noch ein Gewinnzug (vorher mehrere).",
    "announce_losing": "Entscheidender Fehler gefunden: Zug {n}, {move}.",
    "luck_mistake": (
        "Nach dem, was du sehen konntest, ein Fehler: Die {unseen} Karten, die du noch nicht "
        "gesehen hattest, haben wir auf {worlds} Arten neu verteilt; in {lost} davon verspielte "
        "der Zug den Sieg."
    ),
    "luck_unlucky": (
        "Nach dem, was du sehen konntest, Pech: Die {unseen} Karten, die du noch nicht gesehen "
        "hattest, haben wir auf {worlds} Arten neu verteilt; nur in {lost} davon verspielte der "
        "Zug den Sieg, in {kept} blieb einer möglich, in {no_win} gab es ohnehin keinen."
    ),
    "luck_open": (
        "Ob du es hättest ahnen können, bleibt offen: Die {unseen} Karten, die du noch nicht "
        "gesehen hattest, haben wir auf {worlds} Arten neu verteilt; {unknown} davon blieben im "
        "Rahmen des Budgets offen."
    ),
    "luck_known": "Hier konntest du jede Karte kennen, also war es ein Fehler.",
    "review_go_losing": "Letzte gewinnbare Stellung zeigen",
    "review_practice": "Von hier noch einmal versuchen",
    "review_line": "Zeig mir einen Weg",
    "review_line_none": "Von hier fand der Löser im Rahmen seines Budgets keinen Gewinnweg.",
    "review_line_shown": (
        "Ein Gewinnweg von dieser Stellung: {count} Züge. Geh ihn Schritt für Schritt durch."
    ),
    "review_line_exit": "Zurück zu meinem Spiel",
    "review_count": "Wie viele Gewinnzüge gab es?",
    "review_count_text": "{winning} von {total} verschiedenen Zügen halten hier den Sieg offen.",
    "review_count_unknown": "{unknown} blieben im Rahmen des Budgets offen.",
    "review_working": "Suche läuft …",
    "review_record": "Spielprotokoll",
    "review_record_note": "Eine Textzeile: patience review --record DATEI liest sie wieder ein.",
    "review_copy": "Kopieren",
    "review_copied": "Kopiert.",
    "review_link": "Dieses Spiel auswerten",
    "stats_recent": "Letzte Spiele",
    "stats_won_assisted": "{count} mit Hilfe",
    "setting_still_winnable": (
        "Nach jedem Zug sagen, ob das Spiel noch zu gewinnen ist (zählt als Hilfe)"
    ),
    "winnable_winnable": "Noch zu gewinnen.",
    "winnable_lost": "Von hier ist kein Sieg mehr möglich.",
    "winnable_unknown": "Zu gewinnen? Im Rahmen des Budgets offen.",
    "winnable_asking": "Zu gewinnen? Wird geprüft …",
    "stats_recent_review": "Auswertung",
    "outcome_won": "gewonnen",
    "outcome_lost": "verloren",
    "outcome_abandoned": "aufgegeben",
    # ---- Duelle: die Duellseite und das Formular für eine Herausforderung (Issue 15)
    "duel_title": "Duell: {name}",
    "duel_intro": "Zwei Spielende, dieselbe Partie, dieselbe Uhr: das bessere Spiel gewinnt.",
    "duel_settings": "Dieses Duell",
    "duel_game": "Spiel",
    "duel_options": "Optionen",
    "duel_cards": "Karten",
    "duel_cards_open": "für beide alle offen",
    "duel_cards_closed": (
        "wie im normalen Spiel: verdeckte Karten und der Stapel bleiben verborgen, und die "
        "Partie bleibt bis zum Ende des Duells versiegelt"
    ),
    "duel_clock": "Uhr",
    "duel_clock_minutes": "{minutes} Minuten für jede Seite",
    "duel_clock_none": "keine",
    "duel_mode": "Ablauf",
    "duel_mode_live": "beide gleichzeitig",
    "duel_mode_turns": ("nacheinander: zuerst {name}, dann das Gegenüber innerhalb von {time}"),
    "duel_turn_link": (
        "Schick diesen Link an dein Gegenüber: Es spielt dieselbe Partie, sobald dein Spiel zu "
        "Ende ist, innerhalb von {time}."
    ),
    "duel_hours_one": "{count} Stunde",
    "duel_hours_other": "{count} Stunden",
    "duel_watching_turn": (
        "{name} spielt diese Partie zuerst; der freie Platz öffnet sich, wenn dieses Spiel "
        "zu Ende ist."
    ),
    "duel_result_expired": "Niemand hat die Herausforderung rechtzeitig angenommen.",
    "duel_split": "Die beiden Spiele trennten sich bei Zug {n}: {plays}.",
    "duel_split_played": "{name} spielte {move}",
    "duel_split_ended": "das Spiel von {name} war nach Zug {n} zu Ende",
    "duel_split_no_move": "{name} machte keinen Zug",
    "duel_go_split": "Diesen Zug zeigen",
    "duel_replay_at": "Zug {n} von {total}",
    "duel_replay_deal": "Die Austeilung",
    "duel_replay_done": "das Spiel endete nach Zug {n}",
    "duel_series": "Serie",
    "duel_series_round": "Runde {round} von höchstens {best_of}: {names} {score}.",
    "duel_series_won": "{name} gewinnt die Serie.",
    "duel_rematch": "Revanche mit neuer Partie",
    "duel_next_round": "Nächste Runde",
    "duel_go_next": "Zum nächsten Duell",
    "challenge_best_of": "Runden",
    "challenge_best_of_1": "Ein Duell",
    "challenge_best_of_3": "Drei Runden (wer zuerst zwei gewinnt)",
    "challenge_best_of_5": "Fünf Runden (wer zuerst drei gewinnt)",
    "challenge_mode": "Ablauf",
    "challenge_mode_live": "Beide gleichzeitig",
    "challenge_mode_turns": "Nacheinander: ich spiele zuerst",
    "challenge_deadline": "Zeit für das Gegenüber (nacheinander)",
    "challenge_hours": "{hours} Std.",
    "duel_undo": "Zurücknehmen",
    "duel_undo_yes": "erlaubt",
    "duel_undo_no": "nicht erlaubt",
    "duel_grade": "Schwierigkeit der Partie",
    "duel_challenger": "{name} wartet auf ein Gegenüber.",
    "duel_join_title": "Den freien Platz einnehmen",
    "duel_nickname": "Dein Spitzname",
    "duel_nickname_note": "1 bis 24 Zeichen; dein Gegenüber sieht ihn.",
    "duel_join": "Platz nehmen und loslegen",
    "duel_waiting": (
        "Noch fehlt ein Gegenüber. Schick diesen Link an die Person, die du herausforderst:"
    ),
    "duel_link": "Link zu diesem Duell",
    "duel_copy": "Link kopieren",
    "duel_copied": "Link kopiert.",
    "duel_watching": "Beide Plätze sind besetzt: du schaust zu.",
    "duel_players": "Spielende",
    "duel_you": "{name} (du)",
    "duel_moves": "Züge",
    "duel_home": "Karten abgelegt",
    "duel_time_left": "Restzeit",
    "duel_time_used": "Zeit",
    "duel_state": "Stand",
    "duel_playing": "spielt",
    "duel_seat_free": "Platz frei",
    "duel_finish_won": "gewonnen",
    "duel_finish_resigned": "aufgegeben",
    "duel_finish_time": "Zeit abgelaufen",
    "duel_progress": "{name}: {moves}, {home} Karten abgelegt.",
    "duel_news_won": "{name} hat das Spiel gewonnen.",
    "duel_news_resigned": "{name} hat aufgegeben.",
    "duel_news_time": "Die Zeit von {name} ist abgelaufen.",
    "duel_my_game_over": (
        "Dein Spiel ist beendet; das Ergebnis folgt, sobald auch das andere zu Ende ist."
    ),
    "duel_resign": "Aufgeben",
    "confirm_resign": (
        "Wirklich aufgeben? Dein Spiel endet so, wie es steht, und zählt als nicht beendet."
    ),
    "confirm_resign_yes": "Aufgeben",
    "duel_keys_help": (
        "Tasten: Pfeile wechseln zwischen Stapeln und Karten, Eingabe oder Leertaste nimmt auf "
        "und legt ab, Esc bricht ab."
    ),
    "duel_keys_help_undo": (
        "Tasten: Pfeile wechseln zwischen Stapeln und Karten, Eingabe oder Leertaste nimmt auf "
        "und legt ab, Esc bricht ab, u nimmt zurück."
    ),
    "duel_result": "Ergebnis",
    "duel_result_win": "{name} gewinnt das Duell.",
    "duel_result_draw": "Das Duell endet unentschieden.",
    "duel_reason_won": "{name} hat das Spiel gewonnen, das andere blieb unvollendet.",
    "duel_reason_time_won": "Beide haben gewonnen; {name} war schneller.",
    "duel_reason_moves": (
        "Beide haben in derselben Zeit gewonnen; {name} kam mit weniger Zügen aus."
    ),
    "duel_reason_cards_home": "Kein Spiel wurde gewonnen; {name} hat mehr Karten abgelegt.",
    "duel_reason_points": (
        "Kein Spiel wurde gewonnen, Karten abgelegt sind es gleich viele; {name} hat mehr Punkte."
    ),
    "duel_reason_time_unfinished": (
        "Kein Spiel wurde gewonnen, Karten und Punkte sind auf beiden Seiten gleich; "
        "{name} hat weniger Zeit gebraucht."
    ),
    "duel_reason_equal": "Beide Spiele liegen in jedem Vergleich gleichauf.",
    "duel_standings": "Stand am Ende",
    "duel_won": "Gewonnen",
    "duel_points": "Punkte",
    "duel_yes": "ja",
    "duel_no": "nein",
    "duel_tables": "Beide Spiele, Zug für Zug",
    "duel_table_of": "Das Spiel von {name}",
    "duel_review": "Das Spiel von {name} auswerten",
    "duel_rules_title": "Wie ein Duell entschieden wird",
    "duel_rules_won": (
        "Ein gewonnenes Spiel schlägt ein unvollendetes. Unvollendet ist ein Spiel, wenn "
        "aufgegeben wird, die Zeit abläuft oder der Sieg noch fehlt, wenn das andere Spiel "
        "schon zu Ende ist."
    ),
    "duel_rules_both_won": (
        "Sind beide Spiele gewonnen, siegt das schnellere; bei gleicher Zeit das mit weniger Zügen."
    ),
    "duel_rules_unfinished": (
        "Ist keines gewonnen, siegt das Spiel mit mehr abgelegten Karten; sind es gleich "
        "viele, das mit mehr Punkten nach der üblichen Wertung des Spiels; danach das, "
        "welches weniger Zeit gebraucht hat."
    ),
    "duel_rules_equal": (
        "Gleichen sich beide Spiele in all dem, endet das Duell unentschieden. Die Uhr führt "
        "der Server, und er entscheidet aus den gespeicherten Zügen, die er noch einmal "
        "durchspielt."
    ),
    "challenge_title": "Jemanden herausfordern",
    "challenge_intro": (
        "Spiel dieselbe Partie wie dein Gegenüber. Du bekommst einen Link zum Verschicken."
    ),
    "challenge_cards": "Karten",
    "challenge_cards_open": "Alle Karten offen (Können zählt)",
    "challenge_cards_closed": "Verdeckte Karten wie im normalen Spiel",
    "challenge_game": "Spiel",
    "challenge_clock": "Uhr",
    "challenge_minutes": "{minutes} Minuten",
    "challenge_no_clock": "Ohne Uhr",
    "challenge_undo": "Zurücknehmen erlauben",
    "challenge_kind": "Partie",
    "challenge_submit": "Duell anlegen",
    # ---- die Regelseiten: der Skill-Modus und der Weg in ein Duell (Issue 15, Punkt 5)
    "rules_start_duel": "Ein Duell starten",
}

UI_STRINGS: dict[str, dict[str, str]] = {"en": _EN | DAILY_EN, "de": _DE | DAILY_DE}


def ui_strings(lang: str) -> dict[str, str]:
    """A copy of the UI strings of ``lang`` (``en`` or ``de``); ``KeyError`` for any other."""
    return dict(UI_STRINGS[lang])


def counted(t: dict[str, str], key: str, count: int) -> str:
    """A counted phrase of the table ``t``: ``key_one`` for 1, else ``key_other``.

    >>> counted(ui_strings("de"), "count_moves", 1), counted(ui_strings("en"), "count_moves", 3)
    ('1 Zug', '3 moves')
    """
    form = "one" if count == 1 else "other"
    return t[f"{key}_{form}"].replace("{count}", str(count))
