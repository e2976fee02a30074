"""A Spanish player's mails from the shell are Spanish: every common mail of a campaign played through the shell
holds no English sentence, its dates are told in Spanish in the campaign's zone, and the English players of the
same campaign get exactly the bytes they would get if nobody read Spanish."""
from __future__ import annotations

from email import message_from_bytes, policy

import pytest
from conftest import run

from pbem import languages, render
from pbem.campaign import Campaign
from tests.support.spanish import english_in, play


@pytest.fixture
def spanish(monkeypatch):
    monkeypatch.setattr(languages, "listed", lambda: {"es": {"name": "español"}})   # its catalogues exist


def mails_to(camp: Campaign, *addresses: str) -> dict[str, str]:
    found = {}
    for path in sorted((camp.folder / "outbox").glob("*.eml")):
        message = message_from_bytes(path.read_bytes(), policy=policy.default)
        if message["To"].addresses[0].addr_spec in addresses:
            found[path.name] = message
    return found


def common_part(name: str, message, camp: Campaign) -> str:
    """The part of the mail the shell's templates write (the game's report and orders are its own folder's)."""
    body = message.get_body(("plain",)).get_content().replace("\r\n", "\n").replace(camp.game.title, "GAME")
    if name.startswith("welcome-"):
        report = (camp.round_dir(0) / "reports" / "ann.txt").read_text("utf-8").replace(camp.game.title, "GAME")
        return body.replace(report, "")
    if "aceptadas" in str(message["Subject"]) or "accepted" in str(message["Subject"]):
        return body.split("\n\n")[0] + "\n" + body.split("\n\n")[1].split("\n")[0]
    return body


def test_a_spanish_players_common_mails_hold_no_english_sentence(tmp_path, spanish):
    camp = play(tmp_path / "war", "es")
    told = mails_to(camp, "ann@example.org", "ann@new.example.org")
    kinds, compared = set(), 0
    for name, message in told.items():
        subject = str(message["Subject"])
        if "Informe de la ronda" in subject and "JSON" not in subject:
            continue   # the report itself is the game's (templates/age_of_war)
        text = common_part(name, message, camp)
        assert english_in(subject) == [], subject
        assert english_in(text) == [], (subject, text)
        kinds.add(subject.split("] ", 1)[-1].split(" ")[0])
        compared += len(text)
    assert len(told) >= 12 and len(kinds) >= 10 and compared > 3000, (sorted(told), kinds)


def test_the_spanish_mails_say_what_the_english_ones_say(tmp_path, spanish):
    camp = play(tmp_path / "war", "es")
    bodies = {str(m["Subject"]): m.get_body(("plain",)).get_content()
              for m in mails_to(camp, "ann@example.org", "ann@new.example.org").values()}
    said = "\n".join(bodies.values())
    assert "línea 3, round: estas órdenes son para la ronda 7, pero la abierta es la ronda 1" in said
    assert "final: final es true o false, sin comillas" in said
    assert "Tu clave secreta es:" in said and "(encontrado en" not in said
    flat = " ".join(said.split())
    assert "Vencen el martes, 3 de marzo de 2026, 13:00 (CET) (2026-03-03T12:00:00Z)." in flat   # the reminder
    assert "vencen el martes, 3 de marzo de 2026, 13:00 (CET) (2026-03-03T12:00:00Z)." in flat   # the footer
    assert "vencen el miércoles, 4 de marzo de 2026, 13:00 (CET) (2026-03-04T12:00:00Z)." in flat   # moved
    assert "más de los 10.485.760 que lee" in flat and "Clasificación:" in said
    assert "ha cambiado de ann@example.org a ann@new.example.org" in " ".join(said.split())
    assert "El máster ha deshecho la ronda 1" in " ".join(said.split())


def test_the_english_players_mails_are_the_same_whatever_ann_reads(tmp_path, spanish):
    spanish_camp = play(tmp_path / "es" / "war", "es")
    english_camp = play(tmp_path / "en" / "war", "en")
    others = ("bob@example.org", "cho@example.org")
    with_spanish, all_english = mails_to(spanish_camp, *others), mails_to(english_camp, *others)
    assert with_spanish.keys() == all_english.keys() and len(with_spanish) >= 8
    for name in with_spanish:
        assert with_spanish[name].as_bytes() == all_english[name].as_bytes(), name
    ann = mails_to(english_camp, "ann@example.org", "ann@new.example.org")
    assert all(english_in(common_part(name, m, english_camp)) for name, m in ann.items()
               if "Round 1 report" not in str(m["Subject"])), "the English mails say English words"


@pytest.mark.parametrize(("stamp", "zone", "language", "told"), [
    ("2026-12-03T19:00:00Z", "Europe/Madrid", "es", "jueves, 3 de diciembre de 2026, 20:00 (CET)"),
    ("2026-07-01T18:30:00Z", "Europe/Madrid", "es", "miércoles, 1 de julio de 2026, 20:30 (CEST)"),
    ("2026-03-04T19:00:00Z", "America/Mexico_City", "es", "miércoles, 4 de marzo de 2026, 13:00 (CST)"),
    ("2026-03-04T19:00:00Z", "UTC", "es", "miércoles, 4 de marzo de 2026, 19:00 (UTC)"),
    ("2026-03-04T19:00:00Z", "Europe/Berlin", "en", "2026-03-04 20:00 CET"),
    ("2026-07-04T19:00:00Z", "Europe/Berlin", "en", "2026-07-04 21:00 CEST"),
])
def test_a_moment_is_told_in_the_zone_and_the_language(stamp, zone, language, told):
    assert render.moment(stamp, zone, language) == told


def test_pbem_new_writes_a_spanish_players_welcome_in_spanish_and_refuses_a_language_it_cannot_write(
        tmp_path, monkeypatch):
    args = ("new", tmp_path / "war", "--game", "age-of-war", "--player", "ann=ann@example.org",
            "--player", "bob=bob@example.org")
    monkeypatch.setattr(languages, "listed", lambda: {})   # a language not listed is not offered
    refused = run(*args, "--language", "ann=es")
    assert refused.code == 2 and "can be written in en" in refused.err and not (tmp_path / "war").exists()
    monkeypatch.setattr(languages, "listed", lambda: {"es": {"name": "español"}})
    for wrong in ("ann=xx", "zed=es", "ann"):
        result = run(*args, "--language", wrong)
        assert result.code == 2 and not (tmp_path / "war").exists(), (wrong, result.err)
    made = run(*args, "--language", "ann=es")
    assert made.code == 0, made.err
    camp = Campaign.load(tmp_path / "war")
    assert [(p.name, p.language) for p in camp.players] == [("ann", "es"), ("bob", "en")]
    letters = {m["To"].addresses[0].addr_spec: (str(m["Subject"]), m.get_body(("plain",)).get_content())
               for m in mails_to(camp, "ann@example.org", "bob@example.org").values()}
    assert letters["ann@example.org"][0].endswith("Bienvenida") and "Tu clave secreta es:" in letters[
        "ann@example.org"][1]
    assert "Dados (" in letters["ann@example.org"][1]   # the setup report's common parts too
    assert letters["bob@example.org"][0].endswith("Welcome") and "Your secret token is:" in letters[
        "bob@example.org"][1]
