// A view of cubes that turns: pieces of unit cubes drawn as SVG faces,
// seen from a direction that a drag with the mouse or a finger turns
// (left and right about the vertical, up and down to tilt), each layer
// labelled with its z. The faces are sorted far to near and drawn in that
// order, the hidden ones left out; no WebGL, nothing fetched.

const svgNS = 'http://www.w3.org/2000/svg';

// faces lists the six faces of a unit cube: the direction to the
// neighbour on that side, and the corners, counter-clockwise from outside.
const faces = [
  [[1, 0, 0], [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 0, 1]]],
  [[-1, 0, 0], [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 0]]],
  [[0, 1, 0], [[0, 1, 0], [0, 1, 1], [1, 1, 1], [1, 1, 0]]],
  [[0, -1, 0], [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1]]],
  [[0, 0, 1], [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]]],
  [[0, 0, -1], [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 0]]],
];

// colour is a piece's hue, lit by how squarely its face meets the light:
// hue is the piece's number among the spec's pieces, so that a piece has
// one colour in the list of pieces and in every solution; a board (one
// piece, no hue) is grey-blue.
function colour(hue, light) {
  if (hue === undefined) return `hsl(205 25% ${45 + 35 * light}%)`;
  return `hsl(${(hue * 137.508) % 360} 55% ${32 + 38 * light}%)`;
}

function el(name, attrs) {
  const e = document.createElementNS(svgNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// cubeView draws pieces ([{name, cells: [[x, y, z], ...], hue}]) in an SVG that
// turns when dragged; size is its width in pixels (the height follows),
// and labels asks for each layer's z beside it.
export function cubeView(pieces, { size = 360, labels = true } = {}) {
  const svg = el('svg', { class: 'cube3d' });
  svg.style.touchAction = 'none';
  const owner = new Map();
  pieces.forEach((p, i) => p.cells.forEach((c) => owner.set(c.join(','), i)));
  svg.dataset.cubes = owner.size;
  const cells = [...owner.keys()].map((k) => k.split(',').map(Number));
  const lo = [0, 1, 2].map((k) => Math.min(...cells.map((c) => c[k])));
  const hi = [0, 1, 2].map((k) => Math.max(...cells.map((c) => c[k])) + 1);
  const mid = [0, 1, 2].map((k) => (lo[k] + hi[k]) / 2);
  const view = { yaw: -0.6, pitch: 0.55, spread: 0 };
  // Pulled apart, each piece moves away from the middle along the line
  // from the middle to its own centre, by spread times that distance.
  const centre = pieces.map((p) => [0, 1, 2].map((k) => p.cells.reduce((s, c) => s + c[k] + 0.5, 0) / p.cells.length));
  const shift = (piece) => centre[piece].map((v, k) => (v - mid[k]) * view.spread);

  // project turns a point about the middle of the cubes: yaw about the
  // vertical (z), then the tilt; it returns the screen's x and y and the
  // nearness to the viewer.
  const project = (p) => {
    const x = p[0] - mid[0], y = p[1] - mid[1], z = p[2] - mid[2];
    const cy = Math.cos(view.yaw), sy = Math.sin(view.yaw), cp = Math.cos(view.pitch), sp = Math.sin(view.pitch);
    const xr = x * cy - y * sy, yr = x * sy + y * cy;
    return [xr, -(z * cp + yr * sp), -yr * cp + z * sp];
  };
  const light = [0.35, -0.55, 0.75];

  function draw() {
    const polys = [];
    for (const c of cells) {
      const piece = owner.get(c.join(','));
      const off = shift(piece);
      for (const [d, corners] of faces) {
        // A face against another cube is hidden, unless the pieces are
        // pulled apart and the other is another piece's.
        const next = owner.get([c[0] + d[0], c[1] + d[1], c[2] + d[2]].join(','));
        if (next !== undefined && (next === piece || view.spread === 0)) continue;
        const normal = project([mid[0] + d[0], mid[1] + d[1], mid[2] + d[2]]);
        if (normal[2] <= 1e-9) continue; // facing away
        const pts = corners.map((k) => project([c[0] + k[0] + off[0], c[1] + k[1] + off[1], c[2] + k[2] + off[2]]));
        const depth = pts.reduce((s, p) => s + p[2], 0) / 4;
        const lit = Math.max(0, d[0] * light[0] + d[1] * light[1] + d[2] * light[2]);
        polys.push({ pts, depth, piece, lit, cell: c.join(',') });
      }
    }
    polys.sort((a, b) => a.depth - b.depth);
    const all = polys.flatMap((p) => p.pts);
    const labelRoom = labels ? 1.6 : 0.2;
    const x0 = Math.min(...all.map((p) => p[0])) - labelRoom, x1 = Math.max(...all.map((p) => p[0])) + 0.2;
    const y0 = Math.min(...all.map((p) => p[1])) - 0.2, y1 = Math.max(...all.map((p) => p[1])) + 0.2;
    const unit = size / Math.max(x1 - x0, y1 - y0, 4);
    svg.setAttribute('viewBox', `${x0 * unit} ${y0 * unit} ${(x1 - x0) * unit} ${(y1 - y0) * unit}`);
    svg.setAttribute('width', Math.round((x1 - x0) * unit));
    svg.setAttribute('height', Math.round((y1 - y0) * unit));
    svg.dataset.yaw = view.yaw.toFixed(3);
    svg.dataset.pitch = view.pitch.toFixed(3);
    const parts = polys.map((p) => {
      const path = el('path', {
        d: `M${p.pts.map((q) => `${(q[0] * unit).toFixed(1)} ${(q[1] * unit).toFixed(1)}`).join('L')}Z`,
        fill: colour(pieces[p.piece].hue, p.lit), class: 'face',
      });
      path.dataset.at = p.cell;
      return path;
    });
    if (labels && view.spread === 0) {
      // A layer's label goes left of its left-most corner at mid-height;
      // pulled apart, the pieces leave their layers.
      for (let z = lo[2]; z < hi[2]; z++) {
        const corners = [[lo[0], lo[1]], [hi[0], lo[1]], [lo[0], hi[1]], [hi[0], hi[1]]].map(([x, y]) => project([x, y, z + 0.5]));
        const left = corners.reduce((a, b) => (b[0] < a[0] ? b : a));
        const t = el('text', { x: (left[0] - 0.25) * unit, y: left[1] * unit, class: 'layer-label', 'text-anchor': 'end', 'dominant-baseline': 'central', 'font-size': Math.max(11, unit * 0.32) });
        t.textContent = `z = ${z}`;
        parts.push(t);
      }
    }
    svg.replaceChildren(...parts);
  }

  let from = null;
  svg.addEventListener('pointerdown', (ev) => {
    from = [ev.clientX, ev.clientY];
    svg.setPointerCapture(ev.pointerId);
    ev.preventDefault();
  });
  svg.addEventListener('pointermove', (ev) => {
    if (!from) return;
    view.yaw -= (ev.clientX - from[0]) * 0.01;
    view.pitch = Math.max(-1.4, Math.min(1.4, view.pitch + (ev.clientY - from[1]) * 0.01));
    from = [ev.clientX, ev.clientY];
    draw();
  });
  const release = () => { from = null; };
  svg.addEventListener('pointerup', release);
  svg.addEventListener('pointercancel', release);
  // pullApart moves the pieces apart by a share of their distances from
  // the middle (0: together), and draws them again.
  svg.pullApart = (spread) => {
    view.spread = spread;
    svg.dataset.spread = spread;
    draw();
  };
  draw();
  return svg;
}
