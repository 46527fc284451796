"""Every variant's words follow its deck: the facts the rule texts print are computed from
the model, the worked examples are legal plays with cards the deck has, and passages
that do not apply are left out. Model and text level (milliseconds); one real build of
a small table is in test_rules.py, the full sweep in benchmarks/variant_sweep.py."""
import re
from collections import Counter

import pytest

from cardgen.documents.ruletext import load, plain_text, render
from cardgen.errors import CardgenError
from cardgen.model import eights, str8eight
from cardgen.model.bonus import group_runs, run_group
from cardgen.model.facts import crazy_eights_facts, eights_facts, fourscore_facts, str8eight_facts


def one_line(text: str) -> str:
    return " ".join(text.split())


def figure_cards(blocks) -> list:
    """Every card a booklet pictures, the setup picture's included (not its backs and empty places)."""
    from cardgen.documents.cardfigures import parse_setup

    found = []
    for b in blocks:
        if b.kind == "figure" and b.label == "setup":
            found += [name for item in parse_setup(" ".join(b.items)) for name in item.names]
        elif b.kind == "figure":
            found += b.items
    return found


def copies_table(markdown: str) -> dict:
    """The Value | Copies table of a rendered rule text, read back."""
    rows = [line for line in markdown.splitlines() if line.startswith("|")]
    start = next(i for i, line in enumerate(rows) if "Value" in line and "Copies" in line)
    found = {}
    for line in rows[start + 2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if not cells[0].isdigit():
            break
        for value, copies in zip(cells[::2], cells[1::2]):
            if value:
                found[int(value)] = int(copies)
    return found


@pytest.mark.parametrize("n, passes", [(2, 4), (3, 0), (6, 2), (12, 6)])
def test_str8eight_text_states_the_variants_counts(n, passes):
    f = str8eight_facts(n, passes)
    md = render("str8eight", f)
    text = one_line(plain_text(load("str8eight", f)))
    assert f"There are {n * n} number cards, one for every cell of the {n} × {n} table" in text
    assert copies_table(md) == str8eight.value_counts(n)
    assert f"The cards 1 through {n} carry a bull’s-eye" in text
    if passes:
        assert f"Shuffle all {n * n + passes} cards together" in text and "pass card" in text
    else:  # the pass-card passages are left out, not left wrong
        assert f"Shuffle all {n * n} number cards" in text and "pass card" not in text.replace("no pass cards", "")
    # every picture is of a card the deck has
    values = set(str8eight.value_counts(n))
    for name in figure_cards(load("str8eight", f)):
        assert name in ("pass-left", "pass-right") and passes or int(name) in values, name
    assert "64" not in re.sub(r"\d+", lambda m: m.group() if m.group() == "64" and n == 8 else "", text)


@pytest.mark.parametrize("n", range(2, 13))
def test_worked_examples_are_legal_plays_with_cards_the_deck_has(n):
    f = str8eight_facts(n, 6)
    example = [s.value for s in f.example]
    assert len(example) == f.sequence_length == n and str8eight.is_sequence(example, n)
    assert str8eight.is_sequence(f.cover, n) and len(f.cover) == min(4, n)
    assert all(s.previous is None or s.value - s.previous == s.group for s in f.example)
    assert str8eight.is_sequence(f.bonus_run, n) and len(set(b - a for a, b in zip(f.bonus_run, f.bonus_run[1:]))) == 1
    copies = str8eight.value_counts(n)
    ana, *others = f.scoring
    for winning in (ana.sequence, f.bonus_run):  # the two endings: every card in play exists
        used = Counter(winning)
        for p in others:
            assert str8eight.is_sequence(p.sequence, n) and len(p.hand) == 3
            used.update(p.sequence)
            used.update(v for v in p.hand if v)
        assert all(used[v] <= copies[v] for v in used), (winning, used)
        assert sum(1 for p in others for v in p.hand if not v) <= 6
    if f.facing:
        assert f.facing.high in str8eight.successors(f.facing.low, n)
    if f.false_friend:
        ff = f.false_friend
        assert ff.high not in str8eight.successors(ff.low, n) and ff.low + ff.group == ff.number == ff.high - ff.group


def test_the_reference_game_keeps_its_numbers():
    f = str8eight_facts()
    assert (f.number_cards, f.pass_cards, f.cards, f.distinct_values) == (64, 6, 70, 30)
    assert f.once == (1, 9, 25, 36, 49, 64) and f.most_copied == (6, 8, 12, 24) and f.most_copies == 4
    assert f.bonus_name == "Str8 Eight" and f.run_worth == 36 and f.players == (2, 4) and f.tournament
    assert f.best_group == 4 and f.best_group_partners == (2, 6, 8) and f.save_value == 24
    assert f.edition == "" and str8eight_facts(10, 4).edition == "10 × 10 table, 4 pass cards"
    assert str8eight_facts(10).bonus_name == "Str8 Ten"


def test_a_deck_too_small_to_deal_is_refused_with_the_models_reason():
    from cardgen.options import BuildOptions

    with pytest.raises(CardgenError, match="makes 4 cards, and two players' hands of 3 and a draw pile need 7"):
        BuildOptions(games=("str8eight",), table_size=2, pass_cards=0)
    with pytest.raises(CardgenError, match="FourScore lays 4 cards out as rows"):
        BuildOptions(games=("fourscore",), table_size=2)
    BuildOptions(games=("str8eight",), table_size=2, pass_cards=4)  # 8 cards: two players and a draw pile


@pytest.mark.parametrize("n", [3, 8, 12])
def test_fourscore_counts_and_examples_follow_the_table(n):
    f = fourscore_facts(n, 0)
    text = one_line(plain_text(load("fourscore", f)))
    assert f"Use the {n * n} number cards" in text and "pass cards out" not in text
    assert f"With {n * n - 4} cards left after the rows are laid out" in text
    for players, each, left in f.deal:
        assert players * each + left == n * n - 4 and left < players
    assert ("Left over" in text) == (not f.even) and ("(added rule)" in text) and "Added rule:" not in text
    row = f.row_example.row
    assert all(str8eight.groups_of(a, n) and set(str8eight.groups_of(a, n)) & set(str8eight.groups_of(b, n))
               for a, b in zip(row, row[1:]))
    values = set(str8eight.value_counts(n))
    assert all(int(v) in values for v in figure_cards(load("fourscore", f)))


def test_eights_example_is_a_legal_turn_with_real_cards():
    f = eights_facts()
    x = f.example
    deck = Counter((c.suit, c.letter.upper()) for c in eights.build_deck())
    assert not Counter(x.table + x.hand) - deck  # every card exists, none twice
    assert [s for s, _ in x.table] == list(range(1, 9)) and len(x.hand) == 7
    assert "".join(letter for (_, letter), _ in x.letters) == x.word
    table = {s: eights.LetterCard(s, 0, letter.lower()) for s, letter in x.table}
    hand = [eights.LetterCard(s, 0, letter.lower()) for s, letter in x.hand]
    assert eights.spell(x.word, table, hand) and eights.best_word(table, hand) == x.word
    for taken, back in x.replacements:
        assert taken[0] == back[0] and taken in x.table and back in x.hand and back not in x.from_hand
    text = one_line(plain_text(load("eights", f)))
    assert "7v" not in text  # the reference text's example used a card the deck lacks
    assert "The table shows " + " ".join(f"{s}{letter.lower()}" for s, letter in x.table) in text


@pytest.mark.parametrize("decks, ace", [(1, 10), (2, 1)])
def test_crazy_eights_text_follows_decks_and_ace_value(decks, ace):
    f = crazy_eights_facts(decks, ace)
    for name in ("crazy-eights", "crazy-eights-reference"):
        rows = [b.items for b in load(name, f) if b.kind == "table" and b.items[0][0] == "Card"][0]
        assert ["Ace", str(ace)] in rows and ["Ace", str(11 - ace)] not in rows
    pad = plain_text(load("crazy-eights-scorepad", f))
    assert f"ace = {ace}," in pad and "250" in pad
    assert ("Two standard 52-card decks" in plain_text(load("crazy-eights", f))) == (decks == 2)


def test_score_targets_scale_with_what_a_winning_sequence_is_worth():
    """Another table's sequences are worth more or less than the 8 × 8 game's: the
    targets scale with them (an added rule, said so), and the checker's own count agrees."""
    from cardgen.check.str8eight import targets as checker_targets

    for n in range(2, 13):
        f = str8eight_facts(n)
        assert {k: f.targets[k] for k in (2, 3)} == checker_targets(n)
        text = one_line(plain_text(load("str8eight", f)))
        assert f"Two players: the first to reach {f.targets[2]:,} points wins" in text
        assert ("Score targets for this table (added rule). The game is played to" in text) == (n != 8)
    assert str8eight_facts(8).targets == {2: 1000, 3: 500, 4: 500}
    assert str8eight_facts(12).targets[2] > 2 * 1000 > 10 * str8eight_facts(3).targets[2]


@pytest.mark.parametrize("n, length", [(8, 5), (8, 10), (12, 36), (3, 2)])
def test_a_set_sequence_length_runs_through_the_words(n, length):
    f = str8eight_facts(n, 6, length)
    assert len(f.example) == length and str8eight.is_sequence([s.value for s in f.example], n)
    text = one_line(plain_text(load("str8eight", f)))
    from cardgen.documents.ruletext import number_word, ordinal

    assert f"The hand ends the moment someone places the {ordinal(length)} card" in text
    assert f"sequences of {length}" in f.edition
    runs = group_runs(n, length)
    assert f.runs_exist == bool(runs) == (length <= n)  # one color holds at most n cards
    assert (f"The {f.bonus_name} bonus" in text) == bool(runs)
    if runs:
        assert str8eight.is_sequence(f.bonus_run, n) and len(f.bonus_run) == length
        assert run_group(f.bonus_run, n) == f.bonus_group
        assert f.bonus_name == f"Str8 {number_word(length).capitalize()}"
    aid = one_line(plain_text(load("str8eight-reference", f)))
    assert f"lays their {ordinal(length)} card" in aid


def test_a_sequence_longer_than_the_table_allows_is_refused():
    from cardgen.options import BuildOptions

    assert str8eight.longest_sequence(8) == 20
    with pytest.raises(CardgenError, match="longest sequence from a bull's-eye has 20 cards; use 2 to 20"):
        BuildOptions(games=("str8eight",), sequence_length=21)
    BuildOptions(games=("eights",), sequence_length=21)  # not built: not asked about
