//! Cairo drawing of counters, cards, maps and sheets: the same code draws on screen and on paper.
