"""The English words of Eights' open-words variant, and a fast way to find the ones a hand can make.

The list is SCOWL's American English list as Debian packs it (`wamerican`, size 50:
common words, no rare or archaic ones), kept whole in templates/eights/words-en.txt
(lower-case entries of letters only: no proper names, no possessives) with its
copyright file beside it. `playable_words` keeps the words the Eights deck as built
can spell: letter counts no greater than the deck's (from model/eights.py) and at
least the variant's minimum length. `WordIndex` files those words under their letters
sorted into a trie, so every word a set of letters can make is found by walking only
the branches those letters allow (a few hundred steps, not a pass over the list).

Refresh the list from an installed wamerican with
`python -m cardgen.model.wordlist /usr/share/dict/american-english`.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from importlib import resources

LIST_NAME = "words-en.txt"
_WORD = re.compile(r"^[a-z]+$")


def _list_file():
    return resources.files("cardgen.templates").joinpath("eights", LIST_NAME)


@lru_cache(maxsize=1)
def english_words() -> frozenset:
    """Every word of the shipped list."""
    text = _list_file().read_text(encoding="ascii")
    return frozenset(w for w in text.split("\n") if w)


class WordIndex:
    """Words (each with its points) filed by their letters in sorted order, as a trie.

    A node is a dict: letter -> child node, plus the key "" holding the words that end
    there (anagrams share a node)."""

    def __init__(self, points: dict):
        self.points = dict(points)
        self.root: dict = {}
        for word in self.points:
            node = self.root
            for ch in sorted(word):
                node = node.setdefault(ch, {})
            node.setdefault("", []).append(word)
        for node in self._nodes(self.root):  # anagrams: the best-scoring first, then alphabetical
            if "" in node:
                node[""].sort(key=lambda w: (-self.points[w], w))

    def _nodes(self, node):
        yield node
        for k, child in node.items():
            if k:
                yield from self._nodes(child)

    def makeable(self, letters: Counter, longest: int = 99) -> list:
        """Every word of at most longest letters whose letters are among letters (a Counter),
        best-scoring first."""
        found: list = []
        have = dict(letters)
        order = sorted(have)

        def walk(node: dict, start: int, room: int) -> None:
            words = node.get("")
            if words:
                found.extend(words)
            if not room:
                return
            for i in range(start, len(order)):
                ch = order[i]
                child = node.get(ch)
                if child is not None and have[ch]:
                    have[ch] -= 1
                    walk(child, i, room - 1)
                    have[ch] += 1
        walk(self.root, 0, longest)
        found.sort(key=lambda w: (-self.points[w], w))
        return found

    def __len__(self) -> int:
        return len(self.points)


def fits(word: str, counts: Counter) -> bool:
    """The deck holds enough of each of the word's letters."""
    return not (Counter(word) - counts)


@lru_cache(maxsize=8)
def playable_words(deck_letters: str, min_letters: int) -> tuple:
    """The shipped words the deck (its letters, one a card) can spell, at least min_letters long."""
    counts = Counter(deck_letters)
    alphabet = set(counts)
    return tuple(sorted(w for w in english_words()
                        if len(w) >= min_letters and set(w) <= alphabet and fits(w, counts)))


def clean(lines) -> list:
    """A raw word list's entries that the game can judge: lower case, letters only, sorted, once."""
    return sorted({w.strip() for w in lines if _WORD.match(w.strip())})


def main(argv: list) -> int:
    import sys
    from pathlib import Path

    if len(argv) != 1:
        print("usage: python -m cardgen.model.wordlist /usr/share/dict/american-english", file=sys.stderr)
        return 2
    words = clean(Path(argv[0]).read_text(encoding="utf-8").splitlines())
    target = Path(__file__).resolve().parents[2] / "templates" / "eights" / LIST_NAME
    target.write_text("\n".join(words) + "\n", encoding="ascii")
    print(f"{len(words)} words written to {target}")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
