// navserver live viewer: map tiles (fetched, painted, cached, drawn). Contract: docs/viewer.md.
import {
  $, BLOCKED_RGB, MAX_CACHED_TILES, MAX_TILE_FETCHES, OTHER_TERRAIN_RGB, OUTSIDE, S, TERRAIN_RGB, canvas, ctx,
  toGridX, toGridY, toScreenX, toScreenY, view, world,
} from './viewer-state.js';

const tiles = new Map();  // key -> {canvas, used} | {pending:true}
let tileFetches = 0;
const tileQueue = [];

export function layerName() { return $('islands').checked ? 'islands' : 'terrain'; }

export function clearTiles() {
  tiles.clear();
  tileQueue.length = 0;
  S.dirty = true;
}

export function tileKey(layer, level, tx, ty) {
  return S.map.name + '|' + world.version + '|' + layer + '|' + level + '|' + tx + '|' + ty;
}

export function colourOf(layer, v) {
  if (layer === 'terrain') return v < TERRAIN_RGB.length ? TERRAIN_RGB[v] : OTHER_TERRAIN_RGB;
  if (v === 0) return BLOCKED_RGB;
  const hue = (v * 137.508) % 360;  // golden angle: neighbouring labels get distant hues
  return hslToRgb(hue / 360, 0.55, 0.6);
}

export function hslToRgb(h, s, l) {
  const f = (n) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

export function paintTile(layer, bytes) {
  const c = document.createElement('canvas');
  c.width = S.tileSize;
  c.height = S.tileSize;
  const c2 = c.getContext('2d');
  const img = c2.createImageData(S.tileSize, S.tileSize);
  const data = img.data;
  const lut = new Array(256);
  for (let i = 0; i < bytes.length; i++) {
    const v = bytes[i];
    const o = i * 4;
    if (v === OUTSIDE) { data[o + 3] = 0; continue; }
    const rgb = lut[v] || (lut[v] = colourOf(layer, v));
    data[o] = rgb[0]; data[o + 1] = rgb[1]; data[o + 2] = rgb[2]; data[o + 3] = 255;
  }
  c2.putImageData(img, 0, 0);
  return c;
}

export function requestTile(layer, level, tx, ty) {
  const key = tileKey(layer, level, tx, ty);
  const have = tiles.get(key);
  if (have) return have;
  const entry = { pending: true };
  tiles.set(key, entry);
  tileQueue.push({ key, layer, level, tx, ty, mapName: S.map.name });
  pumpTiles();
  return entry;
}

export function pumpTiles() {
  while (tileFetches < MAX_TILE_FETCHES && tileQueue.length > 0) {
    const job = tileQueue.pop();  // newest first: what the user looks at now
    if (!tiles.has(job.key)) continue;  // dropped by clearTiles
    tileFetches++;
    const url = '/view/tile?map=' + encodeURIComponent(job.mapName) + '&layer=' + job.layer + '&level=' + job.level
      + '&tx=' + job.tx + '&ty=' + job.ty;
    fetch(url, { headers: { Authorization: 'Bearer ' + S.token }, cache: 'no-store' })
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error('tile ' + r.status))))
      .then((buf) => {
        if (tiles.has(job.key)) {
          tiles.set(job.key, { canvas: paintTile(job.layer, new Uint8Array(buf)), used: performance.now() });
          S.dirty = true;
        }
      })
      .catch(() => { tiles.delete(job.key); })
      .finally(() => { tileFetches--; pumpTiles(); });
  }
  if (tiles.size > MAX_CACHED_TILES) evictTiles();
}

export function evictTiles() {
  const ready = [...tiles.entries()].filter(([, t]) => t.canvas).sort((a, b) => a[1].used - b[1].used);
  for (let i = 0; i < ready.length && tiles.size > MAX_CACHED_TILES * 0.75; i++) tiles.delete(ready[i][0]);
}

export function levelForScale() {
  // One tile pixel should be about one screen pixel: cells per screen pixel = 1 / scale.
  const want = Math.floor(Math.log2(Math.max(1, 1 / view.scale)));
  return Math.max(0, Math.min((S.map.levels || 1) - 1, want));
}

export function drawTiles() {
  const layer = layerName();
  const level = levelForScale();
  const cellsPerTile = S.tileSize * Math.pow(2, level);
  const w = canvas.clientWidth, h = canvas.clientHeight;
  // Visible grid window (cell edges at i ± 0.5), clamped to the map.
  const gx0 = Math.max(-0.5, toGridX(0)), gx1 = Math.min(S.map.width - 0.5, toGridX(w));
  const gy0 = Math.max(-0.5, toGridY(0)), gy1 = Math.min(S.map.height - 0.5, toGridY(h));
  if (gx1 <= gx0 || gy1 <= gy0) return;
  const tx0 = Math.floor((gx0 + 0.5) / cellsPerTile), tx1 = Math.floor((gx1 + 0.5 - 1e-9) / cellsPerTile);
  const ty0 = Math.floor((gy0 + 0.5) / cellsPerTile), ty1 = Math.floor((gy1 + 0.5 - 1e-9) / cellsPerTile);
  ctx.imageSmoothingEnabled = false;
  const size = cellsPerTile * view.scale;
  for (let ty = ty0; ty <= ty1; ty++) {
    for (let tx = tx0; tx <= tx1; tx++) {
      const sx = toScreenX(tx * cellsPerTile - 0.5), sy = toScreenY(ty * cellsPerTile - 0.5);
      const t = requestTile(layer, level, tx, ty);
      if (t.canvas) {
        t.used = performance.now();
        ctx.drawImage(t.canvas, sx, sy, size, size);
        S.tilesDrawn++;
      } else {
        drawFallback(layer, level, tx, ty, sx, sy, size);
      }
    }
  }
}

// While a tile loads, draw the part of a coarser cached tile that covers it.
export function drawFallback(layer, level, tx, ty, sx, sy, size) {
  const levels = S.map.levels || 1;
  for (let up = level + 1; up < levels; up++) {
    const k = up - level;
    const ptx = tx >> k, pty = ty >> k;
    const parent = tiles.get(tileKey(layer, up, ptx, pty));
    if (parent && parent.canvas) {
      const part = S.tileSize >> k;
      const ox = (tx - (ptx << k)) * part, oy = (ty - (pty << k)) * part;
      ctx.drawImage(parent.canvas, ox, oy, part, part, sx, sy, size, size);
      return;
    }
  }
}
