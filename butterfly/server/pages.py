"""The tool pages served at ``/`` when ``butterfly serve`` has no ``--site``
(docs/serve.md, "The pages"): written from the package into a private
temporary folder, in a thread, while the server starts.

Writing them takes seconds (the board carries free play's deals, read from
butterfly/data/ and checked), so the server does not wait for them to answer its API:
a page asked for before they are written waits for them instead.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import shutil
import sys
import tempfile
import threading
from pathlib import Path

from starlette.responses import JSONResponse
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from butterfly.puzzles.site.tools import write_tool_pages


class ToolPages:
    """An ASGI app serving the tool pages from a temporary folder once they are written; :meth:`close`
    removes the folder."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="butterfly-serve-"))
        self.closing = False
        self.written: concurrent.futures.Future[StaticFiles] = concurrent.futures.Future()
        threading.Thread(target=self._write, name="tool pages", daemon=True).start()

    def _write(self) -> None:
        try:
            write_tool_pages(self.folder)
        except Exception as error:  # (a broken package: said once, and each page asked for says it too)
            if not self.closing:  # (stopped while writing: the folder went, nothing to say)
                print(f"warning: the tool pages could not be written: {_one_line(error)}", file=sys.stderr)
            self.written.set_exception(error)
        else:
            self.written.set_result(StaticFiles(directory=self.folder, html=True))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            files = await asyncio.wrap_future(self.written)
        except Exception as error:
            detail = f"the tool pages could not be written: {_one_line(error)}"
            await JSONResponse({"detail": detail}, 500)(scope, receive, send)
            return
        await files(scope, receive, send)

    def close(self) -> None:
        self.closing = True
        shutil.rmtree(self.folder, ignore_errors=True)


def _one_line(error: Exception) -> str:
    return str(error).partition("\n")[0] or type(error).__name__
