"""The deck model: counts and links derived from the multiplication table."""
from collections import Counter

import pytest

from cardgen.errors import CardgenError
from cardgen.model.str8eight import arrows_of, build_deck, groups_of, successors, value_counts


def test_deck_has_64_number_cards_and_6_pass_cards():
    deck = build_deck()
    assert len(deck.number_cards) == 64
    assert Counter(p.direction for p in deck.pass_cards) == {"left": 3, "right": 3}
    assert all(p.points == 50 for p in deck.pass_cards)


def test_values_appear_as_often_as_in_the_table():
    counts = Counter(c.value for c in build_deck().number_cards)
    assert len(counts) == 30
    assert counts[1] == 1
    for value in (6, 8, 12, 24):
        assert counts[value] == 4
    assert counts[4] == 3 and counts[16] == 3 and counts[64] == 1
    assert counts == value_counts(8)


def test_every_cell_once():
    cells = [(c.row, c.col) for c in build_deck().number_cards]
    assert sorted(cells) == [(r, c) for r in range(1, 9) for c in range(1, 9)]


def test_groups_and_arrows_of_24():
    assert groups_of(24, 8) == [3, 4, 6, 8]
    arrows = {(a.group, a.side, a.target) for a in arrows_of(24, 8)}
    assert arrows == {(3, "left", 21), (4, "left", 20), (6, "left", 18), (8, "left", 16),
                      (4, "right", 28), (6, "right", 30), (8, "right", 32)}
    assert successors(24, 8) == [28, 30, 32]


def test_end_of_a_group_has_no_next_and_start_has_no_previous():
    assert {(a.group, a.side) for a in arrows_of(8, 8)} == {
        (1, "left"), (2, "left"), (4, "left"), (2, "right"), (4, "right"), (8, "right")}
    assert [(a.group, a.side, a.target) for a in arrows_of(64, 8)] == [(8, "left", 56)]
    assert [(a.group, a.side, a.target) for a in arrows_of(1, 8)] == [(1, "right", 2)]


def test_56_distinct_right_links():
    links = {(a.group, c.value, a.target) for c in build_deck().number_cards
             for a in c.arrows if a.side == "right"}
    assert len(links) == 56


def test_bullseyes_on_one_to_n():
    assert sorted({c.value for c in build_deck().number_cards if c.bullseye}) == list(range(1, 9))
    assert sorted({c.value for c in build_deck(5).number_cards if c.bullseye}) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("n", [2, 5, 12])
def test_variant_tables_scale(n):
    deck = build_deck(n)
    assert len(deck.number_cards) == n * n
    assert max(c.value for c in deck.number_cards) == n * n


@pytest.mark.parametrize("n", [1, 13, 0, -3])
def test_table_size_out_of_range_is_refused(n):
    from cardgen.options import BuildOptions

    with pytest.raises(CardgenError, match="from 2 to 12"):  # the user's value, by the settings table
        BuildOptions(table_size=n)
    with pytest.raises(ValueError, match="outside 2–12"):  # and the model's own guard
        build_deck(n)
