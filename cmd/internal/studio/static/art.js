// Editing a board by clicks: the spec's text follows the board.

// toggleArtCell flips the cell x,y of an art board in the spec text: '#'
// becomes '.', anything else '#'. art is the server's {line, rows}: the
// line where the art's value starts and its rows, top first, as the spec
// read them (y grows upward, so row i has y = rows.length-1-i). It returns
// the new text and art, or null when the rows are not found in the text.
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
  return { text: lines.join('\n'), art: { line: art.line, rows: rows.map((r, j) => (j === i ? row : r)) } };
}

// toggleListedCell adds a cell's coordinates ("3,1" or "3,1,0") to a board
// given as a list of cells, or takes them out. at is where the list's value
// starts, {line, col} from 1: the first place from there that lists the
// cell is the one in the list.
export function toggleListedCell(text, at, cell) {
  let start = 0;
  for (let i = 1; i < at.line; i++) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return null;
  }
  start += at.col - 1;
  const escaped = cell.replace(/[-,]/g, (c) => `\\${c}`);
  const found = new RegExp(`(^|[\\s"'])(${escaped})(?=[\\s"']|$)`, 'g');
  found.lastIndex = start;
  const m = found.exec(text);
  if (m) {
    // Take the cell out with the space before it, or after it when it
    // comes first.
    let from = m.index + m[1].length, to = from + cell.length;
    if (text[from - 1] === ' ') from--;
    else if (text[to] === ' ') to++;
    return text.slice(0, from) + text.slice(to);
  }
  // Add the cell after the first one of the list.
  const first = /[-\d]+(,[-\d]+)+/g;
  first.lastIndex = start;
  const f = first.exec(text);
  if (!f) return null;
  const end = f.index + f[0].length;
  return `${text.slice(0, end)} ${cell}${text.slice(end)}`;
}

// sizeToArt writes a board given by its size as art, so that its cells can
// be taken out: size is the server's {line, rows}, the line of the size's
// value and the rectangle's rows. It knows the forms a size takes on a
// line of its own, size = "WxH" in TOML (also board.size = ...) and
// size: WxH in YAML; for others it returns null. It returns the new text
// and the art's {line, rows}, as toggleArtCell does.
export function sizeToArt(text, size) {
  const lines = text.split('\n');
  const i = size.line - 1;
  if (i < 0 || i >= lines.length) return null;
  const cr = lines[i].endsWith('\r') ? '\r' : '';
  const line = lines[i].replace(/\r$/, '');
  let art;
  const toml = /^(\s*)((?:board\s*\.\s*)?)size(\s*)=\s*("[^"]*"|'[^']*')\s*(#.*)?$/.exec(line);
  const yaml = /^(\s*)size(\s*):\s*("[^"]*"|'[^']*'|[^\s#]+)\s*(#.*)?$/.exec(line);
  if (toml) {
    const [, indent, prefix, space, , comment] = toml;
    // A comment cannot follow the opening quotes: it goes above.
    art = [...(comment ? [indent + comment] : []), `${indent}${prefix}art${space}= """`, ...size.rows, '"""'];
  } else if (yaml) {
    const [, indent, space, , comment] = yaml;
    art = [`${indent}art${space}: |${comment ? ` ${comment}` : ''}`, ...size.rows.map((r) => `${indent}  ${r}`)];
  } else {
    return null;
  }
  lines.splice(i, 1, ...art.map((l) => l + cr));
  return { text: lines.join('\n'), art: { line: size.line, rows: size.rows } };
}
