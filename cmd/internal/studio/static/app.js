// The studio page: a spec editor beside the drawing of its board, a search
// with live progress, solutions to step through, and share links.
import {
  Problem, api, engineLoad, getJSON, inBrowser, postJSON, startEngine, stream,
} from './events.js';
import { fragment, longLink, readFragment } from './share.js';
import { sizeToArt, toggleArtCell, toggleListedCell } from './art.js';
import { startGame } from './play.js';
import { initBrowser, openBrowser, refreshFiles, setLocal } from './browse.js';
import {
  drafts, dropDraft, keepCurrent, keepDraft, linkKey, readCurrent, readDraft, readSaved, saveHere, savedHere,
} from './drafts.js';
import { cubeView } from './cube3d.js';
import { canSolveByHand, startHand } from './hand.js';

const $ = (id) => document.getElementById(id);
const editor = $('editor'), gutter = $('gutter'), board = $('board');

// page identifies this page to the server, which runs one search per page.
const page = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2);

const newSpec = `name = "my-puzzle"
title = "A new puzzle: the twelve pentominoes"
pieces = "5*"
unique = true

# Click the board's cells to add or remove them.
[board]
art = """
##########
##########
##########
##########
##########
##########
"""
`;

const state = {
  rendering: null, // the server's last drawing of the spec
  solutions: [], // the pieces of each solution streamed so far
  shown: -1, // the index of the solution on view, -1 for the board
  job: null, // the AbortController of the running search
  lattice: 'square',
};

// doc is what the editor holds: the key its draft is kept under (source
// and name: 'file:x.toml', 'catalogue:NAME', 'new:NAME', 'saved:NAME' or a
// link's) and the text it was opened or last saved as, which the editor
// differs from when it has unsaved edits.
const doc = { key: 'new:my-puzzle.toml', base: '' };

function say(text, error = false) {
  $('message').textContent = text;
  $('message').classList.toggle('error', error);
}

// --- the editor ---

function updateGutter(problemLine = 0) {
  const n = editor.value.split('\n').length;
  const lines = [];
  for (let i = 1; i <= n; i++) lines.push(i === problemLine ? `<span class="bad">${i}</span>` : String(i));
  gutter.innerHTML = lines.join('\n');
  gutter.scrollTop = editor.scrollTop;
}

function showProblem(p) {
  const box = $('problem');
  if (!p) {
    box.hidden = true;
    box.textContent = '';
    editor.classList.remove('has-problem');
    updateGutter();
    return;
  }
  box.hidden = false;
  box.textContent = p.line ? `${p.line}:${p.col}: ${p.message}` : p.message;
  box.dataset.line = p.line || '';
  box.dataset.col = p.col || '';
  editor.classList.add('has-problem');
  updateGutter(p.line);
}

// offsetOf is the index in the text of a 1-based line and column; the
// server counts columns in bytes, which matches characters in ASCII specs.
function offsetOf(text, line, col) {
  let at = 0;
  for (let i = 1; i < line; i++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  return Math.min(at + col - 1, text.length);
}

$('problem').addEventListener('click', () => {
  const box = $('problem');
  if (!box.dataset.line) return;
  const at = offsetOf(editor.value, +box.dataset.line, +box.dataset.col);
  editor.focus();
  editor.setSelectionRange(at, at);
});

let renderTimer = 0, renderSeq = 0;

function scheduleRender() {
  clearTimeout(renderTimer);
  board.classList.add('stale');
  updateGutter(+$('problem').dataset.line || 0);
  renderTimer = setTimeout(render, 250);
}

async function render() {
  const seq = ++renderSeq;
  const name = $('name').value;
  let out;
  try {
    out = await (await postJSON('/api/render', { name, text: editor.value })).json();
  } catch (e) {
    out = { problem: { message: e.message } };
  }
  if (seq !== renderSeq) return; // a later edit has been sent
  showProblem(out.problem || null);
  if (!out.board) {
    // Nothing could be drawn: the last drawing stays, dimmed.
    board.dataset.state = 'problem';
    return;
  }
  board.classList.remove('stale');
  board.dataset.file = name; // what the drawing is of
  state.rendering = out;
  state.lattice = out.lattice;
  $('hand').disabled = !canSolveByHand(out);
  // Not under a drag over the board: its cells stay until the release.
  if (state.shown < 0 && !stroke) showBoard();
  const pieceCount = (out.pieces || []).reduce((n, p) => n + p.count, 0);
  $('info').textContent = out.form === 'sudoku' ? `Sudoku, ${out.cells} cells, ${out.options} options (a digit in a cell)` : `${out.lattice} lattice, ${out.cells} cells` +
    (out.pieces ? `, ${pieceCount} pieces${out.more ? ` (${out.more} more kinds not drawn)` : ''}, ${out.options} placements` : '') +
    (out.unique ? ', solutions counted once per symmetry class' : '');
  const pieces = $('pieces');
  pieces.replaceChildren();
  // Every piece is drawn at one scale, so that their sizes compare: the
  // largest fits a box of pieceBox pixels.
  const pieceBox = 120;
  const sizes = (out.pieces || []).map((p) => /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(p.svg)?.slice(1).map(Number) || [1, 1]);
  const px = Math.min(1.2, pieceBox / Math.max(1, ...sizes.flat()));
  (out.pieces || []).forEach((p, i) => {
    const fig = document.createElement('figure');
    if (out.solid && p.cells) {
      fig.append(cubeView([{ name: p.name, cells: p.cells, hue: i }], { size: 110, labels: false }));
    } else {
      fig.innerHTML = p.svg;
      const svg = fig.querySelector('svg');
      svg.setAttribute('width', Math.round(sizes[i][0] * px));
      svg.setAttribute('height', Math.round(sizes[i][1] * px));
    }
    const cap = document.createElement('figcaption');
    cap.textContent = p.count > 1 ? `${p.name} ×${p.count}` : p.name;
    fig.append(cap);
    pieces.append(fig);
  });
}

// showBoard draws the spec's board; on an art board each cell and hole is
// marked so that a click can toggle it.
function showBoard() {
  state.shown = -1;
  $('apart-box').hidden = true;
  $('nav').hidden = state.solutions.length === 0;
  $('shown').textContent = `${state.solutions.length} solutions found`;
  const r = state.rendering;
  if (!r) return;
  board.className = r.form;
  if (r.solid) board.replaceChildren(cubeView([{ name: 'board', cells: r.solid }]));
  else board.innerHTML = r.board;
  board.dataset.state = 'board';
  // The tiles of a polyform board are titled with their cells; the
  // pieces its rules fix in place, drawn over them, with their names.
  for (const g of r.form === 'sudoku' ? [] : board.querySelectorAll('g')) {
    const title = g.querySelector('title')?.textContent || '';
    if (!/^-?\d+(,-?\d+)*( hole)?$/.test(title)) {
      g.classList.add('fixed');
      continue;
    }
    const hole = title.endsWith(' hole');
    g.classList.add(hole ? 'hole' : 'cell');
    g.dataset.cell = title.replace(/ hole$/, '');
  }
  letter(board.querySelector('svg'), 'g.fixed');
  board.classList.toggle('editable', editable());
  drawLayer();
}

// drawLayer shows one layer of a cubic board as squares to click or drag
// over, with a ring of empty places around the board's cells and a layer
// free above and below it.
function drawLayer() {
  const cubes = state.shown < 0 ? state.rendering?.cubeCells : null;
  $('layers').hidden = !cubes;
  if (!cubes) return;
  const lo = [0, 1, 2].map((k) => Math.min(...cubes.map((c) => c[k])) - 1);
  const hi = [0, 1, 2].map((k) => Math.max(...cubes.map((c) => c[k])) + 1);
  const select = $('layer');
  const z = select.value !== '' && +select.value >= lo[2] && +select.value <= hi[2] ? +select.value : lo[2] + 1;
  select.replaceChildren(...Array.from({ length: hi[2] - lo[2] + 1 }, (_, i) => new Option(String(lo[2] + i), String(lo[2] + i))));
  select.value = String(z);
  const on = new Set(cubes.map((c) => c.join(',')));
  const size = 40, ns = 'http://www.w3.org/2000/svg';
  const w = (hi[0] - lo[0] + 1) * size, h = (hi[1] - lo[1] + 1) * size;
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('width', w);
  svg.setAttribute('height', h);
  for (let y = lo[1]; y <= hi[1]; y++) {
    for (let x = lo[0]; x <= hi[0]; x++) {
      const cell = `${x},${y},${z}`;
      const rect = document.createElementNS(ns, 'rect');
      // y grows upward, as in the drawings.
      for (const [k, v] of Object.entries({ x: (x - lo[0]) * size, y: (hi[1] - y) * size, width: size, height: size })) rect.setAttribute(k, v);
      rect.setAttribute('class', on.has(cell) ? 'cell' : 'hole');
      rect.dataset.cell = cell;
      const title = document.createElementNS(ns, 'title');
      title.textContent = cell;
      rect.append(title);
      svg.append(rect);
    }
  }
  $('layer-grid').replaceChildren(svg);
}

$('layer').addEventListener('change', drawLayer);

// --- editing the board by clicks and drags ---

// editable says whether the board on view can be edited, and how: its art,
// its list of cells, or its size (written as art at the first edit).
function editable() {
  const r = state.rendering;
  return state.shown < 0 && !!(r?.art || r?.cellList || r?.size);
}

// stroke is the press and drag under way over the board's cells: the
// cells passed over, in order, and whether it adds them (it began on a
// hole) or takes them out. It ends at the release, which makes all its
// changes to the text at once, one step to undo.
let stroke = null;

function strokeCell(target) {
  const e = target?.closest?.('[data-cell]');
  return e && (board.contains(e) || $('layer-grid').contains(e)) ? e : null;
}

function strokeOver(e) {
  if (!e || e.classList.contains('hole') !== stroke.adds || stroke.cells.includes(e.dataset.cell)) return;
  stroke.cells.push(e.dataset.cell);
  e.classList.add('stroked');
}

for (const area of [board, $('layer-grid')]) {
  area.addEventListener('pointerdown', (ev) => {
    const e = strokeCell(ev.target);
    if (!e || ev.button !== 0 || !editable()) return;
    ev.preventDefault(); // no text selection while dragging
    stroke = { cells: [], adds: e.classList.contains('hole') };
    strokeOver(e);
  });
}

window.addEventListener('pointermove', (ev) => {
  // A touch keeps sending its events to where it began, so the cell is
  // found by the point.
  if (stroke) strokeOver(strokeCell(document.elementFromPoint(ev.clientX, ev.clientY)));
});

window.addEventListener('pointerup', () => {
  if (!stroke) return;
  const cells = stroke.cells;
  stroke = null;
  // A search's first solution may have taken the board's place.
  if (state.shown >= 0) return;
  const text = editedBoard(cells);
  if (text === null) {
    const r = state.rendering;
    say(r.size && !r.art && !r.cellList ? 'the board\'s size is not on a line of its own: write the board as art to edit it by clicks'
      : 'could not find the board in the text', true);
    showBoard();
    return;
  }
  setText(text);
  render();
});
window.addEventListener('pointercancel', () => {
  stroke = null;
  showBoard();
});

// editedBoard is the spec's text with the cells toggled, or null.
function editedBoard(cells) {
  const r = state.rendering;
  let edit = { text: editor.value, art: r.art };
  if (!r.art && !r.cellList) edit = sizeToArt(edit.text, r.size);
  for (const cell of cells) {
    if (!edit) return null;
    if (edit.art) {
      const [x, y] = cell.split(',').map(Number);
      edit = toggleArtCell(edit.text, edit.art, x, y);
    } else {
      const text = toggleListedCell(edit.text, r.cellList, cell);
      edit = text === null ? null : { text };
    }
  }
  return edit ? edit.text : null;
}

let settingText = false;

// setText puts a new text in the editor as one edit, which Ctrl+Z undoes:
// only the part that changed is replaced, as typed.
function setText(text) {
  const old = editor.value;
  let a = 0, b = 0;
  while (a < old.length && a < text.length && old[a] === text[a]) a++;
  while (b < old.length - a && b < text.length - a && old[old.length - 1 - b] === text[text.length - 1 - b]) b++;
  const had = document.activeElement;
  settingText = true;
  editor.focus({ preventScroll: true });
  editor.setSelectionRange(a, old.length - b);
  const insert = text.slice(a, text.length - b);
  const done = insert === '' ? document.execCommand('delete') : document.execCommand('insertText', false, insert);
  if (!done || editor.value !== text) editor.value = text;
  settingText = false;
  keepWork();
  if (had && had !== editor) had.focus({ preventScroll: true });
}

editor.addEventListener('input', () => {
  keepWork();
  if (settingText) return; // the edit renders at once
  if (state.shown >= 0) showBoard();
  scheduleRender();
});
// On a narrow screen the board comes first and the editor folds away
// under a button; it starts folded there.
const narrow = window.matchMedia('(max-width: 900px)');
function foldEditor(folded) {
  $('editor-pane').classList.toggle('folded', folded);
  $('toggle-editor').setAttribute('aria-expanded', String(!folded));
  $('toggle-editor').textContent = folded ? 'Spec text ▸' : 'Spec text ▾';
}
foldEditor(narrow.matches);
narrow.addEventListener('change', () => foldEditor(narrow.matches));
$('toggle-editor').addEventListener('click', () => foldEditor(!$('editor-pane').classList.contains('folded')));

editor.addEventListener('scroll', () => { gutter.scrollTop = editor.scrollTop; });

// dirty says whether the editor has edits not saved.
const dirty = () => editor.value !== doc.base;

// keepWork keeps the editor's text as its draft in the browser, at every
// edit, so that no reload or closed tab loses it, and marks it unsaved.
function keepWork() {
  const problem = keepDraft(doc.key, $('name').value, editor.value, doc.base);
  if (problem) say(problem, true);
  const d = dirty();
  document.body.dataset.dirty = d;
  $('dirty').hidden = !d;
  $('revert').hidden = !d;
  refreshLocal();
}

// refreshLocal lists the drafts and the specs saved in the browser in the
// puzzle browser.
function refreshLocal() {
  const when = (at) => new Date(at).toLocaleString();
  setLocal([
    ...drafts().map((d) => ({ open: `draft:${d.key}`, name: d.name, title: `unsaved edits of ${d.key.replace(/^(\w+):/, '$1 ')}`, where: `draft, ${when(d.at)}` })),
    ...savedHere().map((s) => ({ open: `saved:${s.name}`, name: s.name, title: 'saved in this browser', where: `saved ${when(s.at)}` })),
  ]);
}

// mayReplace asks, when the editor has unsaved edits, whether to put
// something else in their place; they stay kept in the browser either way.
function mayReplace(what) {
  return !dirty() || window.confirm(`${$('name').value} has edits that are not saved. Open ${what} anyway?\n\n` +
    'The edits stay in this browser: Open… lists them, and opening the same puzzle again brings them back.');
}

// load puts a spec in the editor: the text it was opened as (base), or,
// when a draft is kept under its key, the draft, which it returns.
function load(name, base, key) {
  stopJob();
  const draft = readDraft(key);
  doc.key = key;
  doc.base = base;
  keepCurrent(key, name, base);
  $('share-box').hidden = true;
  $('run-anyway').hidden = true;
  document.body.dataset.hand = 'off';
  $('name').value = draft?.name || name;
  editor.value = draft ? draft.text : base;
  keepWork();
  state.solutions = [];
  state.shown = -1;
  $('nav').hidden = true;
  $('progress').textContent = '';
  $('progress').dataset.state = 'idle';
  state.rendered = render();
  return draft;
}

// solveByHand shows the spec drawn last to be solved by hand.
function solveByHand() {
  if (!canSolveByHand(state.rendering)) {
    say('solving by hand is for Sudoku and for pieces on the square lattice', true);
    return;
  }
  stopJob();
  document.body.dataset.hand = 'on';
  startHand(state.rendering, { name: $('name').value, text: editor.value });
}

$('hand').addEventListener('click', solveByHand);
$('hand-done').addEventListener('click', () => { document.body.dataset.hand = 'off'; });

// opened says what was opened, and whether its unsaved edits came back.
function opened(name, draft) {
  say(draft ? `opened ${name} with its unsaved edits of ${new Date(draft.at).toLocaleString()} (Revert drops them)` : `opened ${name}`);
}

// --- opening and saving ---

// openEntry opens a catalogue puzzle or a file of the folder, picked in the
// browser: a spec in the editor, a game to play.
async function openEntry(source, name) {
  if (source === 'browser') {
    openKept(name);
    return;
  }
  say(`opening ${name}…`);
  try {
    const f = source === 'file' ? await getJSON(`/api/file?path=${encodeURIComponent(name)}`)
      : await getJSON(`/api/catalogue/${encodeURIComponent(name)}`);
    if (f.kind === 'game' || /\.(json|txt)$/i.test(f.name)) {
      await startGame({ name: f.name, text: f.text, difficulty: $('difficulty').value });
      setMode('play');
      say(`opened ${f.name}`);
    } else {
      if (!mayReplace(f.name)) {
        say('');
        return;
      }
      opened(f.name, load(f.name, f.text, `${source}:${f.name}`));
      setMode('author');
    }
  } catch (e) {
    say(e.message, true);
  }
}

$('open').addEventListener('click', openBrowser);

// openKept opens what the browser keeps: a draft ('draft:KEY') or a spec
// saved there ('saved:NAME').
function openKept(what) {
  const at = what.indexOf(':'), kind = what.slice(0, at), rest = what.slice(at + 1);
  if (kind === 'draft') {
    const d = readDraft(rest);
    if (!d || !mayReplace(d.name)) return;
    opened(d.name, load(d.name, d.base, rest));
  } else {
    const s = readSaved(rest);
    if (!s || !mayReplace(s.name)) return;
    opened(s.name, load(s.name, s.text, `saved:${s.name}`));
  }
  setMode('author');
}

// A new spec is named so that it does not take the place of another
// new spec's draft.
$('new').addEventListener('click', () => {
  if (!mayReplace('a new spec')) return;
  let name = 'my-puzzle.toml';
  for (let i = 2; readDraft(`new:${name}`); i++) name = `my-puzzle-${i}.toml`;
  load(name, newSpec, `new:${name}`);
  setMode('author');
  say('new spec');
});

$('revert').addEventListener('click', () => {
  if (!window.confirm(`Drop the unsaved edits of ${$('name').value}?`)) return;
  setText(doc.base);
  render();
  say('reverted to the text as opened or saved');
});

// saved makes the editor's text the saved one, under a new key.
function saved(key) {
  dropDraft(doc.key);
  doc.key = key;
  doc.base = editor.value;
  keepCurrent(key, $('name').value, doc.base);
  keepWork();
}

$('download').addEventListener('click', () => {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([editor.value], { type: 'text/plain' }));
  a.download = $('name').value.replace(/^.*\//, '') || 'spec.toml';
  a.click();
  $('download').dataset.downloaded = a.download; // for the browser test, which sees no download
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});

$('name').addEventListener('input', keepWork);

// setMode shows the editor ('author') or the game ('play').
function setMode(mode) {
  document.body.dataset.mode = mode;
  document.body.dataset.hand = 'off';
  $('share-box').hidden = true;
  if (mode === 'play') {
    stopJob();
    // Keys go to the game, not to a field that had the focus.
    $('play-board').focus();
  }
}

$('play').addEventListener('click', () => {
  setMode('play');
  $('generate-box').open = true;
});
$('leave').addEventListener('click', () => setMode('author'));

$('save').addEventListener('click', async () => {
  const name = $('name').value;
  if (inBrowser) {
    // A static site has no folder: the browser keeps the spec.
    const problem = saveHere(name, editor.value);
    if (problem) say(`not saved: ${problem}`, true);
    else {
      saved(`saved:${name}`);
      say(`saved ${name} in this browser (Download gives the file)`);
    }
    return;
  }
  try {
    const res = await api(`/api/file?path=${encodeURIComponent(name)}`, { method: 'POST', body: editor.value });
    const out = await res.json();
    if (!res.ok) throw new Problem(out);
    saved(`file:${out.name}`);
    say(`saved ${out.name} (${out.bytes} bytes)`);
    refreshFiles();
  } catch (e) {
    say(`not saved: ${e.message}`, true);
  }
});

// shareBase is where share links point: the studio's --share-base, or this
// page.
let shareBase = '';

$('share').addEventListener('click', async () => {
  const frag = await fragment($('name').value, editor.value, document.body.dataset.hand === 'on');
  const url = `${shareBase || `${location.origin}${location.pathname}`}#${frag}`;
  history.replaceState(null, '', `#${frag}`);
  $('share-box').hidden = false;
  $('share-link').value = url;
  const note = $('share-note');
  note.textContent = url.length > longLink
    ? `${url.length} characters: a link this long may be cut short by some programs; share the file instead`
    : `${url.length} characters`;
  note.classList.toggle('warn', url.length > longLink);
  $('share-link').select();
  try { await navigator.clipboard.writeText(url); say('link copied'); } catch { say('link ready to copy'); }
});

// --- generating ---

// The Generate box makes a puzzle with one solution as polyspec generate
// does (POST /api/generate): a plain Sudoku, or one from the spec in the
// editor, by its kind. The spec made opens in the editor as a new spec.

// makeKinds are the kinds the box offers, by what the editor holds.
function makeKinds() {
  const sudoku = state.rendering?.form === 'sudoku', pieces = !!state.rendering?.pieces?.length;
  return { sudoku: true, fixed: pieces, shape: pieces, variant: sudoku };
}

function showMakeFields() {
  const kind = $('make-kind').value;
  $('make-size-box').hidden = kind !== 'sudoku';
  $('make-symmetry-box').hidden = kind !== 'sudoku' && kind !== 'variant';
}

function toggleMakeBox() {
  const box = $('make-box');
  box.hidden = !box.hidden;
  $('make').setAttribute('aria-expanded', String(!box.hidden));
  if (box.hidden) return;
  const offered = makeKinds();
  for (const o of $('make-kind').options) o.disabled = !offered[o.value];
  if (!offered[$('make-kind').value]) $('make-kind').value = 'sudoku';
  showMakeFields();
}

// makeRequest is the request for the puzzle the box asks for. A catalogue
// puzzle left as opened goes by its name, so that the spec made names it
// as the command line's does.
function makeRequest() {
  const kind = $('make-kind').value, seed = $('make-seed').value.trim();
  if (kind === 'sudoku') return { sudoku: $('make-size').value, symmetry: $('make-symmetry').value, seed };
  const req = { name: $('name').value, text: editor.value, seed, shape: kind === 'shape' };
  if (kind === 'variant') req.symmetry = $('make-symmetry').value;
  if (doc.key.startsWith('catalogue:') && !dirty()) req.catalogue = doc.key.slice('catalogue:'.length);
  return req;
}

function makeNote(text, st) {
  $('make-note').textContent = text;
  $('make-note').dataset.state = st;
}

async function generate() {
  stopJob();
  const job = new AbortController();
  state.job = job;
  $('stop').disabled = false;
  $('make-go').disabled = true;
  makeNote('generating…', 'running');
  try {
    const g = await (await postJSON('/api/generate', makeRequest(), job.signal)).json();
    if (state.job === job) state.job = null;
    if (!mayReplace(g.name)) {
      makeNote('', 'idle');
      return;
    }
    // The key holds the text, so that another puzzle of the same name
    // does not bring back this one's edits.
    load(g.name, g.text, linkKey(g.name, g.text).replace(/^link:/, 'generated:'));
    setMode('author');
    toggleMakeBox();
    makeNote('', 'idle');
    const made = g.text.match(/^# (.*)$/m);
    say(`generated ${g.name}${made ? `: ${made[1]}` : ''}`);
  } catch (e) {
    if (e.name === 'AbortError') makeNote('stopped', 'stopped');
    else {
      if (e instanceof Problem && e.line) showProblem(e);
      makeNote(`not generated: ${e.line ? `the spec has a problem at ${e.line}:${e.col}: ` : ''}${e.message}`, 'error');
    }
  } finally {
    $('make-go').disabled = false;
    if (state.job === job) state.job = null;
    if (!state.job) $('stop').disabled = true;
  }
}

$('make').addEventListener('click', toggleMakeBox);
$('make-close').addEventListener('click', toggleMakeBox);
$('make-kind').addEventListener('change', showMakeFields);
$('make-go').addEventListener('click', generate);

// --- searching ---

function fmt(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

// duration writes a number of seconds in the unit that suits it.
function duration(s) {
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) return `${(s / 3600).toFixed(1)} h`;
  if (s < 2 * year) return `${Math.round(s / 86400)} days`;
  return `${big(s / year)} years`;
}

const year = 365.25 * 86400;

// big writes a number of any size in two figures: 3e+23 as 3.0e23.
function big(n) {
  return n < 1e6 ? String(Math.round(n)) : n.toExponential(1).replace('e+', 'e');
}

// progressText is the progress line: the solutions and nodes so far, the
// speed and the time, and for a search split in parts, the parts done and
// (from the first) an estimate of the time left.
function progressText(p) {
  if (!p.parts && p.nodes === 0 && $('progress').dataset.mode !== 'first') {
    return `sizing up the search, ${p.seconds.toFixed(1)} s`;
  }
  const rate = p.seconds > 0 ? `, ${fmt(Math.round(p.nodes / p.seconds))} nodes/s` : '';
  let text = `${p.solutions} solutions, ${fmt(p.nodes)} nodes${rate}, ${p.seconds.toFixed(1)} s`;
  if (p.parts) text += `, ${p.done || 0}/${p.parts} parts`;
  if (p.beyond !== undefined) text += `, the time limit in ${duration(p.left)} (the search would need about ${duration(p.beyond)})`;
  else if (p.left !== undefined) text += `, about ${duration(p.left)} left`;
  return text;
}

function setProgress(text, st) {
  $('progress').textContent = text;
  $('progress').dataset.state = st;
}

function stopJob() {
  if (state.job) state.job.abort();
  state.job = null;
}

// longSearch is how many seconds a search may be estimated to take before
// the page asks whether to run it.
const longSearch = 10;

// chosen are the searches (spec text and 'all') known to be quick, or
// chosen to run however long they take: those are not estimated again.
const chosen = new Set();

// sized estimates a search for every solution before it runs (Knuth's
// estimate from random walks, and the speed of a short run), and when it
// would be long, says how long and offers to run it anyway rather than
// run silently into the time limit; it returns whether to run now.
async function sized(mode, all, signal) {
  const key = `${all}\n${editor.value}`;
  if (chosen.has(key)) return true;
  setProgress('sizing up the search…', 'running');
  let est;
  try {
    est = await (await postJSON('/api/estimate', { name: $('name').value, text: editor.value, all }, signal)).json();
  } catch (e) {
    if (e.name === 'AbortError' || e instanceof Problem) throw e;
    return true; // no estimate: the search shows its own progress
  }
  if (est.seconds < longSearch) {
    chosen.add(key);
    return true;
  }
  const what = mode === 'count' ? 'This count' : 'Finding every solution';
  setProgress(`${what} would take about ${duration(est.seconds)}` +
    (est.seconds > est.limit ? `, past the time limit of ${duration(est.limit)}` : '') +
    ` (Knuth's estimate: about ${big(est.nodes)} nodes at ${fmt(Math.round(est.rate))} nodes/s).`, 'estimate');
  const run = $('run-anyway');
  run.hidden = false;
  run.onclick = () => {
    chosen.add(key);
    search(mode);
  };
  return false;
}

async function search(mode) {
  stopJob();
  $('run-anyway').hidden = true;
  const job = new AbortController();
  state.job = job;
  // A count keeps the solutions found of the same spec on view.
  const keep = mode === 'count' && state.solutionsOf === editor.value;
  if (!keep) {
    state.solutions = [];
    state.solutionsOf = editor.value;
    showBoard();
  }
  $('stop').disabled = false;
  const all = $('all').checked;
  setProgress(`${mode === 'count' ? 'counting' : 'solving'}…`, 'running');
  $('progress').dataset.nodes = 0;
  $('progress').dataset.mode = mode;
  delete $('progress').dataset.left;
  let finished = false;
  try {
    if (mode !== 'first' && !await sized(mode, all, job.signal)) {
      if (state.job === job) {
        state.job = null;
        $('stop').disabled = true;
      }
      return;
    }
    setProgress(`${mode === 'count' ? 'counting' : 'solving'}…`, 'running');
    await stream('/api/solve', { name: $('name').value, text: editor.value, mode, all, page }, job.signal, (name, data) => {
      switch (name) {
        case 'progress':
          setProgress(progressText(data), 'running');
          $('progress').dataset.nodes = data.nodes;
          if (data.left !== undefined) $('progress').dataset.left = data.left;
          break;
        case 'solution':
          state.solutions.push(data);
          if (state.solutions.length === 1) showSolution(0);
          else $('shown').textContent = `solution ${state.shown + 1} of ${state.solutions.length}`;
          break;
        case 'done': {
          finished = true;
          const one = data.solutions === 1;
          const kind = (state.rendering?.unique && !all ? 'distinct ' : '') + (one ? 'solution' : 'solutions') + (all ? ' in all' : '');
          let text = `${data.solutions} ${kind}, ${fmt(data.nodes)} nodes, ${data.seconds.toFixed(2)} s`;
          let st = 'done';
          if (data.limited) text = `first solution found, ${fmt(data.nodes)} nodes, ${data.seconds.toFixed(2)} s`;
          else if (data.solutions === 0 && mode === 'first') text = `no solution, ${fmt(data.nodes)} nodes`;
          if (data.stopped) { text += ' (stopped)'; st = 'stopped'; }
          if (data.timedOut) { text += ' (time limit reached: start the studio with a larger --max-time)'; st = 'timeout'; }
          if (mode !== 'count' && data.shown < data.solutions) text += `; the first ${data.shown} can be shown`;
          setProgress(text, st);
          break;
        }
        case 'problem':
          finished = true;
          setProgress(data.message, 'error');
          break;
      }
    });
  } catch (e) {
    if (e.name === 'AbortError') {
      if (state.job === job || state.job === null) setProgress(`${$('progress').textContent} (stopped)`, 'stopped');
    } else if (e instanceof Problem) {
      showProblem(e);
      setProgress('the spec has a problem', 'error');
    } else {
      setProgress(e.message, 'error');
    }
    finished = true;
  }
  if (!finished) setProgress(`${$('progress').textContent} (connection closed)`, 'error');
  if (state.job === job) {
    state.job = null;
    $('stop').disabled = true;
  }
}

$('first').addEventListener('click', () => search('first'));
$('solutions').addEventListener('click', () => search('solutions'));
$('count').addEventListener('click', () => search('count'));
$('stop').addEventListener('click', () => { stopJob(); $('stop').disabled = true; });

// A hidden or closed page stops its search; the server also notices the
// closed connection, but a hidden page keeps it open.
function cancelOnServer() {
  if (state.job && !inBrowser) navigator.sendBeacon(`/api/cancel?page=${encodeURIComponent(page)}`);
}
document.addEventListener('visibilitychange', () => { if (document.hidden) cancelOnServer(); });
window.addEventListener('pagehide', cancelOnServer);

// --- solutions ---

// solutionSVG draws a solution: a Sudoku's comes drawn, a polyform
// puzzle's pieces are drawn by the server.
async function solutionSVG(i) {
  const sol = state.solutions[i];
  if (sol.svg) return sol.svg;
  const res = await postJSON('/api/draw', { lattice: state.lattice, pieces: sol.pieces });
  return res.text();
}

async function showSolution(i) {
  if (i < 0 || i >= state.solutions.length) return;
  state.shown = i;
  $('nav').hidden = false;
  $('shown').textContent = `solution ${i + 1} of ${state.solutions.length}`;
  // A Sudoku is drawn as SVG only.
  $('export-png').disabled = $('export-gltf').disabled = !!state.solutions[i].svg;
  // Cubes are drawn by the page, in a view that turns.
  const svg = state.rendering?.solid ? '' : await solutionSVG(i);
  if (state.shown !== i) return;
  board.className = 'solution';
  $('layers').hidden = true;
  const solid = !!(state.rendering?.solid && state.solutions[i].pieces);
  $('apart-box').hidden = !solid;
  if (solid) {
    const view = cubeView(withHues(state.solutions[i].pieces));
    view.pullApart(+$('apart').value);
    board.replaceChildren(view);
  } else {
    board.innerHTML = svg.replace(/^<\?xml[^>]*>\s*/, '');
    if (!state.solutions[i].svg) letter(board.querySelector('svg'));
  }
  board.dataset.state = `solution-${i + 1}`;
}

// withHues gives each piece of a solution its number in the spec's list
// of pieces, which the list under the board is coloured by.
function withHues(pieces) {
  const names = (state.rendering?.pieces || []).map((p) => p.name);
  return pieces.map((p) => ({ ...p, hue: names.includes(p.name) ? names.indexOf(p.name) : undefined }));
}

// letter writes each piece's name on it in a drawn solution, whose pieces
// are <g>s titled with their names: at the point inside the piece nearest
// the middle of its box, as an L's middle is outside it.
function letter(svg, pieces = 'g') {
  if (!svg) return;
  const ns = 'http://www.w3.org/2000/svg';
  for (const g of svg.querySelectorAll(pieces)) {
    const name = g.querySelector('title')?.textContent;
    const shape = g.querySelector('path');
    if (!name || !shape) continue;
    const filled = shape.getAttribute('fill') !== 'none';
    const inside = (x, y) => {
      const pt = new DOMPoint(x, y);
      return filled ? shape.isPointInFill(pt) : shape.isPointInStroke(pt);
    };
    const b = shape.getBBox(), cx = b.x + b.width / 2, cy = b.y + b.height / 2;
    let best = null;
    for (let i = 0; i <= 8; i++) {
      for (let j = 0; j <= 8; j++) {
        const x = b.x + (b.width * i) / 8, y = b.y + (b.height * j) / 8;
        const d = Math.hypot(x - cx, y - cy);
        if (inside(x, y) && (!best || d < best.d)) best = { x, y, d };
      }
    }
    if (!best) continue;
    const t = document.createElementNS(ns, 'text');
    for (const [k, v] of Object.entries({ x: best.x, y: best.y, class: 'piece-letter', 'text-anchor': 'middle', 'dominant-baseline': 'central' })) t.setAttribute(k, v);
    t.textContent = name;
    g.append(t);
  }
}

$('apart').addEventListener('input', () => board.querySelector('svg.cube3d')?.pullApart(+$('apart').value));
$('prev').addEventListener('click', () => showSolution(state.shown - 1));
$('next').addEventListener('click', () => showSolution(state.shown + 1));
$('back').addEventListener('click', showBoard);
// exportSolution downloads the solution on view (or the first) drawn by
// the server in a format: svg, png or gltf.
async function exportSolution(format) {
  const i = Math.max(state.shown, 0);
  if (!state.solutions.length) return;
  const sol = state.solutions[i];
  const blob = sol.svg ? new Blob([sol.svg], { type: 'image/svg+xml' })
    : await (await postJSON(`/api/draw?format=${format}`, { lattice: state.lattice, pieces: sol.pieces })).blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${$('name').value.replace(/\.[^.]*$/, '')}-solution-${i + 1}.${format}`;
  a.click();
  $('nav').dataset.exported = a.download; // for the browser test, which sees no download
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

$('export').addEventListener('click', () => exportSolution('svg'));
$('export-png').addEventListener('click', () => exportSolution('png'));
$('export-gltf').addEventListener('click', () => exportSolution('gltf'));

document.addEventListener('keydown', (ev) => {
  if (document.body.dataset.mode === 'play') return;
  if (ev.target === editor || ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT') return;
  if (ev.key === 'ArrowRight' || ev.key === 'n') showSolution(state.shown + 1);
  else if (ev.key === 'ArrowLeft' || ev.key === 'p') showSolution(state.shown - 1);
  else if (ev.key === 'Home') showSolution(0);
  else if (ev.key === 'End') showSolution(state.solutions.length - 1);
  else if (ev.key === 'Escape') showBoard();
  else return;
  ev.preventDefault();
});

// --- start ---

// waitForEngine keeps the buttons that need the engine off until it
// answers, on a static site where it loads in the page (some 3.5 MB,
// seconds), with how much has come in the progress line.
function waitForEngine() {
  const needs = ['open', 'new', 'save', 'share', 'play', 'make', 'first', 'solutions', 'count'];
  if (!inBrowser) {
    document.body.dataset.engineReady = 'true';
    return;
  }
  const started = performance.now();
  for (const id of needs) $(id).disabled = true;
  setProgress('loading the engine…', 'loading');
  engineLoad.onProgress = (n, total) => {
    const mb = (b) => (b / 1e6).toFixed(1);
    setProgress(`loading the engine: ${mb(n)}${total ? ` of ${mb(total)}` : ''} MB…`, 'loading');
  };
  startEngine().then(() => {
    engineLoad.onProgress = null;
    for (const id of needs) $(id).disabled = false;
    document.body.dataset.engineReady = 'true';
    if ($('progress').dataset.state === 'loading') {
      setProgress(`engine ready in ${((performance.now() - started) / 1000).toFixed(1)} s`, 'idle');
    }
  }, (e) => setProgress(e.message, 'error'));
}

async function start() {
  document.body.dataset.engine = inBrowser ? 'wasm' : 'server';
  getJSON('/api/config').then((c) => { shareBase = c.shareBase || ''; }).catch(() => {});
  initBrowser(openEntry).catch((e) => say(e.message, true));
  let shared = null;
  try {
    shared = await readFragment(location.hash);
  } catch (e) {
    say(`the link's spec could not be read: ${e.message}`, true);
  }
  // A link opens its spec; otherwise the spec on view before the reload
  // comes back, with its unsaved edits.
  const current = readCurrent();
  if (shared) {
    const draft = load(shared.name, shared.text, linkKey(shared.name, shared.text));
    say(draft ? `opened ${shared.name} from the link, with your unsaved edits of it` : `opened ${shared.name} from the link`);
    // A link made while solving by hand opens to be solved by hand.
    if (shared.hand) state.rendered.then(solveByHand);
  } else if (current) {
    const draft = load(current.name, current.base, current.key);
    if (draft) say(`your unsaved edits of ${draft.name} are back (Revert drops them)`);
  } else {
    load('my-puzzle.toml', newSpec, 'new:my-puzzle.toml');
  }
  waitForEngine();
  document.body.dataset.mode ||= 'author';
  document.body.dataset.ready = 'true';
}

window.addEventListener('hashchange', async () => {
  const shared = await readFragment(location.hash).catch(() => null);
  if (shared && shared.text !== editor.value && mayReplace(shared.name)) {
    load(shared.name, shared.text, linkKey(shared.name, shared.text));
  }
});

start();
