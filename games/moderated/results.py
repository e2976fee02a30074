"""The GM's results of a round: one TOML file, a public part for everyone and a private part per player.

    round = 3
    # over = true              # the game ends with this round
    # winners = ["ann"]        # with over: who won (everybody else comes after)
    [public]
    text = \"\"\"What everybody learns.\"\"\"
    [private.ann]
    text = \"\"\"What ann alone learns ("" for nothing).\"\"\"

Every player has a [private.NAME] table, and nobody else; a draft (pbem moderate draft) carries
`draft = true`, and is refused until the GM takes that line out. The problems are the GM's, in English.
"""
from __future__ import annotations

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, ProblemTable, shown

from .text import cleaned, toml_text

MAX_PUBLIC = 20000
MAX_PRIVATE = 10000
KEYS = ("round", "draft", "over", "winners", "public", "private")

PROBLEMS = ProblemTable({
    "unknown-key": (NOT_UNDERSTOOD, '"{key}" is not a part of a results file: its parts are {keys:list}.'),
    "wrong-round": (NOT_ALLOWED, "this file says round = {written}, but it is the results of round {round}."),
    "still-a-draft": (NOT_ALLOWED, "this is still the draft: write the results, then take out the line "
                                   "draft = true."),
    "no-public": (NOT_UNDERSTOOD, "there is no [public] table with its text = \"...\": what every player learns."),
    "not-a-table": (NOT_UNDERSTOOD, "{part} must be a table holding text = \"...\", not {written}."),
    "not-text": (NOT_UNDERSTOOD, "{part} must be a text in quotes, not {written}."),
    "no-text": (NOT_UNDERSTOOD, '[{part}] has no text = "..." (text = "" for nothing).'),
    "unknown-text-key": (NOT_UNDERSTOOD, '"{key}" has no meaning in [{part}], which holds text = "..." alone (a '
                                         "key written below a table's header belongs to that table)."),
    "empty-public": (NOT_ALLOWED, "the public text is empty: every player gets it; say at least what happened."),
    "too-long": (NOT_ALLOWED, "{part} is {count:,} characters long; at most {most:,}."),
    "unknown-player": (NOT_ALLOWED, "{player} is no player of this campaign; the players are {players:list}."),
    "missing-player": (NOT_ALLOWED, "there is no [private.{player}] table: every player gets one "
                                    "(text = \"\" for nothing)."),
    "not-a-flag": (NOT_UNDERSTOOD, "over must be true or false, not {written}."),
    "winners-not-players": (NOT_ALLOWED, "winners must be a list of the campaign's players ({players:list}), "
                                         "not {written}."),
    "winners-without-over": (NOT_ALLOWED, "winners is for the round that ends the game: add over = true."),
})


def read(state: dict, document: dict, number: int, *, empty_public: bool = False) -> tuple[dict | None, list]:
    """(results, []) or (None, problems): the file's parts checked against the campaign's players. `empty_public`:
    an empty public text is allowed (a game built on this one whose results file tells more than its texts)."""
    players = state["players"]
    problems = [PROBLEMS.problem(key, "unknown-key", key=key, keys=list(KEYS)) for key in document if key not in KEYS]
    if "round" in document and document["round"] != number:
        problems.append(PROBLEMS.problem("round", "wrong-round", written=shown(document["round"]), round=number))
    if "draft" in document:
        problems.append(PROBLEMS.problem("draft", "still-a-draft"))
    public = _text(document, "public", MAX_PUBLIC, problems)
    if public == "" and "public" in document and not empty_public:
        problems.append(PROBLEMS.problem("public.text", "empty-public"))
    private = document.get("private", {})
    if not isinstance(private, dict):
        problems.append(PROBLEMS.problem("private", "not-a-table", part="private", written=shown(private)))
        private = {}
    texts = {}
    for name in private:
        if name not in players:
            problems.append(PROBLEMS.problem(f"private.{name}", "unknown-player", player=name, players=players))
    for name in players:
        if name not in private:
            problems.append(PROBLEMS.problem("private", "missing-player", player=name))
        else:
            texts[name] = _text(private, name, MAX_PRIVATE, problems, prefix="private.")
    over = document.get("over", False)
    if not isinstance(over, bool):
        problems.append(PROBLEMS.problem("over", "not-a-flag", written=shown(over)))
    winners = document.get("winners", [])
    if not isinstance(winners, list) or not all(isinstance(w, str) and w in players for w in winners):
        problems.append(PROBLEMS.problem("winners", "winners-not-players", players=players, written=shown(winners)))
    elif winners and over is not True:
        problems.append(PROBLEMS.problem("winners", "winners-without-over"))
    if problems:
        return None, problems
    return {"public": public, "private": texts, "over": over, "winners": [p for p in players if p in winners]}, []


def _text(table: dict, key: str, most: int, problems: list, prefix: str = "") -> str | None:
    """The cleaned text of table[key]["text"], or None (a problem said) when there is none to take."""
    field = prefix + key
    if key not in table:
        if not prefix:
            problems.append(PROBLEMS.problem(field, "no-public"))
        return None
    part = table[key]
    if not isinstance(part, dict):
        problems.append(PROBLEMS.problem(field, "not-a-table", part=field, written=shown(part)))
        return None
    unknown = [name for name in part if name != "text"]
    problems += [PROBLEMS.problem(f"{field}.{name}", "unknown-text-key", key=name, part=field) for name in unknown]
    if "text" not in part:
        problems.append(PROBLEMS.problem(field, "no-text", part=field))
        return None
    if not isinstance(part["text"], str):
        problems.append(PROBLEMS.problem(f"{field}.text", "not-text", part=f"{field}.text",
                                         written=shown(part["text"])))
        return None
    text = cleaned(part["text"])
    if len(text) > most:
        problems.append(PROBLEMS.problem(f"{field}.text", "too-long", part=f"{field}.text", count=len(text),
                                         most=most))
    return text


def draft(state: dict, orders: dict[str, dict], number: int) -> str:
    """The skeleton of the round's results file: every player's orders in, as comments beside their part."""
    lines = [f"# The results of round {number}: [public] is told to every player, each [private.NAME] to that",
             "# player alone. Write them, take out the line draft = true, then pbem resolve.",
             f"round = {number}",
             "draft = true",
             "# over = true            # this round ends the game",
             "# winners = []           # with over = true: who won",
             "",
             "[public]",
             'text = """',
             '"""']
    for player in state["players"]:
        lines += ["", f"[private.{player}]"]
        written = (orders.get(player) or {}).get("orders", "")
        if player not in orders:
            lines.append(f"# {player} has sent no orders (yet).")
        elif not written:
            lines.append(f"# {player}'s orders are empty.")
        else:
            lines.append(f"# {player}'s orders:")
            lines += [f"#   {line}".rstrip() for line in written.split("\n")]
        lines += ['text = """', '"""']
    return "\n".join(lines) + "\n"


STAND_IN_ROUNDS = 4   # the computer GM ends the game with this round


def stand_in(state: dict, orders: dict[str, dict], number: int) -> str:
    """The computer GM's results: publicly whose orders came in, privately the first line of each player's read
    back; the game ends after STAND_IN_ROUNDS rounds, nobody named the winner."""
    players = state["players"]
    sent = [p for p in players if (orders.get(p) or {}).get("orders")]
    public = f"Round {number}: the GM has read the orders of {', '.join(sent) or 'nobody'}."
    lines = [f"round = {number}", *(["over = true"] if number >= STAND_IN_ROUNDS else []), "", "[public]",
             f"text = {toml_text(public)}"]
    for player in players:
        first = ((orders.get(player) or {}).get("orders") or "").split("\n")[0][:80]
        private = f"The GM read your orders: {first}" if first else ""
        lines += ["", f"[private.{player}]", f"text = {toml_text(private)}"]
    return "\n".join(lines) + "\n"
