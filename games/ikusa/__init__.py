"""Ikusa (Shogun / Samurai Swords): feudal Japan, five clans, 68 provinces, three daimyos each.

The package is built in pieces named after the rulebook's chapters: the board
(`board`, `names`), the state and its helpers (`state`), the setup and the
placement round that follows it (`setup`), the units and combat. Nothing is
registered with `games` yet: the game is not playable until its rounds are.
"""
