"""The order form in each report: the orders the computer player would give, with a guide to change them."""
from __future__ import annotations

import tomli_w

from .computer import computer_orders
from .placement import default_placement_orders

PLACEMENT_GUIDE = """\
# Ikusa: the placement round that finishes the setup.
#   spearmen = [...]  provinces of yours that each take two more spearmen, in the order to place
#                     them (standard game: up to 6 provinces; quick play: 12 single spearmen)
#   armies = [...]    where your three army markers go, for armies 1, 2 and 3
# Province names may be written as you like ("Kozuke", "KOZUKE"); "Awa" needs "(Shikoku)" or "(Boso)".
# An order that cannot be carried out when its turn comes is replaced by a default, and you are told.
"""

QUICK_GUIDE = """\
# Quick play:
#   claims = [...]    the unowned provinces you claim, one spearman each, in the order to claim them
#   army_units = [...] the archers, swordsmen and gunners on each army card
#   pick_up = [...]   the spearmen each army takes from the province it is placed on (none by default)
"""

ROUND_GUIDE = """\
# Ikusa: one file holds your whole round. Each part is optional; a part left out gets a default.
#   [planning]      every Koku into the boxes turn_order, build (0 or 2), levy, ronin, ninja
#   [turn_order]    preferences = [markers you want, best first]
#   [build]         kind = "castle" | "fortress", province = "..."
#   [levy]          units = [{ unit = "archer", to = "red-1" or a province }, ...]
#                   per Koku: 1 archer, or 1 swordsman + 1 gunner, or 2 swordsmen, or 2 gunners,
#                   or 3 spearmen; one new unit per province; a provincial force holds 5 regular units
#   [ronin]         ronin = [{ to = army or province, count = n }]  (2 per Koku; secret until they act)
#   [war]           priority = [casualty order], moves = [phase A], battles = [phases B and C,
#                   in the order to fight them, each with withdraw and after_win], final_moves = [phase D]
#                   a battle that advances may name the garrison it leaves: garrison = { spearman = 2 }
#                   (default: one unit, the first regular kind of your casualty order)
#                   defence_losses_first = "force" | "army": where your army stands on your provincial
#                   force, whose units are lost first when it is attacked (default "force")
# `pbem orders check` shows what will be executed and the odds of each battle.
# Below: what the computer player would order for you now. Change what you like.
"""


def order_form(view: dict, player: str) -> str:
    if view["phase"] == "placement":
        guide = PLACEMENT_GUIDE + (QUICK_GUIDE if view["options"]["quick"] else "")
        return guide + "\n" + tomli_w.dumps(default_placement_orders(view, player))
    number = (f"# These orders are for round {view['round'] + 1} of the game: the campaign counts the set-up's\n"
              f"# placement as its round 1, so the round = line above says one more.\n")
    return ROUND_GUIDE + number + "\n" + tomli_w.dumps(computer_orders(view, player))


def format_orders(orders: dict) -> str:
    """Normalised orders as TOML; reading them back gives the same orders."""
    return tomli_w.dumps(orders)
