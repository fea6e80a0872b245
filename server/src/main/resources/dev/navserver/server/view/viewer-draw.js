// navserver live viewer: drawing the watched map: tiles, edits, routes, paths, players, monsters, the selection. Contract: docs/viewer.md.
import {
  $, AGGRO_COLOUR, EDIT_HIGHLIGHT_SECONDS, HOME_COLOUR, LEASH_COLOUR, MONSTER_RADIUS_METERS, PLAYER_COLOUR,
  PLAYER_RADIUS_METERS, ROUTE_COLOUR, S, STATE_COLOURS, canvas, ctx, gridX, gridY, toScreenX, toScreenY, view, world,
} from './viewer-state.js';
import { drawTiles } from './viewer-tiles.js';

export function resize() {
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth, h = canvas.clientHeight;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    S.dirty = true;
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
}

export function draw() {
  requestAnimationFrame(draw);
  resize();
  if (!S.dirty || !S.map) return;
  S.dirty = false;
  const w = canvas.clientWidth, h = canvas.clientHeight;
  ctx.fillStyle = '#111316';
  ctx.fillRect(0, 0, w, h);
  drawTiles();
  drawEdits();
  const metresToPx = view.scale / S.map.cellSize;
  S.routesDrawn = 0;
  if ($('routes').checked) drawRoutes();
  if ($('paths').checked) drawPaths(w, h);
  drawPlayers(metresToPx, w, h);
  drawMonsters(metresToPx, w, h);
  drawSelection(metresToPx);
}

export function visible(sx, sy, w, h, margin) {
  return sx >= -margin && sy >= -margin && sx <= w + margin && sy <= h + margin;
}

export function drawEdits() {
  const now = world.time;
  for (const e of world.edits) {
    const age = now - (e.time || 0);
    if (age > EDIT_HIGHLIGHT_SECONDS) continue;
    const [c, r, cw, ch] = e.cells;
    const alpha = 1 - Math.max(0, age) / EDIT_HIGHLIGHT_SECONDS;
    ctx.strokeStyle = 'rgba(255, 220, 0, ' + alpha.toFixed(2) + ')';
    ctx.fillStyle = 'rgba(255, 220, 0, ' + (alpha * 0.25).toFixed(2) + ')';
    const x = toScreenX(c - 0.5), y = toScreenY(r - 0.5);
    ctx.fillRect(x, y, cw * view.scale, ch * view.scale);
    ctx.lineWidth = 2;
    ctx.strokeRect(x, y, cw * view.scale, ch * view.scale);
  }
}

export function strokePath(pts) {
  ctx.beginPath();
  for (let i = 0; i < pts.length; i++) {
    const sx = toScreenX(gridX(pts[i][0])), sy = toScreenY(gridY(pts[i][2]));
    if (i === 0) ctx.moveTo(sx, sy); else ctx.lineTo(sx, sy);
  }
  ctx.stroke();
}

// A route: its polyline (closed for loop), dashed for pingpong, an arrow at each segment's middle in the walking
// direction (both ways for pingpong), a dot per point and, when zoomed in, its name and mode at its first point.
export function strokeRoute(r, width, colour) {
  const pts = r.points;
  if (!pts || pts.length < 2) return;
  const sx = (p) => toScreenX(gridX(p[0])), sy = (p) => toScreenY(gridY(p[1]));
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(r.mode === 'pingpong' ? [10, 5] : []);
  ctx.beginPath();
  for (let i = 0; i < pts.length; i++) {
    if (i === 0) ctx.moveTo(sx(pts[i]), sy(pts[i])); else ctx.lineTo(sx(pts[i]), sy(pts[i]));
  }
  if (r.mode === 'loop') ctx.closePath();
  ctx.stroke();
  ctx.setLineDash([]);
  const segments = r.mode === 'loop' ? pts.length : pts.length - 1;
  for (let i = 0; i < segments; i++) {
    const a = pts[i], b = pts[(i + 1) % pts.length];
    const ax = sx(a), ay = sy(a), bx = sx(b), by = sy(b);
    if (Math.hypot(bx - ax, by - ay) < 24) continue;
    const mx = (ax + bx) / 2, my = (ay + by) / 2, angle = Math.atan2(by - ay, bx - ax);
    arrowHead(mx, my, angle, 4 + width * 2);
    if (r.mode === 'pingpong') arrowHead(mx, my, angle + Math.PI, 4 + width * 2);
  }
  for (const p of pts) {
    ctx.beginPath();
    ctx.arc(sx(p), sy(p), 1.5 + width, 0, Math.PI * 2);
    ctx.fill();
  }
  if (view.scale / S.map.cellSize >= 4) {
    ctx.font = '11px system-ui, sans-serif';
    ctx.fillText(r.name + ' (' + r.mode + (r.waitSeconds ? ', wait ' + r.waitSeconds + ' s' : '') + ')',
      sx(pts[0]) + 6, sy(pts[0]) - 6);
  }
  S.routesDrawn++;
}

export function arrowHead(x, y, angle, size) {
  ctx.beginPath();
  ctx.moveTo(x + Math.cos(angle) * size, y + Math.sin(angle) * size);
  ctx.lineTo(x + Math.cos(angle + 2.5) * size, y + Math.sin(angle + 2.5) * size);
  ctx.lineTo(x + Math.cos(angle - 2.5) * size, y + Math.sin(angle - 2.5) * size);
  ctx.closePath();
  ctx.fill();
}

export function drawRoutes() {
  for (const r of world.routes.values()) strokeRoute(r, 2, ROUTE_COLOUR);
}

// The part of a path still ahead of the monster: from its position through the points after the segment it is
// nearest to. Monsters under local navigation walk straight and have no path ahead.
export function remainingPath(m, pts) {
  if (!m || pts.length < 2) return pts;
  let best = 0, bestD = Infinity;
  for (let i = 0; i + 1 < pts.length; i++) {
    const d = segmentDistance2(m.x, m.z, pts[i][0], pts[i][2], pts[i + 1][0], pts[i + 1][2]);
    if (d < bestD) { bestD = d; best = i; }
  }
  const out = [[m.x, 0, m.z]];
  for (let i = best + 1; i < pts.length; i++) out.push(pts[i]);
  return out;
}

export function segmentDistance2(px, pz, ax, az, bx, bz) {
  const dx = bx - ax, dz = bz - az;
  const len2 = dx * dx + dz * dz;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (pz - az) * dz) / len2)) : 0;
  const ex = ax + t * dx - px, ez = az + t * dz - pz;
  return ex * ex + ez * ez;
}

export function drawPaths() {
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(255, 140, 60, 0.6)';
  const many = world.paths.size > 2000;
  let n = 0;
  for (const [id, pts] of world.paths) {
    if (id === S.selected) continue;
    const m = world.monsters.get(id);
    if (m && m.state === 'local' && m.detail !== 'LOCAL_PATH') continue;
    if (many && (n++ & 3) !== 0) continue;  // thin out a dense crowd; the selected path is always drawn
    strokePath(remainingPath(m, pts));
  }
}

export function drawPlayers(metresToPx, w, h) {
  const localNav = world.settings.localNavDistanceMeters;
  ctx.font = '11px system-ui, sans-serif';
  for (const p of world.players.values()) {
    const sx = toScreenX(gridX(p.x)), sy = toScreenY(gridY(p.z));
    const rNav = (localNav || 0) * metresToPx;
    if (!visible(sx, sy, w, h, rNav + 10)) continue;
    if (localNav) {
      ctx.setLineDash([4, 4]);
      ctx.strokeStyle = 'rgba(47, 140, 255, 0.7)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.arc(sx, sy, rNav, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.fillStyle = PLAYER_COLOUR;
    ctx.beginPath();
    const r = Math.max(4, PLAYER_RADIUS_METERS * metresToPx);
    ctx.arc(sx, sy, r, 0, Math.PI * 2);
    ctx.fill();
    if (p.name && metresToPx >= 6) ctx.fillText(p.name, sx + r + 3, sy + r + 10);
  }
}

// A monster's disc: its kind's body radius, at least 3 px.
export function monsterRadiusPx(metresToPx, m) {
  const body = m && m.radiusMeters > 0 ? m.radiusMeters : MONSTER_RADIUS_METERS;
  return Math.max(3, body * metresToPx);
}

export function drawMonsters(metresToPx, w, h) {
  for (const m of world.monsters.values()) {
    const r = monsterRadiusPx(metresToPx, m);
    const sx = toScreenX(gridX(m.x)), sy = toScreenY(gridY(m.z));
    if (!visible(sx, sy, w, h, r)) continue;
    ctx.fillStyle = STATE_COLOURS[m.state] || '#ffffff';
    ctx.beginPath();
    ctx.arc(sx, sy, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

export function circle(x, z, radiusMeters, metresToPx, colour, width) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(toScreenX(gridX(x)), toScreenY(gridY(z)), radiusMeters * metresToPx, 0, Math.PI * 2);
  ctx.stroke();
}

export function playerNamed(name) {
  for (const p of world.players.values()) if (p.name === name) return p;
  return null;
}

// The selected monster: its patrol route (bold), its home (a square, a thin line to it), its wander area and
// leash around home, its aggro radius around itself, a line to its target, its path, a ring.
export function drawSelection(metresToPx) {
  if (!S.selected) return;
  const m = world.monsters.get(S.selected);
  if (!m) return;
  const patrol = m.route && world.routes.get(m.route);
  if (patrol) strokeRoute(patrol, 4, ROUTE_COLOUR);
  const sx = toScreenX(gridX(m.x)), sy = toScreenY(gridY(m.z));
  if (m.home) {
    const [hx, hz] = m.home;
    if (m.wanderRadiusMeters > 0) {
      ctx.setLineDash([6, 4]);
      circle(hx, hz, m.wanderRadiusMeters, metresToPx, STATE_COLOURS.wander, 1.5);
      ctx.setLineDash([]);
    }
    if (m.leashRadiusMeters > 0) circle(hx, hz, m.leashRadiusMeters, metresToPx, LEASH_COLOUR, 2);
    const hsx = toScreenX(gridX(hx)), hsy = toScreenY(gridY(hz));
    ctx.strokeStyle = HOME_COLOUR;
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(sx, sy);
    ctx.lineTo(hsx, hsy);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.lineWidth = 2;
    ctx.strokeRect(hsx - 5, hsy - 5, 10, 10);
  }
  if (m.aggroRadiusMeters > 0) circle(m.x, m.z, m.aggroRadiusMeters, metresToPx, AGGRO_COLOUR, 2);
  const target = m.target && playerNamed(m.target);
  if (target) {
    ctx.strokeStyle = AGGRO_COLOUR;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(sx, sy);
    ctx.lineTo(toScreenX(gridX(target.x)), toScreenY(gridY(target.z)));
    ctx.stroke();
  }
  const pts = world.paths.get(S.selected);
  if (pts) {
    // The whole adopted path, faint, and the part still ahead, bold.
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = 'rgba(255, 225, 77, 0.4)';
    strokePath(pts);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = '#ffe14d';
    strokePath(remainingPath(m, pts));
  }
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(sx, sy, monsterRadiusPx(metresToPx, m) + 4, 0, Math.PI * 2);
  ctx.stroke();
}
