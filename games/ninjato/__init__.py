"""Ninjato: ninja raid clan houses for treasure, learn from the Sensei and court envoys, over 7 rounds.

Not registered yet (no line in games/__init__.py, no templates): this package holds the rules core and the
component data. The modules are named after the rulebook's chapters: components (the data), decks (the
hidden decks and the bag), preparation (the setup, "Preparar"), dojo, houses (the raids), sensei, palace
(the Palace and the Pavilion), scoring (clan and final scoring), rounds (turn order, the decisions and the
end of a round) and view (what one player may know); pieces and errors hold what they share. The batch orders:
orders (the order file, checked and formatted; problems its sentences), carry (carrying them out), odds (the
least-waste play and the chances of a raid) and computer (a computer player's orders). The readings
chosen where the sources are silent are written in each module's docstring.
"""
