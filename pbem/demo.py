"""The embedded default: a whole campaign played by the game's computer player (and its computer GM, in a game
its GM adjudicates).

Everything is derived from the seed (campaign secret, tokens, the virtual
calendar), so the same seed gives the same game, byte for byte.
"""
from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone
from pathlib import Path

from engine.game import players_to_order
from pbem import clock, door
from pbem.campaign import Campaign, Player
from pbem.create import new_campaign
from pbem.gm_results import write_stand_in
from pbem.orders import Submission, normalised_text, read_orders, store
from pbem.rounds import resolve

NAMES = ["akiko", "benkei", "chiyo", "daisuke", "emi", "fumio"]
START = datetime(2026, 1, 5, 20, 0, tzinfo=timezone.utc)


def run_demo(game_name: str, folder: Path, seed: str, players: int, progress=None) -> Campaign:
    from games import get

    game = get(game_name)
    names = NAMES[:players]
    secret = hashlib.sha256(f"pbem demo secret {seed}".encode()).digest()
    tokens = {n: hashlib.sha256(f"pbem demo token {seed} {n}".encode()).hexdigest()[:24] for n in names}
    with clock.frozen_at(START):
        campaign = new_campaign(folder, game_name=game.name, players=[Player(n, f"{n}@demo.invalid") for n in names],
                                gm="gm@demo.invalid", name="demo", secret=secret, tokens=tokens)
    number = 0
    while not campaign.is_over() and number < game.demo_rounds:
        number = campaign.open_round
        with clock.frozen_at(START + timedelta(days=number)):
            state = campaign.state()
            for name in players_to_order(game, state, names):
                orders = door.computer_orders(door.seat_of(game, state, name, campaign=campaign.name,
                                                           round_number=number))
                text = f'token = "{tokens[name]}"\n' + normalised_text(campaign, Submission(name, number, orders))
                store(campaign, read_orders(campaign, text.encode(), f"demo:{name}", require_token=True),
                      "computer player")
            write_stand_in(campaign)   # a game its GM adjudicates: the computer GM's results too
            resolve(campaign)
        if progress:
            progress(number, campaign)
    return campaign
