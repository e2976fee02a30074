"""Why Ikusa orders are refused: each problem code with its reason and its English sentence.

The checks in the rules modules name only codes and values; the sentences live
here, as templates with named fields (str.format, with engine.problems' list
specs) so that they can be given in another language later. A value quoting
what the player wrote is given as engine.shown writes it ("written"), or
as written where the sentence puts it in quotes itself ("key", "name").

A rule that reads a value the player wrote (a province name, a casualty
priority, a withdrawal order) raises Refused, a ValueError carrying the code
and values; the order checks turn it into the problem at their field.
"""
from __future__ import annotations

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Problem, ProblemTable

PROBLEMS = ProblemTable({
    # --- names of provinces and places (names.py, planning.place_id) ---
    "province-not-a-name": (NOT_UNDERSTOOD, "A province is a name in quotes, not {written}."),
    "ambiguous-province": (NOT_UNDERSTOOD, "{written} names more than one province: write {candidates:or}."),
    "misspelt-province": (NOT_UNDERSTOOD, "There is no province called {written}. Did you mean {suggestions:or}?"),
    "unknown-province": (NOT_UNDERSTOOD, "There is no province called {written}."),
    "province-not-in-game": (NOT_UNDERSTOOD, "{written} is not a province."),
    "province-not-on-board": (NOT_UNDERSTOOD, "\"{name}\" is not on this game's board."),
    "place-not-a-name": (NOT_UNDERSTOOD, "A place is an army id or a province name in quotes, not {written}."),
    "no-such-place": (NOT_UNDERSTOOD, 'There is no province or army called "{name}".'),
    "unknown-place": (NOT_UNDERSTOOD, "There is no province or army of that name."),
    "not-a-province": (NOT_UNDERSTOOD, "There is no such province."),
    # --- shared by several actions ---
    "not-owned": (NOT_ALLOWED, "You do not own that province."),
    "not-your-army": (NOT_ALLOWED, "That army is not yours."),
    "army-not-on-board": (NOT_ALLOWED, "That army's marker is not on the board."),
    "unknown-army-named": (NOT_UNDERSTOOD, "There is no army called {written}."),
    # --- the order file's sections (orders.py) ---
    "unknown-section": (NOT_UNDERSTOOD, "{written} is not a part of Ikusa orders; the parts are {sections:list}."),
    "section-not-a-table": (NOT_UNDERSTOOD, "[{key}] is a table of orders, not {written}."),
    "unknown-colour-section": (NOT_UNDERSTOOD, "In the two-player game your orders have one section for each of "
                                               "your colours still in the game: {sections:and}."),
    "colour-not-a-section": (NOT_UNDERSTOOD, "[{colour}] is a section of orders."),
    # --- the placement round (placement.py) ---
    "placement-over": (NOT_ALLOWED, "The placement round is over."),
    "not-a-player": (NOT_ALLOWED, "{player} does not play in this game."),
    "placement-not-a-table": (NOT_UNDERSTOOD, "The orders must be a table of keys and lists."),
    "unknown-placement-section": (NOT_UNDERSTOOD, '"{key}" is not a placement order: use "split" and one section '
                                                  "for each of your colours, {colours:and}."),
    "placement-colour-not-a-section": (NOT_UNDERSTOOD, "[{colour}] must be a section of keys and lists."),
    "unknown-placement-key": (NOT_UNDERSTOOD, '"{key}" is not a placement order; the orders are {keys:list}.'),
    "spearmen-not-a-list": (NOT_UNDERSTOOD, "spearmen must be a list of provinces for your spearmen."),
    "armies-not-a-list": (NOT_UNDERSTOOD, "armies must be a list of provinces for your army markers."),
    "claims-not-a-list": (NOT_UNDERSTOOD, "claims must be a list of unowned provinces to claim."),
    "too-many-placements": (NOT_ALLOWED, "{key} has {count} entries; there are only {limit} placements."),
    "too-many-spearman-pairs": (NOT_ALLOWED, "spearmen has {count} entries; there are only {limit} placements "
                                             "of two spearmen each."),
    "placement-not-a-name": (NOT_UNDERSTOOD, "{written} is not a province name: write names in quotes."),
    "army-units-not-understood": (NOT_UNDERSTOOD, "army_units must list three armies, each a table of archer, "
                                                  "swordsman and gunner counts, for example {example}."),
    "army-units-wrong-totals": (NOT_ALLOWED, "The three armies must share exactly 5 archers, 5 swordsmen and "
                                             "6 gunners."),
    "army-units-over-limit": (NOT_ALLOWED, "An army holds at most {samurai} samurai (archers and swordsmen) "
                                           "and {ashigaru} ashigaru."),
    "split-not-a-list": (NOT_UNDERSTOOD, "split must list the {size} provinces of {colour}."),
    "split-not-yours": (NOT_ALLOWED, "{province} is not yours."),
    "split-listed-twice": (NOT_ALLOWED, "{province} is listed twice."),
    "split-size": (NOT_ALLOWED, "split lists {count} provinces; {first} must have exactly {size}, "
                                "and {second} the others."),
    "placement-not-yours": (NOT_ALLOWED, "{province} is not yours when this placement comes."),
    "placement-not-colours": (NOT_ALLOWED, "{province} is not one of {colour}'s provinces when this placement "
                                           "comes."),
    "not-single-spearman": (NOT_ALLOWED, "{province} does not hold just one spearman when this placement comes: "
                                         "the extra spearmen go two at a time on a province holding only one."),
    "placement-full": (NOT_ALLOWED, "{province} has no room for more spearmen then (at most {cap} there at this "
                                    "stage)."),
    "pick-up-not-understood": (NOT_UNDERSTOOD, "pick_up is a list of up to {armies} counts, the spearmen each "
                                               "army takes from the province it is placed on: pick_up = [2, 0, 1]"),
    "pick-up-too-many": (NOT_ALLOWED, "The army placed on {province} cannot take that many spearmen: not as many "
                                      "stand there, or it would hold more than {limit} ashigaru."),
    "army-there": (NOT_ALLOWED, "An army marker already stands in {province} when this one is placed."),
    "claimed": (NOT_ALLOWED, "{province} is not unowned when this claim comes."),
    "placement-refused": (NOT_ALLOWED, "{province} cannot be used for this placement ({reason})."),
    # --- action 1, planning (planning.py) ---
    "not-in-game": (NOT_ALLOWED, "{side} is not in the game and allocates no Koku."),
    "allocation-not-a-table": (NOT_UNDERSTOOD, "The allocation is a table of Koku per box: turn_order, build, "
                                               "levy, ronin and ninja, for example: levy = 3"),
    "unknown-box": (NOT_UNDERSTOOD, '"{key}" is not a planning box. The boxes are: {boxes:list}.'),
    "koku-not-a-number": (NOT_UNDERSTOOD, "The Koku in {box} must be a whole number, not {written}."),
    "negative-koku": (NOT_ALLOWED, "The Koku in {box} cannot be negative."),
    "build-box-amount": (NOT_ALLOWED, "The build box holds {cost} Koku or none, not {amount}."),
    "too-many-koku": (NOT_ALLOWED, "You allocated {spent} Koku, more than the {koku} you have: every Koku must go "
                                   "into a box (none is kept for later)."),
    "too-few-koku": (NOT_ALLOWED, "You allocated {spent} Koku, less than the {koku} you have: every Koku must go "
                                  "into a box (none is kept for later)."),
    "spy-already-watched": (NOT_ALLOWED, "Your ninja spy has already seen the allocation of {watched} ({player}) "
                                         "this round; a spy watches one side a round, so the watch stays on "
                                         "{watched}."),
    "allocation-seen": (NOT_ALLOWED, "A ninja spy has already seen this allocation; it cannot change this round "
                                     "(it stays {allocation})."),
    # --- action 2, turn order (turn_order.py) ---
    "preferences-not-a-list": (NOT_UNDERSTOOD, "Preferences are a list of marker numbers, best first, for example: "
                                               "preferences = [1, 3]"),
    "marker-not-a-number": (NOT_UNDERSTOOD, "A marker is a whole number, not {written}."),
    "unknown-marker": (NOT_ALLOWED, "There is no marker {marker}: this round's markers are {first} to {last}."),
    "marker-listed-twice": (NOT_ALLOWED, "Marker {marker} is already in your list at place {place}; "
                                         "list each marker once."),
    # --- action 3, build (build.py) ---
    "build-needed": (NOT_ALLOWED, "You put {cost} Koku in the build box: say what to build, for example: {example}"),
    "build-not-a-table": (NOT_UNDERSTOOD, "A build order is a table: {example}"),
    "build-not-paid": (NOT_ALLOWED, "Building needs {cost} Koku in the build box, and you put {paid}."),
    "unknown-build-key": (NOT_UNDERSTOOD, '"{key}" is not part of a build order (kind, province).'),
    "unknown-build-kind": (NOT_UNDERSTOOD, 'What to build is "castle" or "fortress", not {written}.'),
    "castle-there": (NOT_ALLOWED, "That province has a castle already; build a fortress there instead."),
    "fortress-there": (NOT_ALLOWED, "That province has a fortress already."),
    "no-castle": (NOT_ALLOWED, "A fortress is built under a castle, and that province has none."),
    "no-castles-left": (NOT_ALLOWED, "All 10 castles are on the board."),
    "no-fortifications-left": (NOT_ALLOWED, "All 5 fortification bases are on the board."),
    # --- action 4, levy (levy.py) ---
    "levy-units-needed": (NOT_ALLOWED, "You put {koku} Koku in the levy box: list the units to recruit and where "
                                       "each goes, for example: {example}"),
    "levy-not-a-table": (NOT_UNDERSTOOD, "The levy orders are a table, for example: {example}"),
    "unknown-levy-key": (NOT_UNDERSTOOD, '"{key}" is not a levy order; the only one is units.'),
    "levy-units-not-a-list": (NOT_UNDERSTOOD, "units is a list, for example: {example}"),
    "levy-without-koku": (NOT_ALLOWED, "You put no Koku in the levy box, so you recruit nothing."),
    "levy-units-missing": (NOT_ALLOWED, "You put {koku} Koku in the levy box: list the units to recruit, "
                                        "for example: {example}"),
    "levy-entry-not-a-table": (NOT_UNDERSTOOD, "Each unit is a table, for example: {example}"),
    "unknown-levy-entry-key": (NOT_UNDERSTOOD, '"{key}" is not part of a levy entry (unit, to).'),
    "unknown-levy-unit": (NOT_UNDERSTOOD, "There is no unit {written} to recruit; the units to recruit are: "
                                          "{units:list}."),
    "daimyo-not-levied": (NOT_ALLOWED, "A daimyo cannot be recruited."),
    "province-used": (NOT_ALLOWED, "A unit recruited this round already goes to that province (an army counts as "
                                   "the province it stands in): one per province."),
    "more-than-provinces": (NOT_ALLOWED, "You cannot recruit more units than the provinces you own."),
    "koku-short": (NOT_ALLOWED, "Your Koku in the levy box do not buy this many units. Each Koku buys one of: "
                                "1 archer; 1 swordsman and 1 gunner; 2 swordsmen; 2 gunners; 3 spearmen."),
    "army-full": (NOT_ALLOWED, "That army has no free box for it: an army holds 4 samurai (archers, swordsmen) "
                               "and 10 ashigaru (gunners, spearmen)."),
    "force-full": (NOT_ALLOWED, "A provincial force holds at most {limit} regular units."),
    "no-figures-left": (NOT_ALLOWED, "Your tray has no figure of that unit left."),
    # --- action 5, ronin (ronin.py) ---
    "ronin-deployment-needed": (NOT_ALLOWED, "You put {koku} Koku in the ronin box: say where your ronin go, "
                                             "for example: {example}"),
    "ronin-not-a-list": (NOT_UNDERSTOOD, "Ronin orders are a list, for example: {example}"),
    "ronin-without-koku": (NOT_ALLOWED, "You put no Koku in the ronin box, so you have no ronin."),
    "deployment-not-a-table": (NOT_UNDERSTOOD, "Each deployment is a table, for example: {example}"),
    "ronin-count-not-a-number": (NOT_UNDERSTOOD, "The number of ronin is a whole number of at least 1, "
                                                 "not {written}."),
    "ronin-count-too-small": (NOT_ALLOWED, "The number of ronin is a whole number of at least 1, not {written}."),
    "ronin-limit-at-place": (NOT_ALLOWED, "{place} would have {count} ronin, but with {regular} regular units "
                                          "(the daimyo counts) it takes at most {limit}: one fewer than its "
                                          "regular units."),
    "too-many-ronin": (NOT_ALLOWED, "You deploy {total} ronin but {koku} Koku hire at most {most}."),
    # --- action 6, the ninja (assassination.py) ---
    "ninja-not-a-table": (NOT_UNDERSTOOD, "The ninja order is a table, for example: {example}"),
    "unknown-ninja-key": (NOT_UNDERSTOOD, '"{key}" is not a ninja order; the ninja order is assassinate, '
                                          "for example: {example}"),
    "assassination-not-a-table": (NOT_UNDERSTOOD, "The assassination is a table, for example: {example}"),
    "unknown-assassination-key": (NOT_UNDERSTOOD, '"{key}" is not part of an assassination; it has {keys:list}.'),
    "assassination-part-missing": (NOT_UNDERSTOOD, "The assassination needs {key}, for example: {example}"),
    "unknown-daimyo": (NOT_UNDERSTOOD, "There is no army called {written}: name the daimyo by its army id, "
                                       'for example "blue-2".'),
    "not-an-enemy-daimyo": (NOT_ALLOWED, "{army} is not an enemy's daimyo."),
    "daimyo-not-on-board": (NOT_ALLOWED, "The daimyo of {army} is not on the board."),
    "bad-moment": (NOT_UNDERSTOOD, 'The ninja strikes before phase A, B or D of a war: before = "A", "B" or "D", '
                                   "not {written}."),
    "bad-war-of": (NOT_UNDERSTOOD, "war_of names the side whose war it is: one of {sides:list}, not {written}."),
    "assassination-in-first-round": (NOT_ALLOWED, "No assassination in the first round: a ninja hired now can "
                                                  "only spy, in the next round's planning."),
    "assassination-without-bid": (NOT_ALLOWED, "Only the side that hires the ninja in this round can order an "
                                               "assassination: put Koku in the ninja box. Whether you hire it is "
                                               "known only after planning; if you do not, the order is not carried "
                                               "out."),
    "revenge-not-a-table": (NOT_UNDERSTOOD, "revenge is a table with one target, for example: {example}"),
    "successors-not-a-table": (NOT_UNDERSTOOD, "successors is a table of army = unit kind, for example: {example}"),
    "not-one-of-your-armies": (NOT_ALLOWED, "{army} is not one of your armies."),
    "bad-successor": (NOT_UNDERSTOOD, "A successor is one of the army's regular units: {kinds:list}, "
                                      "not {written}."),
    "spy-not-a-table": (NOT_UNDERSTOOD, "spy is a table with the side to watch, for example: {example}"),
    "bad-watch": (NOT_UNDERSTOOD, "The spy watches one side in the game: one of {sides:list}, not {written}."),
    "spy-on-ally": (NOT_ALLOWED, "The spy watches an opponent."),
    "may-not-spy": (NOT_ALLOWED, "Only the side that hired the ninja last round and did not use it as an assassin "
                                 "can spy."),
    # --- action 7, the war: moves in phases A and D (move_checks.py) ---
    "war-not-a-section": (NOT_UNDERSTOOD, "[war] is a section of orders."),
    "moves-not-a-list": (NOT_UNDERSTOOD, "war.{key} is a list of orders, for example: {example}"),
    "order-names-nothing": (NOT_UNDERSTOOD, "Each order names an army (or in final_moves a province), for example: "
                                            "{example}"),
    "unknown-army-key": (NOT_UNDERSTOOD, '"{key}" is not part of an army order; the parts are {parts:list}.'),
    "drop-in-phase-a": (NOT_ALLOWED, "Units are split off to conquer only in phase D (final_moves)."),
    "unknown-army": (NOT_UNDERSTOOD, 'There is no army "{army}" (armies are named like red-1).'),
    "path-not-a-list": (NOT_UNDERSTOOD, 'A path is a list of provinces, for example: path = ["Omi", "Wakasa"]'),
    "path-not-adjacent": (NOT_ALLOWED, "{province} is not adjacent to {previous}."),
    "too-far-in-phase-a": (NOT_ALLOWED, "{army} can move at most {reach} {reach:province|provinces} in phase A, "
                                        "not {length}."),
    "too-far-in-phase-d": (NOT_ALLOWED, "{army} can move at most {reach} {reach:province|provinces} in phase D "
                                        "(its daimyo's experience after this round's attacks, if they are won), "
                                        "not {length}."),
    "units-not-a-table": (NOT_UNDERSTOOD, "On a move, {key} is a table of province = {{ unit kind = count }}, "
                                          "for example {key} = {{ Wakasa = {{ spearman = 1 }} }}."),
    "bad-units": (NOT_UNDERSTOOD, "Units are a table of unit kind = whole number, for example {{ spearman = 2 }}."),
    "kind-not-allowed": (NOT_UNDERSTOOD, "Only archers, swordsmen, gunners and spearmen leave an army card "
                                         "(never the daimyo or a ronin); a provincial force has no daimyo."),
    "unknown-force-key": (NOT_UNDERSTOOD, '"{key}" is not part of a provincial force order; the parts are '
                                          "{parts:list}."),
    "ronin-alone": (NOT_ALLOWED, "Ronin never move alone: send at least one regular unit with them."),
    "force-too-big": (NOT_ALLOWED, "A provincial force holds at most five regular units, so no more can move."),
    # what phase A, tried before the round, cannot do (with the province where it fails, when known)
    "not-adjacent": (NOT_ALLOWED, "Each step must go to a province adjacent to the previous one{place:paren}."),
    "not-friendly": (NOT_ALLOWED, "Armies and provincial forces never move into another side's "
                                  "province{place:paren}."),
    "unoccupied": (NOT_ALLOWED, "In phase A an army moves only through your own provinces, not into unoccupied "
                                "ones{place:paren}."),
    "not-enough-units": (NOT_ALLOWED, "There are not that many units to take{place:paren}."),
    "card-full": (NOT_ALLOWED, "The army card would hold more than one daimyo, four samurai or ten "
                               "ashigaru{place:paren}."),
    "force-limit": (NOT_ALLOWED, "A provincial force holds at most five regular units{place:paren}."),
    "pick-up-not-on-path": (NOT_ALLOWED, "An army picks up units only where it starts or in a province it "
                                         "enters{place:paren}."),
    "garrison-not-left-behind": (NOT_ALLOWED, "A garrison is left in a province the army leaves: its start or a "
                                              "province on its path before the last{place:paren}."),
    "garrison-needed": (NOT_ALLOWED, "Leaving that province would leave it empty: leave a garrison of regular "
                                     "units{place:paren}."),
    "path-revisits": (NOT_ALLOWED, "A path enters each province once and does not return to where the army "
                                   "started{place:paren}."),
    "already-moved": (NOT_ALLOWED, "That army already has an order in this phase; each army moves once per "
                                   "phase{place:paren}."),
    "army-already-there": (NOT_ALLOWED, "Only one army marker may rest in a province at the end of a "
                                        "phase{place:paren}."),
    "garrison-not-needed": (NOT_ALLOWED, "A garrison is left only where leaving would leave your province "
                                         "empty{place:paren}."),
    "drop-not-adjacent": (NOT_ALLOWED, "Units split off to conquer a province next to where the army passes"
                                       "{place:paren}."),
    "not-unoccupied": (NOT_ALLOWED, "Units split off only to conquer an unoccupied province{place:paren}."),
    "province-left-empty": (NOT_ALLOWED, "That move would leave your province without a unit{place:paren}."),
    "ronin-limit": (NOT_ALLOWED, "Ronin may number at most the regular units they are with, less one"
                                 "{place:paren}."),
    "units-already-moved": (NOT_ALLOWED, "Those units have already moved in phase D{place:paren}."),
    "army-frozen-moves": (NOT_ALLOWED, "That army's daimyo was assassinated: it does not move this round."),
    "not-your-province": (NOT_ALLOWED, "You do not own that province, so no force of yours moves from "
                                                "it{place:paren}."),
    # --- action 7, the war: battles in phases B and C (battles.py, with units.py and combat.py) ---
    "war-not-a-table": (NOT_UNDERSTOOD, "The war orders are a table, for example: {example}"),
    "unknown-war-key": (NOT_UNDERSTOOD, '"{key}" is not a war order; the war orders are {keys:list}.'),
    "recover-not-a-list": (NOT_UNDERSTOOD, "recover is a list of province names."),
    "battles-not-a-list": (NOT_UNDERSTOOD, "battles is a list, for example: {example}"),
    "battles-finished": (NOT_ALLOWED, "{army} must fight all its battles before the next army begins: put its "
                                        "attacks one after another."),
    "battle-not-understood": (NOT_UNDERSTOOD, "Each battle is a table naming either an army or a province, and a "
                                              "target, for example: {example}"),
    "unknown-battle-key": (NOT_UNDERSTOOD, '"{key}" is not part of a battle order; it takes {keys:list}.'),
    "bad-after-win": (NOT_UNDERSTOOD, "after_win is one of {choices:list}."),
    "target-friendly": (NOT_ALLOWED, "{target} is yours or your ally's when this attack from {origin} comes: "
                                     "battles are fought against enemy or unoccupied provinces."),
    "attacker-off-board": (NOT_ALLOWED, "That army's daimyo is not on the board{origin:paren}, so it cannot attack "
                                        "{target}."),
    "unknown-battle-army": (NOT_UNDERSTOOD, 'There is no army of that id (armies are written like "red-1").'),
    "army-lost": (NOT_ALLOWED, "That army's daimyo is not on the board."),
    "too-many-attacks": (NOT_ALLOWED, "{army}'s daimyo is level {level}: it makes at most {level} "
                                      "{level:attack|attacks} a round."),
    "army-stopped": (NOT_ALLOWED, "{army} stops after an earlier advance (advance_and_stop): it makes no more "
                                  "attacks this round."),
    "no-attack-left-to-advance": (NOT_ALLOWED, "An army moves into a beaten province in phase C only to attack again "
                                            "from there; after its last attack it moves in phase D."),
    "province-not-yours": (NOT_ALLOWED, "You do not own {origin}, so no provincial force of yours "
                                                 "attacks {target} from it."),
    "target-not-adjacent": (NOT_ALLOWED, "{target} is not next to {origin}, where this force stands when it "
                                         "attacks: a battle is fought against a neighbouring province."),
    "first-round-daimyo": (NOT_ALLOWED, "In the first round no battle is fought against a province where a "
                                        "daimyo's army stands ({target}, from {origin})."),
    "unoccupied-needs-experience": (NOT_ALLOWED, "{target} is unoccupied: only a daimyo of experience 2 or more "
                                                 "takes an unoccupied province in a battle (from {origin})."),
    "no-provincial-force": (NOT_ALLOWED, "{origin} has no regular units to attack {target} with."),
    "army-frozen": (NOT_ALLOWED, "The daimyo in {origin} was assassinated: its army does not attack this round "
                                 "({target})."),
    "force-moves-in-phase-c": (NOT_ALLOWED, "A provincial force does not move in phase C: it moves into a beaten "
                                            "province in phase D."),
    "force-attacks-twice": (NOT_ALLOWED, "A provincial force makes one attack a round."),
    "garrison-on-force-attack": (NOT_ALLOWED, "A provincial force does not move in phase C, so it leaves no "
                                              "garrison: a garrison is part of an army's battle that advances."),
    "garrison-without-advance": (NOT_ALLOWED, "This army stays where it is after the battle (after_win), so it "
                                              'leaves no garrison: order after_win = "advance" or leave the '
                                              "garrison out."),
    "garrison-more-than-army": (NOT_ALLOWED, "{army} will have {has} {kind} {has:unit|units} when it attacks, "
                                             "fewer than the {wanted} of the garrison."),
    "bad-defence-losses-first": (NOT_UNDERSTOOD, "defence_losses_first is one of {choices:list}: whose units a "
                                                 "province held by your army and your provincial force loses "
                                                 "first when attacked."),
    "priority-not-a-list": (NOT_UNDERSTOOD, "the {what} must be a list of unit kinds"),
    "priority-unknown-kind": (NOT_UNDERSTOOD, "the {what}: unknown unit kind {written}; the kinds are {kinds:list}"),
    "priority-misspelt-kind": (NOT_UNDERSTOOD, "the {what}: unknown unit kind {written} (did you mean "
                                               "{suggestion}?); the kinds are {kinds:list}"),
    "priority-kind-twice": (NOT_UNDERSTOOD, "the {what} names {kind} twice"),
    "withdrawal-rule-unknown": (NOT_UNDERSTOOD, "a withdrawal order has a rule, one of {rules:list}"),
    "withdrawal-rule-parts": (NOT_UNDERSTOOD, "the withdrawal rule {rule} takes exactly: {parts:list}"),
    "withdrawal-rule-number": (NOT_UNDERSTOOD, "the withdrawal rule {rule} needs {part} as a whole number of "
                                               "at least 1"),
})


def problem(field: str, code: str, **values) -> Problem:
    """The problem of this code at this field, with its reason and sentence from the table above."""
    return PROBLEMS.problem(field, code, **values)


class Refused(ValueError):
    """A value a rule cannot read, with the code and values that say why; its text is the sentence."""

    def __init__(self, code: str, **values):
        self.code = code
        self.values = {name: list(value) if isinstance(value, tuple) else value for name, value in values.items()}
        super().__init__(PROBLEMS.sentence(code, self.values))


def code_of(reason: str) -> str:
    """A rule's reason (why_not_levy's "koku_short", the march's "card_full") as its problem code: the same
    word in kebab case ("koku-short"), so that what the round records and what the check answers are one code
    and no table joins them."""
    return reason.replace("_", "-")


def reason_problem(field: str, reason: str, **values) -> Problem:
    """The problem of a rule's reason, at this field (code_of)."""
    return problem(field, code_of(reason), **values)


def refused(field: str, refusal: Refused) -> Problem:
    """The problem at this field that a Refused explains."""
    return problem(field, refusal.code, **refusal.values)
