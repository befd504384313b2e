"""The virtual table and the kiosk: the table seen from above in a browser.

The page shows the cells, the pieces on them, the seats and the e-ink panel as the board shows it,
and lets a person lay pieces and press seat buttons. It drives only the simulated board's readers and
buttons (``SimBoard`` control), so a game in the browser goes through the same firmware, protocol and
host as one on the real table. With a real board it mirrors the table, read-only.

``server.py`` is the aiohttp application; ``tablestate.py`` turns the link's mirror and the layout into
what the page draws; ``panelfeed.py`` follows the panel image; ``control.py`` is the one place page
actions become sim control commands; ``access.py`` decides who may connect and act; ``kiosk.py`` is the
inactivity clock of kiosk mode.
"""
