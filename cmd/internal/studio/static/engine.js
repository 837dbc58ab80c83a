// The Web Worker that runs the studio's engine compiled to WebAssembly, on
// a static site made by polyspec studio --export: the page's requests come
// as messages, and the Go handler's answers go back as messages (see
// cmd/internal/studio/wasm). The page compiles the engine once and sends
// the compiled module, so that a new worker (a search after Stop) starts
// in a moment rather than fetching and compiling 14 MB again. Requests
// that come before the engine runs wait for it.
importScripts('wasm_exec.js');

const waiting = [];
let ready = false;

self.onmessage = (ev) => {
  const m = ev.data;
  if (m.type === 'module') start(m.module);
  else if (ready) serve(m);
  else waiting.push(m);
};

function serve(m) {
  self.polyspecServe(m.id, m.method, m.url, m.body);
}

async function start(module) {
  try {
    const go = new Go();
    const instance = await WebAssembly.instantiate(module, go.importObject);
    // run returns once the Go program waits for requests, having set
    // polyspecServe; its promise ends only when the program does.
    go.run(instance);
    ready = true;
    for (const m of waiting.splice(0)) serve(m);
  } catch (e) {
    self.postMessage({ type: 'failed', message: `the engine did not start: ${e.message}` });
  }
}
