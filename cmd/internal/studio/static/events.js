// Requests to the studio's server, and the reader of its server-sent
// events. Events arrive on a POST's response body rather than through
// EventSource, so that the spec travels in the body and aborting the fetch
// stops the search (the server watches the request's context).

// A Problem is an error the server placed in the spec, at line:col.
export class Problem extends Error {
  constructor(p) {
    super(p.message);
    this.line = p.line || 0;
    this.col = p.col || 0;
  }
}

// The page talks to the studio's Go handler over HTTP, or, on a static
// site made by polyspec studio --export (whose page says so in a meta
// tag), to the same handler compiled to WebAssembly in Web Workers.
//
// WebAssembly in Go does not preempt: a worker answers one request to the
// end before the next, so a request waits behind every one sent before
// it. Hence three lanes, each a worker: searches (which can run for
// minutes; stopping one ends its worker, as a search there cannot be
// interrupted, and a fresh one is started at once), the browser's
// thumbnails (dozens at a time, each a compile), and the rest, which must
// answer at once: opening a puzzle once waited behind the thumbnails of
// the browser's rows for up to 30 s.
export const inBrowser = document.querySelector('meta[name="polyspec-engine"]')?.content === 'wasm';

const engines = {}; // by lane: 'search', 'thumb' or 'quick'
let requests = 0;
const pending = new Map(); // request id -> {resolve, reject, body, lane}

// compiled is the engine, fetched and compiled once for every worker.
let compiled = null;

// onEngineProgress, if set, hears how much of the engine has come, in
// bytes, and of how many (0 when the server does not say).
export const engineLoad = { onProgress: null };

// compileEngine fetches the engine gzipped (engine.wasm.gz, a quarter of
// its size, which a static host serves as it is) and unpacks it as it
// comes, unless the host sent it with a Content-Encoding the browser has
// already undone; a site without the .gz gets engine.wasm.
function compileEngine() {
  compiled ??= (async () => {
    let res = await fetch('engine.wasm.gz');
    let body = res.body;
    if (res.ok) {
      if (!/gzip/.test(res.headers.get('Content-Encoding') || '')) body = counted(res).pipeThrough(new DecompressionStream('gzip'));
    } else {
      res = await fetch('engine.wasm');
      if (!res.ok) throw new Error(`engine.wasm: ${res.status} ${res.statusText}`);
      body = counted(res);
    }
    return WebAssembly.compileStreaming(new Response(body, { headers: { 'Content-Type': 'application/wasm' } }));
  })();
  return compiled;
}

// counted is a response's body, reporting the bytes that have come.
function counted(res) {
  const total = +res.headers.get('Content-Length') || 0;
  let n = 0;
  return res.body.pipeThrough(new TransformStream({
    transform(chunk, c) {
      n += chunk.length;
      engineLoad.onProgress?.(n, total);
      c.enqueue(chunk);
    },
  }));
}

// startEngine starts the workers the page needs first, and resolves when
// the engine answers.
export async function startEngine() {
  engine('search');
  await getJSON('/api/config');
}

function engine(lane) {
  if (engines[lane]) return engines[lane];
  const w = new Worker('engine.js');
  compileEngine().then((module) => w.postMessage({ type: 'module', module }),
    (e) => w.onmessage({ data: { type: 'failed', message: `the engine could not be loaded: ${e.message}` } }));
  w.onmessage = (ev) => {
    const m = ev.data, p = pending.get(m.id);
    if (m.type === 'failed') {
      // The next request tries a new worker rather than wait on this one.
      w.terminate();
      if (engines[lane] === w) delete engines[lane];
      for (const [id, q] of pending) if (q.lane === lane) fail(id, new Error(m.message));
      return;
    }
    if (!p) return;
    switch (m.type) {
      case 'head':
        p.resolve(new Response(p.body, { status: m.status, headers: m.headers }));
        break;
      case 'chunk':
        p.controller.enqueue(m.data);
        break;
      case 'end':
        p.controller.close();
        pending.delete(m.id);
        break;
      case 'error':
        fail(m.id, new Error(m.message));
        break;
    }
  };
  engines[lane] = w;
  return w;
}

function fail(id, err) {
  const p = pending.get(id);
  pending.delete(id);
  p.reject(err);
  try { p.controller.error(err); } catch { /* closed already */ }
}

// stopEngine ends a lane's worker and what it was answering; a search's
// is started again at once, to be ready for the next.
function stopEngine(lane) {
  engines[lane]?.terminate();
  delete engines[lane];
  for (const [id, p] of pending) if (p.lane === lane) fail(id, new DOMException('stopped', 'AbortError'));
  if (lane === 'search') engine(lane);
}

const searches = ['/api/solve', '/api/estimate', '/api/pips/hint', '/api/pips/generate', '/api/generate'];

function laneOf(url) {
  if (searches.some((s) => url.startsWith(s))) return 'search';
  return url.startsWith('/api/thumb') ? 'thumb' : 'quick';
}

function engineFetch(url, init = {}) {
  const lane = laneOf(url);
  return new Promise((resolve, reject) => {
    if (init.signal?.aborted) {
      reject(new DOMException('stopped', 'AbortError'));
      return;
    }
    const id = ++requests;
    const p = { resolve, reject, lane };
    p.body = new ReadableStream({ start(c) { p.controller = c; } });
    pending.set(id, p);
    init.signal?.addEventListener('abort', () => { if (pending.has(id)) stopEngine(lane); });
    engine(lane).postMessage({ id, method: init.method || 'GET', url, body: init.body || '' });
  });
}

// api is fetch, to the server or to the engine in the page.
export function api(url, init) {
  return inBrowser ? engineFetch(url, init) : fetch(url, init);
}

async function check(res) {
  if (res.ok) return res;
  let p;
  try { p = await res.json(); } catch { p = { message: `${res.status} ${res.statusText}` }; }
  throw new Problem(p);
}

export async function getJSON(url) {
  return (await check(await api(url))).json();
}

export async function postJSON(url, body, signal) {
  const res = await api(url, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal,
  });
  return check(res);
}

// stream posts body to url and calls onEvent(name, data) for each event of
// the answer until it ends or signal aborts it.
export async function stream(url, body, signal, onEvent) {
  const res = await postJSON(url, body, signal);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += value;
    let end;
    while ((end = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      let name = 'message', data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      onEvent(name, JSON.parse(data));
    }
  }
}
