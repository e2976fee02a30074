"""Reports: built once as plain data from one player's view, then rendered by templates.

The report model is made only from `game.view(state, player)`, the events whose
audience holds the player, and public round facts (dice reveal and commitment,
who was defaulted, a re-run). Nothing else reaches the templates.
"""
from __future__ import annotations

from functools import lru_cache

from engine import canonical, for_player
from engine.dice import ALGORITHM

REPORT_FORMAT = "pbem-report-1"


def template_folder(game_name: str) -> str:
    return game_name.replace("-", "_")


def report_model(*, campaign: str, game, round_number: int, player: str, state: dict, events: list[dict],
                 dice: dict, next_commitment: str | None, deadline: str | None, defaulted: list[str],
                 rerun: dict | None) -> dict:
    """The report of one player: the state goes no further than game.view, so nothing else can leak."""
    view = game.view(state, player)
    over = game.is_over(view)
    return {
        "format": REPORT_FORMAT,
        "campaign": campaign,
        "game": game.name,
        "game_title": game.title,
        "round": round_number,
        "player": player,
        "view": view,
        "events": for_player(events, player),
        "standings": game.standings(view),
        "over": over,
        "defaulted": sorted(defaulted),
        "rerun": rerun,
        "dice": {"algorithm": ALGORITHM, "round": round_number, **dice, "next_commitment": next_commitment},
        "next_round": None if over else round_number + 1,
        "deadline": None if over else deadline,
        "order_form": None if over else order_form(campaign, game, round_number + 1, player, view),
    }


def order_form(campaign: str, game, round_number: int, player: str, view: dict) -> str:
    return _env().get_template("common/order_form.toml.j2").render(
        campaign=campaign, game=game.name, title=game.title, round=round_number, player=player,
        body=game.order_form(view, player))


def render_text(model: dict) -> str:
    return _env().get_template(f"{template_folder(model['game'])}/report.txt.j2").render(r=model)


def render_json(model: dict) -> str:
    return canonical.dumps(model)


def render(name: str, **values) -> str:
    return _env().get_template(name).render(**values)


def counts(units: dict) -> str:
    """A force as text, kinds in alphabetical order: "1 archer, 2 spearman"."""
    return ", ".join(f"{n} {kind}" for kind, n in sorted(units.items()) if n)


def fields(values: dict, skip: tuple[str, ...] = ("kind",)) -> str:
    """An event's values as "key=value; ..." for the events a template has no sentence for."""
    return "; ".join(f"{key}={value}" for key, value in sorted(values.items()) if key not in skip)


@lru_cache(maxsize=1)
def _env():
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("templates", "."),
        autoescape=jinja2.select_autoescape(["html", "html.j2"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(counts=counts, fields=fields)
    return env
