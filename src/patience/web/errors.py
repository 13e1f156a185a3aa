"""The server's refusals: an HTTP status, a stable code and its parameters, worded per language.

Nothing in an error is English until it is answered: :func:`error_text` words the code and
its parameters in the language of the request, and the same table titles the error pages.

>>> error_text("bad_deal", {"game": "freecell", "deal": "0", "last": "2147483647"}, "de")
'FreeCell-Spiele sind von 1 bis 2147483647 nummeriert, „0“ gehört nicht dazu.'
>>> error_title(503, "en")
'Back in a moment'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from patience.games import GAMES
from patience.web.rules_text.words import say
from patience.web.wire import State

_Text = tuple[str, str]

TEXTS: MappingProxyType[str, _Text] = MappingProxyType(
    {
        "bad_json": (
            "The request body is not valid JSON: {detail}",
            "Der Inhalt der Anfrage ist kein gültiges JSON: {detail}",
        ),
        "bad_request": (
            "The request does not fit: {detail}",
            "Die Anfrage passt nicht: {detail}",
        ),
        "too_large": (
            "The request body is larger than {limit} bytes.",
            "Der Inhalt der Anfrage ist größer als {limit} Bytes.",
        ),
        "unknown_game": ("There is no game “{game}”.", "Es gibt kein Spiel „{game}“."),
        "bad_option": (
            "{name}: “{option}” must be one of {choices}, not “{value}”.",
            "{name}: „{option}“ muss {choices} sein, nicht „{value}“.",
        ),
        "unknown_option": (
            "{name} has no option “{option}”.",
            "{name} hat keine Einstellung „{option}“.",
        ),
        "bad_deal": (
            "{name} deals are numbered from 1 to {last}; “{deal}” is not one of them.",
            "{name}-Spiele sind von 1 bis {last} nummeriert, „{deal}“ gehört nicht dazu.",
        ),
        "unknown_kind": (
            "“{kind}” is not a kind of deal; ask for one of {kinds}.",
            "Eine Art von Spiel namens „{kind}“ gibt es nicht; möglich sind {kinds}.",
        ),
        "no_pool": (
            "{name} has no {kind} deals to choose from; it offers {kinds}.",
            "Für {name} stehen keine Spiele der Art „{kind}“ zur Wahl; möglich sind {kinds}.",
        ),
        "kind_with_deal": (
            "Ask for a deal number or for a kind of deal, not both.",
            "Bitte nenne entweder eine Spielnummer oder eine Art von Spiel, nicht beides.",
        ),
        "no_such_game": ("There is no game with this id.", "Zu dieser Kennung gibt es kein Spiel."),
        "not_your_game": (
            "This game belongs to another player.",
            "Dieses Spiel gehört jemand anderem.",
        ),
        "not_started": (
            "This game has no moves yet, so there is nothing to give up.",
            "In diesem Spiel wurde noch nicht gezogen, es gibt nichts aufzugeben.",
        ),
        "stale": (
            "The game has changed since; here is its current state.",
            "Das Spiel hat sich inzwischen geändert; hier ist sein aktueller Stand.",
        ),
        "broken_game": (
            "This game's stored moves no longer replay, so it cannot go on. "
            "Please start a new deal.",
            "Die gespeicherten Züge dieses Spiels lassen sich nicht mehr nachspielen, darum "
            "kann es nicht weitergehen. Bitte beginne ein neues Spiel.",
        ),
        "unavailable": (
            "The game store cannot be written or read just now; nothing was changed. "
            "Please try again in a moment.",
            "Der Spielspeicher ist gerade nicht erreichbar; es wurde nichts geändert. "
            "Bitte versuche es gleich noch einmal.",
        ),
        "damaged": (
            "The game store is damaged and must be repaired before games can go on; nothing "
            "was changed. Please come back later.",
            "Der Spielspeicher ist beschädigt und muss repariert werden, bevor es weitergehen "
            "kann; es wurde nichts geändert. Bitte schau später wieder vorbei.",
        ),
        "rate_limited": (
            "Too many requests in a short time; please wait {retry_after} s and try again.",
            "Zu viele Anfragen in kurzer Zeit; bitte warte {retry_after} s und versuche es "
            "noch einmal.",
        ),
        "cross_origin": (
            "This request came from another site and was refused; nothing was changed.",
            "Diese Anfrage kam von einer anderen Seite und wurde abgelehnt; es wurde nichts "
            "geändert.",
        ),
        "busy": (
            "Every solver is at work just now; please ask again in {retry_after} s.",
            "Alle Löser rechnen gerade; bitte frag in {retry_after} s noch einmal.",
        ),
        "review_in_play": (
            "This game is still being played; its review opens once it is won, lost or given up.",
            "Dieses Spiel läuft noch; die Auswertung gibt es, sobald es gewonnen, verloren "
            "oder aufgegeben ist.",
        ),
        "no_such_position": (
            "This game has no position {index}.",
            "Dieses Spiel hat keine Stellung {index}.",
        ),
        "no_such_duel": ("There is no duel with this id.", "Zu dieser Kennung gibt es kein Duell."),
        "bad_nickname": (
            "A nickname needs 1 to {most} letters, digits or signs.",
            "Ein Spitzname braucht 1 bis {most} Buchstaben, Ziffern oder Zeichen.",
        ),
        "seat_taken": (
            "Both seats of this duel are taken; you can watch it.",
            "Beide Plätze dieses Duells sind besetzt; du kannst zuschauen.",
        ),
        "not_in_duel": (
            "You do not play in this duel; you can watch it.",
            "Du spielst in diesem Duell nicht mit; du kannst zuschauen.",
        ),
        "duel_waiting": (
            "The duel starts once someone takes the other seat.",
            "Das Duell beginnt, sobald jemand den zweiten Platz einnimmt.",
        ),
        "seat_over": (
            "Your game in this duel has ended ({finish}); no more moves.",
            "Dein Spiel in diesem Duell ist zu Ende ({finish}); es gibt keine Züge mehr.",
        ),
        "undo_off": (
            "This duel was set up without undo.",
            "Dieses Duell wurde ohne Zurücknehmen vereinbart.",
        ),
        "bad_day": (
            "“{day}” is not a day; write it as YYYY-MM-DD.",
            "„{day}“ ist kein Tag; bitte als JJJJ-MM-TT schreiben.",
        ),
        "no_such_day": (
            "The daily deals of {day} are not out yet.",
            "Die Tagesspiele vom {day} gibt es noch nicht.",
        ),
        "daily_not_prepared": (
            "The daily deal of {day} is not ready yet; try again in a while.",
            "Das Tagesspiel vom {day} ist noch nicht bereit; versuch es später noch einmal.",
        ),
        "daily_past": (
            "The daily deal of {day} is over: play it as an ordinary deal, unranked.",
            "Das Tagesspiel vom {day} ist vorbei: du kannst es als gewöhnliches Spiel ohne "
            "Wertung spielen.",
        ),
        "daily_played": (
            "You have had your ranked attempt at this deal today; you can practise it now.",
            "Deinen gewerteten Versuch an diesem Spiel hattest du heute schon; jetzt kannst du "
            "es zum Üben spielen.",
        ),
        "daily_ranked_first": (
            "Practice opens once your ranked attempt at this deal has ended.",
            "Üben kannst du, sobald dein gewerteter Versuch an diesem Spiel zu Ende ist.",
        ),
        "daily_over": (
            "The day of this deal is over; the attempt stands as it was.",
            "Der Tag dieses Spiels ist vorbei; der Versuch bleibt, wie er war.",
        ),
        "daily_in_play": (
            "This game belongs to today's daily deal; its replay opens once your own ranked "
            "attempt has ended, or tomorrow.",
            "Dieses Spiel gehört zum heutigen Tagesspiel; die Wiederholung gibt es, sobald dein "
            "eigener gewerteter Versuch zu Ende ist, oder morgen.",
        ),
        "daily_sealed": (
            "Today's daily deal stays sealed until the day is over; practise it from its page.",
            "Das heutige Tagesspiel bleibt bis zum Ende des Tages verdeckt; zum Üben geht es über "
            "seine Seite.",
        ),
        "nickname_taken": (
            "Someone on this board is already called “{nickname}”; choose another name.",
            "Auf dieser Rangliste heißt schon jemand „{nickname}“; wähle einen anderen Namen.",
        ),
        "no_such_entry": (
            "There is no such daily attempt.",
            "Diesen Tagesspiel-Versuch gibt es nicht.",
        ),
        "not_your_entry": (
            "This daily attempt is someone else's.",
            "Dieser Tagesspiel-Versuch gehört jemand anderem.",
        ),
        "entry_over": (
            "This attempt has ended; no more moves.",
            "Dieser Versuch ist zu Ende; es gibt keine Züge mehr.",
        ),
        "entry_in_play": (
            "The share card is ready once the attempt has ended.",
            "Die Karte zum Teilen gibt es, sobald der Versuch zu Ende ist.",
        ),
        "no_undo_ranked": (
            "A ranked attempt is played without undo.",
            "Ein gewerteter Versuch wird ohne Zurücknehmen gespielt.",
        ),
        "bad_transfer_code": (
            "That transfer code does not work: check it, or make a new one in the other browser.",
            "Dieser Übertragungscode funktioniert nicht: prüfe ihn oder erstelle im anderen "
            "Browser einen neuen.",
        ),
        "duel_turn": (
            "{name} plays this deal first; the seat opens once that game has ended.",
            "{name} spielt diese Partie zuerst; der Platz wird frei, sobald dieses Spiel zu "
            "Ende ist.",
        ),
        "seat_kept": (
            "This rematch is kept for the players of the duel before it; you can watch it.",
            "Diese Revanche ist den Spielenden des Duells davor vorbehalten; du kannst zuschauen.",
        ),
        "duel_expired": (
            "This challenge has expired: nobody took it up in time.",
            "Diese Herausforderung ist abgelaufen: niemand hat sie rechtzeitig angenommen.",
        ),
        "no_sealed_deal": (
            "No sealed {kind} deal was found this time; try again, or ask for another kind.",
            "Diesmal fand sich kein verdecktes Spiel der Art „{kind}“; versuch es noch einmal "
            "oder wähle eine andere Art.",
        ),
        "duel_in_play": (
            "This game belongs to a duel still being played; its review opens when the duel ends.",
            "Dieses Spiel gehört zu einem laufenden Duell; die Auswertung gibt es, wenn das "
            "Duell zu Ende ist.",
        ),
        "not_found": ("There is no such page.", "Diese Seite gibt es nicht."),
        "method_not_allowed": (
            "This address does not take that kind of request.",
            "Diese Adresse nimmt diese Art von Anfrage nicht an.",
        ),
        "internal": (
            "Something went wrong on the server; nothing you did was lost.",
            "Auf dem Server ist etwas schiefgegangen; nichts von dem, was du getan hast, "
            "ist verloren.",
        ),
    }
)
"""Every error code the server answers with, in English and German."""

TITLES: MappingProxyType[int, _Text] = MappingProxyType(
    {
        400: ("This address is not quite right", "Diese Adresse stimmt nicht ganz"),
        403: ("Not allowed", "Nicht erlaubt"),
        404: ("Page not found", "Seite nicht gefunden"),
        405: ("Not allowed", "Nicht erlaubt"),
        410: ("This game cannot go on", "Dieses Spiel kann nicht weitergehen"),
        413: ("Too large", "Zu groß"),
        429: ("Too many requests", "Zu viele Anfragen"),
        500: ("Something went wrong", "Etwas ist schiefgegangen"),
        503: ("Back in a moment", "Gleich wieder da"),
    }
)
"""The title of an error page, by status."""


class ApiError(Exception):
    """A rejected request; nothing stored was changed.

    ``state`` gives the game's State in a language, so the browser resyncs. ``text`` names
    the wording in :data:`TEXTS` (the code's own by default); ``wording``, when given, words
    the refusal itself (the engine's refusals are worded by the rules texts).
    """

    def __init__(
        self,
        status: int,
        code: str,
        params: Mapping[str, str] | None = None,
        state: Callable[[str], State] | None = None,
        *,
        text: str | None = None,
        wording: Callable[[str], str] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.params = dict(params or {})
        self.state = state
        self.text = text or code
        self.wording = wording
        self.headers = dict(headers or {})

    def message(self, lang: str) -> str:
        """What the refusal says, in ``lang``."""
        if self.wording is not None:
            return self.wording(lang)
        return error_text(self.text, self.params, lang)


def error_text(text: str, params: Mapping[str, str], lang: str) -> str:
    """The wording ``text`` of :data:`TEXTS` in ``lang``, filled in with ``params``.

    A game id in ``params["game"]`` is also given as ``name``, the game's name in ``lang``.
    """
    en, de = TEXTS[text]
    values = dict(params)
    game = GAMES.get(values.get("game", ""))
    values.setdefault("name", game.names[lang] if game is not None else values.get("game", ""))
    if "choices" in values and lang == "de":  # "1, 3, unlimited" → "1, 3 oder unlimited"
        values["choices"] = " oder ".join(values["choices"].rsplit(", ", 1))
    return say(lang, en, de).format_map(values)


def error_title(status: int, lang: str) -> str:
    """The title of an error page with this status (a generic one for any other)."""
    en, de = TITLES.get(status, TITLES[500] if status >= 500 else TITLES[400])
    return say(lang, en, de)
