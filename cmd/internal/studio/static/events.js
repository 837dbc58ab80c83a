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

async function check(res) {
  if (res.ok) return res;
  let p;
  try { p = await res.json(); } catch { p = { message: `${res.status} ${res.statusText}` }; }
  throw new Problem(p);
}

export async function getJSON(url) {
  return (await check(await fetch(url))).json();
}

export async function postJSON(url, body, signal) {
  const res = await fetch(url, {
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
