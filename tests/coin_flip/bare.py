"""Coin flip registered under another name with no test adapter beside it: the generic checks must refuse it."""
import dataclasses

from tests.coin_flip import GAME as COIN_FLIP

GAME = dataclasses.replace(COIN_FLIP, name="bare-flip", title="Bare Flip")
