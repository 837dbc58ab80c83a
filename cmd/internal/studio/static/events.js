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
// tag), to the same handler compiled to WebAssembly in a Web Worker. The
// worker answers one request at a time while a search runs, so searches
// get a worker of their own; stopping a search ends its worker, as a
// search running there cannot be interrupted, and the next starts anew.
export const inBrowser = document.querySelector('meta[name="polyspec-engine"]')?.content === 'wasm';

const engines = {}; // by lane: 'search' or 'quick'
let requests = 0;
const pending = new Map(); // request id -> {resolve, reject, body, lane}

function engine(lane) {
  if (engines[lane]) return engines[lane];
  const w = new Worker('engine.js');
  w.onmessage = (ev) => {
    const m = ev.data, p = pending.get(m.id);
    if (m.type === 'failed') {
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

// stopEngine ends a lane's worker and what it was answering.
function stopEngine(lane) {
  engines[lane]?.terminate();
  delete engines[lane];
  for (const [id, p] of pending) if (p.lane === lane) fail(id, new DOMException('stopped', 'AbortError'));
}

const searches = ['/api/solve', '/api/pips/hint', '/api/pips/generate'];

function engineFetch(url, init = {}) {
  const lane = searches.some((s) => url.startsWith(s)) ? 'search' : 'quick';
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
