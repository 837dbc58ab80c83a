// Editing an art board by clicks: the spec's text follows the board.

// toggleArtCell flips the cell x,y of an art board in the spec text: '#'
// becomes '.', anything else '#'. art is the server's {line, rows}: the
// line where the art's value starts and its rows, top first, as the spec
// read them (y grows upward, so row i has y = rows.length-1-i). It returns
// the new text, or null when the rows are not found in the text.
export function toggleArtCell(text, art, x, y) {
  const lines = text.split('\n');
  const rows = art.rows;
  const strip = (s) => s.replace(/\r$/, '');
  // The rows are the first run of lines, from the art's line on, that end
  // with them; what comes before a row on its line is indentation (YAML)
  // or the opening quotes (TOML), the same for every row but the first.
  let first = -1;
  for (let k = Math.max(art.line - 1, 0); k + rows.length <= lines.length && first < 0; k++) {
    if (rows.every((row, j) => strip(lines[k + j]).endsWith(row))) first = k;
  }
  if (first < 0) return null;
  const i = rows.length - 1 - y;
  if (i < 0 || i >= rows.length || x < 0) return null;
  const line = strip(lines[first + i]);
  const cr = lines[first + i].endsWith('\r') ? '\r' : '';
  const indent = line.length - rows[i].length;
  let row = rows[i].padEnd(x + 1, '.');
  row = row.slice(0, x) + (row[x] === '#' ? '.' : '#') + row.slice(x + 1);
  lines[first + i] = line.slice(0, indent) + row + cr;
  return lines.join('\n');
}
