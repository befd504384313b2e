"""The RF model of one reader channel: from the antenna's copper to the impedance the reader sees,
the field at the tag and at the neighbour's tag, for each way of switching antennas
(hardware/README.md, "Antenna switching"). A design tool: nothing on the host or the board imports it.
``python -m hardware.model`` (``make hardware``) prints the report hardware/rf-model.md holds."""
