"""Drivers for the table board's chips, in the micropython-lib style: buses and pins are passed in,
registers are ``const()``, buffers are made once so the scan loop allocates nothing.

- ``mfrc522``: the NXP MFRC522 RFID reader (SPI) and the ISO 14443A exchange with NTAG213 tags:
  CRC_A, command codes and air times of ISO/IEC 14443 type A included.
- ``reader_matrix``: the readers, the switch trees and the antenna layout as one cell reader,
  with the scan scheduler (presence every sweep, UIDs only where presence changed); with it the
  readers' chip selects decoded by a 74HC138 (eight readers on four pins), the antenna switch
  trees shared by all readers (one address bus), and the board service telling the host (LOG)
  what the drivers found wrong.
- ``ssd1680``: the SSD1680 e-ink controller (296x128 panels), full and partial refresh.
- ``buttons``: seat buttons on 74HC165 shift registers, debounced.
- ``feedback``: WS2812 LEDs and a PWM buzzer.
- ``matrix_diag``: what the readers run seldom (their start and re-probe, the diagnostics, tag
  pages), loaded only while it runs.
- ``antenna_layout``: which reader and channel serve each cell (used once, at boot).
"""
