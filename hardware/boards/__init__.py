"""The prototype's board files, written as KiCad text by code (``python -m hardware.boards OUT``,
``make hardware``) and checked by KiCad's own ERC and DRC (kicad-cli, KiCad 9)."""
