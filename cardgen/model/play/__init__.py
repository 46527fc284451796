"""The rules in motion: the four games as pure state machines, and players for them.

No drawing here: a hand is dealt from a seed, played by bots, and summed up as numbers
(and, when asked, as the JSON-lines log an outside referee can replay). The engines
follow the booklets (templates/rules/*.md). Crazy Eights (crazy_eights.py) and Eights
(eights.py) take their readings of the open points from the table of readings
(templates/readings/<game>.toml, read through model/readings.py), which their booklets
print. For Str8 Eight and FourScore, the reading chosen is written down here, and only here:

Str8 Eight
| case | reading |
|---|---|
| first player | seat 0 moves first in every hand (the log's "player 0"); seats then go 1, 2, … |
| "left" | the next player in turn order: a pass-left card moves each hand from seat i to seat i+1 |
| the deal | 3 cards to each seat, one at a time from seat 0; the rest is the draw pile |
| first turn | the discard pile starts empty, so the first draw is from the draw pile |
| taking the discard | allowed on any turn it is not empty, even to discard the same card again |
| the draw pile runs out | at the start of the turn that would draw from it: the discard pile and the played pass cards are shuffled into a new draw pile (all of the discard pile, so the next player must draw) |
| impasse | judged at that same moment: if the whole pass through the draw pile now ending (the deal counts as the first) saw no pass card played and no card added to a sequence, every hand goes into the discard pile too, everything is shuffled, and each seat is dealt 3 new cards from seat 0 (fewer only when the pile runs that low: one card always stays to be drawn) |
| nothing to reshuffle | the discard and pass piles are empty too (tiny decks, where the hands hold the rest): treated as an impasse, so the hands are shuffled and dealt again; with every card in a sequence the hand ends without a winner |
| turn limit | a hand still running after `max_turns` turns (all seats counted) ends without a winner (a stalled hand); the playability check counts these |
| hand without a winner | every seat scores its sequence minus its hand |
| sequence length | a rule of the variant (default 8): the hand ends the moment a sequence holds that many cards |
| single-group bonus | every card of the winning sequence belongs to one group of multiples (with L = N = 8: the whole group, d, 2d, …, 8d) |
| bonus scoring | the winner adds the others' sequence totals; the others score only minus their hands |
| pass card in hand | counts 50 against its holder, as a pass card's printed points |

FourScore
| case | reading |
|---|---|
| the box | starts with seat 0 (left of the dealer); ties are placed clockwise from the box, and it moves to the last tied player placed |
| a card on a same-numbered end card | joins the row and counts towards its five |
| the fifth card | the four other cards go to the player's scoring pile; the fifth card starts the row again |
| no legal place | the player takes the row holding the highest card on the table (the first such row when two tie) |
| arrow bonus | the card and its neighbour are one step apart in a group both belong to (|a − b| = d); one card of the scoring pile, if any, goes back in the box |
| tie for fewest cards | every tied player wins a share: 1/k of a win each |
"""
