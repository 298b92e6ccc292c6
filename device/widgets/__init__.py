"""Pieces every game uses: key bindings, cursors, the option menu, the name wheel, the countdown,
shared drawings and the sample presser."""
