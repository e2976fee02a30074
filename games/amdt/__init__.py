"""A Most Dangerous Time (Tetsuya Nakamura, MMP): the pure rules of the one fragment of its rulebook we have.

The fragment (../shared/seeds/004_b48c53e6f2ed78ea.txt, a Russian fan
translation of rulebook pages 20-23, sections 11.4-15.2; summarised in
../shared/reference/amdt.md) covers, and this package builds as pure
functions of their inputs and a Dice-like object (`roll(sides, purpose)`):

- 11.4 reinforcements on the 14.1 turn track, their 1d6 acceleration and
  15.1 Ashikaga's exile (reinforcements.py);
- the optional 11.5 regroup rule (regroup.py);
- 13.3 the sea battle and its exact odds (sea.py);
- 14.1 the set-up as data (setup.toml), 14.2 the first-turn limit (setup.py)
  and the 14.3 victory checks of the three scenarios (victory.py).

It leaves out what the fragment does not hold: the turn sequence, land
movement, field battles, sieges, lines of communication, the cards (their
texts and effects; Good Fortune is only where it starts and what it counts
for at the end), betrayal and diplomacy, the Leader Loss Table, rules 11.3
and 15.3 on (15.4 Enryaku-ji among them), and the map (areas are names; who
holds what, castle levels and lines of communication come from the caller).
12.0 (disbanding) and 13.1-13.2 (sea areas, sea movement) need the map and
are not built. So the game can only be GM-moderated: it is registered as a
moderated game (games.moderated: its orders, the GM's results file, its
reports and test adapter), 2 players, Oda the first named and Anti-Oda the
second, and these are its GM's tools, `pbem amdt ...` (commands.py), each
rolling its dice as dice on demand and adding its result to the public part
of the open round's results; `pbem odds amdt-sea` gives a sea battle's odds.
"""
from __future__ import annotations

from games.moderated import moderated_game

GAME = moderated_game("amdt", "A Most Dangerous Time", 2, 2, commands=("games.amdt.commands:amdt",),
                      odds_command=(("amdt-sea", "games.amdt.commands:sea_odds"),))
