// Playing a Pips or Polypips game: drag a piece from the tray onto the
// board, or pick it with a tap and tap a board cell to put its first pip
// there; turn it with R or a tap on the picked piece; click a placed piece
// to take it back. Every move can be undone and redone, and the server
// checks the regions after each one.
import { postJSON } from './events.js';

const $ = (id) => document.getElementById(id);
const unit = 56; // a board cell, in SVG units
const svgNS = 'http://www.w3.org/2000/svg';

// pipSpots are where a cell's pips go, as on dominoes and dice: in a
// 3x3 grid, column and row.
const pipSpots = [[], [[1, 1]], [[0, 0], [2, 2]], [[0, 0], [1, 1], [2, 2]], [[0, 0], [2, 0], [0, 2], [2, 2]],
  [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]]];

// ruleMeaning says what a region's badge asks of its pips.
function ruleMeaning(label) {
  if (label === '∅') return 'no rule: any pips';
  if (label === '=') return 'every cell the same number of pips';
  if (label.startsWith('=')) return `every cell ${label.slice(1)} ${label === '=1' ? 'pip' : 'pips'}`;
  if (label === '≠') return 'every cell a different number of pips';
  if (label.startsWith('<')) return `the pips add up to less than ${label.slice(1)}`;
  if (label.startsWith('>')) return `the pips add up to more than ${label.slice(1)}`;
  if (/^\d+$/.test(label)) return `the pips add up to ${label}`;
  return label;
}

const game = {
  source: null, // {name, text, difficulty}: what the server reads the game from
  view: null, // the server's gameView
  turned: [], // per piece: its cells in pip order, as turned in the tray
  placed: new Map(), // piece index -> its cells on the board
  selected: -1,
  history: [], // moves done: {piece, cells} placed, or {piece, cells, removed: true}
  future: [], // moves undone, to redo
  regions: [], // the server's states: met, broken or open
};

function el(name, attrs = {}, text = '') {
  const e = document.createElementNS(svgNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== '') e.textContent = text;
  return e;
}

// turn gives cells a quarter turn counter-clockwise on the screen, keeping
// their order, and moves them back to column and row 0.
function turn(cells) {
  const out = cells.map((c) => ({ col: c.row, row: -c.col, pips: c.pips }));
  const c0 = Math.min(...out.map((c) => c.col)), r0 = Math.min(...out.map((c) => c.row));
  return out.map((c) => ({ col: c.col - c0, row: c.row - r0, pips: c.pips }));
}

const key = (c) => `${c.col},${c.row}`;

// at returns the cells a piece would take with its cell number held (its
// first pip unless dragged by another) on a cell.
function at(piece, col, row, held = 0) {
  const cells = game.turned[piece], h = cells[held];
  return cells.map((c) => ({ col: c.col - h.col + col, row: c.row - h.row + row, pips: c.pips }));
}

function occupied() {
  const m = new Map();
  for (const [piece, cells] of game.placed) for (const c of cells) m.set(key(c), piece);
  return m;
}

// whyNot says why cells cannot take a piece: which cell is off the board
// or taken by which piece; '' when they can.
function whyNot(cells) {
  const board = new Set(game.view.board.map(key));
  const taken = occupied();
  for (const c of cells) {
    const where = `column ${c.col + 1}, row ${c.row + 1}`;
    if (!board.has(key(c))) return `${where} is off the board`;
    if (taken.has(key(c))) return `${where} is taken by ${game.view.pieces[taken.get(key(c))].name}`;
  }
  return '';
}

function fitsBoard(cells) {
  return whyNot(cells) === '';
}

// refuse says why a piece cannot go where it was put.
function refuse(cells) {
  status(`the piece does not fit there: ${whyNot(cells)}`);
}

function regionColour(i) {
  return `hsl(${(i * 137) % 360} 55% 80%)`;
}

// toPlace says how many pieces are left to place.
const toPlace = (n) => `${n} ${n === 1 ? 'piece' : 'pieces'} to place`;

function status(text) {
  $('play-status').textContent = text;
}

// --- drawing ---

function drawBoard() {
  const v = game.view;
  const cols = Math.max(...v.board.map((c) => c.col)) + 1, rows = Math.max(...v.board.map((c) => c.row)) + 1;
  // The margin leaves room for the badges, which sit on the corners of
  // their regions so as to cover no pip.
  const m = 12;
  const svg = el('svg', { viewBox: `${-m} ${-m} ${cols * unit + 2 * m} ${rows * unit + 2 * m}`, width: cols * unit + 2 * m, height: rows * unit + 2 * m });
  const regionOf = new Map();
  v.regions.forEach((r, i) => r.cells.forEach((c) => regionOf.set(key(c), i)));
  for (const c of v.board) {
    const i = regionOf.get(key(c));
    const rect = el('rect', {
      x: c.col * unit, y: c.row * unit, width: unit, height: unit, class: 'cell',
      fill: i === undefined ? '#e8e4dc' : regionColour(i), 'data-col': c.col, 'data-row': c.row,
    });
    if (i !== undefined) rect.dataset.region = i;
    svg.append(rect);
  }
  for (const [piece, cells] of game.placed) svg.append(tile(cells, piece, unit, 'placed'));
  // The rules' badges go over the tiles, so that they stay in sight.
  v.regions.forEach((r, i) => {
    const first = r.cells.reduce((a, c) => (c.row < a.row || (c.row === a.row && c.col < a.col) ? c : a));
    const g = el('g', { class: 'badge', 'data-region': i });
    g.append(el('rect', { x: first.col * unit - 10, y: first.row * unit - 10, width: 26, height: 16, rx: 3 }));
    g.append(el('text', { x: first.col * unit + 3, y: first.row * unit + 2 }, r.label));
    svg.append(g);
  });
  svg.append(el('g', { id: 'ghost' }));
  $('play-board').replaceChildren(svg);
  showRegions();
  drawLegend();
}

// drawLegend explains the badges of the game's regions.
function drawLegend() {
  const labels = [...new Set(game.view.regions.map((r) => r.label))].sort();
  const legend = $('legend');
  legend.replaceChildren();
  for (const label of labels) {
    const dt = document.createElement('dt'), dd = document.createElement('dd');
    dt.textContent = label;
    dd.textContent = ruleMeaning(label);
    legend.append(dt, dd);
  }
  legend.hidden = labels.length === 0;
}

// scale is the pixels of a board unit as the board is shown, which a
// narrow screen shrinks: the tray and a dragged piece are drawn at it.
function scale() {
  const svg = $('play-board').querySelector('svg');
  const r = svg?.getBoundingClientRect();
  return r && r.width > 0 ? r.width / svg.viewBox.baseVal.width : 1;
}

// showRegions marks each region's cells and badge as the server last
// judged it. It changes classes in place rather than drawing the board
// anew, as a click whose press and release land on different nodes is
// lost, and the server's answers come at any moment.
function showRegions() {
  for (const e of $('play-board').querySelectorAll('[data-region]')) {
    const state = game.regions[+e.dataset.region] || 'open';
    if (e.tagName === 'g') e.setAttribute('class', `badge ${state}`);
    else e.setAttribute('class', `cell region-${state}`);
  }
}

// showGhost shows where the picked-up piece would go, or nothing; only the
// ghost's layer changes, so that the cells under the pointer stay.
function showGhost(cells = null) {
  const layer = document.getElementById('ghost');
  if (!layer) return;
  layer.replaceChildren();
  if (cells) layer.append(tile(cells, game.selected, unit, fitsBoard(cells) ? 'ghost' : 'ghost bad'));
}

// tile draws a piece as one tile: its cells joined, a thin line between
// them, and each cell's pips as dots (as a digit past six).
function tile(cells, piece, size, cls) {
  const g = el('g', { class: `tile ${cls}`, 'data-piece': piece });
  const inPiece = new Set(cells.map(key));
  let outline = '', divider = '';
  for (const c of cells) {
    const x = c.col * size, y = c.row * size;
    const cell = el('g', { 'data-pips': c.pips });
    cell.append(el('rect', { x, y, width: size, height: size, class: 'face' }));
    if (c.pips < pipSpots.length) {
      for (const [i, j] of pipSpots[c.pips]) cell.append(el('circle', { cx: x + size * (0.25 + 0.25 * i), cy: y + size * (0.25 + 0.25 * j), r: size * 0.08 }));
    } else {
      cell.append(el('text', { x: x + size / 2, y: y + size / 2 + size / 7, 'font-size': size / 2.4 }, c.pips));
    }
    g.append(cell);
    for (const [dc, dr, d] of [[0, -1, `M${x} ${y}h${size}`], [0, 1, `M${x} ${y + size}h${size}`], [-1, 0, `M${x} ${y}v${size}`], [1, 0, `M${x + size} ${y}v${size}`]]) {
      if (inPiece.has(`${c.col + dc},${c.row + dr}`)) divider += d;
      else outline += d;
    }
  }
  g.append(el('path', { d: divider, class: 'divider' }), el('path', { d: outline, class: 'outline' }));
  return g;
}

// pieceSVG is a piece on its own, at the board's scale on screen.
function pieceSVG(cells, piece, cls) {
  const w = (Math.max(...cells.map((c) => c.col)) + 1) * unit, h = (Math.max(...cells.map((c) => c.row)) + 1) * unit;
  const px = scale();
  const svg = el('svg', { viewBox: `-2 -2 ${w + 4} ${h + 4}`, width: Math.round((w + 4) * px), height: Math.round((h + 4) * px) });
  svg.dataset.cols = w / unit;
  svg.append(tile(cells, piece, unit, cls));
  return svg;
}

function drawTray() {
  const tray = $('tray');
  tray.replaceChildren();
  game.view.pieces.forEach((p, i) => {
    if (game.placed.has(i)) return;
    const svg = pieceSVG(game.turned[i], i, 'tray');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = i === game.selected ? 'piece selected' : 'piece';
    b.dataset.piece = i;
    b.title = `${p.name}: drag it onto the board, or tap to pick it up; tap again or R to turn it`;
    b.append(svg);
    tray.append(b);
  });
}

function redraw() {
  drawBoard();
  drawTray();
  $('undo').disabled = game.history.length === 0;
  $('redo').disabled = game.future.length === 0;
}

// --- moves ---

function apply(move, undo = false) {
  const place = move.removed ? undo : !undo;
  if (place) game.placed.set(move.piece, move.cells);
  else game.placed.delete(move.piece);
}

function play(move) {
  game.future = [];
  return redo(move);
}

function undo() {
  const move = game.history.pop();
  if (!move) return;
  apply(move, true);
  game.future.push(move);
  pickUp(move.removed ? -1 : move.piece);
}

function redo(move = game.future.pop()) {
  if (!move) return;
  apply(move);
  game.history.push(move);
  return pickUp(move.removed ? move.piece : -1);
}

// pickUp selects a piece back in the tray, or with -1 none, and redraws.
function pickUp(piece) {
  game.selected = piece;
  return afterMove();
}

function afterMove() {
  redraw();
  return check(false);
}

// checks counts the checks asked for: moves made in quick succession ask
// for several at once, their answers can come back in any order, and only
// the last one asked for tells how the board stands now.
let checks = 0;

// check asks the server how the regions stand; with say it reports them.
async function check(say) {
  const placed = [...game.placed].map(([piece, cells]) => ({ piece, cells }));
  const asked = ++checks;
  let out;
  try {
    out = await (await postJSON('/api/pips/check', { ...game.source, placed })).json();
  } catch (e) {
    if (asked === checks) status(e.message);
    return;
  }
  if (asked !== checks) return;
  game.regions = out.regions || [];
  showRegions();
  const n = (s) => game.regions.filter((r) => r === s).length;
  $('play-status').dataset.solved = out.solved;
  if (out.solved) status('Solved! Every piece is down and every region keeps its rule.');
  else if (say || n('broken') > 0) {
    status(`${n('met')} regions met, ${n('broken')} broken, ${n('open')} open; ${toPlace(game.view.pieces.length - game.placed.size)}`);
  } else status(toPlace(game.view.pieces.length - game.placed.size));
}

// --- events ---

function cellOf(ev) {
  const svg = $('play-board').querySelector('svg');
  if (!svg) return null;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(svg.getScreenCTM().inverse());
  return { col: Math.floor(p.x / unit), row: Math.floor(p.y / unit) };
}

$('play-board').addEventListener('click', (ev) => {
  const c = cellOf(ev);
  if (!c) return;
  const owner = occupied().get(key(c));
  if (owner !== undefined) {
    play({ piece: owner, cells: game.placed.get(owner), removed: true });
    return;
  }
  if (game.selected < 0) {
    status('pick a piece from the tray first');
    return;
  }
  const cells = at(game.selected, c.col, c.row);
  if (!fitsBoard(cells)) {
    refuse(cells);
    return;
  }
  play({ piece: game.selected, cells });
});

$('play-board').addEventListener('mousemove', (ev) => {
  if (drag) return; // the drag shows its own ghost
  const c = cellOf(ev);
  if (!c || game.selected < 0 || occupied().has(key(c))) showGhost();
  else showGhost(at(game.selected, c.col, c.row));
});
$('play-board').addEventListener('mouseleave', () => showGhost());

// A tap on a piece in the tray picks it up, and a tap on the piece picked
// up turns it; a press that moves is a drag instead (below).
$('tray').addEventListener('click', (ev) => {
  const b = ev.target.closest('button[data-piece]');
  if (!b || dragged) return;
  if (game.selected === +b.dataset.piece) {
    rotate();
    return;
  }
  game.selected = +b.dataset.piece;
  drawTray();
});

function rotate() {
  if (game.selected < 0) {
    status('pick a piece from the tray first, then turn it');
    return;
  }
  game.turned[game.selected] = turn(game.turned[game.selected]);
  drawTray();
  if (drag) moveDrag(drag.x, drag.y);
}

// --- dragging from the tray ---

// drag is the piece being dragged: {piece, held (the index of the cell
// under the pointer), x, y (the pointer), sx, sy (where it was pressed),
// moved}; dragged is set from a drag's end until the click that may
// follow it, which is then no tap.
let drag = null, dragged = false;
const dragStart = 5; // how far, in pixels, a press moves to become a drag

$('tray').addEventListener('pointerdown', (ev) => {
  const b = ev.target.closest('button[data-piece]');
  if (!b || ev.button !== 0) return;
  ev.preventDefault(); // no text selection, no native drag
  const piece = +b.dataset.piece;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(b.querySelector('svg').getScreenCTM().inverse());
  const col = Math.floor(p.x / unit), row = Math.floor(p.y / unit);
  const held = Math.max(0, game.turned[piece].findIndex((c) => c.col === col && c.row === row));
  drag = { piece, held, x: ev.clientX, y: ev.clientY, sx: ev.clientX, sy: ev.clientY, moved: false };
  dragged = false;
  b.focus();
});

window.addEventListener('pointermove', (ev) => {
  if (!drag) return;
  if (!drag.moved && Math.hypot(ev.clientX - drag.sx, ev.clientY - drag.sy) < dragStart) return;
  if (!drag.moved) {
    drag.moved = true;
    game.selected = drag.piece;
    drawTray();
  }
  moveDrag(ev.clientX, ev.clientY);
});

// overBoard returns the board cell under a point, or null.
function overBoard(x, y) {
  const svg = $('play-board').querySelector('svg');
  const r = svg?.getBoundingClientRect();
  if (!r || x < r.left || x >= r.right || y < r.top || y >= r.bottom) return null;
  return cellOf({ clientX: x, clientY: y });
}

// moveDrag shows the dragged piece under the pointer: over the board as
// the shadow of where it would go, elsewhere as a floating copy.
function moveDrag(x, y) {
  drag.x = x;
  drag.y = y;
  const float = $('drag-ghost');
  const c = overBoard(x, y);
  if (c) {
    float.hidden = true;
    showGhost(at(drag.piece, c.col, c.row, drag.held));
    return;
  }
  showGhost();
  const cells = game.turned[drag.piece], h = cells[drag.held], px = scale();
  float.replaceChildren(pieceSVG(cells, drag.piece, 'ghost'));
  float.style.left = `${x - (h.col + 0.5) * unit * px}px`;
  float.style.top = `${y - (h.row + 0.5) * unit * px}px`;
  float.hidden = false;
}

function endDrag() {
  drag = null;
  $('drag-ghost').hidden = true;
  showGhost();
}

window.addEventListener('pointerup', (ev) => {
  if (!drag) return;
  const d = drag;
  endDrag();
  if (!d.moved) return; // a tap: the click that follows picks or turns
  dragged = true;
  setTimeout(() => { dragged = false; }); // after the click this release may make
  const c = overBoard(ev.clientX, ev.clientY);
  if (!c) return; // dropped off the board: the piece goes back to the tray
  const cells = at(d.piece, c.col, c.row, d.held);
  if (!fitsBoard(cells)) {
    refuse(cells);
    return;
  }
  play({ piece: d.piece, cells });
});
window.addEventListener('pointercancel', endDrag);

$('rotate').addEventListener('click', rotate);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('check').addEventListener('click', () => check(true));

// matchPiece finds a piece still in the tray that covers cells (with their
// pips) when turned and moved, and returns its cells in pip order there.
function matchPiece(cells) {
  const norm = (cs) => {
    const c0 = Math.min(...cs.map((c) => c.col)), r0 = Math.min(...cs.map((c) => c.row));
    return cs.map((c) => `${c.col - c0},${c.row - r0}:${c.pips}`).sort().join(' ');
  };
  const want = norm(cells);
  const c0 = Math.min(...cells.map((c) => c.col)), r0 = Math.min(...cells.map((c) => c.row));
  for (let i = 0; i < game.view.pieces.length; i++) {
    if (game.placed.has(i)) continue;
    let turned = game.view.pieces[i].cells;
    for (let t = 0; t < 4; t++, turned = turn(turned)) {
      if (norm(turned) === want) return { piece: i, cells: turned.map((c) => ({ col: c.col + c0, row: c.row + r0, pips: c.pips })) };
    }
  }
  return null;
}

// hint asks the server for a tile every remaining solution has, and puts a
// piece there (a move that can be undone).
async function hint() {
  const placed = [...game.placed].map(([piece, cells]) => ({ piece, cells }));
  status('looking for a hint…');
  let out;
  try {
    out = await (await postJSON('/api/pips/hint', { ...game.source, placed })).json();
  } catch (e) {
    status(e.message);
    return;
  }
  const move = out.cells && matchPiece(out.cells);
  if (!move) {
    status(`no hint: ${out.message}`);
    return;
  }
  await play(move);
  if ($('play-status').dataset.solved !== 'true') status(`hint: ${out.message}`);
}

$('hint').addEventListener('click', hint);

document.addEventListener('keydown', (ev) => {
  if (document.body.dataset.mode !== 'play' || ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT') return;
  const k = ev.key.toLowerCase();
  if (k === 'r' && !ev.ctrlKey && !ev.metaKey) rotate();
  else if (k === 'h' && !ev.ctrlKey && !ev.metaKey) hint();
  else if (k === 'z' && (ev.ctrlKey || ev.metaKey) && ev.shiftKey) redo();
  else if (k === 'z' && (ev.ctrlKey || ev.metaKey)) undo();
  else if (k === 'y' && (ev.ctrlKey || ev.metaKey)) redo();
  else return;
  ev.preventDefault();
});

// startGame reads a game and shows it, with nothing placed.
export async function startGame(source) {
  const view = await (await postJSON('/api/pips/game', source)).json();
  Object.assign(game, {
    source, view, placed: new Map(), selected: -1, history: [], future: [], regions: [],
    turned: view.pieces.map((p) => p.cells),
  });
  $('game-name').textContent = view.name;
  $('difficulty-box').hidden = !source.name.toLowerCase().endsWith('.json');
  $('play-status').dataset.solved = 'false';
  status(toPlace(view.pieces.length));
  redraw();
  $('play-board').focus();
  check(false);
}

// The tray follows the board's scale when the window changes.
window.addEventListener('resize', () => { if (game.view && document.body.dataset.mode === 'play') drawTray(); });

$('difficulty').addEventListener('change', () => {
  if (game.source) startGame({ ...game.source, difficulty: $('difficulty').value }).catch((e) => status(e.message));
});

$('generate').addEventListener('click', async () => {
  status('generating…');
  try {
    const g = await (await postJSON('/api/pips/generate', {
      board: $('gen-board').value, pieces: $('gen-pieces').value, constraints: $('gen-constraints').value,
      seed: $('gen-seed').value, unique: $('gen-unique').checked,
    })).json();
    await startGame({ name: g.name, text: g.text });
  } catch (e) {
    status(`no game: ${e.message}`);
  }
});
