"""The kinds of violation `cardgen check` reports: one entry per part of the kit the
checker holds to the rules, naming the check modules that report it.

A violation's kind is the entry of the module that found it (report.GameReport.fail
looks it up), so this table is the whole list: the docs' reference is made from it, and
tests/test_check_kinds.py walks the package for a module that reports without an entry
here. Should one reach a user, its violations are still reported, as OTHER's. Standard
library only, like the checker.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    slug: str
    title: str  # as `cardgen check` counts violations by kind, and the docs head each kind
    modules: tuple  # the modules of cardgen/check/ that report it
    what: str  # what the files are held to (the docs' reference prints it)


KINDS = (
    Kind("files", "Files and manifest", ("run",),
         "Every file manifest.json lists is present, a regular file inside the output folder, readable and "
         "unchanged since the build (its sha256); every file or folder the manifest does not list, at the top, in "
         "`site/`, in `playtest/` or in a game's folder, is named, by the rule a build refuses a folder by; every "
         "game it names is one the checker knows, with a build record that reads strictly (a missing key, a wrong "
         "type, NaN or an absurd count is a violation, never a default). Paths that are absolute or climb out "
         "with `..`, links, FIFOs, devices and oversized files are refused by name before a byte is read."),
    Kind("card-svgs", "Card SVGs", ("svgread",),
         "Each deck's `svg/` folder is there, every card SVG parses (no DTD, no entities, at most 32 MB and "
         "50,000 elements), names its game in `data-game` and bears the file name cardgen gives the card it "
         "draws, so two files swapped are caught: the card SVGs are what every other deck check reads."),
    Kind("str8eight", "Str8 Eight deck, sequence sheet and atlas", ("str8eight",),
         "Against the N × N table derived by the checker itself: the number of cards, each value's copies, "
         "every cell once with value = row × column, each card's arrows (group, side, target) drawn in their "
         "group's one color and shape, each edge's tags stacked in group order, evenly spaced and centred on "
         "the big number's line, every link reciprocal, bull's-eyes on exactly 1–N, what the scaffold level "
         "shows, the pass cards (their count, points and corner indices) and one back; the sequence sheet's "
         "entries, links, colors, copies and follow counts against the cards; every field of the atlas file "
         "recounted from the cards, and the playability trial; the copies table, the one-color bonus and the "
         "quick start's numbers (the deck's cards, the deal, the bull's-eyes, the sequence length, the "
         "targets) as the booklet states them, and its words on the faces true to the level built: a \"?\" "
         "only in a colors booklet, no arrows to read in a bare one."),
    Kind("underlines", "Cards that read the right way up", ("readings",),
         "A value that reads as another value upside down (6, 9, 16, 18 on the 8 × 8 deck; Crazy Eights' 6 "
         "and 9; the Eights W and suit 6) carries its underlines, and no other value does."),
    Kind("eights", "Eights deck", ("eights",),
         "The letters of each suit and their totals, that every word ONE … EIGHT can be spelled from the "
         "deck, the reference card's points and targets, one back, and the booklet's and aid's words against "
         "the deck."),
    Kind("crazy-eights", "Crazy Eights deck", ("crazy_eights",),
         "52 distinct cards a deck, the penalty each face prints for the chosen ace value, one back a deck "
         "with the backs told apart, and the booklet's and aid's penalties against the cards."),
    Kind("fourscore", "FourScore", ("fourscore",),
         "FourScore has no deck of its own: its booklet and player aid state the deal table the Str8 Eight "
         "deck of their table size gives, and they were written for the same table as the deck beside them."),
    Kind("deck-files", "Card PDFs, PNGs and tuck boxes", ("deckfiles", "pictures"),
         "The card and back PDFs (page count and size), the PNGs (pixel size and resolution), the parts the "
         "build record lists as made, and each tuck box: its inside size from the checker's own table of "
         "fits, its panels, its card-stock note and what it says (the count and the contents). Every copy of the "
         "cards' pictures (card PDF pages, PNGs, print-on-demand images, each shop's pages or images, the Tabletop "
         "Simulator sheets' cells) shows the card its place names: a place drawn the same as another holds the same "
         "card, a PDF page says what its card's SVG says, and an image names the card SVG it shows, so a page or "
         "image replaced by another card's, or two swapped, is caught."),
    Kind("home-print", "Home-print sheets", ("homeprint",),
         "What each sheet places, read from the PDF: every face once at trim size, inside the printer's "
         "margins, in deck order, as many a sheet as fit; each back where the long-edge flip or the fold puts "
         "it, turned the other way and of the right deck; every cut line showing 3 mm of thin mark inside the "
         "margins, nothing stroked near the page edge or across a card; all measured after the recorded "
         "printer profile is undone."),
    Kind("print-setup", "Print settings in the PDFs", ("printsetup",),
         "Every PDF asks the print dialog for actual size and for the sides and flip edge its layout needs, "
         "and the first page of the print sheets and of the fold booklet says so in words."),
    Kind("booklets", "Rule booklets, player aids and score pads", ("booklets",),
         "Each booklet exists with pages of the size it names and a title naming its game; the fold file "
         "holds its pages two-up in saddle-stitch order; each player aid is one page of its booklet's size "
         "and each score pad one page. Read from each booklet's PDF: a cover whose color reaches every edge, "
         "no page but the back cover under a quarter full, no heading at a page's foot, no printing words on "
         "a page, a back cover listing the kit's components (its cards as many as the deck's) and the credits; "
         "no blank page in the fold sheets."),
    Kind("words", "Words against the deck", ("wording",),
         "What the booklets, player aids and score pads state, read as a reader would copy it from the PDF: "
         "the card count and table, the copies table, the pass cards and their cost, the bull's-eyes, the "
         "ace's and the 8's points, the suits and the score targets must be what the cards in the folder and "
         "the reference rules give. A booklet copied in from another variant is caught."),
    Kind("teacher", "Teacher pages", ("teacher",),
         "The pages, found by their titles (a long answer key's second page read with its first): the lesson "
         "plan's table, card count, sequence length, level, large print and class sets; the recording sheet's "
         "worked example a legal sequence of these cards, each card written as the fact it prints; every "
         "answer-key row against the cards' arrows; the coverage grid and step shares recounted from the cards."),
    Kind("sets", "Class sets", ("sets",),
         "Every set folder holds every card once; every face and back wears its own set's badge twice (the "
         "right letter and shape, from the checker's own list, inside the safe zone); each card is set A's "
         "card once the badge is set aside; each inventory checklist lists every card once, on lines that "
         "each say how many cards they hold, wears its set's badge and states its set's count."),
    Kind("exports", "Tabletop Simulator and print-on-demand files", ("exports",),
         "The Tabletop Simulator deck: its name, one card per face in deck order, every id on its sheet's "
         "grid and never the hidden slot, every URL leading to its image, each image exactly its grid of "
         "card-sized cells, each card's sheet wearing its back. The print-on-demand images: one per face and "
         "back, trim plus 1/8 in bleed at 300 DPI, and their zip, byte for byte."),
    Kind("shops", "Print-shop files and preflight reports", ("shop",),
         "Each shop folder holds exactly the files the shop's template names; every file is measured again "
         "(boxes, pixels, resolution, fonts, transparency, color spaces, proof marks) and a PDF/X file read "
         "as a shop's preflight reads it (PDF/X keys, output intent, CMYK only, total ink under the limit); "
         "a report that disagrees with the files, or records a failure, fails."),
    Kind("preview", "HTML preview", ("preview", "webfiles"),
         "Every link leads to a file the manifest lists and nothing outside the folder (every URL-bearing attribute, "
         "CSS url() and @import of every page and style sheet read; inline script, event handlers, a meta refresh, "
         "frames, objects and forms refused; the script byte for byte the one cardgen ships); each deck is titled "
         "and counted as recorded, its thumbnails exactly its cards, each drawn from this build's card SVG; "
         "the sequence sheet is the folder's own; every download is offered once under a label of its own; "
         "what to print first is there."),
    Kind("playtest", "Playtest reports", ("playtest", "playtables"),
         "Each report's JSON played the variant the build record holds; its page states the JSON's figures "
         "and its PDFs are titled for that variant; a Str8 Eight report's atlas counts are the build's own; a "
         "sweep's and a tune's page state every row and count of their JSON."),
    Kind("metadata", "PDF metadata", ("pdfmeta",),
         "Every PDF has a title naming the game, what the file is and the variant built, Author and Creator "
         "`cardgen <version>`, our own Producer, a Subject and Keywords, CreationDate equal to ModDate and "
         "one date for the whole folder, and an XMP packet saying the same; a PDF/X file repeats its keys."),
    Kind("how-to-print", "How-to-print pages", ("howto",),
         "One page for every paper the card sheets were made for, listed in the manifest and of that paper; "
         "every file it names is in the kit and every PDF printed on that paper is named; each game's sheets "
         "are described with the checker's own count of sheets and cards a sheet, which way up, the sides "
         "and the card stock; its cutting pictures are the grids the card sheets were laid in (columns, rows, "
         "turned), one for each."),
    Kind("print-everything", "One file to print", ("printall",),
         "One print-everything file for every paper with a how-to-print page, asking for actual size; its first "
         "page names every PDF the kit prints on that paper once, with page ranges that follow one another to "
         "the last page, each as long as its file, card stock before plain paper; every later page is its "
         "file's page (the same drawing and boxes); each part's sheets, sides and stock, each stock's total "
         "and each game's count of cards are the files' and the records' own."),
    Kind("edition", "About this edition", ("edition",),
         "Each booklet's closing list of this edition's readings and added rules is the game's table of readings "
         "(read as data from templates/readings/, in its order, with its topics and kinds), every entry that "
         "applies to the variant is listed, and the rules carry one † for each."),
    Kind("feature-words", "Words that follow the cards", ("featurecheck",),
         "No text of Str8 Eight, FourScore or the preview speaks of a feature the cards lack (arrows, group "
         "colors, arrow numbers, pass cards, the one-group bonus, bull's-eyes: read from the card SVGs), by "
         "the phrases cardgen/featurewords.py ties to each; the booklet's finish tip plans among the biggest "
         "values of the kit's own table."),
    Kind("buyer-words", "Nothing written for us", ("buyerwords",),
         "No buyer file (booklets, aids, pads, boxes, posters, teacher pages, preview, README, shop notes and "
         "preflight reports) holds a word of cardgen/internalwords.py's list: our source documents, our notes' "
         "hedges, the computer players' kinds, trial play's figures, internal names; a game's own texts never "
         "name the software. A game's designer's notes and the playtest reports are for designers and are not "
         "held to it. The kit's README names every how-to-print page the kit holds."),
    Kind("legibility", "Legible text", ("legibility",),
         "Every text of the cards, sheets, boxes, booklets, aids, pads and teacher pages, and of the kit's "
         "how-to-print and components pages, is at least 6 pt (7 pt "
         "for running text) and keeps a WCAG contrast of 4.5:1 (3:1 from 18 pt) against what is painted under it."),
)

BY_MODULE = {f"{__package__}.{module}": kind for kind in KINDS for module in kind.modules}
OTHER = Kind("other", "Other", (), "A check module without an entry in this table: a bug of ours, which the tests catch.")


def of_module(name: str) -> Kind:
    """The kind of the violations a check module reports (name: its __name__)."""
    return BY_MODULE.get(name, OTHER)
