// The puzzle browser: every catalogue puzzle and every spec file and game
// of the studio's folder, searched by name and title as you type and
// filtered by family, lattice and whether a count is known. The list is
// shown a page at a time, the next page coming as the end scrolls into
// view, so that a folder of thousands of files is listed whole.
import { getJSON } from './events.js';

const $ = (id) => document.getElementById(id);
const pageSize = 100;

const browser = {
  catalogue: [], // the server's entries, with source 'catalogue'
  files: [], // the folder's, with source 'file'
  local: [], // the drafts and specs kept in this browser, with source 'browser'
  stale: false, // whether they changed while the browser was hidden
  folder: '', // the folder's name, '' without one
  note: '', // why some files are not listed
  matches: [], // the entries the search and filters keep
  shown: 0, // how many of them are listed
  onOpen: null, // called with (source, name) when an entry is picked
};

// words are the lower-case words of a search.
const words = (text) => text.toLowerCase().split(/\s+/).filter(Boolean);

function matches(e, ws, f) {
  if (f.source && e.source !== f.source) return false;
  if (f.family && e.family !== f.family) return false;
  if (f.lattice && (e.kind === 'polyform' ? e.lattice : e.kind) !== f.lattice) return false;
  if (f.count && e.count === undefined) return false;
  if (f.time) {
    if (!e.firstTime) return false;
    const over = e.firstTime.startsWith('over');
    if (f.time === 'over' ? !over : over || parseFloat(e.firstTime) >= +f.time) return false;
  }
  const hay = `${e.name} ${e.title || ''} ${e.family || ''}`.toLowerCase();
  return ws.every((w) => hay.includes(w));
}

function filters() {
  return {
    source: $('f-source').value, family: $('f-family').value, lattice: $('f-lattice').value, count: $('f-count').checked, time: $('f-time').value,
  };
}

// fillSelect puts the values found in the entries in a filter's list,
// keeping its choice.
function fillSelect(select, values) {
  const keep = select.value;
  const first = select.options[0];
  select.replaceChildren(first, ...[...new Set(values)].sort().map((v) => new Option(v, v)));
  select.value = values.includes(keep) ? keep : '';
}

function update() {
  const all = [...browser.local, ...browser.files, ...browser.catalogue];
  fillSelect($('f-family'), all.map((e) => e.family).filter(Boolean));
  fillSelect($('f-lattice'), all.map((e) => (e.kind === 'polyform' ? e.lattice : e.kind)).filter(Boolean));
  const ws = words($('search').value), f = filters();
  browser.matches = all.filter((e) => matches(e, ws, f));
  browser.shown = 0;
  $('results').replaceChildren();
  showMore();
}

function row(e) {
  const li = document.createElement('li');
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.open = `${e.source}:${e.open ?? e.name}`;
  const name = document.createElement('strong');
  name.textContent = e.name;
  const title = document.createElement('span');
  title.className = 'title';
  title.textContent = e.title || e.problem || '';
  const meta = document.createElement('span');
  meta.className = 'meta';
  const where = { catalogue: `catalogue · ${e.family}`, file: `file in ${browser.folder}`, browser: e.where }[e.source];
  const kind = e.kind === 'polyform' ? e.lattice : e.kind;
  meta.textContent = [where, kind, e.count !== undefined ? `${e.count} solutions` : '',
    e.firstTime ? `first solution in ${e.firstTime} s` : ''].filter(Boolean).join(' · ');
  const thumb = document.createElement('span');
  thumb.className = 'thumb';
  const text = document.createElement('span');
  text.className = 'text';
  text.append(name, title, meta);
  b.append(thumb, text);
  if (e.kind !== 'game' && !e.problem && e.source !== 'browser') thumbs.observe(thumb);
  li.append(b);
  return li;
}

// thumbs draws a row's board when the row comes into view: the server
// draws it, one request per row seen.
const thumbs = new IntersectionObserver((seen) => {
  for (const s of seen) {
    if (!s.isIntersecting) continue;
    thumbs.unobserve(s.target);
    const [source, ...rest] = s.target.parentElement.dataset.open.split(':');
    getJSON(`/api/thumb?source=${source}&name=${encodeURIComponent(rest.join(':'))}`)
      .then((t) => { if (t.svg) s.target.innerHTML = t.svg; })
      .catch(() => {});
  }
});

// showMore lists the next page of matches.
function showMore() {
  const next = browser.matches.slice(browser.shown, browser.shown + pageSize);
  $('results').append(...next.map(row));
  browser.shown += next.length;
  const n = browser.matches.length;
  $('browse-info').textContent = `${n} ${n === 1 ? 'puzzle' : 'puzzles'} found${browser.shown < n ? `, ${browser.shown} listed` : ''}` +
    (browser.note ? `; ${browser.note}` : '');
  $('browse-info').dataset.found = n;
  $('browse-info').dataset.listed = browser.shown;
  $('more').hidden = browser.shown >= n;
}

// setLocal lists the drafts and specs kept in this browser, each
// {open, name, title, where}: open is what the page opens it by.
export function setLocal(entries) {
  browser.local = entries.map((e) => ({ ...e, source: 'browser' }));
  // Every edit lists the drafts anew: the list is redrawn when seen.
  if ($('browser').hidden) browser.stale = true;
  else update();
}

// refreshFiles reads the folder's list again, as after a save.
export async function refreshFiles() {
  try {
    const f = await getJSON('/api/files');
    browser.folder = f.folder;
    browser.files = f.files.map((e) => ({ ...e, source: 'file' }));
    browser.note = f.more ? `only the first ${f.max} files of the folder are listed` : '';
  } catch {
    browser.files = []; // started without a folder
  }
  $('f-source').querySelector('option[value="file"]').disabled = !browser.folder;
  update();
}

// openBrowser shows the browser with the search field focused.
export function openBrowser() {
  $('browser').hidden = false;
  if (browser.stale) {
    browser.stale = false;
    update();
  }
  $('search').focus();
  $('search').select();
}

export function closeBrowser() {
  $('browser').hidden = true;
}

// initBrowser reads the catalogue and the folder; onOpen(source, name)
// opens an entry picked.
export async function initBrowser(onOpen) {
  browser.onOpen = onOpen;
  for (const id of ['search', 'f-source', 'f-family', 'f-lattice', 'f-count', 'f-time']) $(id).addEventListener('input', update);
  $('more').addEventListener('click', showMore);
  // The next page comes as the end of the list scrolls into view. The
  // observer reports changes only, so where the end is still in view after
  // a page, observing it afresh reports that and brings the next one;
  // else a scroll to an end already in view would bring nothing.
  const end = new IntersectionObserver((seen) => {
    if (!seen.some((s) => s.isIntersecting) || $('browser').hidden) return;
    showMore();
    end.unobserve($('more'));
    end.observe($('more'));
  });
  end.observe($('more'));
  $('results').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-open]');
    if (!b) return;
    const v = b.dataset.open, at = v.indexOf(':');
    closeBrowser();
    browser.onOpen(v.slice(0, at), v.slice(at + 1));
  });
  $('browse-close').addEventListener('click', closeBrowser);
  $('browser').addEventListener('keydown', (ev) => { if (ev.key === 'Escape') closeBrowser(); });
  browser.catalogue = (await getJSON('/api/catalogue')).map((e) => ({ ...e, source: 'catalogue' }));
  await refreshFiles();
}
