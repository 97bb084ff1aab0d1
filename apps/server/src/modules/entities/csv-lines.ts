/** Adds the line breaks in `text` from `from` to `to` (CRLF, LF or a lone CR each one break). */
function countBreaks(text: string, from: number, to: number, state: { breaks: number; afterCR: boolean }) {
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) {
      if (!state.afterCR) state.breaks++;
      state.afterCR = false;
    } else {
      if (ch === 13) state.breaks++;
      state.afterCR = ch === 13;
    }
  }
}

/**
 * Finds the file line (1-based, the header is line 1) each CSV row starts on, from the text fed
 * to the parser and the offset each row ends at (Papa Parse's `meta.cursor`, counted from the
 * start of the file). Line breaks inside quoted cells count, and so do the empty lines the
 * parser skips. Only the text after the last row is kept.
 */
export function createCsvLineCounter() {
  /** The file's text from `base` on. */
  let text = '';
  let base = 0;
  /** The offset up to which line breaks are counted. */
  let counted = 0;
  const state = { breaks: 0, afterCR: false };
  return {
    /** The file's next part, as given to the parser. */
    append(chunk: string) {
      text = text.slice(counted - base) + chunk;
      base = counted;
    },
    /** The line a row ending at offset `end` starts on; `cells` are its values (line breaks in them are its own). */
    rowStart(end: number, cells: ReadonlyArray<string | undefined>): number {
      const last = text.charCodeAt(end - base - 1);
      countBreaks(text, counted - base, end - base, state);
      counted = end;
      // The line after the row, less the row's closing break and the breaks inside its cells.
      let line = state.breaks + 1 - (last === 10 || last === 13 ? 1 : 0);
      for (const cell of cells) {
        if (!cell) continue;
        const inCell = { breaks: 0, afterCR: false };
        countBreaks(cell, 0, cell.length, inCell);
        line -= inCell.breaks;
      }
      return line;
    },
  };
}
