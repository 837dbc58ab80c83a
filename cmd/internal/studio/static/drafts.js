// Work kept in the browser's localStorage, so that a reload, a closed tab
// or another puzzle opened loses nothing: each spec's unsaved edits as a
// draft under the key of what was opened (a file, a catalogue puzzle, a
// link, a new spec), the spec on view to come back to, and on a static
// site, which has no folder, the specs saved there.
const prefix = 'polyspec-studio.';
const draftPrefix = `${prefix}draft.`, savedPrefix = `${prefix}saved.`;

function read(k) {
  try {
    return JSON.parse(localStorage.getItem(k));
  } catch {
    return null;
  }
}

// write stores a value, and says why it could not (storage full or
// turned off) rather than throw in the middle of an edit.
function write(k, v) {
  try {
    localStorage.setItem(k, JSON.stringify(v));
    return '';
  } catch (e) {
    return `not kept in this browser: ${e.message}`;
  }
}

// A draft is {name, text, base, at}: the text typed, the text it was
// opened or saved as, and when it was last typed, in ms.
export function readDraft(key) {
  return read(draftPrefix + key);
}

// keepDraft stores the editor's text as the draft of key, or drops the
// draft when the text is back to its base; it returns a problem or ''.
export function keepDraft(key, name, text, base) {
  if (text === base) {
    dropDraft(key);
    return '';
  }
  return write(draftPrefix + key, { name, text, base, at: Date.now() });
}

export function dropDraft(key) {
  try { localStorage.removeItem(draftPrefix + key); } catch { /* storage off: nothing kept */ }
}

// listed is every stored item under a prefix, as [key, value].
function listed(p) {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith(p)) out.push([k.slice(p.length), read(k)]);
    }
  } catch { /* storage off */ }
  return out.filter(([, v]) => v);
}

// drafts are the unsaved drafts, newest first, as {key, name, at}.
export function drafts() {
  return listed(draftPrefix).map(([key, d]) => ({ key, name: d.name, at: d.at })).sort((a, b) => b.at - a.at);
}

// The spec on view, {key, name, base}, opened again after a reload.
export function readCurrent() {
  return read(`${prefix}current`);
}

export function keepCurrent(key, name, base) {
  return write(`${prefix}current`, { key, name, base });
}

// saveHere saves a spec in the browser (a static site's Save).
export function saveHere(name, text) {
  return write(savedPrefix + name, { name, text, at: Date.now() });
}

export function readSaved(name) {
  return read(savedPrefix + name);
}

// savedHere are the specs saved in the browser, as {name, at}.
export function savedHere() {
  return listed(savedPrefix).map(([name, s]) => ({ name, at: s.at }));
}

// linkKey names a shared link's spec by its name and a hash of its text,
// so that a draft comes back only for the same link.
export function linkKey(name, text) {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return `link:${name}:${h.toString(36)}`;
}
