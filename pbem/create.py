"""Creating a campaign: settings, secrets, the setup round and a welcome letter per player.

The folder is built under a temporary name and renamed into place at the end, so
a campaign exists completely or not at all (the tokens live only in the welcome
letters, which must not be lost half-way).
"""
from __future__ import annotations

import os
import secrets
import shutil
from dataclasses import replace
from pathlib import Path

from pbem import clock
from pbem.campaign import Campaign, Player, check_name, is_mail_address
from pbem.errors import UserError
from pbem.files import make_folder
from pbem.outbox import post
from pbem.rounds import announced_beacon, commit_round, compute_round
from pbem.schedule import check_schedule, next_deadline, time_of_day, zone
from pbem.welcome import welcome_mail


def parse_player(spec: str) -> Player:
    name, sep, email = spec.partition("=")
    if not sep:
        raise UserError(f"--player {spec!r}: write it as NAME=EMAIL, for example --player alice=alice@example.org")
    check_name("player", name.strip())
    email = email.strip()
    if not is_mail_address(email):
        raise UserError(f"--player {spec!r}: {email!r} is not a mail address (in ASCII: an international domain "
                        "in its xn-- form)")
    return Player(name.strip(), email)


def parse_languages(specs, players: list[Player]) -> list[Player]:
    """The players with the languages --language NAME=CODE gives them (the others keep English)."""
    chosen: dict[str, str] = {}
    names = {p.name for p in players}
    for spec in specs:
        name, sep, code = spec.partition("=")
        if not sep or not code.strip():
            raise UserError(f"--language {spec!r}: write it as NAME=CODE, for example --language ann=es")
        if name.strip() not in names:
            raise UserError(f"--language {spec!r}: no --player is named {name.strip()!r}")
        chosen[name.strip()] = code.strip()
    return [replace(p, language=chosen.get(p.name, p.language)) for p in players]


def check_languages(game_name: str, players: list[Player]) -> None:
    """Refuse a language the campaign's mails cannot be written in, as `pbem player set --language` does."""
    from pbem.languages import offered
    from pbem.render import template_folder

    languages = offered(template_folder(game_name))
    for player in players:
        if player.language not in languages:
            raise UserError(f"--language {player.name}={player.language}: this campaign's mails can be written in "
                            f"{', '.join(languages)}")


def parse_option(spec: str) -> tuple[str, object]:
    """KEY=VALUE, the value read as a TOML value (true, 3, "text") or else as plain text."""
    import tomllib

    key, sep, value = spec.partition("=")
    if not sep or not key.strip():
        raise UserError(f"--option {spec!r}: write it as KEY=VALUE, for example --option quick=true")
    try:
        return key.strip(), tomllib.loads(f"v = {value.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        return key.strip(), value.strip()


def read_file_options(options: dict) -> dict:
    """Options the game gets: an option KEY_file = "path" is read here and given as KEY = its text.

    The game never touches the disk; the text is recorded with the setup round, so a
    replay needs the file no more. A game's data file is TOML, read as every GM file
    is (a regular file of at most 1 MiB, or PBEM_GM_FILE_MIB) and measured before
    the game's parser sees it.
    """
    from pbem.files import gm_file_limit, read_gm_text
    from pbem.tomlscan import check_gm_toml

    result = {}
    for key, value in options.items():
        if key.endswith("_file"):
            if not isinstance(value, str) or not value:
                raise UserError(f"option {key}: give the path of a file, not {value!r}")
            limit = gm_file_limit()
            path = Path(value).expanduser()
            text = read_gm_text(path, limit, what=f"option {key}")
            check_gm_toml(text, f"option {key}: {path}", limit)
            result[key[: -len("_file")]] = text
        else:
            result[key] = value
    return result


def new_campaign(folder: Path, *, game_name: str, players: list[Player], gm: str, name: str | None = None,
                 options: dict | None = None, deadline_hours: int = 0, secret: bytes | None = None,
                 tokens: dict[str, str] | None = None, missing_orders: str = "default",
                 settings: dict | None = None, beacon: dict | None = None) -> Campaign:
    """Make a campaign folder, whole or not at all. `settings` are further Campaign fields (deadline_days,
    deadline_weekdays, deadline_at, timezone, grace_hours, remind_hours, require_final, outage_guard); `beacon`
    the [beacon] settings of a campaign whose dice also mix in a public beacon (pbem.beacon)."""
    from games import GAMES

    folder = Path(folder)
    if game_name not in GAMES:
        raise UserError(f"unknown game {game_name!r}; known games: {', '.join(sorted(GAMES))}")
    game = GAMES[game_name]
    if not game.min_players <= len(players) <= game.max_players:
        seats = (f"{game.min_players}" if game.min_players == game.max_players
                 else f"{game.min_players} to {game.max_players}")
        raise UserError(f"{game.title} is for {seats} players, not {len(players)}")
    names = [p.name for p in players]
    if len(set(n.lower() for n in names)) != len(names):
        raise UserError("two players have the same name")
    if not is_mail_address(gm):
        raise UserError(f"--gm {gm!r} is not a mail address")
    check_languages(game_name, players)
    if folder.exists() and any(folder.iterdir()):
        raise UserError(f"{folder} exists and is not empty; choose a new folder")
    name = check_name("campaign", name or folder.resolve().name)

    if missing_orders not in ("default", "computer", "wait"):
        raise UserError(f"--missing-orders {missing_orders!r}: choose default, computer or wait")
    settings = dict(settings or {})
    zone(settings.get("timezone", "UTC"))
    if settings.get("deadline_at"):
        time_of_day(settings["deadline_at"])

    planned = Campaign(folder=folder, name=name, game_name=game_name, gm=gm, players=[],
                       deadline_hours=deadline_hours, missing_orders=missing_orders, beacon=dict(beacon or {}),
                       **settings)
    check_schedule(planned, "", ("--deadline-weekdays", "--deadline-hours", "--deadline-days"))
    planned.check_beacon_settings("--beacon")

    file_options = read_file_options(dict(options or {}))   # a GM's file refused before anything is made
    staging = folder.parent / f".{folder.name}.new-{os.getpid()}"
    if staging.exists():
        shutil.rmtree(staging)
    make_folder(staging)
    try:
        campaign = _fill(staging, game, name, gm, list(players), options, deadline_hours, missing_orders,
                         beacon, settings, secret, tokens, names, file_options)
    except BaseException:   # whatever went wrong, no half-made campaign is left behind
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if folder.exists():
        folder.rmdir()
    os.rename(staging, folder)
    campaign.folder = folder
    return campaign


def _fill(staging: Path, game, name: str, gm: str, players: list[Player], options, deadline_hours: int,
          missing_orders: str, beacon, settings: dict, secret: bytes | None, tokens, names: list[str],
          file_options: dict) -> Campaign:
    """The campaign's files, its setup round and its welcome letters, all in the staging folder."""
    now = clock.now()
    campaign = Campaign(folder=staging, name=name, game_name=game.name, gm=gm, players=list(players),
                        options=dict(options or {}), deadline_hours=deadline_hours, created=clock.stamp(now),
                        missing_orders=missing_orders, beacon=dict(beacon or {}), **settings)
    secret = secret or secrets.token_bytes(32)
    tokens = tokens or {p.name: secrets.token_urlsafe(18) for p in players}
    campaign.save()
    campaign.write_secrets(secret, tokens)
    for sub in ("orders", "inbox", "outbox", "sent", "received", "rounds"):
        make_folder(staging / sub)
    inputs = {"round": 0, "players": names, "options": file_options,
              "resolved_at": clock.stamp(now), "previous_links": {},   # the record chain starts here
              **({"languages": languages} if (languages := campaign.languages()) else {}),
              **({"timezone": campaign.timezone} if campaign.timezone != "UTC" else {})}
    inputs["deadline"] = deadline = next_deadline(campaign, now)
    if campaign.beacon:
        assert deadline is not None   # a campaign with a beacon has a deadline (Campaign.check_beacon_settings)
        inputs["next_beacon"] = announced_beacon(campaign, deadline)
    try:
        files = compute_round(campaign, 0, inputs, None, None, secret)
    except ValueError as exc:  # the game refused the players or the options
        raise UserError(f"{game.title}: {exc}") from None
    commit_round(campaign, 0, files)
    for player in players:
        key = f"welcome-{player.name}"
        post(campaign, key, welcome_mail(campaign, player.name, number=0, token=tokens[player.name],
                                         subject="welcome", key=key, moment=now))
    campaign.log(f"created campaign {name!r} ({game.name}, {len(players)} players)")
    return campaign
