"""The peer's print job, run by bench_targets.py in the peer's own virtual environment.

usage: PEER_PYTHON benchmarks/peer_print.py SVG_FOLDER OUT.pdf

The fastest Python route measured in ../shared/RESEARCH.md for what `cardgen build
--game str8eight --format pdf --paper a4 --only print` does: CairoSVG draws each card SVG
(the 70 faces and the back, as cardgen wrote them) to a PDF page, the pages are put in
front/back order, and cardimpose lays them out 3 × 3 on A4, duplex, with crop marks.
The peer's environment (never cardgen's):
    python3 -m venv /tmp/cardgen-peer && /tmp/cardgen-peer/bin/pip install cairosvg cardimpose
"""
import sys
from pathlib import Path

import warnings

import cairosvg
warnings.simplefilter("ignore", FutureWarning)  # PyMuPDF names its old module
import fitz  # noqa: E402
from cardimpose import CardImpose
from cardimpose.layout import Backside, Mode

svg_dir, out = Path(sys.argv[1]), Path(sys.argv[2])
svgs = sorted(svg_dir.glob("*.svg"))
faces = [p for p in svgs if not p.name.startswith("back")]
back = next(p for p in svgs if p.name.startswith("back"))
cards = fitz.open()
back_doc = fitz.open("pdf", cairosvg.svg2pdf(url=str(back)))
for face in faces:  # each front followed by its back: cardimpose's "alternating" input
    cards.insert_pdf(fitz.open("pdf", cairosvg.svg2pdf(url=str(face))))
    cards.insert_pdf(back_doc)
cards_pdf = out.with_name("peer-cards.pdf")
cards.save(cards_pdf)
impose = CardImpose(str(cards_pdf)).set_page_size("A4").set_margin("0mm").set_bleed("3mm")
impose.set_mode(Mode.SINGLES).set_backside(Backside.ALTERNATING).set_crop_marks(distance="3mm", disable_crop_marks=False)
impose.impose(3, 3).save(out)
