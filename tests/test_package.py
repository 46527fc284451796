"""What a box and a cover say about a game (model/package.py, documents/boxtext.py):
players from the rules, a Str8 Eight hand's time from the build's own trial hands, the
contents from the deck. No build: the facts and the words, computed directly."""
import pytest

from cardgen.documents.boxtext import box_text
from cardgen.model import package
from cardgen.model.facts import crazy_eights_facts, fourscore_facts, str8eight_facts
from cardgen.model.play.playability import playability


@pytest.mark.parametrize("n, length", [(8, 8), (12, 8), (6, 5)])
def test_a_hands_time_is_the_trial_median_at_twenty_seconds_a_turn(n, length):
    facts = str8eight_facts(n, 6, length)
    trial = playability(n, 6, length)
    got = package.str8eight_package(facts, trial)
    assert got.minutes == max(5, 5 * round(trial.median_turns * 20 / 60 / 5)) and got.per == "hand"
    assert got.players == facts.players and got.ages == (7 if n <= 6 else 8)
    if (n, length) == (8, 8):  # the reference tournament: a round (one hand of four) lasts about 30 minutes
        assert got.minutes == 30


def test_fourscore_times_its_rounds_and_crazy_eights_seats_more_with_two_decks():
    four = package.fourscore_package(fourscore_facts(8, 6))
    assert four.minutes == 10 and four.players == (2, 6)  # 60 cards dealt to 4: 15 rounds of 40 s
    assert package.crazy_eights_package(1).players == (2, 6)
    assert package.crazy_eights_package(2).players == (2, None)


def test_box_words_follow_the_deck():
    facts = str8eight_facts(10, 0, None)
    words = box_text("str8eight", package.BoxFacts(
        facts, package.str8eight_package(facts, playability(10, 0, 10)), {"number": 100}, ("cards", "box")))
    assert words.contents == "100 number cards."  # no pass cards, no other parts built
    about = words.about.replace("\xa0", " ")  # runs of numbers are tied with no-break spaces
    assert "10 × 10 multiplication table" in about and "ten cards" in about
    assert [value for _, value, _ in words.glance][:2] == ["2–4", "8+"]
    two = crazy_eights_facts(2, 1)
    words = box_text("crazy-eights", package.BoxFacts(two, package.crazy_eights_package(2), {"card": 104},
                                                      ("cards", "rules", "box"), decks=2))
    assert words.contents.startswith("104 playing cards in two decks, each with its own back, rule booklet")
    assert words.glance[0][1] == "2+"
