"""Str8 Eight and Crazy Eights cards through the print-shop color path, measured and shown.

usage: python benchmarks/pdfx_sample.py [OUT_DIR] [--limit 240]   (from the repository's top folder)

Renders a few faces and every back of each deck at 1/8 in bleed as PDF/X-1a:2003
(cardgen/draw/pdfx.py), checks each file (cardgen/check/pdfx.py), measures the largest
total ink twice (Ghostscript's tiffsep separations at 150 dpi, and the exact content
scan), prints the palette's ink before and after the limit with the ΔE it cost, and
writes for each deck a PNG: the RGB cards on top, a soft proof of the CMYK file
below (Ghostscript's CMYK raster seen through the same profile back to sRGB).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path


def decks(bleed: float):
    from cardgen.design import crazy_eights as ce_design, str8eight as s8_design
    from cardgen.design.cards import Look
    from cardgen.model import crazy_eights as ce_model, str8eight as s8_model
    from cardgen.model.sizes import card_size
    from cardgen.theme import DEFAULT_THEME

    look = Look(card_size("poker"), bleed, False, DEFAULT_THEME)
    s8 = s8_design.render_deck(s8_model.build_deck(), look)
    ce = ce_design.render_deck(ce_model.build_deck(2), look)
    return {
        "str8eight": [s8.faces[i].svg for i in (0, 17, 40, -4, -1)] + [b.svg for b in s8.backs],
        "crazy-eights": [ce.faces[i].svg for i in (0, 7, 20, 50)] + [b.svg for b in ce.backs],
    }


def palette() -> dict:
    from cardgen.design import crazy_eights as ce, palette as pal, str8eight as s8
    from cardgen.theme import DEFAULT_THEME

    named = {f"group {i + 1}": c for i, c in enumerate(DEFAULT_THEME.group_colors[:8])}
    named.update({"ink": pal.INK, "paper": pal.PAPER, "muted ink": pal.MUTED_INK, "str8 navy back": s8.BACK_NAVY,
                  "eights plum back": DEFAULT_THEME.tokens.color("eights.back"), "crazy wine back": ce.back_color(DEFAULT_THEME.tokens, 1),
                  "crazy green back": ce.back_color(DEFAULT_THEME.tokens, 2),
                  "crazy red": DEFAULT_THEME.tokens.color("crazy_eights.red"),
                  "crazy gold": DEFAULT_THEME.tokens.color("crazy_eights.gold"),
                  "pass right": s8.PASS_COLORS["right"][0], "pass left": s8.PASS_COLORS["left"][0], "black": "#000000"})
    return named


def soft_proof(pdf: Path, png: Path, dpi: int) -> None:
    """The CMYK file as the press would print it, on screen: gs's CMYK raster (no color
    conversion of DeviceCMYK) through the bundled profile to sRGB."""
    from PIL import Image, ImageCms

    from cardgen.draw.cmyk import profile_bytes
    import io

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", f"-r{dpi}",
                        f"-sOutputFile={tmp}/p%02d.tif", str(pdf)], check=True)
        pages = []
        for tif in sorted(Path(tmp).glob("p*.tif")):
            with Image.open(tif) as im:
                pages.append(ImageCms.profileToProfile(im.convert("CMYK"), ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes())),
                                                       ImageCms.createProfile("sRGB"), outputMode="RGB",
                                                       renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC))
    _row(pages).save(png)


def _row(images):
    from PIL import Image

    w, h = images[0].size
    sheet = Image.new("RGB", (w * len(images), h), "white")
    for i, im in enumerate(images):
        sheet.paste(im, (i * w, 0))
    return sheet


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default="results/pdfx-sample")
    parser.add_argument("--limit", type=float, default=240.0)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from PIL import Image

    from cardgen.check.ink import ink_by_scan, ink_by_separations
    from cardgen.check.pdfx import check_pdfx
    from cardgen.draw.cmyk import Inks
    from cardgen.draw.pdf import svg_size_mm, write_pages
    from cardgen.draw.pdfmeta import meta_for
    from cardgen.draw.pdfx import DTC_BLEED_MM, to_pdfx
    from cardgen.theme import DEFAULT_THEME

    from cardgen.colorcheck import ciede2000
    from cardgen.draw.cmyk import lab_of, near_black

    inks = Inks(args.limit)
    print(f"palette through the profile, limit {args.limit:g} %: plain ink -> printed ink in areas "
          "(ΔE2000 from the plain conversion, both through the profile)")
    for name, color in palette().items():
        conv = inks.conversion(color)
        fill = inks.cmyk(tuple(v / 255 for v in conv.rgb), "fill")
        cmyk = " ".join(f"{v:.0f}" for v in (x * 100 for x in fill))
        delta = conv.delta_e
        if near_black(conv.rgb):  # printed as the rich black, not the limited mix
            plain_lab, rich_lab = lab_of(inks.profile, [conv.plain, tuple(round(v * 255) for v in fill)])
            delta = ciede2000(plain_lab, rich_lab)
        print(f"  {name:18} {color}  {conv.plain_ink:6.1f} % -> {sum(fill) * 100:6.1f} %  "
              f"(ΔE {delta:.2f})  CMYK {cmyk}{'  rich black (text and lines: K 100)' if near_black(conv.rgb) else ''}")

    for game, svgs in decks(DTC_BLEED_MM).items():
        pdf = out / f"{game}-pdfx.pdf"
        to_pdfx(svgs, pdf, meta=meta_for("shop", game), fonts=DEFAULT_THEME.fonts, ink_limit=args.limit,
                bleed_mm=DTC_BLEED_MM, trim_mm=(63.5, 88.9), inks=inks)
        rgb = out / f"{game}-rgb.pdf"
        write_pages(svgs, rgb, meta_for("faces", game), svg_size_mm(svgs[0]), DEFAULT_THEME.fonts, bleed_mm=DTC_BLEED_MM)
        problems = check_pdfx(pdf, args.limit)
        scan = ink_by_scan(pdf)
        print(f"{game}: {len(svgs)} pages, PDF/X check: {'passed' if not problems else problems}")
        print(f"  max ink by content scan: {scan.max_percent:g} % (page {scan.page}, {scan.where})")
        try:
            seps = ink_by_separations(pdf, 150)
            print(f"  max ink by gs tiffsep:   {seps.max_percent:g} % (page {seps.page}, {seps.where})")
            plain = ink_by_separations(rgb, 150)
            print(f"  the RGB file through Ghostscript's own default CMYK: {plain.max_percent:g} % (page {plain.page})")
            soft_proof(pdf, out / f"{game}-proof.png", 60)
        except FileNotFoundError:
            print("  gs not installed: no separations, no soft proof")
            continue
        subprocess.run(["pdftoppm", "-r", "60", "-png", str(rgb), str(out / f"{game}-rgb")], check=True)
        rgb_row = _row([Image.open(p).convert("RGB") for p in sorted(out.glob(f"{game}-rgb-*.png"))])
        proof = Image.open(out / f"{game}-proof.png")
        both = Image.new("RGB", (rgb_row.width, rgb_row.height + proof.height), "white")
        both.paste(rgb_row, (0, 0))
        both.paste(proof, (0, rgb_row.height))
        both.save(out / f"{game}-compare.png")
        print(f"  {out / f'{game}-compare.png'}: RGB on top, the CMYK soft proof below")
    return 0


if __name__ == "__main__":
    sys.exit(main())
