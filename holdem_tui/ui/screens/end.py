"""The end of a session: standings, net results, hands won, the biggest pot, stack charts.

The charts share one scale (0 to the biggest stack anyone had), so a glance down the column
shows who grew and who shrank; separate per-row scales would make every line look alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from holdem_tui.engine.decision import Reason
from holdem_tui.engine.hand import Hand
from holdem_tui.i18n import Translator
from holdem_tui.session.labels import Named, display_name, out_line, seat_title
from holdem_tui.session.outcome import EndReason, SessionResult
from holdem_tui.session.present import ActionModel
from holdem_tui.ui.base_app import Translated, key_names, language_key, translator
from holdem_tui.ui.keybars import KeyFooter, wrap_whole
from holdem_tui.ui.widgets import DialogBox

if TYPE_CHECKING:  # the counting is imported when a session ends, not at the first frame
    from holdem_tui.review import SeatStats
    from holdem_tui.session.controller import Session

BARS = " ▁▂▃▄▅▆▇█"
DOT = " · "


def wrap_at_dots(line: str, width: int) -> str:
    """``line`` in rows no wider than ``width``, broken only between its " · " parts.

    Left to itself the stats line "… · showdowns won 2 of 5" wraps at any space, leaving
    "5" alone on a row at 80 columns.
    """
    parts = line.split(DOT)
    rows = wrap_whole([cell_len(part) for part in parts], width, cell_len(DOT))
    return "\n".join(DOT.join(parts[i] for i in row) for row in rows)


def sparkline(values: Sequence[int], width: int, low: int, high: int) -> str:
    """``values`` squeezed or stretched to ``width`` bars on a shared ``low``..``high`` scale.

    Every row of the table uses the same scale, so a glance down the column compares
    players; a busted stack (0) is drawn as a flat line.
    """
    if not values or width <= 0:
        return ""
    span = max(1, high - low)
    count = len(values)
    out = []
    for column in range(width):
        start = column * count // width
        end = max(start + 1, (column + 1) * count // width)
        value = values[start:end][-1]
        if value <= 0:
            out.append("_")
            continue
        level = 1 + round((value - low) / span * (len(BARS) - 2))
        out.append(BARS[max(1, min(len(BARS) - 1, level))])
    return "".join(out)


def count_stats(
    played: Sequence[tuple[Hand, dict[int, Reason]]],
    history: Path | None,
    before: int,
    humans: Sequence[int],
) -> dict[int, SeatStats]:
    """The humans' stats over every hand of the session (those before a resume from its
    history file): the same counting as ``holdem-tui history``."""
    from holdem_tui.review import session_records, session_stats

    reasons = {id(hand): found for hand, found in played}
    records, _ = session_records(
        [hand for hand, _ in played], lambda hand: reasons[id(hand)], history, before
    )
    return session_stats(records, humans)


#: counts the humans' stats (off the UI thread)
StatsCounter = Callable[[], "dict[int, SeatStats]"]


def session_counter(session: Session) -> StatsCounter | None:
    """The humans' stats of a local session, to count in a worker: its hands (and reasons)
    are taken now, on the UI thread; ``None`` when no hand was finished."""
    humans = session.settings.humans
    if not humans or not (session.played or session.finished_before):
        return None
    played = [(hand, dict(session.reasons_of(hand))) for hand in session.played]
    return partial(count_stats, played, session.history_path, session.finished_before, humans)


class EndScreen(Translated, Screen[str]):
    """Results of the session; answers ``"again"``, ``"setup"`` or ``"quit"``.

    Below the results, each human's play in numbers (VPIP, PFR, aggression, showdowns) and
    all-in luck, counted in a worker over the session's hands (the screen says so until
    they are in); ``e`` opens the hand review.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose('again')", show=False, id="play_again"),
        Binding("n", "choose('setup')", show=False, id="new_game"),
        Binding("q,escape", "choose('quit')", show=False, id="end_quit"),
        Binding("e", "review", show=False, id="end_review"),
        Binding("d", "app.train", show=False, id="end_train"),
    ]

    DEFAULT_CSS = """
    #end-stats-box { height: 1fr; margin: 1 0 0 0; }
    #end-stats { height: auto; }
    """

    class Review(Message):
        """Step through the session's hands with the coach (the hand review)."""

    def __init__(
        self,
        table: Named,
        result: SessionResult,
        stats: Mapping[int, SeatStats] | None = None,
        counter: StatsCounter | None = None,
    ) -> None:
        """``stats`` are counted already (a network seat's, by the host); else ``counter``
        counts them (a local session's hands) in a worker, and without one there are none."""
        super().__init__(classes="end-screen")
        self.table = table
        self.result = result
        self.counter = counter
        #: the humans' stats, by chair, once the worker has counted them
        self.stats: dict[int, SeatStats] | None = None if stats is None else dict(stats)

    def compose(self) -> ComposeResult:
        """Title, the results table, the biggest pot, your stats, and the keys."""
        with DialogBox("end"):
            yield Static(id="end-winner")
            yield Static(id="end-reason")
            yield Static(id="end-table")
            yield Static(id="end-biggest")
            # the rest of the box; many players at a small window scroll here, never the table
            with VerticalScroll(id="end-stats-box"):
                yield Static(id="end-stats")
        yield KeyFooter(id="end-footer")

    def on_mount(self) -> None:
        """Draw the results, and count the humans' stats off the UI thread."""
        self.retranslate()
        if self.stats is not None:  # the host counted them
            return
        if self.counter is None:
            # no hand to count: nothing finished yet, or a network seat whose host sent no
            # stats (its screen never holds whole hands); "0 hands, VPIP 0%" would be false
            self.stats = {}
            return
        self.run_worker(partial(self._count, self.counter), thread=True, group="end_stats")

    def _count(self, counter: StatsCounter) -> None:
        try:
            stats = counter()
        except Exception:  # the stats are a bonus: never a crash at the end of a session
            stats = {}
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._counted, stats)

    def _counted(self, stats: dict[int, SeatStats]) -> None:
        self.stats = stats
        if self.is_mounted:
            self.query_one("#end-stats", Static).update(self.stats_text(translator(self)))

    def stats_text(self, tr: Translator) -> str:
        """Each human's session in numbers and their all-in luck (one player: "you")."""
        humans = self.table.settings.humans
        if not humans:
            return ""
        if self.stats is None:
            return tr.t("end.counting")
        from holdem_tui.review import luck_text, stats_text

        lines = []
        shown = [seat for seat in humans if seat in self.stats]
        for seat in shown:
            stats = self.stats[seat]
            played = stats_text(stats, tr)
            if len(shown) == 1:  # one player on this screen: theirs, "your play"
                lines += [tr.t("end.stats_you", stats=played), luck_text(stats, tr)]
            else:
                name = display_name(self.table, seat, tr)
                lines += [
                    tr.t("end.stats_named", name=name, stats=played),
                    luck_text(stats, tr, name),
                ]
        width = self.query_one("#end-stats", Static).size.width or self.size.width - 4
        return "\n".join(wrap_at_dots(line, width) for line in lines)

    def on_resize(self) -> None:
        """The chart column follows the width."""
        self.retranslate()

    def retranslate(self) -> None:
        """Redraw everything in the current language."""
        tr = translator(self)
        result = self.result
        self.query_one(DialogBox).retitle(tr.t("end.title"))
        order = result.standings()
        self.query_one("#end-winner", Static).update(
            Content.from_markup("[b $success]$text[/]", text=self.headline())
        )
        self.query_one("#end-reason", Static).update(self.reason_line())
        histories = {seat: result.stack_history(seat) for seat in order}
        every = [v for h in histories.values() for v in h if v > 0]
        low, high = (min(every), max(every)) if every else (0, 1)
        chart_width = max(8, min(40, self.size.width - 62))
        table = RichTable(
            title=tr.t("end.final_standings"),
            title_justify="left",
            expand=False,
            box=None,
            padding=(0, 1),
            header_style="bold",
        )
        tournament = result.tournament
        table.add_column("#", justify="right")
        table.add_column(tr.t("end.player"), overflow="ellipsis", max_width=22, no_wrap=True)
        if tournament:  # everyone started with the same chips: the prize says it all
            table.add_column(tr.t("tournament.prize"), justify="right")
        else:
            table.add_column(tr.t("table.stack"), justify="right")
            table.add_column(tr.t("end.net_result"), justify="right")
        table.add_column(tr.t("end.hands_won"), justify="right")
        rebuys = any(result.rebuys)
        if rebuys:
            table.add_column(tr.t("end_reason.rebuy_column"), justify="right")
        table.add_column(tr.t("end.stack_over_session"), no_wrap=True)
        for place, seat in enumerate(order, start=1):
            net = result.net(seat)
            net_text = Text(
                ("+" if net > 0 else "") + tr.number(net),
                style="green" if net > 0 else ("red" if net < 0 else ""),
            )
            if tournament:  # TDA's place: two busted in one hand with equal stacks share
                place = result.place_of(seat)
                prize = result.prize_of(seat)
                money = Text(tr.number(prize), style="green" if prize else "")
                chips: list[str | Text] = [money]
            else:
                chips = [tr.number(result.stacks[seat]), net_text]
            cells: list[str | Text] = [
                tr.t("end.place", n=place),
                seat_title(self.table, seat, tr),
                *chips,
                tr.number(result.hands_won[seat]),
            ]
            if rebuys:
                cells.append(tr.number(result.rebuys[seat]))
            cells.append(Text(sparkline(histories[seat], chart_width, low, high), style="cyan"))
            table.add_row(*cells)
        self.query_one("#end-table", Static).update(table)
        biggest = result.biggest_pot
        line = ""
        if biggest is not None:
            winners = ", ".join(display_name(self.table, s, tr) for s in biggest.winners)
            line = tr.t(
                "end.biggest_pot_line",
                label=tr.t("end.biggest_pot"),
                amount=tr.number(biggest.amount),
                hand=tr.t("log.hand_start", number=biggest.hand_number),
                names=winners,
            )
        self.query_one("#end-biggest", Static).update(line)
        self.query_one("#end-stats", Static).update(self.stats_text(tr))
        bound = key_names(self, EndScreen)
        keys = [
            ActionModel(bound["play_again"], tr.t("end.play_again"), "screen.choose('again')"),
            ActionModel(bound["new_game"], tr.t("setup.title"), "screen.choose('setup')"),
            ActionModel(bound["end_review"], tr.t("review.key"), "screen.review"),
            ActionModel(bound["stats"], tr.t("keys.stats"), "app.stats"),
            ActionModel(bound["end_train"], tr.t("keys.train"), "app.train"),
            ActionModel(bound["end_quit"], tr.t("end.quit"), "screen.choose('quit')"),
            language_key(tr),
        ]
        self.query_one("#end-footer", KeyFooter).show(keys)

    def headline(self) -> str:
        """Who won; or, when a busted player ended it, where that player finished."""
        tr = translator(self)
        result = self.result
        humans = self.table.settings.humans
        if result.reason is EndReason.BUSTED and humans:
            seat = next((h for h in humans if result.stacks[h] <= 0), humans[0])
            return out_line(self.table, result, seat, tr)
        leader = result.standings()[0]
        if result.tournament and result.reason is EndReason.ONE_LEFT:
            return tr.t("tournament.winner", name=display_name(self.table, leader, tr))
        return tr.t("end.winner", name=display_name(self.table, leader, tr))

    def reason_line(self) -> str:
        """Why the session ended and how long it lasted, plus the rebuys if there were any."""
        tr = translator(self)
        result = self.result
        settings = self.table.settings
        why = tr.t(
            f"end_reason.{result.reason}",
            hands=tr.plural("unit.hands", settings.hand_limit or result.hands),
            minutes=tr.plural("unit.minutes", round(settings.minute_limit or 0)),
        )
        parts = [
            why,
            tr.t(
                "end_reason.lasted",
                time=tr.duration(result.elapsed),
                hands=tr.plural("unit.hands", result.hands),
            ),
        ]
        rebuys = sum(result.rebuys)
        if rebuys:
            parts.append(tr.plural("end_reason.rebuys", rebuys))
        return " · ".join(parts)

    def action_choose(self, choice: str) -> None:
        """Close with what the player wants next."""
        self.dismiss(choice)

    def action_review(self) -> None:
        """Open the hand review of the session."""
        self.post_message(self.Review())
