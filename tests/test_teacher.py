"""The classroom presets and the Str8 Eight teacher pages (issue 17): presets are data,
validated, playable and below the user's own options; the pages fit one page each and
say what the model says; `cardgen check` catches teacher pages of another deck."""
from __future__ import annotations

import dataclasses
import re

import pytest

from conftest import assert_metadata, refresh_manifest, run_cli, shared_build, private_copy


# --- presets -----------------------------------------------------------------------------------

def test_every_preset_is_valid_data_and_playable():
    from cardgen.model.play.playability import playability
    from cardgen.options import BuildOptions, PlaytestOptions, pick
    from cardgen.settings import BY_NAME, PRESETS, validate

    assert tuple(PRESETS) == BY_NAME["preset"].choices == ("intro", "grade3", "mtc")
    for name, preset in PRESETS.items():
        for key, value in preset.values.items():
            assert validate(key, value) == value, (name, key)
        options = BuildOptions(**pick(BuildOptions, {"preset": name}))
        assert {k: getattr(options, k) for k in preset.values} == preset.values
        played = PlaytestOptions(**pick(PlaytestOptions, {"preset": name}))
        assert (played.table_size, played.pass_cards) == (options.table_size, options.pass_cards)
        trial = playability(options.table_size, options.pass_cards, options.sequence_length or options.table_size)
        assert not trial.problems() and trial.finish_rate >= 0.9, (name, trial)
    sizes = {p.values["table_size"] for p in PRESETS.values()}
    assert {9, 12} <= sizes and min(sizes) < 8  # 3.OA.C.7, the MTC, and a small first table


def test_a_users_options_win_over_the_preset(tmp_path):
    """defaults < preset < project file < flags, through the CLI's own path."""
    from cardgen import config
    from cardgen.options import BuildOptions, pick

    (tmp_path / "cardgen.toml").write_text('preset = "mtc"\n[str8eight]\nsequence_length = 6\n')
    from_file = config.load(tmp_path / "cardgen.toml")
    options = BuildOptions(**pick(BuildOptions, {**from_file, "table_size": 10}))  # a flag on top
    assert (options.table_size, options.sequence_length, options.scaffold, options.pass_cards) == (10, 6, "bare", 6)
    with pytest.raises(Exception, match="unknown preset"):
        BuildOptions(**pick(BuildOptions, {"preset": "grade9"}))


def test_a_preset_build_shows_in_the_teacher_pages_and_checks(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text('preset = "grade3"\n[str8eight]\nsequence_length = 4\n')
    out = tmp_path / "out"
    result = run_cli("build", "--game", "str8eight", "--only", "teacher", "--format", "pdf", "--table-size", "5",
                     "--sets", "3", "--out", out, "-q", "-j", "1")
    assert result.exit_code == 0, result.output
    text = _pages(out / "str8eight" / "str8eight-teacher-letter.pdf")
    # the flag's table, the file's length, the preset's scaffold and pass cards (25 + 6), the sets and their marks
    assert "This kit: the 5 × 5 table · 31 cards a deck · sequences of 4 · colors cards · 3 class sets, A–C · " \
           "preset grade3" in text[0]
    assert "three sets, A–C, each with its own mark (A circle, B square, C triangle)" in text[0]
    assert "These cards are built at the colors level" in text[0] and "large print" not in text[0]
    assert "The 5 × 5 deck at the colors level" in text[2] and "“?”, this key gives the number" in text[2]
    info = assert_metadata(out / "str8eight" / "str8eight-teacher-letter.pdf", "5 × 5 table, 6 pass cards, sequences of 4")
    assert info["Title"].startswith("Str8 Eight – teacher pages, letter")
    check = run_cli("check", out)
    assert check.exit_code == 0, check.output
    assert "str8eight-teacher-letter.pdf: lesson plan, recording sheet, answer key (14 values)" in check.output


def test_bare_cards_teacher_pages_check_against_the_table(tmp_path):
    """Bare faces print no arrows: the checker takes their moves from the values and cells,
    so the answer key and coverage of a bare deck match (they once read as no moves at all)."""
    out = tmp_path / "out"
    result = run_cli("build", "--game", "str8eight", "--only", "teacher", "--format", "pdf", "--scaffold", "bare",
                     "--table-size", "4", "--sequence-length", "4", "--out", out, "-q", "-j", "1")
    assert result.exit_code == 0, result.output
    text = _pages(out / "str8eight" / "str8eight-teacher-letter.pdf")
    assert "The 4 × 4 deck at the bare level" in text[2] and "print no arrows, so this key gives every move" in text[2]
    check = run_cli("check", out)
    assert check.exit_code == 0, check.output
    assert "str8eight-teacher-letter.pdf: lesson plan, recording sheet, answer key (9 values) and fact coverage " \
           "(16 facts" in check.output


def test_teacher_pages_come_with_a_class_build_or_when_asked():
    from cardgen.options import BuildOptions
    from cardgen.settings import parts_of

    assert "teacher" not in parts_of(BuildOptions())  # a plain build: no lesson plan in the box
    for asked in ({"preset": "intro"}, {"sets": 2}, {"scaffold": "bare"}, {"large_print": True},
                  {"only": ("rules", "teacher")}):
        assert "teacher" in parts_of(BuildOptions(**asked)), asked
    assert parts_of(BuildOptions(preset="mtc", cards=("12",), games=("str8eight",))) == ("print",)


# --- the teacher pages' facts, from the model -----------------------------------------------------

@pytest.mark.parametrize("n, length", [(2, 2), (6, 5), (8, 8), (12, 8)])
def test_the_answer_key_coverage_and_example_follow_the_model(n, length):
    from cardgen.model import str8eight as m
    from cardgen.model.atlas import atlas
    from cardgen.model.teacher import teacher_facts

    f = teacher_facts(n, 6, length)
    counts = m.value_counts(n)
    assert [k.value for k in f.key] == sorted(counts)
    for k in f.key:
        assert sum(1 if r == c else 2 for r, c in k.pairs) == k.copies == counts[k.value]
        arrows = m.arrows_of(k.value, n)
        assert k.neighbours == {d: (next((a.target for a in arrows if a.group == d and a.side == "left"), None),
                                    next((a.target for a in arrows if a.group == d and a.side == "right"), None))
                                for d in m.groups_of(k.value, n)}
    values = [x.value for x in f.example]
    assert len(values) == length and m.is_sequence(values, n)
    assert all(x.row * x.col == x.value and x.row <= n and x.col <= n for x in f.example)
    book = atlas(n, length)
    assert f.sequences == book.value_sequences and f.through == book.through
    assert abs(sum(f.step_share.values()) - 100) <= n  # rounded shares of every step
    assert f.trial[0] >= 2 and f.trial[2] >= length  # a hand takes at least its cards' turns


# --- the pages, and what the checker makes of them -------------------------------------------------

def _pages(path) -> list:
    import pypdf

    return [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(str(path)).pages]


def _write(path, n, length, paper="letter", change=None):
    from cardgen.documents.teacher import write_teacher
    from cardgen.draw.fonts import register_reportlab_fonts
    from cardgen.layout.paper import PAPERS
    from cardgen.model.teacher import teacher_facts
    from cardgen.theme import DEFAULT_THEME

    facts = teacher_facts(n, 6, length)
    if change:
        facts = change(facts)
    from cardgen.draw.pdfmeta import meta_for

    return write_teacher(path, PAPERS[paper], facts, register_reportlab_fonts(DEFAULT_THEME.fonts),
                         meta_for("teacher", "Str8 Eight", paper))


@pytest.mark.parametrize("n, length, paper", [(12, 12, "a4"), (2, 2, "letter")])
def test_each_teacher_page_fits_its_page(tmp_path, n, length, paper):
    path = tmp_path / "t.pdf"
    assert _write(path, n, length, paper) == 4  # lesson plan, recording sheet, answer key, coverage
    titles = [t.split(" · ")[1].split(" ")[0] if " · " in t else t for t in _pages(path)]
    assert [t[:40] for t in _pages(path)][0].startswith("Str8 Eight in class · lesson plan")
    assert ["recording" in titles[1], "answer" in titles[2], "fact" in titles[3]] == [True] * 3


@pytest.fixture(scope="module")
def taught(tmp_path_factory):
    """The 8 × 8 deck's teacher pages (and the card SVGs the checker reads), built once."""
    out = shared_build(tmp_path_factory, "taught", "--game", "str8eight", "--only", "teacher", "--format", "pdf",
                       "-j", "1")
    check = run_cli("check", out)
    assert check.exit_code == 0 and "str8eight-teacher-letter.pdf: lesson plan" in check.output, check.output
    return out


@pytest.fixture
def copy_of_taught(taught, tmp_path):
    return private_copy(taught, tmp_path / "out")


def _swap_in(out, n, length, change=None):
    path = out / "str8eight" / "str8eight-teacher-letter.pdf"
    _write(path, n, length, change=change)
    refresh_manifest(out)
    result = run_cli("check", out)
    assert result.exit_code == 1 and "manifest: OK" in result.output, result.output
    return result.output


def test_teacher_pages_of_another_table_beside_the_deck_fail_the_check(copy_of_taught):
    output = _swap_in(copy_of_taught, 6, 6)
    assert "lesson plan: describes the 6 × 6 table, 42 cards, sequences of 6; the deck in this folder is the " \
           "8 × 8 table, 70 cards, sequences of 8" in output
    assert "answer key: has no table headed “value cards ×1 ×2 ×3 ×4 ×5 ×6 ×7 ×8”" in output
    assert "fact coverage: the grid differs from the cards' count" in output
    assert "recording sheet: its example row holds 6 facts" in output


def test_one_wrong_neighbour_and_a_backwards_example_fail_the_check(copy_of_taught):
    def lie(facts):  # 12's next multiple of 4 printed as 20; the worked sequence written backwards
        key = tuple(dataclasses.replace(k, neighbours={**k.neighbours, 4: (8, 20)}) if k.value == 12 else k
                    for k in facts.key)
        return dataclasses.replace(facts, key=key, example=facts.example[::-1])
    output = _swap_in(copy_of_taught, 8, 8, lie)
    assert re.search(r"answer key: the row of 12 reads “12 2×6 3×4 10 · 14 9 · 15 8 · 20 6 · 18”; "
                     r"the cards give “12 2×6 3×4 10 · 14 9 · 15 8 · 16 6 · 18”", output), output
    assert "recording sheet: its example 35 → 28 → 24 → 18 → 15 → 10 → 8 → 7 is not a sequence these cards " \
           "allow" in output
    assert "lesson plan" not in output and "fact coverage" not in output  # only what was forged


def test_a_coverage_page_counting_other_bonus_runs_fails_the_check(copy_of_taught):
    """The coverage page's one-color runs (8 on the 8 × 8 table: d, 2d, …, 8d) are recounted
    from the cards' arrows: a page that counts the runs any other way is caught."""
    output = _swap_in(copy_of_taught, 8, 8, lambda facts: dataclasses.replace(facts, bonus_runs=facts.bonus_runs + 1))
    assert "fact coverage: gives 9 winning sequences that earn the one-color bonus; the cards make 8" in output
    assert "lesson plan" not in output and "answer key" not in output


def test_teacher_pages_stating_another_level_large_print_or_sets_fail_the_check(copy_of_taught):
    """The deck is the full level, standard print, one deck: pages written for bare,
    large-print class sets are caught on each count, and nothing else is reported."""
    def other_kit(facts):
        return dataclasses.replace(facts, scaffold="bare", large_print=True, sets=2,
                                   marks=(("A", "circle"), ("B", "square")))
    output = _swap_in(copy_of_taught, 8, 8, other_kit)
    assert "lesson plan: serves the bare level; the cards in this folder are built at the full level" in output
    assert "answer key: serves the bare level; the cards in this folder are built at the full level" in output
    assert "lesson plan: says large print, but the cards are standard print" in output
    assert "lesson plan: speaks of class sets; this folder holds one deck" in output
    assert "recording sheet" not in output and "fact coverage" not in output


def test_a_preset_length_too_long_for_the_users_table_is_named_as_the_presets(tmp_path):
    """--preset mtc --table-size 2: the sequence length 8 the error names is the preset's,
    which the user never typed; the line says so."""
    result = run_cli("build", "--preset", "mtc", "--table-size", "2", "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert result.output.strip() == ("cardgen: error: --sequence-length: 8 (the mtc preset's, for its 12 × 12 table) "
                                     "cannot be: the 2 × 2 table's longest sequence from a bull's-eye has 3 cards; use "
                                     "2 to 3 (0: the table's width, 2)")
    assert not (tmp_path / "o").exists()


def test_a_deck_too_small_to_deal_names_what_to_change(tmp_path):
    """--preset grade3 --table-size 2 in a playtest: ten cards cannot deal three to four
    players; the line said only "choose another variant"."""
    result = run_cli("playtest", "--preset", "grade3", "--table-size", "2", "--game", "str8eight", "--hands", "4",
                     "--out", tmp_path / "p")
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == (
        "cardgen: error: a 2 × 2 deck with 6 pass cards cannot deal 3 cards to 4 players and leave a draw pile: "
        "use fewer --players, a larger --table-size or more --pass-cards")


def _key_words(path) -> "tuple[list, float]":
    """The answer key page's words as (text, left, right, line), its cells' numbers and
    signs each one word, from pdfium's boxes of the characters as drawn; and the page's
    width in points."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    page = pdf[2]
    text = page.get_textpage()
    words, word = [], None
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        left, bottom, right, top = text.get_charbox(i, loose=True)
        if not ch.strip() or right <= left:
            word = None
            continue
        line = round((bottom + top) / 2, 0)
        if word is not None and word[3] == line and abs(left - word[2]) < 0.05:  # the next glyph of a word
            word[0] += ch
            word[2] = right
        else:
            word = [ch, left, right, line]
            words.append(word)
    width = page.get_width()
    pdf.close()
    return words, width


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_12_by_12_answer_key_cells_stand_apart_inside_the_table(tmp_path, paper):
    """At 12 × 12 (the mtc preset) the key's widest cells, "100 · 120" beside "99 · 121",
    "120 · 144" in the last column, keep a space between them and inside the page's
    frame, in type no smaller than running text's 7 pt; the key stays on its one page."""
    from cardgen.documents.teacher import FRAME_PAD, MARGIN_MM, MM

    path = tmp_path / "t.pdf"
    assert _write(path, 12, 8, paper) == 4
    words, width = _key_words(path)
    body = [w for w in words if re.fullmatch(r"[\d–·×]+", w[0])]
    lines: dict = {}
    for w in body:
        lines.setdefault(w[3], []).append(w)
    rows = [sorted(ws, key=lambda w: w[1]) for ws in lines.values()]
    gaps = [(a[0], b[0], b[1] - a[2]) for ws in rows for a, b in zip(ws, ws[1:])]
    assert len(rows) >= 60 and gaps
    touching = [g for g in gaps if g[2] < 1.0]  # less than a thin space between two words: they run together
    assert not touching, touching[:5]
    right = width - MARGIN_MM * MM - FRAME_PAD
    past = [w[0] for w in body if w[2] > right + 0.01]
    assert not past, past
    assert {"120 · 144", "100 · 120", "99 · 121"} <= {" ".join(w[0] for w in ws[i:i + 3]) for ws in rows
                                                      for i in range(len(ws))}


def test_an_answer_key_whose_cells_run_together_fails_the_check():
    """The key is read word for word: "100 · 12099 · 121", two cells drawn into each other,
    is not the row the cards give, though its digits are."""
    from cardgen.check.report import GameReport
    from cardgen.check.teacher import _answer_key, _key_rows

    cells = {2: {(1, 2)}, 4: {(1, 4), (2, 2)}}
    arrows = {2: {(1, "left", 1), (1, "right", 3), (2, "left", None), (2, "right", 4)},
              4: {(1, "left", 3), (1, "right", None), (2, "left", 2), (2, "right", 6)}}
    arrows = {v: {(g, s, "–" if t is None else t) for g, s, t in a} for v, a in arrows.items()}
    rows = " ".join(row for _, row in _key_rows(2, cells, arrows))
    assert rows == "2 1×2 1 · 3 – · 4 4 1×4 2×2 3 · – 2 · 6"

    def verdict(text):
        report = GameReport("str8eight")
        _answer_key(text, 2, cells, arrows, "t.pdf", report)
        return [v.problem for v in report.violations]
    assert verdict("value cards ×1 ×2 " + rows + " Str8 Eight") == []
    assert verdict("value cards ×1 ×2 " + rows.replace("3 · – 2", "3 · –2")) == [
        "the row of 4 reads “4 1×4 2×2 3 · –2 · 6”; the cards give “4 1×4 2×2 3 · – 2 · 6”"]
