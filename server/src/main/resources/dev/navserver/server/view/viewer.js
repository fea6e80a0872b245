// navserver live viewer: the page's entry module (input, test hooks, start). Contract: docs/viewer.md.
// No dependencies, no network requests but /view/tile and /view/ws.
import { $, S, canvas, fit, gridX, gridY, toGridX, toGridY, toScreenX, toScreenY, view, world } from './viewer-state.js';
import { draw } from './viewer-draw.js';
import { pick, showDetails } from './viewer-details.js';
import { askToken, connect, readFragment, setConn, wantMap, watch } from './viewer-connection.js';

$('fit').addEventListener('click', fit);
window.addEventListener('keydown', (e) => {
  if (e.key === 'f' || e.key === 'F') { if (e.target.tagName !== 'INPUT') fit(); }
});

// ---- interaction -----------------------------------------------------------------------------------------------
let drag = null;
canvas.addEventListener('mousedown', (e) => {
  drag = { x: e.clientX, y: e.clientY, cx: view.cx, cy: view.cy, moved: false };
  canvas.classList.add('dragging');
});
window.addEventListener('mousemove', (e) => {
  if (S.map) {
    const rect = canvas.getBoundingClientRect();
    const gx = toGridX(e.clientX - rect.left), gy = toGridY(e.clientY - rect.top);
    const x = S.map.originX + gx * S.map.cellSize, z = S.map.originZ - gy * S.map.cellSize;
    $('cursor').textContent = 'cell (' + Math.floor(gx + 0.5) + ', ' + Math.floor(gy + 0.5) + ')  world ('
      + x.toFixed(2) + ', ' + z.toFixed(2) + ')';
  }
  if (!drag) return;
  const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
  if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
  view.cx = drag.cx - dx / view.scale;
  view.cy = drag.cy - dy / view.scale;
  S.dirty = true;
});
window.addEventListener('mouseup', (e) => {
  if (!drag) return;
  const wasClick = !drag.moved;
  drag = null;
  canvas.classList.remove('dragging');
  if (wasClick) {
    const rect = canvas.getBoundingClientRect();
    pick(e.clientX - rect.left, e.clientY - rect.top);
  }
});
canvas.addEventListener('wheel', (e) => {
  e.preventDefault();
  const rect = canvas.getBoundingClientRect();
  const sx = e.clientX - rect.left, sy = e.clientY - rect.top;
  const gx = toGridX(sx), gy = toGridY(sy);
  const factor = Math.exp(-e.deltaY * 0.0015);
  view.scale = Math.max(1 / 1024, Math.min(256, view.scale * factor));
  // Keep the grid point under the cursor in place.
  view.cx = gx - (sx - canvas.clientWidth / 2) / view.scale;
  view.cy = gy - (sy - canvas.clientHeight / 2) / view.scale;
  S.dirty = true;
}, { passive: false });

$('d-close').addEventListener('click', () => { S.selected = null; $('details').hidden = true; S.dirty = true; });
$('islands').addEventListener('change', () => { S.dirty = true; });
$('paths').addEventListener('change', () => { S.dirty = true; });
$('routes').addEventListener('change', () => { S.dirty = true; });
window.addEventListener('resize', () => { S.dirty = true; });

// ---- read-only hooks for tests and the console -----------------------------------------------------------------
window.navView = {
  worldToScreen(x, z) { return S.map ? [toScreenX(gridX(x)), toScreenY(gridY(z))] : null; },
  cellToScreen(col, row) { return S.map ? [toScreenX(col), toScreenY(row)] : null; },
  monster(id) { return world.monsters.get(id) || null; },
  monsterIds() { return [...world.monsters.keys()]; },
  route(name) { return world.routes.get(name) || null; },
  routeNames() { return [...world.routes.keys()]; },
  stats() {
    return { framesReceived: S.framesReceived, tilesDrawn: S.tilesDrawn, routesDrawn: S.routesDrawn,
      frame: world.frame, version: world.version,
      map: S.map && S.map.name, monsters: world.monsters.size, players: world.players.size, routes: world.routes.size,
      scale: view.scale };
  },
  select(id) { S.selected = id; showDetails(id); S.dirty = true; },
  watch,
};

// ---- start -----------------------------------------------------------------------------------------------------
const frag = readFragment();
wantMap(frag.map);
requestAnimationFrame(draw);
if (frag.token) {
  S.token = frag.token;
  connect();
} else {
  setConn('no token', 'bad');
  askToken('');
}
