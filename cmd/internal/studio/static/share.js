// Share links: the spec, compressed with deflate-raw and written in
// base64url, in the URL's fragment, which browsers never send to a server.

// longLink is the length past which a link may not survive chat programs
// and some browsers' address bars.
export const longLink = 2000;

function toBase64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text) {
  const s = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function pipe(bytes, transform) {
  const out = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

// fragment returns the fragment (without '#') that holds a spec and its
// file name, and with hand, that it opens to be solved by hand.
export async function fragment(name, text, hand = false) {
  const packed = await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  return `spec=${toBase64url(packed)}&name=${encodeURIComponent(name)}${hand ? '&play=hand' : ''}`;
}

// readFragment returns the {name, text, hand} a fragment holds, or null
// when it holds no spec.
export async function readFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const packed = params.get('spec');
  if (!packed) return null;
  const bytes = await pipe(fromBase64url(packed), new DecompressionStream('deflate-raw'));
  return { name: params.get('name') || 'shared.toml', text: new TextDecoder().decode(bytes), hand: params.get('play') === 'hand' };
}
