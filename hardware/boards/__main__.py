"""``python -m hardware.boards OUT``: write the board files into hardware/boards/, check them with
KiCad's ERC and DRC (failing on any error) and put the fabrication outputs in OUT."""

import sys
from collections import Counter
from pathlib import Path

from hardware.boards import checks, mainboard, reader, tile

HERE = Path(__file__).resolve().parent
out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/hardware")
boards = [tile.write(HERE), reader.write(HERE), mainboard.write(HERE)]
ercs = [checks.erc(sch) for _pcb, sch in boards]
drcs = [checks.drc(pcb) for pcb, _sch in boards]
out.mkdir(parents=True, exist_ok=True)
for pcb, sch in boards:
    for path in (sch.with_suffix(".erc.json"), pcb.with_suffix(".drc.json")):
        path.replace(out / path.name)  # the reports go with the outputs, not into the repository
errors = [v for erc in ercs for v in checks.erc_violations(erc, "error")] + [
    v for drc in drcs for v in checks.drc_violations(drc, "error")
]
warnings = [v for erc in ercs for v in checks.erc_violations(erc, "warning")] + [
    v for drc in drcs for v in checks.drc_violations(drc, "warning")
]
for kind, count in sorted(Counter(line.split(":")[0] for line in warnings).items()):
    print(f"warning: {kind} x {count}")
if errors:
    for line in errors:
        print("ERROR:", line)
    sys.exit(f"{len(errors)} ERC/DRC errors in " + ", ".join(p.name for board in boards for p in board))
files = {f for pcb, _sch in boards for f in checks.fabrication(pcb, out)}
print(
    f"ERC and DRC: no errors, {len(warnings)} warnings; {len(files)} fabrication files in {out / 'gerbers'}"
)
