"""The campaign folder: public settings, secrets, rounds and the orders of the open round.

Layout (also in docs/gm-guide.md, "The campaign folder"):
    campaign.toml        public settings: name, game, GM address, players, options
    secrets.toml         mode 0600: the dice secret, the players' token hashes, mail passwords
    orders/PLAYER.json   orders accepted for the open round (a later one replaces an earlier one)
    rounds/NNNN/         one folder per resolved round, 0000 being the setup
    inbox/               order files dropped here are taken by `pbem inbox`
    received/            every order file taken from the inbox, and every mail fetched, as it arrived
    outbox/              RFC 5322 messages waiting for delivery
    sent/                messages delivered
    deadline.json        the open round's deadline, when the GM moved it
    held.json            why the tick holds the round, so that it is said once
    forcing.json         the round `pbem resolve --force` is forcing, until the GM has been told
    mail-left.json       mail left on the server for other campaigns (pbem.mail_intake; pbem status counts it)
    pause.json           since when and why the GM paused the campaign (pbem.pauses)
    away.json            the players away, until when, and whose orders stand in for theirs (pbem.pauses)
    archive/             rounds undone by `pbem rollback`, never deleted
    log.txt              what each command did
"""
from __future__ import annotations

import hmac
import os
import re
import stat
import tomllib
from dataclasses import MISSING, dataclass, field, fields
from datetime import datetime, timedelta
from pathlib import Path

from pbem.errors import CampaignDamaged, UserError
from pbem.files import append_private, matching, write_atomic
from pbem.records import ORDERS, read_record
from pbem.tokens import hash_folded, hash_token

NAME_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,31}$")
ROUND_DIGITS = 4
# Here, not with the mail code that writes them, so that `pbem status` reads them without loading it:
LEFT_FILE = "mail-left.json"   # mail left on the server for other campaigns (pbem.mail_intake)
RETRY_FILE = ".retry.json"   # in outbox/: the messages that failed to send: attempts, next try, last error (pbem.send)
PAUSE_FILE = "pause.json"    # the campaign paused: since, reason, round (pbem.pauses)
AWAY_FILE = "away.json"      # player -> {"until": stamp, "policy": "default" | "computer" | null} (pbem.pauses)
STAND_INS = ("default", "computer")   # the orders that stand in for a player's missing ones


@dataclass(frozen=True)
class Player:
    name: str
    email: str
    language: str = "en"


@dataclass
class Campaign:
    folder: Path
    name: str
    game_name: str
    gm: str
    players: list[Player]
    options: dict = field(default_factory=dict)
    deadline_hours: int = 0  # the deadline is this long after each resolution; or, when deadline_days is set,
    deadline_days: int = 0   # this many days after, at deadline_at (HH:MM) in timezone (see pbem.schedule)
    deadline_at: str = ""
    timezone: str = "UTC"
    deadline_weekdays: str = ""  # or: the first of these days ("mon,thu") at deadline_at after each resolution
    grace_hours: int = 0     # after the deadline, wait this much longer for late orders
    remind_hours: int = 0  # remind players without orders this long before the deadline (0: never)
    require_final: bool = False  # resolve before the deadline only when every player marked the orders final
    created: str = ""
    missing_orders: str = "default"  # a player who sent nothing: "default" or "computer" orders, or "wait"
    outage_guard: int = 0  # at a deadline, more first-time absentees than this: do not resolve (0: no guard)
    announce_players: str = "all"  # who hears of a position handed over or an address changed (pbem.players)
    press: str = "signed"   # players' press: "signed", "anonymous" (may also go unsigned) or "off" (pbem.press)
    private_messages: bool = False  # players may have pbem relay a message to one other player (pbem.press)
    mail: dict = field(default_factory=dict)  # [mail.smtp], [mail.imap] and mail policy; never passwords
    beacon: dict = field(default_factory=dict)  # [beacon]: the dice also mix in a public beacon (pbem.beacon)

    # --- loading and saving -------------------------------------------------
    @classmethod
    def load(cls, folder: Path | str) -> Campaign:
        folder = Path(folder)
        path = folder / "campaign.toml"
        if not path.is_file():
            raise UserError(f"{folder}: not a campaign folder (no campaign.toml); create one with `pbem new`")
        try:
            data = tomllib.loads(path.read_text("utf-8"))
            section = data["campaign"]
            if not isinstance(section, dict):
                raise TypeError("[campaign] is not a table")

            def setting(key: str, default=None):
                """A setting of the type its default has (true is no number, 2.5 no hours)."""
                value = section.get(key, default) if default is not None else section[key]
                kind = type(default) if default is not None else str
                if type(value) is not kind:
                    expected = {int: "a whole number", str: "a text in quotes", bool: "true or false"}[kind]
                    raise UserError(f"{path}: {key} = {value!r}; it is {expected}")
                return value

            for table in ("options", "mail", "beacon"):
                if not isinstance(data.get(table, {}), dict):
                    raise UserError(f"{path}: [{table}] = {data[table]!r}; it is a table of settings")
            players = data.get("players", [])
            if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
                raise TypeError("[[players]] is not a list of tables")
            for entry in players:
                for key in ("name", "email", "language"):
                    if key in entry and not isinstance(entry[key], str):
                        raise UserError(f"{path}: a player's {key} = {entry[key]!r}; it is a text in quotes")
            campaign = cls(
                folder=folder,
                name=setting("name"),
                game_name=setting("game"),
                gm=setting("gm"),
                created=setting("created", ""),
                deadline_hours=setting("deadline_hours", 0),
                deadline_days=setting("deadline_days", 0),
                deadline_at=setting("deadline_at", ""),
                deadline_weekdays=setting("deadline_weekdays", ""),
                timezone=setting("timezone", "UTC"),
                grace_hours=setting("grace_hours", 0),
                require_final=setting("require_final", False),
                remind_hours=setting("remind_hours", 0),
                missing_orders=setting("missing_orders", "default"),
                outage_guard=setting("outage_guard", 0),
                announce_players=setting("announce_players", "all"),
                press=setting("press", "signed"),
                private_messages=setting("private_messages", False),
                players=[Player(p["name"], p["email"], p.get("language", "en")) for p in players],
                options=data.get("options", {}),
                mail=data.get("mail", {}),
                beacon=data.get("beacon", {}),
            )
        except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
            raise UserError(f"{path}: cannot read the campaign settings: {exc}") from None
        campaign.check_settings(str(path))
        for key, value, allowed in (("missing_orders", campaign.missing_orders, ("default", "computer", "wait")),
                                    ("announce_players", campaign.announce_players, ("all", "player", "none")),
                                    ("press", campaign.press, ("signed", "anonymous", "off"))):
            if value not in allowed:
                raise UserError(f"{path}: {key} = {value!r}; use one of: {', '.join(allowed)}")
        if not isinstance(campaign.private_messages, bool):
            raise UserError(f"{path}: private_messages = {campaign.private_messages!r}; use true or false")
        campaign.check_beacon_settings(str(path))
        campaign.check_secrets_private()
        return campaign

    def check_settings(self, where: str) -> None:
        """What a hand-edited campaign.toml may get wrong, said in one line rather than found by a crash later."""
        from games import GAMES

        if not NAME_PATTERN.match(self.name):   # the rule `pbem new` applies: it names mails and attachments
            raise UserError(f"{where}: name = {self.name!r} is not allowed: use 1 to 32 letters, digits, '-' or "
                            "'_', starting with a letter")
        if self.game_name not in GAMES:
            raise UserError(f"{where}: game = {self.game_name!r} is not a game pbem knows "
                            f"({', '.join(sorted(GAMES))})")
        for setting in ("deadline_hours", "deadline_days", "grace_hours", "remind_hours", "outage_guard"):
            if getattr(self, setting) < 0:
                raise UserError(f"{where}: {setting} = {getattr(self, setting)}; it is a number of 0 or more")
        if self.created:
            from pbem import clock

            try:
                clock.parse(self.created)
            except ValueError:
                raise UserError(f"{where}: created = {self.created!r} is not a time such as "
                                "2026-03-01T12:00:00Z") from None
        check_zone(self.timezone, where)
        if self.deadline_at:
            from pbem.schedule import time_of_day

            _said_in(where, time_of_day, self.deadline_at)
        if self.deadline_weekdays:   # pbem.schedule is not loaded for less (`pbem status` starts quickly)
            from pbem.schedule import check_schedule

            check_schedule(self, where)
        for address in [self.gm, *(player.email for player in self.players)]:
            if not is_mail_address(address):
                raise UserError(f"{where}: {address!r} is not a mail address pbem can send to (letters, digits "
                                "and the usual signs, in ASCII: an international domain in its xn-- form)")
        for player in self.players:
            if not NAME_PATTERN.match(player.name):
                raise UserError(f"{where}: player name {player.name!r} is not allowed: use 1 to 32 letters, digits, "
                                "'-' or '_', starting with a letter")

    def check_beacon_settings(self, where: str) -> None:
        """A beacon round is fixed by the deadline, and no order may come in once it could be known."""
        if not self.beacon:
            return
        if not (self.deadline_hours or self.deadline_days or self.deadline_weekdays):
            raise UserError(f"{where}: a campaign with a beacon needs a deadline (deadline_hours, deadline_days or "
                            "deadline_weekdays): the beacon round is the first one after it")
        if self.missing_orders == "wait":
            raise UserError(f"{where}: with a beacon, missing_orders cannot be 'wait': orders taken after the "
                            "deadline could be chosen knowing the beacon; use default or computer")
        minutes = self.beacon.get("seal_minutes", 10)
        if type(minutes) is not int or not 1 <= minutes <= 1440:
            raise UserError(f"{where}: [beacon] seal_minutes = {minutes!r}; it is a whole number of minutes from 1 to "
                            "1440, between the sealed-orders notice and the beacon round the dice use")

    def settings(self) -> dict:
        """campaign.toml's content as the campaign now stands (never a password)."""
        section = {"name": self.name, "game": self.game_name, "gm": self.gm, "created": self.created,
                   "deadline_hours": self.deadline_hours, "deadline_days": self.deadline_days,
                   "deadline_weekdays": self.deadline_weekdays, "deadline_at": self.deadline_at,
                   "timezone": self.timezone, "grace_hours": self.grace_hours,
                   "remind_hours": self.remind_hours, "require_final": self.require_final,
                   "missing_orders": self.missing_orders, "outage_guard": self.outage_guard,
                   "announce_players": self.announce_players, "press": self.press,
                   "private_messages": self.private_messages}
        data = {"campaign": section, "options": self.options,
                "players": [{"name": p.name, "email": p.email, "language": p.language} for p in self.players]}
        if self.mail:
            data["mail"] = self.mail
        if self.beacon:
            data["beacon"] = self.beacon
        return data

    def save(self) -> None:
        """Write campaign.toml. A file that is there keeps the GM's comments, order and layout byte for byte: only
        the values that changed are written again, keys pbem does not know are left alone, and a setting the file
        leaves out is not added while it keeps its default (tomlkit). A new campaign's file is written whole."""
        import tomlkit
        from tomlkit.exceptions import TOMLKitError

        path = self.folder / "campaign.toml"
        data = self.settings()
        try:
            document = tomlkit.parse(path.read_text("utf-8"))
        except (FileNotFoundError, UnicodeDecodeError, TOMLKitError):
            document = None   # nothing to keep (a file tomllib read could not get here unparsed)
        if document is None:
            text = tomlkit.dumps(data)
        else:
            _update_document(document, data)
            text = document.as_string()
        write_atomic(path, text)

    @property
    def game(self):
        from games import get

        return get(self.game_name)

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def language_of(self, name: str) -> str:
        """The language a player's mail is written in: the one chosen, if the campaign can write it (a hand-edited
        campaign.toml may name any), else English."""
        from pbem.languages import ENGLISH, offered
        from pbem.render import template_folder

        chosen = self.player(name).language
        return chosen if chosen in offered(template_folder(self.game_name)) else ENGLISH

    def languages(self) -> dict[str, str]:
        """The players whose mail is written in another language than English, and theirs."""
        return {p.name: language for p in self.players if (language := self.language_of(p.name)) != "en"}

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        known = ", ".join(self.player_names)
        raise UserError(f"no player named {name!r} in campaign {self.name!r} (players: {known})")

    # --- secrets --------------------------------------------------------------
    @property
    def secrets_path(self) -> Path:
        return self.folder / "secrets.toml"

    def check_secrets_private(self) -> None:
        """Refuse to go on with secrets that others can read, whatever the command."""
        path = self.secrets_path
        try:
            mode = path.stat().st_mode
        except FileNotFoundError:
            return   # said by the command that needs them
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise UserError(f"{path}: others can read the campaign secrets; fix it with: chmod 600 {path}")

    def _secrets(self) -> dict:
        path = self.secrets_path
        if not path.is_file():
            raise UserError(f"{path}: the secrets file is missing")
        self.check_secrets_private()
        try:
            return tomllib.loads(path.read_text("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise CampaignDamaged(f"{path}: damaged, not the TOML pbem wrote ({exc}); restore it from a backup "
                                  "(the dice secret and the players' tokens are in it)") from None

    def dice_secret(self) -> bytes:
        try:
            return bytes.fromhex(self._secrets()["dice_secret"])
        except (KeyError, TypeError, ValueError):
            raise CampaignDamaged(f"{self.secrets_path}: damaged, the dice secret is missing or not hex; restore "
                                  "the file from a backup") from None

    def mail_password(self, server: str) -> str | None:
        """The password of the "smtp" or "imap" server: from PBEM_SMTP_PASSWORD or PBEM_IMAP_PASSWORD,
        else from the secrets file (smtp_password, imap_password); never from campaign.toml."""
        return os.environ.get(f"PBEM_{server.upper()}_PASSWORD") or self._secrets().get(f"{server}_password")

    def set_secret(self, name: str, value: str) -> None:
        """Keep a mail password (smtp_password, imap_password) in the secrets file."""
        data = self._secrets()
        data[name] = value
        write_atomic(self.secrets_path, _toml_text(data))

    def replace_token(self, player: str, token: str) -> None:
        """Give a player a new token; the old one stops working at once."""
        data = self._secrets()
        data.setdefault("tokens", {})[player] = hash_token(token)
        data.setdefault("folded_tokens", {})[player] = hash_folded(token)
        write_atomic(self.secrets_path, _toml_text(data))

    def token_hashes(self) -> set[str]:
        """Every player's token and the GM's, hashed as stored: a text whose hash is here is a token, never to be
        quoted."""
        data = self._secrets()
        return set(data.get("tokens", {}).values()) | ({data["gm_token"]} if data.get("gm_token") else set())

    def folded_token_hashes(self) -> set[str]:
        """Every token's hash_folded, where secrets.toml keeps it (tokens given since 0.2.0; a campaign made before
        has them for the tokens replaced since): a text whose lower-cased piece hashes here holds a token written
        in some other case."""
        data = self._secrets()
        gm = {data["gm_token_folded"]} if data.get("gm_token_folded") else set()
        return set(data.get("folded_tokens", {}).values()) | gm

    def replace_gm_token(self, token: str) -> None:
        """Give the GM a new token, which a roll by mail must carry; the old one stops working at once."""
        data = self._secrets()
        data["gm_token"] = hash_token(token)
        data["gm_token_folded"] = hash_folded(token)
        write_atomic(self.secrets_path, _toml_text(data))

    def gm_token_matches(self, token: str | None) -> bool | None:
        """Whether a token is the GM's; None when the campaign has no GM token (one made before there were any:
        a roll mail is then trusted by its sender's address alone)."""
        stored = self._secrets().get("gm_token")
        if not stored:
            return None
        return token is not None and hmac.compare_digest(stored, hash_token(token))

    def token_matches(self, player: str, token: str) -> bool:
        stored = self._secrets().get("tokens", {}).get(player, "")
        return hmac.compare_digest(stored, hash_token(token))

    def write_secrets(self, dice_secret: bytes, tokens: dict[str, str]) -> None:
        data = {"dice_secret": dice_secret.hex(),
                "tokens": {name: hash_token(token) for name, token in sorted(tokens.items())},
                "folded_tokens": {name: hash_folded(token) for name, token in sorted(tokens.items())}}
        write_atomic(self.secrets_path, _toml_text(data))

    # --- rounds ---------------------------------------------------------------
    @property
    def rounds_dir(self) -> Path:
        return self.folder / "rounds"

    def round_dir(self, number: int) -> Path:
        return self.rounds_dir / f"{number:0{ROUND_DIGITS}d}"

    def resolved_rounds(self) -> list[int]:
        if not self.rounds_dir.is_dir():
            return []
        # A round folder appears complete or not at all (it is renamed into place).
        return sorted(int(name) for name in os.listdir(self.rounds_dir) if name.isdigit())

    @property
    def last_round(self) -> int:
        rounds = self.resolved_rounds()
        if not rounds:
            raise UserError(f"{self.folder}: the campaign has no setup round; it was not created completely")
        return rounds[-1]

    @property
    def open_round(self) -> int:
        return self.last_round + 1

    def read_json(self, number: int, name: str):
        return read_record(self.round_dir(number) / name)

    def state(self, number: int | None = None) -> dict:
        return self.read_json(self.last_round if number is None else number, "state.json")

    def round_record(self, number: int | None = None) -> dict:
        return self.read_json(self.last_round if number is None else number, "round.json")

    def deadline(self) -> str | None:
        """The open round's deadline: as set when the last round was resolved, or as the GM moved it."""
        moved = self.folder / "deadline.json"
        if moved.is_file():
            record = read_record(moved)
            if record.get("round") == self.open_round:
                return record["deadline"]
        return self.round_record().get("deadline")

    def closing(self) -> datetime | None:
        """When the open round stops taking orders: its deadline and grace. In beacon mode it is the moment the
        beacon round follows; before it, nobody knows the round's dice."""

        deadline = self.deadline()
        return None if deadline is None else self.closing_of(deadline)

    def closing_of(self, deadline: str) -> datetime:
        """When a round with this deadline stops taking orders: the deadline and the grace after it."""
        from pbem import clock

        return clock.parse(deadline) + timedelta(hours=self.grace_hours)

    def is_over(self) -> bool:
        return self.game.is_over(self.state())

    # --- orders of the open round ---------------------------------------------
    @property
    def orders_dir(self) -> Path:
        return self.folder / "orders"

    def pending_orders(self) -> dict[str, dict]:
        """Orders stored for the open round, by player; stale files of resolved rounds are ignored."""
        result = {}
        number = self.open_round
        for path in sorted(matching(self.orders_dir, "*.json")):
            record = read_record(path, ORDERS)
            if record.get("round") == number and record.get("player") in self.player_names:
                result[record["player"]] = record
        return result

    def pause(self) -> dict | None:
        """The pause in force ({"since", "reason", "round"}), or None; a resume that was interrupted ends it."""
        path = self.folder / PAUSE_FILE
        if not path.is_file():
            return None
        record = read_record(path)
        return None if "resumed_at" in record else record

    def away(self, now: datetime | None = None) -> dict[str, dict]:
        """The players away at `now` (by default the clock's), each {"until", "policy"}: an absence ends by itself
        at its `until`. `policy` is the stand-in orders theirs get (stand_in_policy)."""
        path = self.folder / AWAY_FILE
        if not path.is_file():
            return {}
        from pbem import clock

        moment = now or clock.now()
        return {name: entry for name, entry in sorted(read_record(path).items())
                if name in self.player_names and clock.parse(entry["until"]) > moment}

    def stand_in_policy(self, player: str, away: dict[str, dict] | None = None) -> str:
        """Whose orders stand in for the player's missing ones: "default" or "computer". An away player's are the
        ones chosen for the absence, else the campaign's missing_orders (its default orders where that is "wait")."""
        chosen = (away or {}).get(player, {}).get("policy")
        if chosen in STAND_INS:
            return chosen
        return self.missing_orders if self.missing_orders in STAND_INS else "default"

    def send_retries(self) -> dict:
        """The outbox's messages that failed to send, by key: attempts, next try, last error (pbem.send)."""
        path = self.folder / "outbox" / RETRY_FILE
        return read_record(path) if path.is_file() else {}

    def log(self, line: str) -> None:
        from pbem import clock
        from pbem.faults import charge_disk

        entry = f"{clock.stamp(clock.now())} {line}\n"
        charge_disk(self.folder / "log.txt", len(entry.encode("utf-8")))
        append_private(self.folder / "log.txt", entry)


MAIL_ADDRESS = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
                          r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$")


def is_mail_address(text: str) -> bool:
    """An address mail can go to as pbem writes it: ASCII, one @, a domain of labels (no quoting, no spaces)."""
    return isinstance(text, str) and len(text) <= 254 and bool(MAIL_ADDRESS.match(text))


def check_zone(name: str, where: str) -> None:
    """A time zone the machine knows (zoneinfo), said at load rather than when a deadline is first shown."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise UserError(f"{where}: timezone = {name!r} is not a time zone name such as Europe/Berlin, "
                        "America/New_York or UTC") from None


def _said_in(where: str, check, *args) -> None:
    """Run a check of pbem.schedule's, its message prefixed with the file it is about."""
    try:
        check(*args)
    except UserError as exc:
        raise UserError(f"{where}: {exc}") from None


def check_name(kind: str, name: str) -> str:
    if not NAME_PATTERN.match(name):
        raise UserError(f"{kind} name {name!r} is not allowed: use 1 to 32 letters, digits, '-' or '_', "
                        "starting with a letter")
    return name


# --- campaign.toml rewritten in place (Campaign.save) --------------------------------------------------------------
DEFAULTS = {"campaign": {f.name: f.default for f in fields(Campaign) if f.default is not MISSING},
            "players": {"language": "en"}}
TABLES = ("campaign", "options", "players", "mail", "beacon")   # what pbem writes; other top-level keys stay


def _update_document(document, data: dict) -> None:
    """Make the parsed campaign.toml say `data`, touching only what differs."""
    for key in [key for key in document if key in TABLES and key not in data and _plain(document[key])]:
        del document[key]   # the mail or beacon settings taken away (an empty table, comments alone, stays)
    for key, value in data.items():
        if key == "campaign":
            _update_table(document, key, value, DEFAULTS["campaign"], keep_unknown=True)
        elif key == "players":
            _update_players(document, value)
        elif key in document or value:   # an empty [options] the file leaves out is not added
            _update_value(document, key, value)


def _update_players(document, players: list[dict]) -> None:
    old = document.get("players")
    if not isinstance(old, list) or not all(isinstance(entry, dict) for entry in old):
        document["players"] = players
        return
    for entry, player in zip(old, players):   # seat by seat: a comment by a seat stays by it
        for key, value in player.items():
            _update_table_key(entry, key, value, DEFAULTS["players"])
    while len(old) > len(players):
        del old[len(old) - 1]
    for player in players[len(old):]:
        old.append(player)


def _update_table(container, key: str, value: dict, defaults: dict, keep_unknown: bool) -> None:
    table = container.get(key)
    if not isinstance(table, dict):
        container[key] = value
        return
    if not keep_unknown:
        for gone in [name for name in table if name not in value]:
            del table[gone]
    for name, item in value.items():
        _update_table_key(table, name, item, defaults)


def _update_table_key(table, key: str, value, defaults: dict) -> None:
    if key not in table:
        if key in defaults and _same(defaults[key], value):
            return   # a default the GM left out stays out
        table[key] = value
    else:
        _update_value(table, key, value)


def _update_value(container, key: str, value) -> None:
    old = container.get(key)
    if isinstance(value, dict) and isinstance(old, dict):
        _update_table(container, key, value, {}, keep_unknown=False)
    elif not _same(_plain(old), value):
        container[key] = value


def _plain(value):
    return value.unwrap() if hasattr(value, "unwrap") else value


def _same(a, b) -> bool:
    """Equal as TOML values: of one type too (true is not 1)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def _toml_text(data: dict) -> str:
    """secrets.toml's text (the file pbem alone writes, whole); tomli_w is imported when a secret is written."""
    import tomli_w

    return tomli_w.dumps(data)
