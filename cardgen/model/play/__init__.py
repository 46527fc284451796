"""The rules in motion: the four games as pure state machines, and players for them.

No drawing here: a hand is dealt from a seed, played by bots, and summed up as numbers
(and, when asked, as the JSON-lines log an outside referee can replay). The engines
follow the booklets (templates/rules/*.md). Where the reference
rules leave a case open, the engines take the reading from the game's table of readings
(templates/readings/<game>.toml, model/readings.py), which the booklets print in their
"About this edition" section: the choices live there and only there (choices.py reads
them into each engine's typed record).
"""

DEFAULT_ITERATIONS = 64  # the lookahead player's rollouts per decision (settings: --lookahead-iterations)
DEFAULT_LADDER_HANDS = 20  # hands (games) per match of the report's skill ladder (settings: --ladder-hands)
