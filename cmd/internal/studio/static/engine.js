// The Web Worker that runs the studio's engine compiled to WebAssembly, on
// a static site made by polyspec studio --export: the page's requests come
// as messages, and the Go handler's answers go back as messages (see
// cmd/internal/studio/wasm). Requests that come before the engine is
// ready wait for it.
importScripts('wasm_exec.js');

const waiting = [];
let ready = false;

self.onmessage = (ev) => {
  if (ready) serve(ev.data);
  else waiting.push(ev.data);
};

function serve(m) {
  self.polyspecServe(m.id, m.method, m.url, m.body);
}

const go = new Go();
// A host that does not serve .wasm as application/wasm gets the bytes
// compiled without streaming.
WebAssembly.instantiateStreaming(fetch('engine.wasm'), go.importObject).catch(async () => {
  const bytes = await (await fetch('engine.wasm')).arrayBuffer();
  return WebAssembly.instantiate(bytes, go.importObject);
}).then((wasm) => {
  go.run(wasm.instance);
  ready = true;
  for (const m of waiting.splice(0)) serve(m);
}).catch((e) => self.postMessage({ type: 'failed', message: `the engine did not start: ${e.message}` }));
