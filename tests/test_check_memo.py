"""The checker keeps what it reads out of a file by the digest of the file's bytes
(cardgen/check/memo.py): a file changed since a clean check is read afresh, never served
the clean file's readings."""
import pikepdf

from cardgen.check import memo
from conftest import refresh_manifest, run_cli

BOOKLET = "str8eight/str8eight-rules.pdf"


def _flip_a_byte_of_page_one(path) -> None:
    """One byte in the middle of the booklet's first page's drawing (its packed stream), the
    file otherwise as it was."""
    with pikepdf.open(path) as pdf:
        contents = pdf.pages[0].obj.Contents
        stream = contents[0] if isinstance(contents, pikepdf.Array) else contents
        raw = stream.read_raw_bytes()
    data = bytearray(path.read_bytes())
    at = data.find(raw)
    assert at > 0 and data.find(raw, at + 1) < 0, "the stream's bytes, once in the file"
    data[at + len(raw) // 2] ^= 0x5A
    path.write_bytes(bytes(data))


def test_a_booklet_damaged_after_a_clean_check_fails_the_next(copy_of_games):
    out = copy_of_games("str8eight")
    clean = run_cli("check", out)
    assert clean.exit_code == 0, clean.output  # and what it read of the booklet is kept
    _flip_a_byte_of_page_one(out / BOOKLET)
    refresh_manifest(out)  # a careful forger: only the booklet's own reading can tell
    damaged = run_cli("check", out)
    assert damaged.exit_code == 1, damaged.output
    assert f"{BOOKLET}: booklet: error: Error -3 while decompressing data" in damaged.output, damaged.output


def test_a_kept_reading_is_a_copy_and_a_failure_is_not_kept():
    calls = []

    def make():
        calls.append(1)
        return {"pages": [1, 2]}

    first = memo.kept("test-reading", "k1", make)
    first["pages"].append(3)  # a caller changing what it was given changes nothing kept
    assert memo.kept("test-reading", "k1", make) == {"pages": [1, 2]} and len(calls) == 1

    def broken():
        calls.append(1)
        raise ValueError("damaged")

    for _ in range(2):
        try:
            memo.kept("test-reading", "k2", broken)
        except ValueError:
            pass
    assert len(calls) == 3  # a reading that failed is read again
