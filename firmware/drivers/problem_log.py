"""A board service that tells the host what the drivers found wrong: a reader that does not answer
or answers again, two tags on one cell (LOG warning, CODE_READER), a panel that stayed busy at start
(LOG error, CODE_PANEL). The app attaches itself when it starts; what was found during boot goes
out then, the rest as it happens. LOGs are queued until the link is up.

It lives here, not in the board module, because the board module is dropped after boot (main.py)
and anything defined there that the board keeps would keep all of its code in the heap.
"""


class ProblemLog:
    def __init__(self, reader, panel):
        self.reader = reader
        self.panel = panel
        self._app = None

    def attach(self, app):
        from wtproto import messages as m

        self._app = app
        self._warning = m.WARNING
        self._code = m.CODE_READER
        for text in self.reader.problems:
            app.log(m.WARNING, m.CODE_READER, text)
        if self.panel.fault:
            app.log(m.ERROR, m.CODE_PANEL, self.panel.fault)
        self.reader.on_problem = self.report

    def report(self, text):
        if self._app is not None:
            self._app.log(self._warning, self._code, text)

    def service(self, now_ms):
        return False
