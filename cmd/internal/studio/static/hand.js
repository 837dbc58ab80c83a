// Solving a spec by hand: a polyform puzzle on the square lattice by
// placing its pieces (drag one from the tray onto the board, or tap it and
// tap a board cell; R turns it, F turns it over unless the spec is
// one-sided; a tap on a placed piece takes it back), or a Sudoku by
// filling in its digits, with pencil marks. Check asks the engine whether
// it is a solution.
import { postJSON } from './events.js';

const $ = (id) => document.getElementById(id);
const svgNS = 'http://www.w3.org/2000/svg';

const hand = {
  spec: null, // {name, text} being solved
  kind: '', // 'pieces' or 'sudoku'
  copies: [], // pieces: {name, hue, cells: [[x, y], ...] as turned in the tray}
  placed: new Map(), // copy -> its cells on the board, [[x, y], ...]
  selected: -1,
  held: 0, // the cell of the selected piece that goes where the board is tapped
  grid: [], // sudoku: digits, 0 for a blank
  marks: [], // sudoku: per cell, a Set of pencilled digits
  cell: -1, // sudoku: the cell selected
  pencil: false,
};

// handHue is a piece's colour by its number among the spec's pieces, as
// the cubes' view colours pieces.
const handHue = (hue, light = 62) => `hsl(${(hue * 137.508) % 360} 55% ${light}%)`;

function el(name, attrs = {}, text = '') {
  const e = document.createElementNS(svgNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== '') e.textContent = text;
  return e;
}

function status(text, solved = false) {
  $('hand-status').textContent = text;
  $('hand-status').dataset.solved = solved;
}

// canSolveByHand says whether a drawn spec can be solved by hand here.
export function canSolveByHand(r) {
  return !!(r?.sudoku || (r?.lattice === 'square' && r.pieces?.length && r.pieces.every((p) => p.cells) && !r.more));
}

// startHand shows a spec (its rendering r) to solve by hand.
export function startHand(r, spec) {
  hand.spec = spec;
  hand.selected = -1;
  hand.placed = new Map();
  if (r.sudoku) {
    hand.kind = 'sudoku';
    hand.sudoku = r.sudoku;
    hand.grid = [...r.sudoku.givens];
    hand.marks = hand.grid.map(() => new Set());
    hand.cell = -1;
  } else {
    hand.kind = 'pieces';
    hand.board = r.board;
    hand.copies = r.pieces.flatMap((p, hue) => Array.from({ length: p.count }, () => ({ name: p.name, hue, cells: normal(p.cells.map((c) => [c[0], c[1]])) })));
  }
  $('flip').hidden = hand.kind !== 'pieces' || r.oneSided;
  $('turn').hidden = hand.kind !== 'pieces';
  $('pencil').hidden = hand.kind !== 'sudoku';
  $('hand-pane').dataset.kind = hand.kind;
  draw();
  status(hand.kind === 'sudoku' ? 'pick a cell and type a digit (P pencils marks)' : `${hand.copies.length} pieces to place`);
}

// normal moves cells to x, y >= 0, in order of rows from the top (y
// down the screen is y falling: the drawings' y points up), then x.
function normal(cells) {
  const x0 = Math.min(...cells.map((c) => c[0])), y0 = Math.min(...cells.map((c) => c[1]));
  return cells.map((c) => [c[0] - x0, c[1] - y0]).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

function turn() {
  if (hand.selected < 0) return status('pick a piece first, then turn it');
  const p = hand.copies[hand.selected];
  p.cells = normal(p.cells.map(([x, y]) => [-y, x]));
  hand.held = 0;
  draw();
}

function flip() {
  if (hand.selected < 0) return status('pick a piece first, then turn it over');
  const p = hand.copies[hand.selected];
  p.cells = normal(p.cells.map(([x, y]) => [-x, y]));
  hand.held = 0;
  draw();
}

// --- polyform pieces ---

function occupied() {
  const m = new Map();
  for (const [i, cells] of hand.placed) for (const c of cells) m.set(c.join(','), i);
  return m;
}

// place puts the selected piece with its held cell on a board cell, or
// says why it cannot go there.
function place(at) {
  if (hand.selected < 0) return status('pick a piece from the tray first');
  const p = hand.copies[hand.selected], h = p.cells[hand.held];
  const cells = p.cells.map(([x, y]) => [x - h[0] + at[0], y - h[1] + at[1]]);
  const taken = occupied();
  for (const c of cells) {
    const g = $('hand-board').querySelector(`g[data-cell="${c.join(',')}"]`);
    if (!g || g.classList.contains('hole')) return status(`${p.name} does not fit there: ${c.join(',')} is off the board`);
    if (taken.has(c.join(','))) return status(`${p.name} does not fit there: ${c.join(',')} is taken by ${hand.copies[taken.get(c.join(','))].name}`);
  }
  hand.placed.set(hand.selected, cells);
  hand.selected = -1;
  afterMove();
}

function afterMove() {
  draw();
  const left = hand.copies.length - hand.placed.size;
  if (left > 0) status(`${left} ${left === 1 ? 'piece' : 'pieces'} to place`);
  else check();
}

function drawPieces() {
  const board = $('hand-board');
  board.innerHTML = hand.board;
  for (const g of board.querySelectorAll('g')) {
    const title = g.querySelector('title')?.textContent || '';
    g.classList.add(title.endsWith(' hole') ? 'hole' : 'cell');
    g.dataset.cell = title.replace(/ hole$/, '');
  }
  for (const [i, cells] of hand.placed) {
    const p = hand.copies[i];
    cells.forEach((c, k) => {
      const g = board.querySelector(`g[data-cell="${c.join(',')}"]`);
      g.classList.add('placed');
      g.dataset.piece = i;
      g.querySelector('path').style.fill = handHue(p.hue);
      if (k === 0) {
        const b = g.querySelector('path').getBBox();
        g.append(el('text', { x: b.x + b.width / 2, y: b.y + b.height / 2, class: 'piece-letter', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, p.name));
      }
    });
  }
  const tray = $('hand-tray');
  tray.replaceChildren();
  const unit = 18;
  hand.copies.forEach((p, i) => {
    if (hand.placed.has(i)) return;
    const w = Math.max(...p.cells.map((c) => c[0])) + 1, h = Math.max(...p.cells.map((c) => c[1])) + 1;
    const svg = el('svg', { viewBox: `-1 -1 ${w * unit + 2} ${h * unit + 2}`, width: w * unit + 2, height: h * unit + 2 });
    p.cells.forEach(([x, y], k) => svg.append(el('rect', {
      x: x * unit, y: (h - 1 - y) * unit, width: unit, height: unit, fill: handHue(p.hue), 'data-k': k,
    })));
    const b = document.createElement('button');
    b.type = 'button';
    b.className = i === hand.selected ? 'piece selected' : 'piece';
    b.dataset.copy = i;
    b.title = `${p.name}: drag it onto the board, or tap it and tap a board cell`;
    const label = document.createElement('span');
    label.textContent = p.name;
    b.append(svg, label);
    tray.append(b);
  });
}

// --- Sudoku ---

function drawSudoku() {
  const { n, givens, blocks } = hand.sudoku;
  const grid = document.createElement('div');
  grid.className = 'sudoku-grid';
  grid.style.gridTemplateColumns = `repeat(${n}, 42px)`;
  for (let c = 0; c < n * n; c++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.cell = c;
    b.classList.toggle('given', givens[c] > 0);
    b.classList.toggle('selected', c === hand.cell);
    if (c % n < n - 1 && blocks[c] !== blocks[c + 1]) b.classList.add('edge-right');
    if (c + n < n * n && blocks[c] !== blocks[c + n]) b.classList.add('edge-bottom');
    if (hand.grid[c]) b.textContent = hand.grid[c];
    else if (hand.marks[c].size) {
      b.classList.add('marks');
      b.textContent = [...hand.marks[c]].sort((x, y) => x - y).join(' ');
    }
    grid.append(b);
  }
  $('hand-board').replaceChildren(grid);
  const pad = $('hand-tray');
  pad.replaceChildren(...Array.from({ length: n }, (_, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.digit = i + 1;
    b.textContent = i + 1;
    return b;
  }));
  $('pencil').setAttribute('aria-pressed', String(hand.pencil));
}

// enter writes a digit (0 clears) in the selected cell, or pencils it.
function enter(d) {
  const c = hand.cell;
  if (c < 0) return status('pick a cell first');
  if (hand.sudoku.givens[c]) return status('that digit is given');
  if (hand.pencil && d) {
    const m = hand.marks[c];
    if (m.has(d)) m.delete(d);
    else m.add(d);
  } else {
    hand.grid[c] = d;
    hand.marks[c].clear();
  }
  draw();
  const blanks = hand.grid.filter((x) => !x).length;
  if (blanks) status(`${blanks} cells to fill`);
  else check();
}

function draw() {
  if (hand.kind === 'sudoku') drawSudoku();
  else drawPieces();
}

// check asks the engine whether the board is solved.
async function check() {
  const body = { ...hand.spec };
  if (hand.kind === 'sudoku') body.grid = hand.grid;
  else body.pieces = [...hand.placed].map(([i, cells]) => ({ name: hand.copies[i].name, cells: cells.map(([x, y]) => [x, y, 0]) }));
  status('checking…');
  try {
    const out = await (await postJSON('/api/check', body)).json();
    status(out.message, out.solved);
  } catch (e) {
    status(e.message);
  }
}

// --- events ---

// drag is a piece pressed in the tray: where, and which of its cells.
let drag = null;

$('hand-tray').addEventListener('pointerdown', (ev) => {
  const b = ev.target.closest('button[data-copy]');
  if (!b || ev.button !== 0) return;
  ev.preventDefault();
  const k = ev.target.closest('rect')?.dataset.k;
  drag = { copy: +b.dataset.copy, held: k === undefined ? 0 : +k, x: ev.clientX, y: ev.clientY };
});

window.addEventListener('pointerup', (ev) => {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 5) return; // a tap: the click picks
  const g = document.elementFromPoint(ev.clientX, ev.clientY)?.closest('#hand-board g[data-cell]');
  if (!g) return;
  hand.selected = d.copy;
  hand.held = d.held;
  place(g.dataset.cell.split(',').map(Number));
});

$('hand-tray').addEventListener('click', (ev) => {
  const piece = ev.target.closest('button[data-copy]');
  if (piece) {
    const i = +piece.dataset.copy;
    if (hand.selected === i) turn();
    else {
      hand.selected = i;
      hand.held = 0;
      draw();
    }
    return;
  }
  const digit = ev.target.closest('button[data-digit]');
  if (digit) enter(+digit.dataset.digit);
});

$('hand-board').addEventListener('click', (ev) => {
  if (hand.kind === 'sudoku') {
    const b = ev.target.closest('button[data-cell]');
    if (!b) return;
    hand.cell = +b.dataset.cell;
    draw();
    return;
  }
  const g = ev.target.closest('g[data-cell]');
  if (!g) return;
  if (g.dataset.piece !== undefined) {
    hand.placed.delete(+g.dataset.piece);
    hand.selected = +g.dataset.piece;
    afterMove();
    return;
  }
  place(g.dataset.cell.split(',').map(Number));
});

$('turn').addEventListener('click', turn);
$('flip').addEventListener('click', flip);
$('pencil').addEventListener('click', () => {
  hand.pencil = !hand.pencil;
  draw();
});
$('hand-check').addEventListener('click', check);
$('hand-clear').addEventListener('click', () => {
  hand.placed.clear();
  if (hand.kind === 'sudoku') {
    hand.grid = [...hand.sudoku.givens];
    hand.marks = hand.grid.map(() => new Set());
  }
  afterMove();
});

document.addEventListener('keydown', (ev) => {
  if (document.body.dataset.hand !== 'on' || ev.ctrlKey || ev.metaKey || ev.target.tagName === 'INPUT' || ev.target.tagName === 'TEXTAREA') return;
  const k = ev.key.toLowerCase();
  if (hand.kind === 'pieces' && k === 'r') turn();
  else if (hand.kind === 'pieces' && k === 'f' && !$('flip').hidden) flip();
  else if (hand.kind === 'sudoku' && k === 'p') $('pencil').click();
  else if (hand.kind === 'sudoku' && /^[0-9]$/.test(k) && +k <= hand.sudoku.n) enter(+k);
  else if (hand.kind === 'sudoku' && (k === 'backspace' || k === 'delete')) enter(0);
  else return;
  ev.preventDefault();
});
