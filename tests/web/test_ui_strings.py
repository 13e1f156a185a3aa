"""The UI strings: both languages say the same things with the same placeholders."""

from __future__ import annotations

import re

import pytest

from patience.web.ui_strings import LANGS, UI_STRINGS, ui_strings

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_every_language_has_every_key() -> None:
    keys = [set(UI_STRINGS[lang]) for lang in LANGS]
    assert all(k == keys[0] for k in keys)


@pytest.mark.parametrize("key", sorted(UI_STRINGS["en"]))
def test_placeholders_match_and_text_is_not_empty(key: str) -> None:
    english = UI_STRINGS["en"][key]
    for lang in LANGS:
        text = UI_STRINGS[lang][key]
        assert text.strip(), (lang, key)
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english)), (lang, key)


def test_a_copy_is_returned_and_unknown_languages_fail() -> None:
    table = ui_strings("de")
    table["undo"] = "changed"
    assert ui_strings("de")["undo"] == "Zurück"
    with pytest.raises(KeyError):
        ui_strings("fr")


def test_card_names_cover_every_rank_word_and_suit() -> None:
    for lang in LANGS:
        table = ui_strings(lang)
        for key in ("rank_1", "rank_11", "rank_12", "rank_13", *(f"suit_{s}" for s in "CDHS")):
            assert table[key]


def test_counted_phrases_have_both_forms() -> None:
    for lang in LANGS:
        table = UI_STRINGS[lang]
        stems = {key.rsplit("_", 1)[0] for key in table if key.endswith(("_one", "_other"))}
        assert stems, "no counted phrase"
        for stem in stems:
            for form in ("one", "other"):
                assert "{count}" in table[f"{stem}_{form}"], (lang, stem, form)
