// navserver live viewer: the token, the WebSocket, hello/watch and the full/delta frames. Contract: docs/viewer.md.
import { $, S, TILE, fit, view, world } from './viewer-state.js';
import { clearTiles } from './viewer-tiles.js';
import { fmt, showDetails } from './viewer-details.js';

// ---- token: from the URL fragment, never sent to the server ----------------------------------------------------
export function readFragment() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  const t = params.get('token');
  const wanted = params.get('map');
  if (location.hash) {
    history.replaceState(null, '', location.pathname + location.search);
  }
  return { token: t, map: wanted };
}

export function base64url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function askToken(message) {
  $('login').hidden = false;
  $('login-error').textContent = message || '';
  $('token').focus();
}

$('login').addEventListener('submit', (e) => {
  e.preventDefault();
  const t = $('token').value.trim();
  if (!t) return;
  S.token = t;
  $('token').value = '';
  $('login').hidden = true;
  connect();
});

// ---- connection ------------------------------------------------------------------------------------------------
let socket = null;
let everOpened = false;
let wantedMap = null;
let socketWatching = null;  // the socket a watch was sent on: a later hello on it is a map-version refresh
let retryMs = 1000;

/** The map to watch first (from the URL fragment), or null for the first one hello lists. */
export function wantMap(name) {
  wantedMap = name;
}

export function setConn(text, cls) {
  const el = $('conn');
  el.textContent = text;
  el.className = 'conn ' + (cls || '');
}

export function connect() {
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  everOpened = false;
  setConn('connecting…');
  socket = new WebSocket(scheme + location.host + '/view/ws', ['navserver.view.v1', 'bearer.' + base64url(S.token)]);
  socket.onopen = () => { everOpened = true; retryMs = 1000; setConn('live', 'ok'); };
  socket.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  socket.onclose = () => {
    if (!everOpened) {
      // Refused at the handshake: wrong token, viewer disabled or too many viewers. Browsers do not expose the
      // HTTP status, so ask again rather than retry forever with a bad token.
      setConn('refused', 'bad');
      S.token = null;
      askToken('The server refused the connection: wrong token, viewer disabled or too many viewers.');
      return;
    }
    setConn('reconnecting…', 'bad');
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 10000);
  };
}

export function send(obj) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
}

export function onMessage(msg) {
  switch (msg.type) {
    case 'hello': onHello(msg); break;
    case 'full': onFull(msg); break;
    case 'delta': onDelta(msg); break;
    case 'error': setConn('error: ' + msg.code + ' ' + msg.message, 'bad'); break;
    default: break;
  }
}

export function onHello(msg) {
  S.maps = msg.maps || [];
  S.tileSize = msg.tileSize || TILE;
  const select = $('map');
  select.textContent = '';
  for (const m of S.maps) {
    const opt = document.createElement('option');
    opt.value = m.name;
    opt.textContent = m.name + ' (' + m.width + '×' + m.height + ')';
    select.appendChild(opt);
  }
  const current = S.map && S.maps.find((m) => m.name === S.map.name);
  if (current && socketWatching === socket) {
    // Sent again before the full of a new map version: take the new size, origin and levels.
    if (current.width !== S.map.width || current.height !== S.map.height || current.cellSize !== S.map.cellSize
      || current.originX !== S.map.originX || current.originZ !== S.map.originZ) {
      view.fitted = false;
    }
    S.map = Object.assign({}, current);
    clearTiles();
    return;
  }
  const keep = (wantedMap && S.maps.find((m) => m.name === wantedMap)) || current;
  const pick = keep || S.maps[0];
  if (pick) watch(pick.name);
}

export function watch(name) {
  const meta = S.maps.find((m) => m.name === name);
  if (!meta) return;
  if (!S.map || S.map.name !== name) {
    S.map = Object.assign({}, meta);
    view.fitted = false;
    S.selected = null;
    $('details').hidden = true;
    clearTiles();
  }
  $('map').value = name;
  wantedMap = name;
  socketWatching = socket;
  send({ type: 'watch', map: name });
}

$('map').addEventListener('change', (e) => watch(e.target.value));

// ---- frames ----------------------------------------------------------------------------------------------------
export function onFull(msg) {
  if (!S.map || msg.map !== S.map.name) return;
  S.framesReceived++;
  if (msg.version !== world.version) clearTiles();
  world.version = msg.version;
  S.map.version = msg.version;
  world.settings = msg.settings || {};
  world.players = new Map((msg.players || []).map((p) => [p.id, p]));
  world.monsters = new Map((msg.monsters || []).map((m) => [m.id, m]));
  world.paths = new Map(Object.entries(msg.paths || {}));
  world.routes = new Map((msg.routes || []).map((r) => [r.name, r]));
  world.edits = (msg.edits || []).slice();
  common(msg);
}

export function onDelta(msg) {
  if (!S.map || msg.map !== S.map.name) return;
  S.framesReceived++;
  for (const p of msg.players || []) world.players.set(p.id, p);
  for (const id of msg.playersGone || []) world.players.delete(id);
  for (const [id, x, z] of msg.moved || []) {
    const m = world.monsters.get(id);
    if (m) { m.x = x; m.z = z; }
  }
  for (const m of msg.monsters || []) world.monsters.set(m.id, m);
  for (const id of msg.monstersGone || []) { world.monsters.delete(id); world.paths.delete(id); }
  for (const [id, pts] of Object.entries(msg.paths || {})) world.paths.set(id, pts);
  for (const id of msg.pathsGone || []) world.paths.delete(id);
  for (const r of msg.routes || []) world.routes.set(r.name, r);
  for (const name of msg.routesGone || []) world.routes.delete(name);
  for (const e of msg.edits || []) world.edits.push(e);
  if (world.edits.length > 64) world.edits.splice(0, world.edits.length - 64);
  common(msg);
}

export function common(msg) {
  world.frame = msg.frame;
  world.time = msg.time;
  world.stats = msg.stats || {};
  if (!view.fitted) fit();
  updateStrip();
  if (S.selected) showDetails(S.selected);
  S.dirty = true;
}

export function updateStrip() {
  const s = world.stats;
  $('s-tick').textContent = fmt(s.tickP99Ms, 2);
  $('s-plans').textContent = fmt(s.plansPerSecond, 1);
  $('s-navpaths').textContent = fmt(s.navPathsPerSecond, 1);
  $('s-sessions').textContent = fmt(s.sessions, 0);
  $('s-players').textContent = String(world.players.size);
  $('s-monsters').textContent = String(world.monsters.size);
  $('s-version').textContent = String(world.version);
  $('s-frame').textContent = String(world.frame);
}
