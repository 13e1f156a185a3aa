"""The daily deal pages' strings, in English and German (merged into :mod:`ui_strings`).

Placeholders and counted phrases follow the rules of :mod:`patience.web.ui_strings`. Dates
are written from the weekday and month names here (:func:`patience.web.daily_pages.day_text`),
so a page and the share card its script writes say a day alike.
"""

from __future__ import annotations

DAILY_EN: dict[str, str] = {
    "nav_daily": "Daily deal",
    "lobby_daily": "Today's daily deals",
    "lobby_daily_note": "One deal a day for each game, the same for everyone, with a board.",
    "day_text": "{weekday}, {day} {month} {year}",
    **{
        f"weekday_{n}": name
        for n, name in enumerate(
            ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
        )
    },
    **{
        f"weekday_short_{n}": name
        for n, name in enumerate(("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"))
    },
    **{
        f"month_{n}": name
        for n, name in enumerate(
            (
                "January",
                "February",
                "March",
                "April",
                "May",
                "June",
                "July",
                "August",
                "September",
                "October",
                "November",
                "December",
            ),
            start=1,
        )
    },
    # the day's games
    "daily_title": "Daily deals",
    "daily_intro": (
        "Every day each game has one deal, the same for everyone. You get one ranked attempt "
        "at each, and the board ranks everyone who played it."
    ),
    "daily_today": "Today: {day}",
    "daily_next": "Next deals in",
    "daily_next_note": "The day changes at midnight UTC.",
    "daily_not_ready": "not ready yet",
    "daily_attempts_one": "{count} ranked attempt",
    "daily_attempts_other": "{count} ranked attempts",
    "daily_status_none": "not played yet",
    "daily_status_playing": "in play",
    "daily_status_won": "won",
    "daily_status_stuck": "no move left",
    "daily_status_resigned": "resigned",
    "daily_you": "You: {status}",
    "daily_your_attempt": "Your attempt",
    "daily_archive_link": "Past days",
    # streaks and calendar
    "daily_streaks": "Your streaks",
    "daily_streaks_note": (
        "Days in a row with a ranked attempt, and with a win. A streak holds until a whole "
        "day goes by without one."
    ),
    "daily_streaks_none": "Play a daily deal to start a streak.",
    "daily_streak_game": "Game",
    "daily_streak_all": "All games",
    "daily_streak_played": "Days played",
    "daily_streak_best_played": "Best",
    "daily_streak_won": "Days won",
    "daily_streak_best_won": "Best",
    "daily_calendar": "Your last four weeks",
    "daily_cal_won": "won",
    "daily_cal_played": "played, not won",
    "daily_cal_none": "not played",
    "daily_cal_future": "still to come",
    "daily_cal_day": "{date}: {status}",
    # nickname and transfer
    "daily_nickname_title": "Your nickname",
    "daily_nickname": "Nickname",
    "daily_nickname_note": "1 to 24 characters, shown on the boards.",
    "daily_nickname_save": "Save",
    "daily_nickname_saved": "Your nickname is now {name}.",
    "daily_transfer_title": "Play on another device",
    "daily_transfer_intro": (
        "Your attempts, streaks and nickname belong to this browser. A transfer code takes "
        "them to another one: make a code here and enter it there."
    ),
    "daily_transfer_make": "Make a code",
    "daily_transfer_code": "Your transfer code",
    "daily_transfer_once": (
        "It is shown only this once. Making a new code replaces it; anyone who has it can "
        "play as you."
    ),
    "daily_transfer_copy": "Copy the code",
    "daily_transfer_revoke": "Revoke the code",
    "daily_transfer_revoked": "The code no longer works.",
    "daily_redeem": "A code from another browser",
    "daily_redeem_submit": "Use the code",
    "daily_copied": "Copied to the clipboard.",
    # one day's game
    "daily_day_title": "{name}, daily deal of {day}",
    "daily_terms_title": "Before you start",
    "daily_term_once": "You have one ranked attempt at this deal. Once started, it counts.",
    "daily_term_help": "No hints, no “still winnable?” and no undo.",
    "daily_term_clock": (
        "The server's clock counts, from the start to your last move. It does not stop when "
        "you leave the page."
    ),
    "daily_term_end": (
        "The attempt ends when you win, when no move is left, or when you resign. One still "
        "open at midnight UTC is ranked where it stands."
    ),
    "daily_term_practice": (
        "Afterwards you may practise the same deal as often as you like, unranked and with undo."
    ),
    "daily_rank_rule": (
        "How the board ranks: a won game comes before an unfinished one. Among won games, "
        "fewer moves come first, then less time. Among unfinished ones, more cards on the "
        "foundations come first, then less time. Equal results share a rank."
    ),
    "daily_start": "Start my ranked attempt",
    "daily_ranked_play": "Your ranked attempt: no hints, no undo, on the server's clock.",
    "daily_practice_play": "Practice: not ranked, with undo.",
    "daily_time": "Time",
    "daily_resign": "Resign",
    "daily_result_title": "Your result",
    "daily_result_won": "You won in {moves} and {time}.",
    "daily_result_stuck": "No move was left: {home} cards home after {moves}, in {time}.",
    "daily_result_resigned": "You resigned with {home} cards home after {moves}, in {time}.",
    "daily_result_playing": (
        "Your attempt was still open when the day ended: {home} cards home after {moves}."
    ),
    "daily_rank": "Rank {rank} of {count}, better than {percent}% of the field.",
    "daily_share_title": "Share your result",
    "daily_share_copy": "Copy",
    "daily_share_head": "Patience daily · {name} · {day}",
    "daily_share_line": "{status} · {moves} · {time}",
    "daily_share_par": "{moves} (par {par})",
    "daily_share_status_won": "Won",
    "daily_share_status_stuck": "Stuck",
    "daily_share_status_resigned": "Resigned",
    "daily_share_legend": (
        "One mark for each stretch of moves: 🟩 still winnable at its end, 🟥 lost, ⬜ not known."
    ),
    "daily_share_checking": "The solver is still looking at your moves; the marks fill in.",
    "daily_practice": "Practice this deal",
    "daily_practice_note": "Not ranked, with undo, as often as you like.",
    "daily_back": "Back to the day's result",
    "daily_practice_won": "You won this practice game.",
    "daily_practice_stuck": "No move is left in this practice game.",
    "daily_board_title": "Board",
    "daily_board_during": "While the day lasts, the board holds the attempts that have ended.",
    "daily_board_empty": "No attempt has ended yet.",
    "daily_board_rank": "Rank",
    "daily_board_player": "Player",
    "daily_board_result": "Result",
    "daily_board_replay": "Replay",
    "daily_board_replay_of": "Replay: {name}",
    "daily_board_you": "{name} (you)",
    "daily_board_shown": "{count} attempts in all; the first 100 are shown.",
    "daily_replays_later": "Replays open for you once your own ranked attempt has ended.",
    "daily_field_title": "How the field did",
    "daily_field_won": "Won games by moves",
    "daily_field_unfinished": "Unfinished games by cards home",
    "daily_field_players": "Players",
    "daily_field_none": "None yet.",
    "daily_par": "Par: {moves}, the length of the winning line the solver found.",
    "daily_common_loss": (
        "The most common losing move: move {number} ({move}), in {count} of {reviewed} "
        "reviewed games."
    ),
    "daily_past": "This day is over. Its deal is deal {deal}, free to play for anyone.",
    "daily_past_play": "Play deal {deal} on the game page (not ranked)",
    "daily_not_prepared": "This deal is not ready yet. Please come back a little later.",
    "daily_all_games": "All of today's deals",
    # archive
    "daily_archive_title": "Past daily deals",
    "daily_archive_intro": (
        "The deals of the last 30 days, newest first. A past day's deal is a numbered deal "
        "anyone may play, unranked; its board and replays stay."
    ),
    "daily_archive_empty": "No past days yet.",
}

DAILY_DE: dict[str, str] = {
    "nav_daily": "Tagespartie",
    "lobby_daily": "Die heutigen Tagespartien",
    "lobby_daily_note": "Jeden Tag eine Partie je Spiel, für alle dieselbe, mit Rangliste.",
    "day_text": "{weekday}, {day}. {month} {year}",
    **{
        f"weekday_{n}": name
        for n, name in enumerate(
            ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
        )
    },
    **{
        f"weekday_short_{n}": name
        for n, name in enumerate(("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"))
    },
    **{
        f"month_{n}": name
        for n, name in enumerate(
            (
                "Januar",
                "Februar",
                "März",
                "April",
                "Mai",
                "Juni",
                "Juli",
                "August",
                "September",
                "Oktober",
                "November",
                "Dezember",
            ),
            start=1,
        )
    },
    "daily_title": "Tagespartien",
    "daily_intro": (
        "Jeden Tag hat jedes Spiel eine Partie, für alle dieselbe. Du hast bei jeder einen "
        "gewerteten Versuch, und die Rangliste zeigt alle, die sie gespielt haben."
    ),
    "daily_today": "Heute: {day}",
    "daily_next": "Neue Partien in",
    "daily_next_note": "Der Tag wechselt um Mitternacht UTC.",
    "daily_not_ready": "noch nicht bereit",
    "daily_attempts_one": "{count} gewerteter Versuch",
    "daily_attempts_other": "{count} gewertete Versuche",
    "daily_status_none": "noch nicht gespielt",
    "daily_status_playing": "läuft",
    "daily_status_won": "gewonnen",
    "daily_status_stuck": "kein Zug mehr",
    "daily_status_resigned": "aufgegeben",
    "daily_you": "Du: {status}",
    "daily_your_attempt": "Dein Versuch",
    "daily_archive_link": "Frühere Tage",
    "daily_streaks": "Deine Serien",
    "daily_streaks_note": (
        "Tage in Folge mit einem gewerteten Versuch und mit einem Sieg. Eine Serie hält, bis "
        "ein ganzer Tag ohne vergeht."
    ),
    "daily_streaks_none": "Spiel eine Tagespartie, um eine Serie zu beginnen.",
    "daily_streak_game": "Spiel",
    "daily_streak_all": "Alle Spiele",
    "daily_streak_played": "Tage gespielt",
    "daily_streak_best_played": "Bestwert",
    "daily_streak_won": "Tage gewonnen",
    "daily_streak_best_won": "Bestwert",
    "daily_calendar": "Deine letzten vier Wochen",
    "daily_cal_won": "gewonnen",
    "daily_cal_played": "gespielt, nicht gewonnen",
    "daily_cal_none": "nicht gespielt",
    "daily_cal_future": "kommt noch",
    "daily_cal_day": "{date}: {status}",
    "daily_nickname_title": "Dein Spitzname",
    "daily_nickname": "Spitzname",
    "daily_nickname_note": "1 bis 24 Zeichen, sichtbar in den Ranglisten.",
    "daily_nickname_save": "Speichern",
    "daily_nickname_saved": "Dein Spitzname ist jetzt {name}.",
    "daily_transfer_title": "Auf einem anderen Gerät spielen",
    "daily_transfer_intro": (
        "Deine Versuche, Serien und dein Spitzname gehören zu diesem Browser. Ein "
        "Übertragungscode nimmt sie in einen anderen mit: Erzeuge hier einen Code und gib "
        "ihn dort ein."
    ),
    "daily_transfer_make": "Code erzeugen",
    "daily_transfer_code": "Dein Übertragungscode",
    "daily_transfer_once": (
        "Er wird nur dieses eine Mal gezeigt. Ein neuer Code ersetzt ihn; wer ihn hat, kann "
        "als du spielen."
    ),
    "daily_transfer_copy": "Code kopieren",
    "daily_transfer_revoke": "Code widerrufen",
    "daily_transfer_revoked": "Der Code gilt nicht mehr.",
    "daily_redeem": "Code aus einem anderen Browser",
    "daily_redeem_submit": "Code einlösen",
    "daily_copied": "In die Zwischenablage kopiert.",
    "daily_day_title": "{name}, Tagespartie vom {day}",
    "daily_terms_title": "Bevor du beginnst",
    "daily_term_once": (
        "Du hast bei dieser Partie einen gewerteten Versuch. Sobald er begonnen hat, zählt er."
    ),
    "daily_term_help": "Keine Tipps, kein „Noch gewinnbar?“ und kein Zurücknehmen.",
    "daily_term_clock": (
        "Es zählt die Uhr des Servers, vom Start bis zu deinem letzten Zug. Sie hält nicht "
        "an, wenn du die Seite verlässt."
    ),
    "daily_term_end": (
        "Der Versuch endet, wenn du gewinnst, wenn kein Zug mehr geht oder wenn du aufgibst. "
        "Ein Versuch, der um Mitternacht UTC noch läuft, wird so gewertet, wie er steht."
    ),
    "daily_term_practice": (
        "Danach kannst du dieselbe Partie so oft üben, wie du willst, ohne Wertung und mit "
        "Zurücknehmen."
    ),
    "daily_rank_rule": (
        "So wird gewertet: Eine gewonnene Partie steht vor einer unbeendeten. Unter den "
        "gewonnenen kommen weniger Züge zuerst, dann weniger Zeit. Unter den unbeendeten "
        "kommen mehr Karten auf den Ablagestapeln zuerst, dann weniger Zeit. Gleiche "
        "Ergebnisse teilen sich einen Platz."
    ),
    "daily_start": "Meinen gewerteten Versuch starten",
    "daily_ranked_play": (
        "Dein gewerteter Versuch: ohne Tipps, ohne Zurücknehmen, nach der Uhr des Servers."
    ),
    "daily_practice_play": "Übung: ohne Wertung, mit Zurücknehmen.",
    "daily_time": "Zeit",
    "daily_resign": "Aufgeben",
    "daily_result_title": "Dein Ergebnis",
    "daily_result_won": "Du hast mit {moves} in {time} gewonnen.",
    "daily_result_stuck": ("Kein Zug ging mehr: {home} Karten abgelegt nach {moves}, in {time}."),
    "daily_result_resigned": (
        "Du hast aufgegeben, mit {home} Karten abgelegt nach {moves}, in {time}."
    ),
    "daily_result_playing": (
        "Dein Versuch lief noch, als der Tag zu Ende ging: {home} Karten abgelegt nach {moves}."
    ),
    "daily_rank": "Platz {rank} von {count}, besser als {percent} % des Feldes.",
    "daily_share_title": "Ergebnis teilen",
    "daily_share_copy": "Kopieren",
    "daily_share_head": "Patience-Tagespartie · {name} · {day}",
    "daily_share_line": "{status} · {moves} · {time}",
    "daily_share_par": "{moves} (Par {par})",
    "daily_share_status_won": "Gewonnen",
    "daily_share_status_stuck": "Festgefahren",
    "daily_share_status_resigned": "Aufgegeben",
    "daily_share_legend": (
        "Ein Zeichen je Abschnitt der Züge: 🟩 an seinem Ende noch gewinnbar, 🟥 verloren, "
        "⬜ nicht bekannt."
    ),
    "daily_share_checking": "Der Solver prüft deine Züge noch; die Zeichen kommen nach und nach.",
    "daily_practice": "Diese Partie üben",
    "daily_practice_note": "Ohne Wertung, mit Zurücknehmen, so oft du willst.",
    "daily_back": "Zurück zum Ergebnis des Tages",
    "daily_practice_won": "Du hast diese Übungspartie gewonnen.",
    "daily_practice_stuck": "In dieser Übungspartie geht kein Zug mehr.",
    "daily_board_title": "Rangliste",
    "daily_board_during": (
        "Solange der Tag läuft, zeigt die Rangliste die Versuche, die beendet sind."
    ),
    "daily_board_empty": "Noch ist kein Versuch beendet.",
    "daily_board_rank": "Platz",
    "daily_board_player": "Name",
    "daily_board_result": "Ergebnis",
    "daily_board_replay": "Nachspielen",
    "daily_board_replay_of": "Nachspielen: {name}",
    "daily_board_you": "{name} (du)",
    "daily_board_shown": "{count} Versuche insgesamt; die ersten 100 stehen hier.",
    "daily_replays_later": (
        "Die Partien der anderen kannst du ansehen, sobald dein eigener gewerteter Versuch "
        "beendet ist."
    ),
    "daily_field_title": "Wie das Feld abgeschnitten hat",
    "daily_field_won": "Gewonnene Partien nach Zügen",
    "daily_field_unfinished": "Unbeendete Partien nach abgelegten Karten",
    "daily_field_players": "Anzahl",
    "daily_field_none": "Noch keine.",
    "daily_par": "Par: {moves}, so lang ist der Gewinnweg, den der Solver gefunden hat.",
    "daily_common_loss": (
        "Der häufigste verlierende Zug: Zug {number} ({move}), in {count} von {reviewed} "
        "geprüften Partien."
    ),
    "daily_past": "Dieser Tag ist vorbei. Seine Partie ist Partie {deal}, für alle frei spielbar.",
    "daily_past_play": "Partie {deal} auf der Spielseite spielen (ohne Wertung)",
    "daily_not_prepared": (
        "Diese Partie ist noch nicht bereit. Schau bitte etwas später wieder vorbei."
    ),
    "daily_all_games": "Alle heutigen Partien",
    "daily_archive_title": "Frühere Tagespartien",
    "daily_archive_intro": (
        "Die Partien der letzten 30 Tage, die neuesten zuerst. Die Partie eines vergangenen "
        "Tages ist eine nummerierte Partie, die alle spielen können, ohne Wertung; ihre "
        "Rangliste und die Partien zum Nachspielen bleiben."
    ),
    "daily_archive_empty": "Noch keine früheren Tage.",
}
