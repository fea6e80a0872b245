// navserver live viewer: picking a monster and its details panel. Contract: docs/viewer.md.
import { $, S, gridX, gridY, toScreenX, toScreenY, view, world } from './viewer-state.js';
import { monsterRadiusPx } from './viewer-draw.js';

export function fmt(v, digits) {
  if (v === null || v === undefined) return '–';
  return typeof v === 'number' ? v.toFixed(digits === undefined ? 1 : digits) : String(v);
}

export function pick(sx, sy) {
  if (!S.map) return;
  let best = null, bestD = Infinity;
  for (const m of world.monsters.values()) {
    const limit = Math.max(8, monsterRadiusPx(view.scale / S.map.cellSize, m) + 2);
    const dx = toScreenX(gridX(m.x)) - sx, dy = toScreenY(gridY(m.z)) - sy;
    const d = dx * dx + dy * dy;
    if (d <= limit * limit && d <= bestD) { best = m.id; bestD = d; }
  }
  S.selected = best;
  if (best) showDetails(best); else $('details').hidden = true;
  S.dirty = true;
}

// The default behaviour: "idle", "wander 6.0 m" or "patrol lane_top" (marked when the route is not defined).
export function behaviourText(m) {
  let text = m.behaviour || '–';
  if (m.route) text += ' ' + m.route + (world.routes.has(m.route) ? '' : ' (no such route)');
  if (m.wanderRadiusMeters > 0) text += ' ' + m.wanderRadiusMeters.toFixed(1) + ' m';
  return text;
}

export function showDetails(id) {
  const m = world.monsters.get(id);
  if (!m) { $('details').hidden = true; return; }
  $('details').hidden = false;
  $('d-title').textContent = 'monster ' + m.id;
  const metres = (v) => (v > 0 ? v.toFixed(1) + ' m' : 'none');
  const rows = [
    ['kind', m.kind || '–'],
    ['state', m.state + (m.detail ? ' (' + m.detail + ')' : '')],
    ['target', m.target || '–'],
    ['target session', m.player || '–'],
    ['behaviour', behaviourText(m)],
    ['position', m.x.toFixed(2) + ', ' + m.z.toFixed(2)],
    ['home', m.home ? m.home[0].toFixed(2) + ', ' + m.home[1].toFixed(2) : '–'],
    ['aggro radius', metres(m.aggroRadiusMeters)],
    ['leash radius', metres(m.leashRadiusMeters)],
    ['last plan', m.lastPlan === null || m.lastPlan === undefined ? 'never'
      : m.lastPlan.toFixed(2) + ' s (' + (world.time - m.lastPlan).toFixed(2) + ' s ago)'],
    ['playerSeq', fmt(m.playerSeq, 0)],
    ['path status', fmt(m.status)],
    ['expansions', fmt(m.expansions, 0)],
    ['map version', fmt(m.mapVersion, 0)],
    ['nav_path seq', fmt(m.pathSeq, 0)],
    ['path points', world.paths.has(id) ? String(world.paths.get(id).length) : '–'],
  ];
  const dl = $('d-list');
  const dds = dl.querySelectorAll('dd');
  if (dds.length === rows.length && rows.every(([k], i) => dds[i].dataset.key === k)) {
    // Same rows as shown: update the values in place (keeps a text selection, no layout churn at 10 Hz).
    rows.forEach(([, v], i) => { if (dds[i].textContent !== v) dds[i].textContent = v; });
    return;
  }
  dl.textContent = '';
  for (const [k, v] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    dd.dataset.key = k;
    dl.append(dt, dd);
  }
}
