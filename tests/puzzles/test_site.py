"""The static site of the daily puzzle (butterfly/puzzles/site/build.py, ``butterfly site``):
every page parses, every local link resolves, nothing is fetched from
elsewhere, each day page carries its puzzle and a share text giving nothing away."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from datetime import date
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from butterfly.games.errors import InputError
from butterfly.games.lines import parse_line
from butterfly.games.mouche.format import position_from_data as mouche_position
from butterfly.games.papillon.format import position_from_data as papillon_position
from butterfly.games.patience.format import deal_from_json
from butterfly.games.patience.rules import PRESETS_DATA, Position
from butterfly.puzzles.daily import family, load_calendar, puzzle_of
from butterfly.puzzles.kinds import family_for
from butterfly.puzzles.site.build import ASSETS, CORE, MARKER, SCRIPTS, TOOL_ENTRIES, board_free_play, build_site
from butterfly.puzzles.site.bundle import BUNDLE, DAILY_ENTRY, bundled

#: A week with every kind: a Sunday card-game ending, Butterfly deals, endgames, only-move.
START = date(2027, 1, 1)
DAYS = 7


class Page(HTMLParser):
    """The links, sources and JSON data of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.refs: list[str] = []
        self.data: list[str] = []
        self._in_data = False

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        for name in ("href", "src"):
            if values.get(name):
                self.refs.append(values[name] or "")
        self._in_data = tag == "script" and values.get("type") == "application/json"

    def handle_endtag(self, tag):
        self._in_data = False

    def handle_data(self, data):
        if self._in_data:
            self.data.append(data)


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, list[Path]]:
    out = tmp_path_factory.mktemp("build") / "site"
    return out, build_site(out, START, DAYS)


def test_the_site_has_its_pages_and_assets(site):
    out, written = site
    names = {p.relative_to(out).as_posix() for p in written}
    assert {"index.html", "archive.html", "rules.js", "start-daily.js", "style.css", MARKER} <= names
    assert {f"day/2027-01-0{k}.html" for k in range(1, 8)} <= names
    assert all(p.is_file() for p in written)


def test_every_page_parses_and_every_local_link_resolves(site):
    out, _ = site
    pages = sorted(out.rglob("*.html"))
    # the index, the archive, the offline page, the analysis board, the card-game board and the position editor
    assert len(pages) == DAYS + 6
    for page in pages:
        parsed = parse(page)
        assert parsed.refs, page
        for ref in parsed.refs:
            assert "://" not in ref and not ref.startswith("//"), (page, ref)
            target = (page.parent / ref.split("#")[0]).resolve()
            assert target.is_file(), (page, ref)
        text = page.read_text(encoding="utf-8")
        assert 'name="viewport"' in text


def test_nothing_is_fetched_from_elsewhere(site):
    out, _ = site
    for path in out.rglob("*"):
        if path.is_file():
            # The SVG namespace (an xmlns, or page/board.js's createElementNS) is a name,
            # never fetched; any other URL would be.
            text = path.read_text(encoding="utf-8").replace('"http://www.w3.org/2000/svg"', "")
            assert not re.search(r"https?://", text), path


def test_each_day_page_embeds_its_puzzle_and_a_share_text_giving_nothing_away(site):
    out, _ = site
    for k in range(DAYS):
        day = puzzle_of(date(2027, 1, 1 + k))
        (data_text,) = parse(out / "day" / f"{day.date.isoformat()}.html").data
        data = json.loads(data_text)
        assert data["page"] == "day" and data["number"] == day.number
        assert data["puzzle"]["id"] == str(day.puzzle.id)
        share = json.dumps(data["share"], ensure_ascii=False)
        assert data["share"]["head"].startswith(f"Butterfly daily #{day.number} ")
        for cls in day.puzzle.answer:
            for answer in cls:
                assert answer.split()[0] not in share
        assert not re.search(r"\b(10|[2-9TJQKA])[CDHS]\b", share), share


def test_the_index_knows_every_day_and_the_archive_lists_them_newest_first(site):
    out, _ = site
    (data_text,) = parse(out / "index.html").data
    days = json.loads(data_text)["days"]
    assert sorted(days) == [f"2027-01-0{k}" for k in range(1, 8)]
    archive = (out / "archive.html").read_text(encoding="utf-8")
    assert archive.index("day/2027-01-07.html") < archive.index("day/2027-01-01.html")
    # kinds in players' words, not the puzzle files' codes, and dates are not zero-padded
    assert "<td>Butterfly, only move</td>" in archive and "only-move</td>" not in archive
    assert "<td>Fri 1</td>" in archive


def test_a_rebuild_replaces_a_previous_build_and_other_directories_are_refused(site, tmp_path):
    out = tmp_path / "site"
    build_site(out, START, 2)
    written = build_site(out, date(2027, 1, 3), 1)
    assert not (out / "day" / "2027-01-01.html").exists()
    assert (out / "day" / "2027-01-03.html") in written
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="not a previous site build"):
        build_site(other, START, 1)
    assert sorted(p.name for p in other.iterdir()) == ["notes.txt"]


def test_a_build_stopped_while_writing_leaves_the_previous_build_and_nothing_else(tmp_path, monkeypatch):
    """Ctrl-C (or SIGTERM, which ``butterfly site build`` turns into an
    exception) while the files are written: the half-written folder is
    removed and the previous build stays as it was."""
    out = tmp_path / "site"
    build_site(out, START, 1)
    before = sorted(p.relative_to(out) for p in out.rglob("*"))

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("butterfly.puzzles.site.build.shutil.copyfile", stopped)
    with pytest.raises(KeyboardInterrupt):
        build_site(out, START, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before


def test_the_command_builds_a_site(cli, tmp_path):
    result = cli.run("site", "build", "--out", tmp_path / "s", "--from", "2027-01-06", "--days", "2")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "s" / "day" / "2027-01-07.html").is_file()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--from", "2027-13-01"], "YYYY-MM-DD"),
        (["--from", "yesterday"], "YYYY-MM-DD"),
        (["--days", "0"], "1 to 400"),
        (["--days", "401"], "1 to 400"),
        (["--days", "many"], "many"),
        (["--from", "2026-12-31"], "outside the calendar"),
        (["--from", "9999-12-31", "--days", "2"], "outside the calendar"),
        (["--from", "2028-01-20", "--days", "20"], "no daily puzzle for 2028-01-28"),
        (["--from", "2099-01-01", "--days", "1"], "calendar ends"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli, tmp_path, args, fragment):
    cli.one_line_error(cli.run("site", "build", "--out", tmp_path / "s", *args), fragment)
    assert not (tmp_path / "s").exists()


def test_a_non_empty_directory_is_refused_by_the_command(cli, tmp_path):
    (tmp_path / "keep.txt").write_text("x")
    cli.one_line_error(cli.run("site", "build", "--out", tmp_path, "--days", "1"), "not a previous site build")


def test_card_game_pages_offer_every_legal_move_each_with_its_proved_class():
    """The card-game pages play by the puzzle's answer classes, with no rules of their own:
    that is enough only if the classes hold every legal move of the position, as here."""
    for day in load_calendar():
        puzzle = day.puzzle
        if family(puzzle) == "patience":
            continue
        game = family_for(puzzle.game).only_card().game
        state = game.read(puzzle.position)
        classes = game.classes(state)
        assert sorted(map(str, (m for c in classes for m in c))) == sorted(map(str, state.legal_moves()))
        offered = {m for c in puzzle.answer for m in c} | {m for a in puzzle.alternatives() for m in a.moves}
        assert offered == {text for c in classes for text in game.texts(state, c)}, day.date


def test_a_site_built_with_its_address_links_each_share_text_to_its_day(tmp_path, cli):
    out = tmp_path / "s"
    result = cli.run("site", "build", "--out", out, "--days", "2", "--url", "https://example.org/daily/")
    assert result.exit_code == 0, result.output
    (data_text,) = parse(out / "day" / "2027-01-02.html").data
    assert json.loads(data_text)["share"]["url"] == "https://example.org/daily/day/2027-01-02.html"
    for bad in ("example.org", "https://exa mple.org", "javascript:alert(1)", 'https://x.org/"><script>'):
        cli.one_line_error(cli.run("site", "build", "--out", tmp_path / "t", "--days", "1", "--url", bad), "--url")
    assert not (tmp_path / "t").exists()


def test_a_day_with_its_scripts_stays_within_64_kb_gzipped(site):
    """The page budget: a day's page, its scripts, style, icon, manifest and service worker, compressed;
    served (its modules) or from a file (the bundle in their place)."""
    import gzip

    out, _ = site
    size = {name: len(gzip.compress((out / name).read_bytes())) for name in ASSETS}
    served = sum(size.values()) - size[BUNDLE]
    from_file = served - sum(size[name] for name in SCRIPTS) + size[BUNDLE]
    largest = max(len(gzip.compress(page.read_bytes())) for page in (out / "day").iterdir())
    assert served + largest <= 64_000 and from_file + largest <= 64_000, (served, from_file, largest)


_IMPORT = re.compile(r'^import\s[^;]*?from\s*"([^"]+)";', re.MULTILINE | re.DOTALL)


def test_every_module_a_page_imports_is_built_and_kept_offline(site):
    """start-daily.js and the modules it imports, all in the build; each import resolves
    there; and the service worker keeps every one of them on install."""
    out, _ = site
    assert SCRIPTS[-1] == DAILY_ENTRY == "start-daily.js"
    assert {"rules.js", "search.js", "page/game.js", "page/kinds.js"} <= set(SCRIPTS)
    for name in SCRIPTS:
        for target in _IMPORT.findall((out / name).read_text(encoding="utf-8")):
            resolved = ((out / name).parent / target).resolve()
            assert resolved.is_file() and resolved.relative_to(out.resolve()).as_posix() in SCRIPTS, (name, target)
    worker = (out / "sw.js").read_text(encoding="utf-8")
    kept = json.loads(re.search(r"^const CORE = (\[.*\]);$", worker, re.MULTILINE)[1])
    assert kept == list(CORE) and set(SCRIPTS) <= set(kept)
    assert all((out / name).is_file() for name in kept)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not on PATH: the bundle cannot be parsed")
def test_pages_opened_from_a_file_run_every_module_bundled_in_one_script(site):
    out, _ = site
    text = (out / BUNDLE).read_text(encoding="utf-8")
    node = shutil.which("node")
    assert node is not None
    subprocess.run([node, "--check", str(out / BUNDLE)], check=True, capture_output=True, timeout=60)
    assert text.count("= (function () {") == len(SCRIPTS) - 1  # every module but the entry, which runs last
    assert not re.search(r"^\s*(import|export)\b", text, re.MULTILINE)
    board = bundled("start-board.js")  # the analysis board's own script: the day pages never load its modules
    subprocess.run([node, "--check", str(out / board)], check=True, capture_output=True, timeout=60)
    for page in out.rglob("*.html"):
        html_text = page.read_text(encoding="utf-8")
        own = bundled(TOOL_ENTRIES[page.name]) if page.name in TOOL_ENTRIES else BUNDLE  # a tool page its own
        assert own in html_text and "'module'" in html_text, page


def test_a_butterfly_day_carries_the_rules_presets_and_a_card_game_none(site):
    out, _ = site
    presets = {}
    for page in (out / "day").glob("2027-*.html"):
        (data_text,) = parse(page).data
        data = json.loads(data_text)
        presets[data["patience"]] = data["presets"]
    assert presets == {True: PRESETS_DATA, False: None}


def test_each_day_page_names_the_tools_and_where_a_finished_day_leads_on(site):
    """Issue 65, item 20: a day page linked none of the tools, and free play was never named. Every day
    names them; its data holds, for the end of the day, its position on its game's board and a free-play
    deal at its grade (never the day's own deal)."""
    out, _ = site
    for k in range(DAYS):
        day = puzzle_of(date(2027, 1, 1 + k))
        page = out / "day" / f"{day.date.isoformat()}.html"
        text = page.read_text(encoding="utf-8")
        tools = re.search(r'<p class="tools">(.*?)</p>', text, re.S)
        assert tools is not None, page
        assert re.sub(r"<[^>]+>", "", tools.group(1)) == (
            "Also here: the analysis board, free play, the position editor and the card-game board."
        )
        hrefs = re.findall(r'href="([^"]+)"', tools.group(1))
        assert hrefs == ["../board.html", "../board.html#free", "../editor.html", "../cards.html"]
        (data_text,) = parse(page).data
        go_on = json.loads(data_text)["goOn"]
        board, _, analyse = go_on["analyse"].partition("#")
        assert board == ("../board.html" if family(day.puzzle) == "patience" else "../cards.html")
        assert (out / "day" / board).resolve().is_file()
        position = parse_line(parse_qs(analyse)["p"][0])
        game = family_for(day.puzzle.game).name
        if game == "patience":
            assert position == deal_from_json(day.puzzle.position)
        elif game == "mouche":
            assert position == mouche_position(day.puzzle.position)
        else:
            assert position == papillon_position(day.puzzle.position)
        board, _, free = go_on["free"].partition("#")
        fields = parse_qs(free)
        deal = int(fields["deal"][0])
        assert board == "../board.html" and fields["free"] == [str(day.puzzle.grade)] == [go_on["grade"]]
        assert parse_line(fields["p"][0]) == Position.deal(deal)
        assert board_free_play()["grades"][deal] == str(day.puzzle.grade)
        assert deal != day.puzzle.facts.get("deal")
