"""``--svg`` and ``--png``: ``butterfly show``, ``papillon show`` and ``mouche show`` write pictures."""

import struct
import xml.etree.ElementTree as ET
import zlib

import pytest

import checkout


def test_show_writes_one_picture_and_prints_its_name(cli, tmp_path):
    out = tmp_path / "deal1.svg"
    result = cli.run("show", 1, "--svg", out)
    assert result.exit_code == 0
    assert result.stdout == f"wrote {out}\n"
    root = ET.fromstring(out.read_bytes())
    assert root.tag.endswith("svg") and "butterfly deal 1" in out.read_text()


def test_show_with_moves_writes_a_frame_per_move(cli, tmp_path):
    out = tmp_path / "walk.svg"
    result = cli.run("show", 1, "--moves", "-", "--svg", out, input="2D L3>F\n2C L4>F\n")
    assert result.exit_code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["walk-001.svg", "walk-002.svg", "walk.svg"]
    for path in tmp_path.iterdir():
        ET.fromstring(path.read_bytes())


def test_an_illegal_move_writes_nothing(cli, tmp_path):
    out = tmp_path / "walk.svg"
    result = cli.run("show", 1, "--moves", "-", "--svg", out, input="2D L3>F\nAS L1>F\n")
    cli.one_line_error(result, "move 2")
    assert not list(tmp_path.iterdir())


def test_an_existing_file_is_never_overwritten(cli, tmp_path):
    out = tmp_path / "walk.svg"
    (tmp_path / "walk-001.svg").write_text("mine")
    result = cli.run("show", 1, "--moves", "-", "--svg", out, input="2D L3>F\n")
    cli.one_line_error(result, "walk-001.svg", "exists")
    assert (tmp_path / "walk-001.svg").read_text() == "mine" and not out.exists()


def test_an_unwritable_path_is_one_line(cli, tmp_path):
    cli.one_line_error(cli.run("show", 1, "--svg", tmp_path / "no" / "such" / "dir.svg"), "cannot write")


@pytest.mark.parametrize(
    ("game", "example"), [("papillon", "from-seat.json"), ("mouche", "from-seat.json"), ("mouche", "declare.json")]
)
def test_card_game_positions_are_drawn(cli, tmp_path, game, example):
    out = tmp_path / "position.svg"
    result = cli.run(game, "show", checkout.EXAMPLES / game / example, "--svg", out)
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    ET.fromstring(svg.encode())
    assert 'class="card-back"' in svg


@pytest.mark.parametrize("game", ["papillon", "mouche"])
def test_card_game_show_needs_svg_and_a_good_position(cli, tmp_path, game):
    cli.one_line_error(cli.run(game, "show", checkout.EXAMPLES / game / "from-seat.json"), "--svg")
    cli.one_line_error(cli.run(game, "show", "-", "--svg", tmp_path / "x.svg", input='{"players": 9}'))
    assert not (tmp_path / "x.svg").exists()


@pytest.mark.parametrize(
    "args",
    [
        ("show", 1),
        ("papillon", "show", checkout.EXAMPLES / "papillon" / "from-seat.json"),
        ("mouche", "show", checkout.EXAMPLES / "mouche" / "from-seat.json"),
    ],
)
def test_svg_dash_writes_the_picture_alone_to_standard_output(cli, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = cli.run(*args, "--svg", "-")
    assert result.exit_code == 0, result.output
    assert ET.fromstring(result.stdout.encode()).tag.endswith("svg")  # nothing but the picture
    assert not list(tmp_path.iterdir())  # no file named '-'


def test_svg_dash_is_one_picture_not_a_picture_a_move(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli.run("show", 1, "--moves", "-", "--svg", "-", input="2D L3>F\n")
    cli.one_line_error(result, "--svg -", "--moves")
    assert not list(tmp_path.iterdir())


def test_a_new_file_is_never_named_dash(tmp_path, monkeypatch):
    """Where '-' is not standard output (an option that writes files only), it is refused, not made a file."""
    from butterfly.cli.common import write_new_files
    from butterfly.games.errors import InputError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match="cannot write to '-'"):
        write_new_files([("-", "text")])
    assert not list(tmp_path.iterdir())


# ------------------------------------------------------------------ PNG
def png_facts(data: bytes) -> tuple[int, int, int]:
    """A PNG's width, height and how many different byte values its pixels
    hold (1 or 2 for a blank picture), read with the standard library alone."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            chunks.append(data[at + 8 : at + 8 + length])
        at += 12 + length
    return width, height, len(set(zlib.decompress(b"".join(chunks))))


def svg_size(svg: str) -> tuple[float, float]:
    root = ET.fromstring(svg.encode())
    return float(root.get("width")), float(root.get("height"))


@pytest.mark.parametrize(
    "args",
    [
        ("show", 1),
        ("papillon", "show", checkout.EXAMPLES / "papillon" / "from-seat.json"),
        ("mouche", "show", checkout.EXAMPLES / "mouche" / "declare.json"),
    ],
)
def test_png_is_the_same_picture_at_twice_its_size_and_not_blank(cli, tmp_path, args):
    svg, png = tmp_path / "p.svg", tmp_path / "p.png"
    result = cli.run(*args, "--svg", svg, "--png", png)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {svg}\nwrote {png}\n"
    width, height, values = png_facts(png.read_bytes())
    assert (width, height) == tuple(round(2 * v) for v in svg_size(svg.read_text()))
    assert values > 50  # cloth, card faces, ink: far from blank


def test_png_frames_follow_the_moves_and_dash_is_the_picture_alone(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli.run("show", 1, "--moves", "-", "--png", "walk.png", input="2D L3>F\n")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["walk-001.png", "walk.png"]
    assert (tmp_path / "walk.png").read_bytes() != (tmp_path / "walk-001.png").read_bytes()
    result = cli.run("show", 2, "--png", "-", "--svg", "two.svg")
    assert result.exit_code == 0
    assert result.stdout_bytes[:8] == b"\x89PNG\r\n\x1a\n" and png_facts(result.stdout_bytes)[2] > 50
    assert "wrote two.svg" in result.stderr  # standard output holds the picture alone


@pytest.mark.parametrize(
    "args, words",
    [
        (("show", 1, "--svg", "-", "--png", "-"), ("cannot both",)),
        (("papillon", "show", checkout.EXAMPLES / "papillon" / "from-seat.json"), ("--svg", "--png")),
        (("show", 1, "--moves", "-", "--png", "-"), ("--moves",)),
    ],
)
def test_png_misuse_is_one_line(cli, tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    cli.one_line_error(cli.run(*args, input="2D L3>F\n"), *words)
    assert not list(tmp_path.iterdir())


def test_a_png_never_overwrites_and_an_svg_beside_it_is_not_left_half_way(cli, tmp_path):
    (tmp_path / "p.png").write_bytes(b"mine")
    result = cli.run("show", 1, "--svg", tmp_path / "p.svg", "--png", tmp_path / "p.png")
    cli.one_line_error(result, "p.png", "exists")
    assert (tmp_path / "p.png").read_bytes() == b"mine" and not (tmp_path / "p.svg").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["show", 1, "--svg", "deal.svg"],
        ["show", 1, "--png", "deal.png"],
        ["show", 1, "--svg", "deal.svg", "--png", "deal.png"],
        ["show", 1, "--moves", "-", "--svg", "deal.svg"],
    ],
)
def test_a_full_disk_names_the_file_it_could_not_write_and_leaves_none(cli, tmp_path, monkeypatch, args):
    import builtins
    import errno

    from butterfly.cli import common

    class FullDisk:
        """A new file on a full disk: made, and every write refused (as ENOSPC names no file)."""

        def __init__(self, *args, **kwargs):
            self.handle = builtins.open(*args, **kwargs)  # noqa: SIM115 - closed on leaving the with block

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(common, "open", FullDisk, raising=False)
    monkeypatch.chdir(tmp_path)
    first = next(a for a in args if str(a).startswith("deal"))
    cli.one_line_error(cli.run(*args, input="2D L3>F\n"), f"cannot write '{first}'", "No space left on device")
    assert not list(tmp_path.iterdir())
