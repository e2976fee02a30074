"""The dice algorithm, as docs/dice-and-trust.md writes it out for players to recheck."""
from collections import Counter

from engine.dice import Dice, commitment, dice_key, draw, recheck, round_seed

SECRET = bytes(range(32))


def test_the_readme_test_vector_holds():
    seed = round_seed(SECRET, 1)
    assert seed.hex() == "bf8c77e609eb4f0b552855785507b9c8f7a0da53a4ba46920afefb4df904d45a"
    assert commitment(seed) == "fc967f504c5abd40e6066cda02c5116d90228ef152b4090060de5610f53c42dc"
    key = dice_key(seed, {"bob": "7", "ann": "blue-heron"})
    assert key.hex() == "24874e0e32547c67e2493cf8a21912b29afcae95e5e126332c323e1c70cb81cf"
    assert [draw(key, seq, 6, "ann turn roll 1") for seq in range(7)] == [3, 3, 5, 2, 6, 4, 1]


def test_a_beacon_changes_the_dice_key_as_the_readme_writes_it():
    seed = round_seed(SECRET, 1)
    randomness = "647c07b2abbf7ff2afb4d670214f565e5cd9f9c91bfdcecb59a21f3c78d73920"   # drand mainnet 3311596
    key = dice_key(seed, {"bob": "7", "ann": "blue-heron"}, randomness)
    assert key.hex() == "b26baadbccb0376af7a8cebb8a83176c215dcb39ea5c845897624baa6a2e4261"
    assert [draw(key, seq, 6, "ann turn roll 1") for seq in range(7)] == [5, 3, 3, 5, 4, 1, 1]
    assert dice_key(seed, {"bob": "7"}, None) == dice_key(seed, {"bob": "7"})
    # no player's nonce line can stand in for the beacon's: a name has no space
    assert dice_key(seed, {"beacon": randomness}) != dice_key(seed, {}, randomness)


def test_each_round_has_its_own_seed():
    assert round_seed(SECRET, 1) != round_seed(SECRET, 2)


def test_a_round_played_again_after_a_rollback_has_a_seed_of_its_own_as_the_readme_writes_it():
    again = round_seed(SECRET, 1, attempt=1)
    assert again.hex() == "dc45ea249370ae42ec2e75bf04ab68eda7445a0b623f01dad05fec8c1e5400ab"
    assert commitment(again) == "28501954904212e2619f5916eba1a94323e3305fa193ba0ae757d40a2f67da53"
    assert round_seed(SECRET, 1, attempt=0) == round_seed(SECRET, 1)
    assert len({round_seed(SECRET, 1, attempt=a) for a in range(4)} | {round_seed(SECRET, 2)}) == 5


def test_a_nonce_changes_the_dice_and_an_empty_nonce_does_not():
    seed = round_seed(SECRET, 1)
    assert dice_key(seed, {}) == dice_key(seed, {"ann": ""})
    assert dice_key(seed, {}) != dice_key(seed, {"ann": "x"})


def test_a_d6_gives_every_face_about_equally_often():
    dice = Dice(b"fairness")
    counts = Counter(dice.roll(6, "test") for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_rejection_sampling_keeps_a_huge_die_in_range():
    # with 2**63 + 1 sides almost half of the blocks fall in the rejected tail
    sides = 2**63 + 1
    rolls = [draw(b"k", seq, sides, "big") for seq in range(200)]
    assert all(1 <= r <= sides for r in rolls)


def test_a_block_in_the_rejected_tail_is_drawn_again_with_the_next_attempt():
    # with 2**63 + 1 sides, seq 2's attempt 0 and seq 1's attempts 0 and 1 fall in the tail (x >= 2**64 - 2**64 mod
    # sides); taken modulo sides they would have given 5290590548300899591 and 8122084967291042720
    sides = 2**63 + 1
    assert draw(b"k", 2, sides, "big") == 6380794828816449237
    assert draw(b"k", 1, sides, "big") == 7738344960029813967


def test_the_purpose_is_part_of_the_roll():
    key = b"k"
    assert [draw(key, s, 1000, "a") for s in range(5)] != [draw(key, s, 1000, "b") for s in range(5)]


def test_recheck_finds_the_first_changed_roll():
    dice = Dice(b"record")
    for _ in range(10):
        dice.roll(6, "x")
    assert recheck(b"record", dice.rolls) is None
    forged = [dict(r) for r in dice.rolls]
    forged[4]["value"] = forged[4]["value"] % 6 + 1
    assert recheck(b"record", forged) == 4


def test_shuffle_is_a_permutation_decided_by_the_dice():
    one = Dice(b"s").shuffle(list(range(10)), "deck")
    assert sorted(one) == list(range(10))
    assert one == Dice(b"s").shuffle(list(range(10)), "deck")
    assert one != Dice(b"t").shuffle(list(range(10)), "deck")
