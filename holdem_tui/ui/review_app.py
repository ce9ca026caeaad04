"""``holdem-tui review FILE...``: the hand review on saved hand histories.

Any history the game reads opens here: ours (``.phhs`` sessions, ``.phh`` hands, Five-Card
Draw's ``F5CD`` included) and foreign PHH files. Every hand of every file is replayed strictly
first (:func:`holdem_tui.review.load_records`); what cannot be read costs one line naming the
file and the reason, printed after the review closes (so it is not hidden behind the full
screen), and the command exits 1. If no hand at all can be read, the review does not open.

Whose decisions it follows: in one of our session files, its human (the first, in hot seat:
``w`` picks another); in a foreign file, the first player whose cards the file names. ``w``
follows anyone whose cards are known. What it shows is what that player may know after the
hand (their cards, the hands turned up); ``--training`` shows every hand and every reason,
as at a training table.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from holdem_tui.i18n import Translator, get_translator
from holdem_tui.review import HandRecord, load_records, session_humans
from holdem_tui.storage.preferences import load_settings
from holdem_tui.ui.base_app import ViewerApp, key_names
from holdem_tui.ui.hand_review import ReviewScreen
from holdem_tui.ui.replay import viewer_language
from holdem_tui.ui.review_book import ReviewBook, ReviewEntry
from holdem_tui.ui.review_parts import review_keys

__all__ = ["ReviewApp", "file_book", "run_review"]


def _default_follow(record: HandRecord, humans: Sequence[int]) -> str | None:
    """Whose decisions to follow in a file: its human (one of ours), else the first
    player whose cards it names."""
    for chair in humans:
        position = record.position_of(chair)
        if position is not None and position in record.known:
            return record.names[position]
    if humans or not record.known:
        return None
    return record.names[min(record.known)]


def file_book(paths: Sequence[Path], *, training: bool = False) -> ReviewBook:
    """Every readable hand of ``paths`` as one book, and a line per problem.

    A file that breaks the reader in a way it did not foresee is still one line, never a
    traceback: every input is read as if someone wrote it to break us.
    """
    entries: list[ReviewEntry] = []
    problems: list[str] = []
    follow: str | None = None
    for path in paths:
        path = Path(path)
        try:
            records, found = load_records([path])
            humans = session_humans(path)
        except Exception as exc:  # the validation layer missed a case: one line, exit 1
            problems.append(f"{path}: {type(exc).__name__}: {exc}")
            continue
        problems += found
        entries += [ReviewEntry(record, file=path.name) for record in records]
        for record in records:
            if follow is not None:
                break
            follow = _default_follow(record, humans)
    return ReviewBook(entries, follow=follow, training=training, may_switch=True, problems=problems)


class ReviewApp(ViewerApp):
    """The review of ``book``, a screen of its own; ``persist`` keeps the language and deck
    chosen here for the next start, as the table does."""

    TITLE = "holdem-tui review"

    def __init__(
        self,
        book: ReviewBook,
        tr: Translator,
        *,
        four_colour: bool = False,
        persist: bool = False,
    ) -> None:
        super().__init__(tr.lang, four_colour=four_colour, persist=persist)
        self.book = book

    def on_mount(self) -> None:
        """Straight to the first hand the followed player was dealt into, the story from its
        start (``h`` lists them all)."""
        self.title = self.tr.t("review.title")
        book = self.book
        self.push_screen(
            ReviewScreen(
                lambda: book,
                start=ReviewBook.first_followed,
                on_close=lambda: self.exit(self.return_value),
            )
        )

    def help_rows(self, tr: Translator) -> list[tuple[str, str]]:
        """The review's keys and the shared ones."""
        keys = key_names(self, ReviewScreen)
        return [
            *review_keys(keys, tr, may_switch=True),
            *self.shared_help_rows(tr),
            (keys.every("review_close"), tr.t("keys.quit")),
        ]


def run_review(files: Sequence[Path], *, training: bool = False) -> int:
    """Open the review on ``files``; 0 if every hand could be read, else 1.

    The problems are printed on stderr after the review closes, one line each with the
    file and the reason; with no readable hand at all the review does not open.
    """
    tr = get_translator(viewer_language())
    deck = load_settings(repair=False).settings.four_colour
    book = file_book([Path(f) for f in files], training=training)
    if book.entries:
        ReviewApp(book, tr, four_colour=deck, persist=True).run()
    for problem in book.problems:
        print(tr.t("review.cannot_read", problem=problem), file=sys.stderr)
    return 1 if book.problems or not book.entries else 0
