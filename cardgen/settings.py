"""Every build option, declared once.

One row per option: name, kind, default, allowed values or range, help and its place
in the project file. The CLI's flags (cli.py), the project file's validation
(config.py), the commented file `cardgen init` writes, the docs' options reference and
the BuildOptions record are all made from this table, and every value, from a flag
or from the file, passes the same validator before any work starts. Adding an option
is adding a row.
"""
from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, Callable

from .errors import CardgenError
from .model.atlas import MAX_SEQUENCE_LENGTH
# the parts of a game's build that --only names, and what a Str8 Eight face tells (most to
# least): the build record lists both
from .record import PARTS, SCAFFOLDS
from .model.str8eight import DEFAULT_TABLE_SIZE, MAX_TABLE_SIZE, MIN_TABLE_SIZE
from .model.play import DEFAULT_ITERATIONS, DEFAULT_LADDER_HANDS

FORMATS = ("svg", "pdf", "png", "tts", "pod", "shop", "html")
_CARD_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
MAX_CARD_NAMES = 200
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
FONT_CUTS = ("regular", "bold", "black", "italic")
MAX_JOBS = 64
MAX_GROUP_COLORS = 12
MAX_SETS = 12  # class sets, each marked with its own letter and shape
SET_LETTERS = "ABCDEFGHIJKL"[:MAX_SETS]  # their letters, in order (design/setmark.py marks them)
BUILD, PLAYTEST, CHECK, CALIBRATE, INIT = "build", "playtest", "check", "calibrate", "init"
BOTH = (BUILD, PLAYTEST)
EVERY = (BUILD, PLAYTEST, CHECK, CALIBRATE, INIT)  # every command speaks --config, -q and -v
# kinds whose flag takes a comma-separated list and may be repeated (the lists add up)
LIST_KINDS = ("games", "formats", "parts", "shops", "bots", "cards", "options")
DECK_GAMES = ("str8eight", "eights", "crazy-eights")  # the games with a deck of their own
STR8_DECK = ("str8eight", "fourscore")  # the games played with the Str8 Eight deck
BOT_NAMES = ("greedy", "random", "lookahead")
LOOKAHEAD_GAMES = ("str8eight", "fourscore", "crazy-eights", "eights")  # the games the lookahead player plays (model/play/lookahead.py)
PLAYABLE = ("str8eight", "fourscore", "eights", "crazy-eights")  # the games cardgen can play (model/play/)
PLAYERS = {"str8eight": (2, 4), "fourscore": (2, 6), "eights": (2, 6), "crazy-eights": (2, 10)}  # as the rules allow
# (Crazy Eights: up to six with one deck, seven to ten with --decks 2: check_playtest names the fix)
CRAZY_OPTIONS = ("target-100", "target-500", "penalty-scoring", "draw-until-play", "action-cards")
MAX_HANDS = 1_000_000
# --sweep: the options a sweep may vary, by the name it is written with
SWEEP_AXES = {"table-size": "table_size", "pass-cards": "pass_cards", "sequence-length": "sequence_length",
              "players": "players"}
MAX_SWEEP_ROWS = 400
_PLAIN_NUMBER = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$|^[+-]?(nan|inf|infinity)$", re.I)


@dataclass(frozen=True)
class Setting:
    name: str  # the BuildOptions field
    kind: str  # int, float, bool, choice, text, path, formats, games, pair, margins, colors, fonts
    default: Any  # a value, or a callable giving one (jobs: the machine's cores)
    help: str
    label: str = ""  # how messages name it ("table size"); default: the name with spaces
    section: "str | None" = None  # the project file's [table]; None: the top level
    key: str = ""  # the key in the project file; default: the name
    flag: str = ""  # the command-line flag; "" for the project file only
    short: str = ""  # a one-letter flag
    toml: bool = True  # False: a flag only (--clean)
    choices: tuple = ()
    low: "float | None" = None
    high: "float | None" = None
    unit: str = ""  # "mm", for messages
    hint: str = ""  # appended to a range error: what is usual
    metavar: str = ""
    example: str = ""  # init: a commented-out example for options without a default; pair: X,Y for messages
    both: bool = False  # pair: one number stands for X and Y
    commands: tuple = ("build",)  # the commands that take it: build, playtest, check, calibrate, init
    record: bool = True  # False: how the command runs (--config, -q, -v), not in BuildOptions/PlaytestOptions
    games: tuple = ()  # the games it applies to; () every game (set for another: one warning, see not_applying)
    needs: str = ""  # the format it applies to ("tts"); "" any (asked without it: one warning)

    @property
    def what(self) -> str:
        return self.label or self.name.replace("_", " ")

    @property
    def toml_key(self) -> str:
        return self.key or self.name

    def default_value(self):
        return self.default() if callable(self.default) else self.default


def _game_names() -> tuple:
    from .builders import GAMES

    return tuple(GAMES)


def _card_sizes() -> tuple:
    from .model.sizes import CARD_SIZES

    return tuple(CARD_SIZES)


def _shop_names() -> tuple:
    from .shops import shops

    return tuple(shops())


def _box_fits() -> tuple:
    from .layout.boxfit import BOX_FITS

    return tuple(BOX_FITS)


@dataclass(frozen=True)
class Preset:
    """A class preset: what it is for, and the settings it picks (setting name -> value).
    Its values sit under the project file and the flags: built-in defaults < preset <
    project file < flags, so whatever a user sets explicitly wins."""
    name: str
    what: str  # one line for the docs and `cardgen init`
    values: dict


# Each preset is playable: `cardgen playtest --preset NAME` plays it (figures in the
# docs' 'In the classroom', docs/classroom.md), and tests/test_teacher.py asks the model's playability.
# Print settings: every preset prints low ink (a class prints a deck per group on a school
# printer; the arrows keep their colors, the bodies and backs go white) and keeps the
# duplex layout (the backs carry the set mark; --layout fronts for a printer without
# duplex); intro sets the faces and pages in the early-reader font (Andika: a plain zero, so 10,
# 20 and 30 never read as "1Ø", and 6 and 9, 1 and 7 told apart by shape); mtc, England's
# check, prints on A4.
PRESETS = {p.name: p for p in (
    Preset("intro", "first steps (Years 2–3): the 6 × 6 table, sequences of 5, four pass cards, full arrows, "
           "large print in the early-reader font (Andika), low ink",
           {"table_size": 6, "sequence_length": 5, "pass_cards": 4, "scaffold": "full", "large_print": True,
            "font": "early-reader", "low_ink": True}),
    Preset("grade3", "products of one-digit numbers (US 3.OA.C.7): the 9 × 9 table, sequences of 8, "
           "arrows without numbers, low ink", {"table_size": 9, "sequence_length": 8, "pass_cards": 6,
                                               "scaffold": "colors", "low_ink": True}),
    Preset("mtc", "all facts to 12 × 12 (England's Multiplication Tables Check, Year 4): the 12 × 12 table, "
           "sequences of 8, bare cards, low ink, A4 paper",
           {"table_size": 12, "sequence_length": 8, "pass_cards": 6, "scaffold": "bare", "low_ink": True,
            "paper": "a4"}),
)}


# What the presets pick: `cardgen init` leaves these commented out, since a value in the project
# file wins over the preset's and a file that spelled out every default left presets no say.
PRESET_PICKS = frozenset(key for preset in PRESETS.values() for key in preset.values)


SETTINGS: "tuple[Setting, ...]" = (
    Setting("config", "path", None, "Project file (default: ./cardgen.toml when there is one); flags override it.",
            flag="--config", metavar="FILE", label="project file", toml=False, record=False, commands=EVERY),
    Setting("quiet", "bool", False, "Print nothing but errors (and check's violations).", flag="--quiet", short="-q",
            toml=False, record=False, commands=EVERY),
    Setting("verbose", "bool", False, "Say more: the files written, each stage's time, every check's summary.",
            flag="--verbose", short="-v", toml=False, record=False, commands=EVERY),
    Setting("games", "games", (), "Only these games, comma-separated or repeated, or all. Default: every game.",
            label="game", flag="--game", metavar="LIST", choices=_game_names(), commands=BOTH),
    Setting("formats", "formats", frozenset({"pdf"}), "Formats to write, comma-separated, or all. "
            "Card SVGs are always written: the checker reads them.",
            label="format", key="format", flag="--format", metavar="LIST", choices=FORMATS),
    Setting("out", "path", Path("output"), "Output folder; one subfolder per game (check: the folder to check).",
            flag="--out", metavar="DIR", label="output folder", commands=(BUILD, PLAYTEST, CHECK)),
    Setting("paper", "choice", "letter", "Home-print paper.", flag="--paper", choices=("letter", "a4", "both"),
            commands=(BUILD, PLAYTEST, CALIBRATE)),
    Setting("layout", "choice", "duplex", "duplex: each front page followed by its mirrored back page; "
            "fronts: fronts only; gutterfold: fronts and backs on one sheet, folded.",
            flag="--layout", choices=("duplex", "fronts", "gutterfold")),
    Setting("card_size", "choice", "poker", "Card size: poker 63.5 × 88.9 mm, bridge 56 × 88.9 mm, "
            "mini 45 × 68 mm (Eights and Crazy Eights only).", flag="--card-size", choices=_card_sizes(),
            games=DECK_GAMES),
    Setting("bleed", "float", 3.0, "Bleed around each card, in mm.", flag="--bleed", low=0, high=6, unit="mm",
            hint=" (3 is usual)"),
    Setting("low_ink", "bool", False, "White card bodies; color only where it carries meaning.", flag="--low-ink"),
    Setting("jobs", "int", lambda: min(os.cpu_count() or 1, MAX_JOBS),
            "Processes for rendering (playtest: for playing hands).", flag="--jobs", short="-j", low=1,
            high=MAX_JOBS, label="jobs", commands=BOTH),
    Setting("strict", "bool", False, "Treat warnings (group colors too alike, a variant that cannot make a "
            "game, an option the games chosen do not use) as errors.", flag="--strict", commands=BOTH),
    Setting("clean", "bool", False, "Ignore the cache: rebuild every game from scratch.", flag="--clean",
            toml=False),
    Setting("only", "parts", None, "Build only these parts, comma-separated or repeated: cards (card PDFs, PNGs, exports), "
            "print (home-print sheets, with the card PDFs they are made from), sheet (sequence sheet and atlas "
            "poster), box (tuck box), rules (booklet, fold, player aid), pads (score pads), teacher (Str8 Eight's lesson plan, recording "
            "sheet, answer key and fact coverage). Default: all (teacher only with a preset, sets, a scaffold "
            "or large print); with --cards, print.",
            flag="--only", metavar="LIST", choices=PARTS, label="parts", example='"cards,print"'),
    Setting("cards", "cards", (), "Reprint: a sheet of only these cards and their backs, comma-separated or "
            "repeated, e.g. 12,3x4,pass-left (see 'Reprints and partial builds' in the docs). Needs one --game.",
            flag="--cards", metavar="NAMES", toml=False, label="cards", games=DECK_GAMES),
    Setting("table_size", "int", DEFAULT_TABLE_SIZE, "Size N of the N × N multiplication table the deck is made from.",
            section="str8eight", flag="--table-size", low=MIN_TABLE_SIZE, high=MAX_TABLE_SIZE,
            hint=f" (the game's is {DEFAULT_TABLE_SIZE})", commands=BOTH, games=STR8_DECK),
    Setting("pass_cards", "int", 6, "Pass cards: an even number, half pass left and half pass right.",
            section="str8eight", flag="--pass-cards", low=0, high=20, label="pass cards", commands=BOTH,
            games=STR8_DECK),
    Setting("sequence_length", "int", 0, "Cards in a winning sequence; 0: as many as the table is wide "
            "(the one-color bonus is named for it: a Str8 Ten).", section="str8eight", flag="--sequence-length",
            low=0, high=MAX_SEQUENCE_LENGTH, label="sequence length", commands=BOTH, games=("str8eight",)),
    Setting("decks", "int", 1, "Decks, each with its own back: 2 for more than six players.",
            section="crazy-eights", flag="--decks", low=1, high=2, commands=BOTH,
            games=("crazy-eights",)),
    Setting("ace_value", "choice", 10, "An ace's penalty: 10 (the reference rules) or 1 (a common variant).",
            section="crazy-eights", flag="--ace-value", choices=(10, 1), label="ace value", commands=BOTH,
            games=("crazy-eights",)),
    Setting("crazy_options", "options", (), "playtest: Crazy Eights options from its booklet, comma-separated: "
            "target-100 or target-500 (instead of 250), penalty-scoring, draw-until-play, action-cards "
            "(aces and decks: --ace-value, --decks).", section="crazy-eights", key="options",
            flag="--crazy-options", metavar="LIST", choices=CRAZY_OPTIONS, label="Crazy Eights options",
            example='"draw-until-play,target-100"', commands=(PLAYTEST,), games=("crazy-eights",)),
    Setting("eights_words", "choice", "numbers", "playtest: the words Eights accepts: numbers (ONE to EIGHT, "
            "the reference rules) or english (the open-words variant: any English word of the game's "
            "word list, see 'About this edition').", section="eights", key="words", flag="--eights-words",
            choices=("numbers", "english"), label="Eights words", commands=(PLAYTEST,), games=("eights",)),
    Setting("box_fit", "choice", "plain", "What the tuck box holds: plain (0.3 mm cards), heavy (0.4 mm: 350 gsm "
            "or glued sheets), penny-sleeves, sleeves, premium-sleeves or double-sleeves (0.3 mm cards sleeved).",
            section="tuckbox", key="fit", flag="--box-fit", choices=_box_fits(), label="box fit", games=DECK_GAMES),
    Setting("card_thickness", "float", None, "One card's thickness in mm without its sleeve, when it is not "
            "the box fit's (0.3, heavy 0.4).", section="tuckbox", flag="--card-thickness", low=0.1, high=1.0,
            unit="mm", hint=" (0.3 is usual)", label="card thickness", example="0.35", games=DECK_GAMES),
    Setting("back_offset", "pair", (0.0, 0.0), "Move back pages by X,Y mm (as the back page is drawn) to cancel a "
            "printer's duplex shift; read it with 'cardgen calibrate'.", section="printer",
            flag="--back-offset", metavar="X,Y", low=-10, high=10, unit="mm", label="back offset",
            hint=" (printers shift by 1–4 mm)", example="1.5,-0.5", commands=(BUILD, CALIBRATE)),
    Setting("back_rotation", "float", 0.0, "Turn back pages by this many degrees (clockwise as the back page is "
            "seen) to cancel a printer's skew; read it with 'cardgen calibrate'.", section="printer",
            flag="--back-rotation", metavar="DEG", low=-3, high=3, unit="degrees", label="back rotation",
            hint=" (printers skew by well under 1 degree)", commands=(BUILD, CALIBRATE)),
    Setting("print_scale", "pair", (100.0, 100.0), "What the calibration sheet's 100 mm rulers measure, X,Y in mm "
            "(one number: both): "
            "print sheets, tuck boxes and sequence sheets are drawn 100/X, 100/Y as large to cancel it.",
            section="printer", key="scale", flag="--print-scale", metavar="X,Y", low=97, high=103, unit="mm",
            label="print scale", hint=" (more than 3 % off is the print dialog's 'fit to page': turn it off)",
            example="99.6,100.2", both=True, commands=(BUILD, CALIBRATE)),
    Setting("printer_margin", "margins", None, "How close to each edge the printer prints, in mm: one number "
            "for every edge, or four: top, right, bottom, left (the calibration sheet's edge ladders read them). "
            "Unknown: 5 mm, the worst case. A Letter sheet holds 9 upright poker cards when the margins leave "
            "every cut line 3 mm of printable mark, else 8 turned.", section="printer", key="margin",
            flag="--printer-margin", metavar="MM", low=0, high=25, unit="mm", label="printer margin",
            hint=" (home printers skip 3–5 mm; old inkjets up to 13 mm at the bottom)", example="[3, 3, 5, 4]"),
    Setting("shops", "shops", None, "With --format shop: the print shops to write files for, comma-separated "
            "or repeated, or all (default: those that print the card size): each shop's card size, bleed, pixel size and "
            "file names, a preflight report and upload notes, in <game>/shop/<shop>/.", section="shop", key="shops", flag="--shop",
            metavar="LIST", choices=_shop_names(), label="shop", example='"drivethrucards,thegamecrafter"',
            games=DECK_GAMES, needs="shop"),
    Setting("proof", "bool", False, "Also write a designer's proof of the card PDF (and of each shop's cards): "
            "trim, bleed and safe lines drawn over the cards, in a file of its own that never goes to a shop.",
            flag="--proof", games=DECK_GAMES),
    Setting("base_url", "url", "", "Tabletop Simulator: load images from this http(s) URL (joined to each file "
            "name with one /) instead of file:/// paths.", section="tts", flag="--base-url", metavar="URL",
            label="base URL", games=DECK_GAMES, needs="tts"),
    Setting("group_colors", "colors", None, 'One "#rrggbb" per group (×1, ×2, …), checked for color-blind '
            "players; larger tables are completed from the built-in palette.", section="theme",
            label="group colors",
            example='["#332288", "#88ccee", "#44aa99", "#117733", "#999933", "#ddcc77", "#cc6677", "#882255"]'),
    Setting("fonts_dir", "path", None, "A folder with your own fonts (open licence, please).", section="theme",
            key="fonts", label="fonts folder", example='"my-fonts"'),
    Setting("font_files", "fonts", None, "The four cuts' file names in that folder.", section="theme",
            label="font files", example='{ regular = "Lato-Regular.ttf", bold = "Lato-Bold.ttf", '
                                        'black = "Lato-Black.ttf", italic = "Lato-Italic.ttf" }'),
    Setting("back_art", "path", None, "An SVG or PNG drawn on every card back instead of the built-in lattice.",
            section="theme", label="back art", example='"art/back.svg"'),
    Setting("font", "choice", "standard", "The typeface of cards and documents: standard (Lato), hyperlegible "
            "(Atkinson Hyperlegible, made for low-vision readers) or early-reader (Andika, made for children "
            "learning to read: a plain zero, a single-storey a); both bundled with their open licences. "
            "A fonts folder, when set, wins.", section="theme", flag="--font",
            choices=("standard", "hyperlegible", "early-reader")),
    Setting("large_print", "bool", False, "Large print on the Str8 Eight faces: a corner index 1.6 times as tall "
            "(one corner only), arrow numbers 1.3 times as tall, and no cell line or small labels beside them.",
            section="theme", flag="--large-print", label="large print", games=STR8_DECK),
    Setting("preset", "choice", None, "A class preset: intro, grade3 or mtc (see 'In the classroom' in the docs); "
            "it picks table size, scaffold and print settings, and your own options win over it.", flag="--preset",
            choices=tuple(PRESETS), commands=BOTH, example='"grade3"'),
    Setting("sets", "int", 1, "Class sets: build this many copies of each deck, each in its own folder (set-a, "
            "set-b, …) with its own set mark (a letter and a shape on every face and back), print sheets and "
            "inventory checklist (see 'Class sets' in the docs).", section="classroom", flag="--sets",
            low=1, high=MAX_SETS, hint=f" (one per table group; at most {MAX_SETS})", games=DECK_GAMES),
    Setting("large_print_sets", "letters", (), "Class sets in large print, by letter (e.g. B, or B,D): the "
            "table whose pupils need larger type gets large-print Str8 Eight faces, the other sets stay standard "
            "(--large-print makes every set large print).", section="classroom", flag="--large-print-sets",
            label="large-print sets", example='["B"]', games=("str8eight",)),
    Setting("scaffold", "choice", "full", "How much the Str8 Eight faces tell: full (arrows with their numbers), "
            "colors (arrows and group labels, no numbers: pupils work out the next multiple) or bare (the number "
            "and its cell only: pupils use the table).", section="classroom", flag="--scaffold",
            choices=SCAFFOLDS, games=STR8_DECK),
    Setting("players", "int", 4, "playtest: seats at the table (Str8 Eight 2–4; FourScore and Eights 2–6; "
            "Crazy Eights 2–6, or 7–10 with --decks 2).",
            section="playtest", flag="--players", low=2, high=max(high for _, high in PLAYERS.values()),
            commands=(PLAYTEST,)),
    Setting("hands", "int", 1000, "playtest: hands to play for the report (FourScore, Eights and Crazy Eights: "
            "games, each played to its target).",
            section="playtest", flag="--hands", low=1, high=MAX_HANDS, commands=(PLAYTEST,)),
    Setting("seed", "int", 1, "playtest: the seed every deal comes from; the same seed gives the same "
            "figures whatever --jobs is.", section="playtest", flag="--seed", low=0, high=2**31 - 1,
            commands=(PLAYTEST,)),
    Setting("bots", "bots", ("greedy",), "playtest: the player in each seat, comma-separated or repeated (one "
            "name: every seat).", section="playtest", flag="--bots", metavar="LIST", choices=BOT_NAMES,
            commands=(PLAYTEST,)),
    Setting("lookahead_iterations", "int", DEFAULT_ITERATIONS, "playtest: the lookahead player's budget: "
            "rollouts (determinized deals played out) per decision. More plays stronger and slower; the same "
            "seed gives the same moves.", section="playtest", key="lookahead_iterations",
            flag="--lookahead-iterations", low=1, high=100_000, label="lookahead iterations", commands=(PLAYTEST,)),
    Setting("ladder_hands", "int", DEFAULT_LADDER_HANDS, "playtest: hands (FourScore, Eights, Crazy Eights: "
            "games) per match of the report's skill ladder, random < greedy < lookahead; 0 leaves the ladder "
            "out.", section="playtest", flag="--ladder-hands", low=0, high=MAX_HANDS, label="ladder hands",
            commands=(PLAYTEST,)),
    Setting("tune", "bool", False, "playtest: search the Str8 Eight variants that meet the targets below, "
            "varying the options you leave unset (pass cards, sequence length, table size, players; --sweep "
            "narrows an option's range), and report them ranked.", flag="--tune", toml=False,
            commands=(PLAYTEST,)),
    Setting("target_seats", "float", 2.0, "--tune: every seat wins within this many points of a fair share "
            "(25 % for four players).", section="tune", key="seats", flag="--target-seats", low=0.1, high=50,
            unit="points", label="seat target", commands=(PLAYTEST,)),
    Setting("target_turns", "span", (40, 100), "--tune: the median hand lasts between these many turns "
            "(every seat's turns counted).", section="tune", key="turns", flag="--target-turns",
            metavar="LOW..HIGH", low=1, high=10_000, label="turns target", commands=(PLAYTEST,)),
    Setting("target_bonus", "float", 1.0, "--tune: the one-color bonus in at least this share of wins, in %.",
            section="tune", key="bonus", flag="--target-bonus", low=0, high=100, unit="%", label="bonus target",
            commands=(PLAYTEST,)),
    Setting("target_finished", "float", 99.0, "--tune: at least this share of hands finished (won), in %.",
            section="tune", key="finished", flag="--target-finished", low=0, high=100, unit="%",
            label="finished target", commands=(PLAYTEST,)),
    Setting("sweep", "sweep", (), "playtest: one row per variant, e.g. \"table-size=6..12 pass-cards=0,6,12\" "
            f"(axes: {', '.join(SWEEP_AXES)}).", flag="--sweep", metavar="AXIS=VALUES", toml=False,
            commands=(PLAYTEST,)),
    Setting("json_out", "path", None, "playtest: also write the figures as JSON to this file (- for the "
            "standard output).", flag="--json", metavar="FILE", label="JSON file", toml=False,
            commands=(PLAYTEST,)),
    Setting("log", "path", None, "playtest: write every hand (a whole game for FourScore) as a JSON line to "
            "this file, for a referee to replay.", flag="--log", metavar="FILE", label="log file", toml=False,
            commands=(PLAYTEST,)),
    Setting("executor", "choice", "local", "playtest: where the hands are played: local (this machine, --jobs "
            "processes) or dask (the workers of a Dask distributed cluster, see --scheduler; needs pip install "
            "'cardgen[cluster]'). The same seed gives the same figures on either.", section="playtest",
            flag="--executor", choices=("local", "dask"), commands=(PLAYTEST,)),
    Setting("scheduler", "address", None, "playtest --executor dask: the Dask scheduler's address, "
            "tcp://HOST:8786 (default: the CARDGEN_SCHEDULER environment variable).", section="playtest",
            flag="--scheduler", metavar="ADDRESS", example='"tcp://192.168.1.20:8786"', commands=(PLAYTEST,)),
)
BY_NAME = {s.name: s for s in SETTINGS}


def with_preset(values: dict) -> dict:
    """values (from the project file and the flags) with the named preset's settings
    filled in under them: a value already there (set by the user) is kept."""
    name = values.get("preset")
    if name is None:
        return values
    preset = PRESETS[validate("preset", name)]
    merged = dict(values)
    for key, value in preset.values.items():
        if key not in merged:
            merged[key] = validate(key, value, f"preset {preset.name}: ")
    return merged


def for_command(command: str) -> tuple:
    """The settings a command takes, in the table's order. playtest's --game takes the
    games cardgen can play, and its help names them."""
    out = tuple(s for s in SETTINGS if command in s.commands)
    if command == PLAYTEST:
        from dataclasses import replace

        out = tuple(replace(s, choices=PLAYABLE, help="playtest: play only these games, comma-separated or repeated; "
                            "it plays " + ", ".join(PLAYABLE) + ". Default: every one of them.")
                    if s.name == "games" else s for s in out)
    return out


def not_applying(given: "set | frozenset", games: tuple, formats) -> list:
    """One line for each option the user set (given: setting names, from flags or the project
    file) that the games chosen (none: every game) or the formats do not use: it is ignored,
    and the line says so and how to use it."""
    from .builders import GAMES

    chosen = games or tuple(GAMES)
    lines = []
    for s in SETTINGS:
        if s.name not in given:
            continue
        name = s.flag or f"'{s.toml_key}'"
        if s.games and not set(s.games) & set(chosen):
            wants = " and ".join(GAMES[g].title for g in s.games if g in GAMES) if len(s.games) < 3 \
                else "the games with a deck of their own"
            lines.append(f"{name}: applies to {wants}, not to {_and(GAMES[g].title for g in chosen)}: ignored; "
                         f"add --game {s.games[0]}, or leave {name} out")
        elif s.needs and formats is not None and s.needs not in formats:
            lines.append(f"{name}: only the {s.needs} format uses it, and --format has no {s.needs}: ignored; "
                         f"add {s.needs} to --format, or leave {name} out")
    return lines


def _and(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

SECTIONS = tuple(dict.fromkeys(s.section for s in SETTINGS if s.toml))


def _range_text(s: Setting) -> str:
    unit = f" {s.unit}" if s.unit else ""
    if s.kind == "int":
        return f"a whole number from {int(s.low)} to {int(s.high)}"  # 1000000, not 1e+06 (which it refuses)
    return f"{s.low:g} to {s.high:g}{unit}"


def _number(s: Setting, value, where: str, text: bool = False) -> "int | float":
    """A finite number inside the setting's range (whole for int settings)."""
    if isinstance(value, str) and text:
        typed = value.strip()
        try:
            if not _PLAIN_NUMBER.match(typed):  # no 1_000, 0x10 or other Python spellings
                raise ValueError(typed)
            value = int(typed) if s.kind == "int" else float(typed)
        except ValueError:
            kind = "a whole number" if s.kind == "int" else "a number"
            raise CardgenError(f"{where}{_what(s, where)}{typed!r} is not {kind}; use {_range_text(s)}") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (s.kind == "int" and isinstance(value, float)
                                                                          and not value.is_integer()):
        kind = _range_text(s) if s.kind == "int" else f"a number, {_range_text(s)}"
        raise CardgenError(f"{where}'{s.toml_key}' is {_shown(value)}; write {kind}")
    if not math.isfinite(value):
        raise CardgenError(f"{where}{_what(s, where)}{value} is not a finite number; use {_range_text(s)}")
    value = int(value) if s.kind == "int" else float(value) + 0.0  # + 0.0: no -0.0 in the files
    unit = f" {s.unit}" if s.unit else ""
    if not s.low <= value <= s.high:
        raise CardgenError(f"{where}{_what(s, where)}{value}{unit} is out of range; use {_range_text(s)}{s.hint}")
    return value


def _what(s: Setting, where: str) -> str:
    """How a message names the setting before its value: not at all after "--flag: ",
    which names it already; by its label otherwise ("table size 13 is out of range")."""
    return "" if where.startswith("--") else f"{s.what} "


def _path(s: Setting, value, where: str, text: bool = False) -> Path:
    if isinstance(value, PurePath):
        value = str(value)
    if not isinstance(value, str):
        raise CardgenError(f"{where}'{s.toml_key}' is {_shown(value)}; write a path in quotes")
    if not value.strip():
        raise CardgenError(f"{where}the {s.what} is empty; name a folder or file")
    if "\0" in value:
        raise CardgenError(f"{where}the {s.what} contains a NUL byte; name a real path")
    if s.metavar == "FILE" and value.endswith("/"):  # Path() would drop the slash, and a file named so be made
        example = "hands.jsonl" if s.name == "log" else "figures.json"
        raise CardgenError(f"{where}the {s.what} {value} ends in /, which names a folder; name a file in it "
                           f"(e.g. {value}{example})")
    return Path(value).expanduser()


def _pick_names(value, where: str, choices: tuple, key: str, example: str, listed: str, one: str) -> tuple:
    """A comma-separated list (or a list) of names from choices, or "all": the names in the
    choices' order. key, example: how the file spells it; listed, one: how messages say it."""
    if isinstance(value, (set, frozenset, list, tuple)) and all(isinstance(v, str) for v in value):
        value = ",".join(value)
    if not isinstance(value, str):
        raise CardgenError(f"{where}'{key}' is {_shown(value)}; write a text such as \"{example}\" or \"all\"")
    names = [part.strip().lower() for part in value.split(",") if part.strip()]
    if not names:
        raise CardgenError(f"{where}the {listed} is empty; give {', '.join(choices)} (comma-separated) or all")
    if "all" in names:
        return tuple(choices)
    bad = [n for n in names if n not in choices]
    if bad:
        raise CardgenError(f"{where}unknown {one} {bad[0][:40]!r}; use {', '.join(choices)} (comma-separated) or all")
    return tuple(n for n in choices if n in names)


def _formats(s: Setting, value, where: str, text: bool = False) -> frozenset:
    return frozenset(_pick_names(value, where, FORMATS, "format", "pdf,png", "format list", "format"))


def _options(s: Setting, value, where: str, text: bool = False) -> tuple:
    """--crazy-options: option names in the table's order (none: the reference rules); one target at most."""
    if value in ("", (), []):
        return ()
    names = _pick_names(value, where, s.choices, s.toml_key, s.example.strip('"'), "option list", "option")
    if "all" in (value.split(",") if isinstance(value, str) else value):
        raise CardgenError(f"{where}{s.what}: name the options you want; 'all' would set two targets")
    targets = [n for n in names if n.startswith("target-")]
    if len(targets) > 1:
        raise CardgenError(f"{where}{s.what} name two targets ({' and '.join(targets)}): keep one")
    return names


def _parts(s: Setting, value, where: str, text: bool = False) -> tuple:
    """--only: part names in the table's order, or all of them."""
    return _pick_names(value, where, PARTS, "only", "print,box", "list of parts", "part")


def _shops(s: Setting, value, where: str, text: bool = False) -> tuple:
    """--shop: shop slugs in the table's order, or all of them."""
    return _pick_names(value, where, s.choices, "shops", "drivethrucards", "shop list", "shop")


def _card_names(s: Setting, value, where: str, text: bool = False) -> tuple:
    """--cards: the names as typed (lower case, in order, repeats kept: two 12s reprint two cards);
    which card each means is the game's to say (builders/cardnames.py)."""
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise CardgenError(f"{where}'cards' is not a list of card names; write them comma-separated, e.g. 12,3x4,pass-left")
    names = tuple(v.strip().lower() for v in value if v.strip())
    if not names and value:
        raise CardgenError(f"{where}the card list is empty; name cards, comma-separated, e.g. 12,3x4,pass-left")
    if len(names) > MAX_CARD_NAMES:
        raise CardgenError(f"{where}{len(names)} cards named, and a reprint takes at most {MAX_CARD_NAMES}; "
                           "build the whole deck instead")
    for name in names:
        if not _CARD_NAME.match(name):
            raise CardgenError(f"{where}card name {name[:40]!r} is not a name; use letters, digits and '-', "
                               "e.g. 12,3x4,pass-left")
    return names


def _pair(s: Setting, value, where: str, text: bool = False) -> tuple:
    if isinstance(value, str) and text:
        parts = value.split(",")
    elif isinstance(value, (list, tuple)):
        parts = list(value)
    elif s.both and isinstance(value, (int, float)) and not isinstance(value, bool):
        parts = [value]
    else:
        parts = []
    if len(parts) == 1 and s.both:  # one number: the same across and down
        parts = parts * 2
    if len(parts) != 2:
        x, y = (s.example or "1.5,-0.5").split(",")
        example = f"{x},{y}" if text else f"[{x}, {y}]"
        either = " (or one number for both)" if s.both else ""
        raise CardgenError(f"{where}{_what(s, where)}{_shown(value)} is not X,Y in millimetres{either}; write e.g. {example}")
    x, y = (_number(Setting(s.name, "float", 0, "", label=s.what, low=s.low, high=s.high, unit=s.unit,
                            hint=s.hint, key=s.toml_key), v, where, text) for v in parts)
    return (x, y)


MARGIN_EDGES = ("top", "right", "bottom", "left")


def _margins(s: Setting, value, where: str, text: bool = False) -> tuple:
    """One number (every edge) or four, top, right, bottom, left: (top, right, bottom, left) in mm."""
    if isinstance(value, str) and text:
        parts = value.split(",")
    elif isinstance(value, (list, tuple)):
        parts = list(value)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        parts = [value]
    else:
        parts = []
    if len(parts) == 1:
        parts = parts * 4
    if len(parts) != 4:
        example = "3,3,5,4" if text else "[3, 3, 5, 4]"
        raise CardgenError(f"{where}{_what(s, where)}{_shown(value)} is not one number or four (top, right, "
                           f"bottom, left, in mm); write e.g. {example}, or 4.2 for every edge")
    one = Setting(s.name, "float", 0, "", label=s.what, low=s.low, high=s.high, unit=s.unit, hint=s.hint,
                  key=s.toml_key)
    return tuple(_number(one, v, where, text) for v in parts)


def printer_margins(values) -> "tuple | None":
    """The printer's measured margins (top, right, bottom, left, mm), or None: not measured."""
    get = values.get if isinstance(values, dict) else lambda name: getattr(values, name)
    return get("printer_margin")


def _colors(s: Setting, value, where: str, text: bool = False) -> tuple:
    if not isinstance(value, (list, tuple)) or not value:
        raise CardgenError(f"{where}'group_colors' is not a list of colors; write one \"#rrggbb\" per group")
    for color in value:
        if not isinstance(color, str) or not HEX.match(color):
            raise CardgenError(f"{where}group color {color!r} is not \"#rrggbb\"; write it like \"#332288\"")
    lower = tuple(c.lower() for c in value)
    if len(set(lower)) != len(lower):
        raise CardgenError(f"{where}the group colors repeat a color; give every group its own")
    if len(lower) > MAX_GROUP_COLORS:
        raise CardgenError(f"{where}{len(lower)} group colors, and the largest table (12 × 12) has "
                           f"{MAX_GROUP_COLORS} groups; remove the extra ones")
    return lower


def _font_files(s: Setting, value, where: str, text: bool = False) -> dict:
    if isinstance(value, (tuple, list)) and all(isinstance(p, (tuple, list)) and len(p) == 2 for p in value):
        value = dict(value)
    if not isinstance(value, dict) or set(value) - set(FONT_CUTS) or not all(
            isinstance(v, str) and v.strip() and "/" not in v and "\\" not in v and "\0" not in v
            for v in value.values()):
        raise CardgenError(f"{where}'font_files' takes file names; name a file inside the fonts folder for "
                           f"each of {', '.join(FONT_CUTS)}")
    return tuple(sorted(value.items()))


def _choice(s: Setting, value, where: str, text: bool = False):
    for choice in s.choices:
        if isinstance(value, bool):
            break
        if value == choice or (isinstance(value, str) and isinstance(choice, str)
                               and choice == value.strip().lower()) \
                or (text and isinstance(value, str) and str(choice) == value.strip()):
            return choice
    raise CardgenError(f"{where}unknown {s.what} {_shown(value)}; use one of {', '.join(map(str, s.choices))}")


def _games(s: Setting, value, where: str, text: bool = False) -> tuple:
    """--game: game names, comma-separated or a list (or all), in the registry's order; none
    (the default) for every game."""
    if isinstance(value, (list, tuple, set, frozenset)) and not value:
        if where:
            raise CardgenError(f"{where}'games' is empty; list at least one of {', '.join(s.choices)}, "
                               "or remove the key to build every game")
        return ()
    return _pick_names(value, where, s.choices, "games", "str8eight,eights", "list of games", "game")


def _url(s: Setting, value, where: str, text: bool = False) -> str:
    """--base-url: none (""), or an http(s) URL with a host, given back ending in exactly one "/"
    so that the file names join it as they should."""
    if not isinstance(value, str) or "\0" in value:
        raise CardgenError(f"{where}'{s.toml_key}' is {_shown(value)}; write an http(s) URL in quotes")
    url = value.strip()
    if not url:
        return ""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or any(c.isspace() for c in url) \
            or parts.query or parts.fragment or len(url) > 2000:
        raise CardgenError(f"{where}{_what(s, where)}{url[:80]!r} is not an http(s) URL a file name can follow; "
                           "write it like https://example.com/decks/")
    return url.rstrip("/") + "/"


def _bool(s: Setting, value, where: str, text: bool = False) -> bool:
    if not isinstance(value, bool):
        raise CardgenError(f"{where}'{s.toml_key}' is {_shown(value)}; write true or false")
    return value


def _text(s: Setting, value, where: str, text: bool = False) -> str:
    if not isinstance(value, str) or "\0" in value:
        raise CardgenError(f"{where}'{s.toml_key}' is {_shown(value)}; write a text in quotes")
    return value


def _shown(value) -> str:
    """A value as the user wrote it, in TOML's words rather than Python's."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)[:80]
    if isinstance(value, (int, float)):
        return str(value)
    kind = {dict: "a table", list: "a list", tuple: "a list"}.get(type(value), "a date or time")
    return kind


def _bots(s: Setting, value, where: str, text: bool = False) -> tuple:
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, (list, tuple)) or not names or not all(isinstance(n, str) for n in names):
        raise CardgenError(f"{where}'bots' is not a list of bot names; name one per seat or one for all: "
                           f"{', '.join(s.choices)}")
    names = tuple(n.strip().lower() for n in names)
    for name in names:
        if name not in s.choices:
            raise CardgenError(f"{where}unknown bot {name!r}; use {', '.join(s.choices)} (one per seat, "
                               "comma-separated, or one for every seat)")
    if len(names) > 6:
        raise CardgenError(f"{where}{len(names)} bots, and a table has at most 6 seats; name 6 or fewer")
    return names


def _span(s: Setting, value, where: str, text: bool = False) -> tuple:
    """LOW..HIGH (or [LOW, HIGH] in the project file): two whole numbers in range, the low one first."""
    if isinstance(value, str):
        parts = value.split("..")
    elif isinstance(value, (list, tuple)):
        parts = list(value)
    else:
        parts = []
    if len(parts) != 2:
        raise CardgenError(f"{where}{s.what} {_shown(value)} is not LOW..HIGH: write e.g. "
                           f"{'..'.join(map(str, s.default))}")
    whole = Setting(s.name, "int", 0, "", label=s.what, low=s.low, high=s.high, key=s.toml_key)
    low, high = (_number(whole, v, where, text=True) for v in parts)
    if low > high:
        raise CardgenError(f"{where}{s.what} {low}..{high} is empty: write the low end first")
    return (low, high)


def _sweep(s: Setting, value, where: str, text: bool = False) -> tuple:
    """"table-size=6..12 pass-cards=0,6,12" -> (("table_size", (6, …, 12)), ("pass_cards", (0, 6, 12)))."""
    if isinstance(value, (tuple, list)) and all(isinstance(v, (tuple, list)) and len(v) == 2 for v in value):
        axis = {name: flag for flag, name in SWEEP_AXES.items()}  # already parsed: checked again, as text
        value = " ".join(f"{axis.get(name, name)}={','.join(map(str, values))}" for name, values in value)
    items = value.split() if isinstance(value, str) else [w for v in value for w in str(v).split()]
    axes, rows = {}, 1
    for item in items:
        axis, sep, spec = item.partition("=")
        name = SWEEP_AXES.get(axis.strip().lower())
        if not sep or name is None:
            raise CardgenError(f"{where}{item!r} is no axis; write AXIS=VALUES with AXIS one of "
                               f"{', '.join(SWEEP_AXES)}, e.g. table-size=6..12 or pass-cards=0,6,12")
        if name in axes:
            raise CardgenError(f"{where}{axis} is named twice; give each axis once")
        low, dots, high = spec.partition("..")
        parts = [low, high] if dots else spec.split(",")
        numbers = [validate(name, part, f"{where or '--sweep: '}{axis} ", text=True) for part in parts]
        values = tuple(range(numbers[0], numbers[1] + 1)) if dots else tuple(dict.fromkeys(numbers))
        if not values:
            raise CardgenError(f"{where}{item!r} is an empty range; write the low end first")
        axes[name] = values
        rows *= len(values)
    if rows > MAX_SWEEP_ROWS:
        raise CardgenError(f"{where}{rows} variants; keep it to {MAX_SWEEP_ROWS} or fewer")
    return tuple(axes.items())


def _set_letters(s: Setting, value, where: str, text: bool = False) -> tuple:
    """Class sets named by their letters (a comma-separated text or a list): in A–L order, once each."""
    if value in ("", (), []):
        return ()
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        value = ",".join(value)
    if not isinstance(value, str):
        raise CardgenError(f"{where}'{s.toml_key}' is {_shown(value)}; write the sets' letters, e.g. [\"B\"]")
    names = [part.strip().upper() for part in value.split(",") if part.strip()]
    bad = next((n for n in names if n not in SET_LETTERS), None)
    if bad is not None:
        raise CardgenError(f"{where}{bad[:20]!r} is not a class set's letter; name sets by their letters, "
                           f"{SET_LETTERS[0]} to {SET_LETTERS[-1]}, e.g. B or B,D")
    return tuple(letter for letter in SET_LETTERS if letter in names)


_VALIDATORS: "dict[str, Callable]" = {
    "int": _number, "float": _number, "bool": _bool, "choice": _choice, "text": _text, "path": _path,
    "formats": _formats, "games": _games, "pair": _pair, "margins": _margins, "colors": _colors,
    "fonts": _font_files, "url": _url, "parts": _parts, "shops": _shops, "options": _options, "cards": _card_names,
    "bots": _bots, "sweep": _sweep, "span": _span, "letters": _set_letters,
}


def _address(s: Setting, value, where: str, text: bool = False) -> str:
    """--scheduler: a Dask scheduler's address, tcp://HOST:PORT (tls:// too); HOST:PORT means tcp://."""
    address = value.strip() if isinstance(value, str) else value
    if isinstance(address, str) and "://" not in address:
        address = f"tcp://{address}"
    match = re.fullmatch(r"(tcp|tls)://(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+):([0-9]{1,5})", address) \
        if isinstance(address, str) else None
    if match is None or not 0 < int(match.group(3)) < 65536:
        raise CardgenError(f"{where}'{s.toml_key}' is {_shown(value)}, not a scheduler's address; write "
                           "tcp://HOST:PORT (a Dask scheduler listens on port 8786)")
    return address


_VALIDATORS["address"] = _address


def validate(name: str, value, where: str = "", text: bool = False):
    """The value, checked and normalized, or a CardgenError naming the problem and the fix.

    where prefixes the message: "cardgen.toml:12: " for the project file, "" for a flag;
    text: the value is what was typed after a flag (numbers and pairs are parsed from it)."""
    s = BY_NAME[name]
    if value is None and s.default_value() is None:
        return None
    return _VALIDATORS[s.kind](s, value, where, text)


def check_together(values: dict) -> None:
    """The rules that tie two options together, once every value is known."""
    if values["pass_cards"] % 2:
        raise CardgenError(f"--pass-cards: {values['pass_cards']} is odd; use an even number from 0 to 20 "
                           "(half pass left, half right)")
    if "players" in values:  # a playtest
        check_playtest(values)
        return
    if values["font_files"] and not values["fonts_dir"]:
        raise CardgenError("the theme names font_files but no fonts folder; add fonts = \"folder\" under [theme]")
    if values["sets"] > 1 and values["games"] and set(values["games"]) == {"fourscore"}:
        raise CardgenError("--sets: FourScore has no deck of its own (it is played with the Str8 Eight deck); "
                           "add --game str8eight to build its class sets")
    if values["large_print_sets"]:
        _check_large_print_sets(values)
    if values["sets"] > 1 and values["card_size"] == "mini":
        raise CardgenError("--sets: a mini card (45 × 68 mm) has no corner free for the set mark (its letter, "
                           "pips or court fill it); use --card-size poker or bridge")
    if values["cards"]:
        games = values["games"]
        if len(games) != 1:
            raise CardgenError("--cards: names the cards of one game; add --game str8eight, --game eights "
                               "or --game crazy-eights")
        if games[0] == "fourscore":
            raise CardgenError("--cards: FourScore is played with the Str8 Eight deck; reprint its cards with "
                               "--game str8eight --cards …")
        if values["only"] is not None and "print" not in values["only"]:
            raise CardgenError("--cards: makes a reprint sheet, which is part of 'print'; add print to --only")
    if "shop" in values["formats"] and values["shops"] is not None:
        from .shops import shop

        for slug in values["shops"]:
            shop(slug).size(values["card_size"])  # a shop named that does not print the size: one line
    if "shop" in values["formats"] and set(values["formats"]) != set(FORMATS) and not shops_of(values):
        # --format shop named (not just part of all) for a size no shop prints: it would write nothing
        from .shops import shops

        printed = sorted({size for s in shops().values() for size in s.sizes})
        raise CardgenError(f"--format: no print shop in cardgen's table prints {values['card_size']} cards "
                           f"(they print {' and '.join(printed)}); use --card-size {printed[0]}, or leave shop "
                           "out of --format")
    correction = printer_correction(values)
    if "pdf" in values["formats"] and not correction.is_identity:
        from .layout.imposition import SheetSpec
        from .layout.paper import papers
        from .layout.printer import check_correction
        from .model.sizes import card_size

        size = card_size(values["card_size"])
        for paper in papers(values["paper"]):
            check_correction(SheetSpec(paper, size.width, size.height, values["bleed"], values["layout"],
                                       margins=printer_margins(values)), correction)
    if "pdf" in values["formats"] and printer_margins(values) is not None:
        from .layout.imposition import SheetSpec, impose
        from .layout.paper import papers
        from .model.sizes import card_size

        size = card_size(values["card_size"])
        for paper in papers(values["paper"]):  # a card the margins leave no room for: refused now, in one line
            impose(SheetSpec(paper, size.width, size.height, values["bleed"], values["layout"],
                             margins=printer_margins(values)), 1)
    _check_playable(values)
    colors = values["group_colors"]
    need = min(values["table_size"], 8)
    if colors is not None and len(colors) < need:
        raise CardgenError(f"the theme lists {len(colors)} group colors, and the {values['table_size']} × "
                           f"{values['table_size']} table needs {need}; add colors to theme.group_colors")


def printer_correction(values):
    """The [printer] settings (a dict or BuildOptions) as one Correction (layout/printer.py)."""
    from .layout.printer import Correction

    get = values.get if isinstance(values, dict) else lambda name: getattr(values, name)
    return Correction(get("back_offset"), get("back_rotation"), get("print_scale"))


def shops_of(values) -> tuple:
    """The shops a build writes files for (a dict or BuildOptions): those --shop names, or
    (by default) every shop that prints the card size, so that --format all still builds
    mini cards; a shop named that does not print it was refused in check_together."""
    get = values.get if isinstance(values, dict) else lambda name: getattr(values, name)
    if get("shops") is not None:
        return get("shops")
    from .shops import shops

    return tuple(slug for slug, s in shops().items() if get("card_size") in s.sizes)


CLASS_PARTS = ("teacher",)  # made by default only for a class build (see for_a_class)


def for_a_class(options) -> bool:
    """A class build: a preset, class sets, a scaffold other than full, or large print."""
    return bool(options.preset) or options.sets > 1 or options.scaffold != "full" or options.large_print


def parts_of(options) -> tuple:
    """The parts a build makes: --only's, or every part (only the reprint sheet with --cards);
    the teacher pages by default only for a class build."""
    if options.only is not None:
        return options.only
    if options.cards:
        return ("print",)
    return PARTS if for_a_class(options) else tuple(p for p in PARTS if p not in CLASS_PARTS)


def playtest_games(games: tuple) -> tuple:
    """The games a playtest plays: those named, or every game cardgen can play."""
    return tuple(g for g in PLAYABLE if g in games) if games else PLAYABLE


def check_playtest(values: dict) -> None:
    games = values["games"]
    other = [g for g in games if g not in PLAYABLE]
    if other:
        raise CardgenError(f"--game: cardgen cannot play {other[0]} yet; use --game {' or --game '.join(PLAYABLE)}")
    sweep = dict(values["sweep"])
    for game in playtest_games(games):
        low, high = PLAYERS[game]
        for players in sweep.get("players", (values["players"],)):
            if not low <= players <= high:
                raise CardgenError(f"--players: {game} is for {low}–{high} players, not {players}; change --players"
                                   + ("" if games else ", or name the game with --game"))
    bots = values["bots"]
    if len(bots) not in (1, values["players"]) or ("players" in sweep and len(bots) != 1):
        raise CardgenError(f"--bots: {len(bots)} bots for {values['players']} seats; name one bot per seat, "
                           f"or one for every seat (--bots greedy)")
    other = [g for g in playtest_games(games) if g not in LOOKAHEAD_GAMES]
    if "lookahead" in bots and other:
        raise CardgenError(f"the lookahead player plays {' and '.join(LOOKAHEAD_GAMES)}, not {other[0]}: add "
                           + " ".join(f"--game {g}" for g in LOOKAHEAD_GAMES) + " or choose other --bots")
    if "crazy-eights" in playtest_games(games):
        from .model.play.crazy_eights import deal_size

        for players in sweep.get("players", (values["players"],)):
            if deal_size(players)[1] > values["decks"]:
                raise CardgenError(f"--decks: crazy-eights with {players} players needs 2 decks; add --decks 2")


def _check_large_print_sets(values: dict) -> None:
    """--large-print-sets names sets this build makes, and only when the others stay standard."""
    letters, sets = values["large_print_sets"], values["sets"]
    if values["large_print"]:
        raise CardgenError("--large-print-sets: large print is already on for every set (--large-print, or the "
                           "preset's); leave out --large-print-sets, or turn it off with --no-large-print")
    if sets < 2:
        raise CardgenError("--large-print-sets: names class sets, and this build makes one deck; add --sets N "
                           "(e.g. --sets 4) or use --large-print for the whole deck")
    beyond = [letter for letter in letters if SET_LETTERS.index(letter) >= sets]
    if beyond:
        raise CardgenError(f"--large-print-sets: set {beyond[0]} is not built (--sets {sets} makes sets "
                           f"{SET_LETTERS[0]}–{SET_LETTERS[sets - 1]}); name one of them, or raise --sets")


def _check_playable(values: dict) -> None:
    """A table size and pass-card count that deal no game are refused before any work,
    with the model's reason: the games that would be built decide."""
    from .model.facts import check_fourscore_playable
    from .model.str8eight import check_playable

    games = values["games"] or _game_names()
    n, passes = values["table_size"], values["pass_cards"]
    if "str8eight" in games and (why := check_playable(n, passes)):
        raise CardgenError(f"--table-size: {why}; use a larger --table-size or more --pass-cards")
    length = values["sequence_length"]
    if length and "str8eight" in games:
        from .model.str8eight import longest_sequence

        longest = longest_sequence(n)
        if not 2 <= length <= longest:
            preset = PRESETS.get(values.get("preset") or "")
            whose = (f" (the {preset.name} preset's, for its {preset.values['table_size']} × "
                     f"{preset.values['table_size']} table)" if preset and preset.values.get("sequence_length")
                     == length and preset.values.get("table_size") != n else "")
            raise CardgenError(f"--sequence-length: {length}{whose} cannot be: the {n} × {n} table's longest "
                               f"sequence from a bull's-eye has {longest} cards; use 2 to {longest} (0: the "
                               f"table's width, {n})")
    if "fourscore" in games and (why := check_fourscore_playable(n)):
        raise CardgenError(f"--table-size: {why}; use --table-size 3 or more (or build only --game str8eight)")


# --- the project file that `cardgen init` writes, and the docs' table of options ------------------

def _toml_literal(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (frozenset, set)):
        return '"' + ",".join(sorted(value)) + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_literal(v) for v in value) + "]"
    if isinstance(value, Path):
        return f'"{value.as_posix()}"'
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


def init_file() -> str:
    """A commented project file listing every option at its default."""
    lines = ["# cardgen.toml: the project file. Every key is optional; command-line flags override it.",
             "# Run `cardgen build` in this folder, or `cardgen build --config path/to/cardgen.toml`.",
             "# Paths are relative to this file."]
    for section in SECTIONS:
        lines.append("")
        if section:
            lines.append(f"[{section}]")
        for s in SETTINGS:
            if s.section != section or not s.toml:
                continue
            default = s.default_value()
            if s.name == "games":
                default = s.choices
            elif s.name == "jobs":
                lines.append(f"# {s.help}")
                lines.append("# jobs = 2")
                continue
            if default is None:
                lines.append(f"# {s.help}")
                if s.name == "preset":  # what each builds, before the example
                    lines += [f"#   {p.name}: {p.what}" for p in PRESETS.values()]
                lines.append(f"# {s.toml_key} = {s.example}")
                continue
            lines.append(f"# {s.help}" + (f" Allowed: {', '.join(map(str, s.choices))}." if s.kind == "choice"
                                           or s.kind == "formats" else "")
                         + (f" Range: {_range_text(s)}." if s.low is not None else ""))
            if s.name in PRESET_PICKS:  # written, it would win over any preset (the file sits above it)
                lines.append("# A preset picks it: uncomment the line to choose your own over the preset's.")
                lines.append(f"# {s.toml_key} = {_toml_literal(default)}")
            else:
                lines.append(f"{s.toml_key} = {_toml_literal(default)}")
    return "\n".join(lines) + "\n"


def _default_text(s: Setting) -> str:
    if s.name == "jobs":
        return "every core"
    if s.name in ("only", "shops"):
        return "all"
    if s.name == "card_thickness":
        return "the box fit's"
    if s.name == "printer_margin":
        return "unknown: 5 mm"
    if s.name == "games":
        return "every game"
    if s.kind == "options":
        return "none"
    value = s.default_value()
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "off" if not value else "on"
    if isinstance(value, (frozenset, set)):
        return ",".join(sorted(value))
    if s.kind == "span":
        return f"{value[0]}..{value[1]}"
    if isinstance(value, tuple):
        return ",".join(v if isinstance(v, str) else f"{v:g}" for v in value) or "—"
    if value == "":
        return "—"
    return f"{value}" + (f" {s.unit}" if s.unit else "")


def _allowed_text(s: Setting) -> str:
    if s.kind == "span":
        return f"LOW..HIGH, whole numbers from {int(s.low)} to {int(s.high)}"
    if s.choices:
        return ", ".join(map(str, s.choices)) + (" (comma-separated) or all" if s.kind in ("formats", "parts", "shops",
                                                                                             "games")
                                                 else " (comma-separated)" if s.kind in LIST_KINDS else "")
    if s.low is not None:
        return _range_text(s)
    return {"bool": "flag / true, false", "path": "a path", "text": "a text", "url": "an http(s) URL",
            "colors": '"#rrggbb" list', "letters": f"set letters {SET_LETTERS[0]}–{SET_LETTERS[-1]} (comma-separated)",
            "fonts": "regular, bold, black, italic", "cards": "card names",
            "sweep": "AXIS=LOW..HIGH or AXIS=A,B,C, space-separated"}.get(s.kind, "")


def markdown_table() -> str:
    """The options reference's table (docs/reference/options.md, made when the site is built)."""
    rows = ["| flag | project file | default | allowed | what it does |", "|---|---|---|---|---|"]
    for s in SETTINGS:
        flag = f"`{s.flag}`" + (f", `{s.short}`" if s.short else "") if s.flag else "—"
        key = (f"`[{s.section}] {s.toml_key}`" if s.section else f"`{s.toml_key}`") if s.toml else "—"
        rows.append(f"| {flag} | {key} | {_default_text(s)} | {_allowed_text(s)} | {s.help} |")
    return "\n".join(rows) + "\n"
