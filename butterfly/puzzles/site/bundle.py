"""The page's ES modules as one classic script, for pages opened from a file.

Browsers load no ES module from ``file://`` (a module is fetched with CORS,
and a file has no origin), yet the site works from a folder on disk. So the
build writes, beside the modules, :data:`BUNDLE`: the entry module and every
module it imports, each wrapped in a function of its own (its names stay
its own) that returns its exports, in an order where each comes after what
it imports. The page loads the modules where it is served and this script
where it is a file (:data:`LOADER`). No bundler is needed because the
modules keep to a small part of the syntax, which :func:`bundle` checks:
``import { a, b as c } from "./x.js";``, ``import * as X from "./x.js";``
and ``export`` before a ``function``, ``class``, ``const`` or ``let``.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "a.js").write_text('export const A = 1;\\nexport function twice(x) {\\n  return 2 * x;\\n}\\n')
>>> _ = (folder / "main.js").write_text('import { twice as double } from "./a.js";\\nconsole.log(double(2));\\n')
>>> print(bundle(folder / "main.js", "test"))  # doctest: +NORMALIZE_WHITESPACE
// test
(function () {
"use strict";
const $a = (function () {
const A = 1;
function twice(x) {
  return 2 * x;
}
return { A, twice };
})();
(function () {
const { twice: double } = $a;
console.log(double(2));
})();
})();
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from butterfly.games.errors import InputError

#: The daily pages' entry module (the front page, the day pages, the archive): each page's
#: entry is named start-<page>.js, apart from the modules it starts (page/*.js).
DAILY_ENTRY = "start-daily.js"
#: What every page runs, in its head, to start its script: the modules (each asked for
#: at once, so that the page need not wait to read one module before it asks for those
#: it imports), or from a file the bundle; either runs once the page is read (start-daily.js
#: main). ``ROOT``: the site's root, relative to the page; ``MODULES``: their paths;
#: ``ENTRY`` and ``BUNDLED``: the entry module and its bundle.
LOADER = (
    "<script>/* a file:// page loads no ES module: there it runs the same modules bundled in one script */"
    "(function (root, modules, s) { if (location.protocol === 'file:') s.src = root + 'BUNDLED'; else {"
    " modules.forEach(function (m) { var l = document.createElement('link'); l.rel = 'modulepreload';"
    " l.href = root + m; document.head.appendChild(l); }); s.type = 'module'; s.src = root + 'ENTRY'; }"
    " document.head.appendChild(s); })('ROOT', MODULES, document.createElement('script'));</script>"
)


def loader(root: str, scripts: tuple[str, ...], entry: str = DAILY_ENTRY) -> str:
    """:data:`LOADER` for a page ``root`` away from the site's root, asking at once for ``scripts``, of
    which ``entry`` (at the site's root) runs: as a module, or from a file its bundle (:func:`bundled`)."""
    return (
        LOADER.replace("ROOT", root)
        .replace("MODULES", json.dumps(list(scripts)).replace('"', "'"))
        .replace("BUNDLED", bundled(entry))
        .replace("ENTRY", entry)
    )


def bundled(entry: str) -> str:
    """The bundle's name of the entry module ``entry``: start-daily.js's is :data:`BUNDLE`."""
    return entry.removesuffix(".js") + ".bundle.js"


#: The one script made of the daily pages' modules (:data:`DAILY_ENTRY` and those it imports).
BUNDLE = bundled(DAILY_ENTRY)


_NAMED = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";[ \t]*$', re.MULTILINE)
_STAR = re.compile(r'^import\s*\*\s*as\s+(\w+)\s+from\s*"([^"]+)";[ \t]*$', re.MULTILINE)
_EXPORT = re.compile(r"^export\s+((?:async\s+)?(?:function\*?|class|const|let)\s+(\w+))", re.MULTILINE)


def _name(path: Path, root: Path) -> str:
    return "$" + re.sub(r"\W", "_", path.relative_to(root).with_suffix("").as_posix())


def _imports(path: Path) -> list[Path]:
    text = path.read_text(encoding="utf-8")
    return [(path.parent / m[2]).resolve() for m in (*_NAMED.finditer(text), *_STAR.finditer(text))]


def modules(entry: Path) -> list[Path]:
    """``entry`` and every module it imports, each after the modules it imports."""
    order: list[Path] = []
    visiting: list[Path] = []

    def visit(path: Path) -> None:
        if path in order:
            return
        if path in visiting:
            raise InputError(f"{path.name}: modules that import each other cannot be bundled")
        if not path.is_file():
            raise InputError(f"{path}: imported, and no such file")
        visiting.append(path)
        for dependency in _imports(path):
            visit(dependency)
        visiting.pop()
        order.append(path)

    visit(entry.resolve())
    return order


def _module(path: Path, root: Path, entry: bool) -> str:
    text = path.read_text(encoding="utf-8")

    def named(match: re.Match) -> str:
        names = [part.split() for part in match[1].replace("\n", " ").split(",") if part.strip()]
        bound = ", ".join(n[0] if len(n) == 1 else f"{n[0]}: {n[2]}" for n in names)
        return f"const {{ {bound} }} = {_name((path.parent / match[2]).resolve(), root)};"

    text = _NAMED.sub(named, text)
    text = _STAR.sub(lambda m: f"const {m[1]} = {_name((path.parent / m[2]).resolve(), root)};", text)
    exported = [m[2] for m in _EXPORT.finditer(text)]
    text = _EXPORT.sub(r"\1", text)
    left = re.search(r"^\s*(import|export)\b.*|import\.meta", text, re.MULTILINE)
    if left:
        raise InputError(
            f"{path.name}: cannot bundle {left[0].strip()!r} (module docstring of butterfly/puzzles/site/bundle.py)"
        )
    if entry:
        return f"(function () {{\n{text.strip()}\n}})();"
    return f"const {_name(path, root)} = (function () {{\n{text.strip()}\nreturn {{ {', '.join(exported)} }};\n}})();"


def bundle(entry: Path, heading: str) -> str:
    """The classic script of ``entry`` and the modules it imports (module docstring); ``heading``: its first comment."""
    order = modules(entry)
    root = entry.resolve().parent
    parts = [_module(path, root, path == order[-1]) for path in order]
    return f'// {heading}\n(function () {{\n"use strict";\n' + "\n".join(parts) + "\n})();\n"
