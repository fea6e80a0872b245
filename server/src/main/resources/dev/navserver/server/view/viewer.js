// navserver live viewer. Contract: docs/viewer.md. No dependencies, no network requests but /view/tile and /view/ws.
'use strict';
(function () {
  const TILE = 256;
  const OUTSIDE = 255;
  const MAX_TILE_FETCHES = 6;
  const MAX_CACHED_TILES = 512;
  const EDIT_HIGHLIGHT_SECONDS = 30;
  // Wire states (docs/protocol.md "Shared world"); keep in step with the legend in index.html and viewer.css.
  const STATE_COLOURS = {
    chase: '#ff5a36', local: '#31c48d', idle: '#a0a0a0', unreachable: '#c050ff', wander: '#c8b560',
    patrol: '#4fb3d9', move_to: '#ff9f1c', follow: '#ffd700', flee: '#ff69b4', return_home: '#d2691e',
  };
  const PLAYER_COLOUR = '#2f8cff';
  const ROUTE_COLOUR = '#00e5ff';
  const AGGRO_COLOUR = '#ff2d2d';
  const LEASH_COLOUR = '#ffb000';
  const HOME_COLOUR = '#ffffff';
  const MONSTER_RADIUS_METERS = 0.4;
  const PLAYER_RADIUS_METERS = 0.5;
  // Terrain codes 0..15 (docs/viewer.md): open, wall, trees, water, swamp, hill, then unnamed codes.
  const TERRAIN_RGB = [
    [232, 228, 216], [59, 59, 59], [91, 140, 74], [74, 127, 181], [122, 122, 74], [181, 154, 106],
  ];
  const OTHER_TERRAIN_RGB = [150, 150, 150];
  const BLOCKED_RGB = [59, 59, 59];

  const $ = (id) => document.getElementById(id);
  const canvas = $('canvas');
  const ctx = canvas.getContext('2d');

  // ---- state ---------------------------------------------------------------------------------------------------
  let token = null;
  let socket = null;
  let everOpened = false;
  let maps = [];            // from hello
  let map = null;           // the watched map's meta (from hello)
  let tileSize = TILE;
  const world = {           // the watched map's live state, rebuilt by full, patched by delta
    version: 0, frame: 0, time: 0, settings: {}, stats: {},
    players: new Map(), monsters: new Map(), paths: new Map(), routes: new Map(), edits: [],
  };
  const view = { cx: 0, cy: 0, scale: 8, fitted: false };  // centre in grid units (cells), pixels per cell
  let selected = null;
  let dirty = true;
  let framesReceived = 0;
  const tiles = new Map();  // key -> {canvas, used} | {pending:true}
  let tileFetches = 0;
  const tileQueue = [];
  let tilesDrawn = 0;
  let routesDrawn = 0;      // routes stroked by the last redraw

  // ---- token: from the URL fragment, never sent to the server ----------------------------------------------------
  function readFragment() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ''));
    const t = params.get('token');
    const wanted = params.get('map');
    if (location.hash) {
      history.replaceState(null, '', location.pathname + location.search);
    }
    return { token: t, map: wanted };
  }

  function base64url(text) {
    const bytes = new TextEncoder().encode(text);
    let bin = '';
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function askToken(message) {
    $('login').hidden = false;
    $('login-error').textContent = message || '';
    $('token').focus();
  }

  $('login').addEventListener('submit', (e) => {
    e.preventDefault();
    const t = $('token').value.trim();
    if (!t) return;
    token = t;
    $('token').value = '';
    $('login').hidden = true;
    connect();
  });

  // ---- connection ------------------------------------------------------------------------------------------------
  let wantedMap = null;
  let socketWatching = null;  // the socket a watch was sent on: a later hello on it is a map-version refresh
  let retryMs = 1000;

  function setConn(text, cls) {
    const el = $('conn');
    el.textContent = text;
    el.className = 'conn ' + (cls || '');
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    everOpened = false;
    setConn('connecting…');
    socket = new WebSocket(scheme + location.host + '/view/ws', ['navserver.view.v1', 'bearer.' + base64url(token)]);
    socket.onopen = () => { everOpened = true; retryMs = 1000; setConn('live', 'ok'); };
    socket.onmessage = (ev) => onMessage(JSON.parse(ev.data));
    socket.onclose = () => {
      if (!everOpened) {
        // Refused at the handshake: wrong token, viewer disabled or too many viewers. Browsers do not expose the
        // HTTP status, so ask again rather than retry forever with a bad token.
        setConn('refused', 'bad');
        token = null;
        askToken('The server refused the connection: wrong token, viewer disabled or too many viewers.');
        return;
      }
      setConn('reconnecting…', 'bad');
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 10000);
    };
  }

  function send(obj) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
  }

  function onMessage(msg) {
    switch (msg.type) {
      case 'hello': onHello(msg); break;
      case 'full': onFull(msg); break;
      case 'delta': onDelta(msg); break;
      case 'error': setConn('error: ' + msg.code + ' ' + msg.message, 'bad'); break;
      default: break;
    }
  }

  function onHello(msg) {
    maps = msg.maps || [];
    tileSize = msg.tileSize || TILE;
    const select = $('map');
    select.textContent = '';
    for (const m of maps) {
      const opt = document.createElement('option');
      opt.value = m.name;
      opt.textContent = m.name + ' (' + m.width + '×' + m.height + ')';
      select.appendChild(opt);
    }
    const current = map && maps.find((m) => m.name === map.name);
    if (current && socketWatching === socket) {
      // Sent again before the full of a new map version: take the new size, origin and levels.
      if (current.width !== map.width || current.height !== map.height || current.cellSize !== map.cellSize
        || current.originX !== map.originX || current.originZ !== map.originZ) {
        view.fitted = false;
      }
      map = Object.assign({}, current);
      clearTiles();
      return;
    }
    const keep = (wantedMap && maps.find((m) => m.name === wantedMap)) || current;
    const pick = keep || maps[0];
    if (pick) watch(pick.name);
  }

  function watch(name) {
    const meta = maps.find((m) => m.name === name);
    if (!meta) return;
    if (!map || map.name !== name) {
      map = Object.assign({}, meta);
      view.fitted = false;
      selected = null;
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
  function onFull(msg) {
    if (!map || msg.map !== map.name) return;
    framesReceived++;
    if (msg.version !== world.version) clearTiles();
    world.version = msg.version;
    map.version = msg.version;
    world.settings = msg.settings || {};
    world.players = new Map((msg.players || []).map((p) => [p.id, p]));
    world.monsters = new Map((msg.monsters || []).map((m) => [m.id, m]));
    world.paths = new Map(Object.entries(msg.paths || {}));
    world.routes = new Map((msg.routes || []).map((r) => [r.name, r]));
    world.edits = (msg.edits || []).slice();
    common(msg);
  }

  function onDelta(msg) {
    if (!map || msg.map !== map.name) return;
    framesReceived++;
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

  function common(msg) {
    world.frame = msg.frame;
    world.time = msg.time;
    world.stats = msg.stats || {};
    if (!view.fitted) fit();
    updateStrip();
    if (selected) showDetails(selected);
    dirty = true;
  }

  function fmt(v, digits) {
    if (v === null || v === undefined) return '–';
    return typeof v === 'number' ? v.toFixed(digits === undefined ? 1 : digits) : String(v);
  }

  function updateStrip() {
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

  // ---- coordinates -----------------------------------------------------------------------------------------------
  // Grid units: column/row with cell centres at integers (row grows toward -z), as the server's WorldTransform.
  function gridX(x) { return (x - map.originX) / map.cellSize; }
  function gridY(z) { return (map.originZ - z) / map.cellSize; }
  function toScreenX(gx) { return (gx - view.cx) * view.scale + canvas.clientWidth / 2; }
  function toScreenY(gy) { return (gy - view.cy) * view.scale + canvas.clientHeight / 2; }
  function toGridX(sx) { return (sx - canvas.clientWidth / 2) / view.scale + view.cx; }
  function toGridY(sy) { return (sy - canvas.clientHeight / 2) / view.scale + view.cy; }

  function fit() {
    if (!map) return;
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (w === 0 || h === 0) return;
    view.scale = Math.min(w / map.width, h / map.height) * 0.95;
    view.cx = (map.width - 1) / 2;
    view.cy = (map.height - 1) / 2;
    view.fitted = true;
    dirty = true;
  }

  $('fit').addEventListener('click', fit);
  window.addEventListener('keydown', (e) => {
    if (e.key === 'f' || e.key === 'F') { if (e.target.tagName !== 'INPUT') fit(); }
  });

  // ---- tiles -----------------------------------------------------------------------------------------------------
  function layerName() { return $('islands').checked ? 'islands' : 'terrain'; }

  function clearTiles() {
    tiles.clear();
    tileQueue.length = 0;
    dirty = true;
  }

  function tileKey(layer, level, tx, ty) {
    return map.name + '|' + world.version + '|' + layer + '|' + level + '|' + tx + '|' + ty;
  }

  function colourOf(layer, v) {
    if (layer === 'terrain') return v < TERRAIN_RGB.length ? TERRAIN_RGB[v] : OTHER_TERRAIN_RGB;
    if (v === 0) return BLOCKED_RGB;
    const hue = (v * 137.508) % 360;  // golden angle: neighbouring labels get distant hues
    return hslToRgb(hue / 360, 0.55, 0.6);
  }

  function hslToRgb(h, s, l) {
    const f = (n) => {
      const k = (n + h * 12) % 12;
      const a = s * Math.min(l, 1 - l);
      return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
    };
    return [f(0), f(8), f(4)];
  }

  function paintTile(layer, bytes) {
    const c = document.createElement('canvas');
    c.width = tileSize;
    c.height = tileSize;
    const c2 = c.getContext('2d');
    const img = c2.createImageData(tileSize, tileSize);
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

  function requestTile(layer, level, tx, ty) {
    const key = tileKey(layer, level, tx, ty);
    const have = tiles.get(key);
    if (have) return have;
    const entry = { pending: true };
    tiles.set(key, entry);
    tileQueue.push({ key, layer, level, tx, ty, mapName: map.name });
    pumpTiles();
    return entry;
  }

  function pumpTiles() {
    while (tileFetches < MAX_TILE_FETCHES && tileQueue.length > 0) {
      const job = tileQueue.pop();  // newest first: what the user looks at now
      if (!tiles.has(job.key)) continue;  // dropped by clearTiles
      tileFetches++;
      const url = '/view/tile?map=' + encodeURIComponent(job.mapName) + '&layer=' + job.layer + '&level=' + job.level
        + '&tx=' + job.tx + '&ty=' + job.ty;
      fetch(url, { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' })
        .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error('tile ' + r.status))))
        .then((buf) => {
          if (tiles.has(job.key)) {
            tiles.set(job.key, { canvas: paintTile(job.layer, new Uint8Array(buf)), used: performance.now() });
            dirty = true;
          }
        })
        .catch(() => { tiles.delete(job.key); })
        .finally(() => { tileFetches--; pumpTiles(); });
    }
    if (tiles.size > MAX_CACHED_TILES) evictTiles();
  }

  function evictTiles() {
    const ready = [...tiles.entries()].filter(([, t]) => t.canvas).sort((a, b) => a[1].used - b[1].used);
    for (let i = 0; i < ready.length && tiles.size > MAX_CACHED_TILES * 0.75; i++) tiles.delete(ready[i][0]);
  }

  function levelForScale() {
    // One tile pixel should be about one screen pixel: cells per screen pixel = 1 / scale.
    const want = Math.floor(Math.log2(Math.max(1, 1 / view.scale)));
    return Math.max(0, Math.min((map.levels || 1) - 1, want));
  }

  function drawTiles() {
    const layer = layerName();
    const level = levelForScale();
    const cellsPerTile = tileSize * Math.pow(2, level);
    const w = canvas.clientWidth, h = canvas.clientHeight;
    // Visible grid window (cell edges at i ± 0.5), clamped to the map.
    const gx0 = Math.max(-0.5, toGridX(0)), gx1 = Math.min(map.width - 0.5, toGridX(w));
    const gy0 = Math.max(-0.5, toGridY(0)), gy1 = Math.min(map.height - 0.5, toGridY(h));
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
          tilesDrawn++;
        } else {
          drawFallback(layer, level, tx, ty, sx, sy, size);
        }
      }
    }
  }

  // While a tile loads, draw the part of a coarser cached tile that covers it.
  function drawFallback(layer, level, tx, ty, sx, sy, size) {
    const levels = map.levels || 1;
    for (let up = level + 1; up < levels; up++) {
      const k = up - level;
      const ptx = tx >> k, pty = ty >> k;
      const parent = tiles.get(tileKey(layer, up, ptx, pty));
      if (parent && parent.canvas) {
        const part = tileSize >> k;
        const ox = (tx - (ptx << k)) * part, oy = (ty - (pty << k)) * part;
        ctx.drawImage(parent.canvas, ox, oy, part, part, sx, sy, size, size);
        return;
      }
    }
  }

  // ---- drawing ---------------------------------------------------------------------------------------------------
  function resize() {
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      dirty = true;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  function draw() {
    requestAnimationFrame(draw);
    resize();
    if (!dirty || !map) return;
    dirty = false;
    const w = canvas.clientWidth, h = canvas.clientHeight;
    ctx.fillStyle = '#111316';
    ctx.fillRect(0, 0, w, h);
    drawTiles();
    drawEdits();
    const metresToPx = view.scale / map.cellSize;
    routesDrawn = 0;
    if ($('routes').checked) drawRoutes();
    if ($('paths').checked) drawPaths(w, h);
    drawPlayers(metresToPx, w, h);
    drawMonsters(metresToPx, w, h);
    drawSelection(metresToPx);
  }

  function visible(sx, sy, w, h, margin) {
    return sx >= -margin && sy >= -margin && sx <= w + margin && sy <= h + margin;
  }

  function drawEdits() {
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

  function strokePath(pts) {
    ctx.beginPath();
    for (let i = 0; i < pts.length; i++) {
      const sx = toScreenX(gridX(pts[i][0])), sy = toScreenY(gridY(pts[i][2]));
      if (i === 0) ctx.moveTo(sx, sy); else ctx.lineTo(sx, sy);
    }
    ctx.stroke();
  }

  // A route: its polyline (closed for loop), dashed for pingpong, an arrow at each segment's middle in the walking
  // direction (both ways for pingpong), a dot per point and, when zoomed in, its name and mode at its first point.
  function strokeRoute(r, width, colour) {
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
    if (view.scale / map.cellSize >= 4) {
      ctx.font = '11px system-ui, sans-serif';
      ctx.fillText(r.name + ' (' + r.mode + (r.waitSeconds ? ', wait ' + r.waitSeconds + ' s' : '') + ')',
        sx(pts[0]) + 6, sy(pts[0]) - 6);
    }
    routesDrawn++;
  }

  function arrowHead(x, y, angle, size) {
    ctx.beginPath();
    ctx.moveTo(x + Math.cos(angle) * size, y + Math.sin(angle) * size);
    ctx.lineTo(x + Math.cos(angle + 2.5) * size, y + Math.sin(angle + 2.5) * size);
    ctx.lineTo(x + Math.cos(angle - 2.5) * size, y + Math.sin(angle - 2.5) * size);
    ctx.closePath();
    ctx.fill();
  }

  function drawRoutes() {
    for (const r of world.routes.values()) strokeRoute(r, 2, ROUTE_COLOUR);
  }

  // The part of a path still ahead of the monster: from its position through the points after the segment it is
  // nearest to. Monsters under local navigation walk straight and have no path ahead.
  function remainingPath(m, pts) {
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

  function segmentDistance2(px, pz, ax, az, bx, bz) {
    const dx = bx - ax, dz = bz - az;
    const len2 = dx * dx + dz * dz;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (pz - az) * dz) / len2)) : 0;
    const ex = ax + t * dx - px, ez = az + t * dz - pz;
    return ex * ex + ez * ez;
  }

  function drawPaths() {
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(255, 140, 60, 0.6)';
    const many = world.paths.size > 2000;
    let n = 0;
    for (const [id, pts] of world.paths) {
      if (id === selected) continue;
      const m = world.monsters.get(id);
      if (m && m.state === 'local' && m.detail !== 'LOCAL_PATH') continue;
      if (many && (n++ & 3) !== 0) continue;  // thin out a dense crowd; the selected path is always drawn
      strokePath(remainingPath(m, pts));
    }
  }

  function drawPlayers(metresToPx, w, h) {
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
  function monsterRadiusPx(metresToPx, m) {
    const body = m && m.radiusMeters > 0 ? m.radiusMeters : MONSTER_RADIUS_METERS;
    return Math.max(3, body * metresToPx);
  }

  function drawMonsters(metresToPx, w, h) {
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

  function circle(x, z, radiusMeters, metresToPx, colour, width) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.arc(toScreenX(gridX(x)), toScreenY(gridY(z)), radiusMeters * metresToPx, 0, Math.PI * 2);
    ctx.stroke();
  }

  function playerNamed(name) {
    for (const p of world.players.values()) if (p.name === name) return p;
    return null;
  }

  // The selected monster: its patrol route (bold), its home (a square, a thin line to it), its wander area and
  // leash around home, its aggro radius around itself, a line to its target, its path, a ring.
  function drawSelection(metresToPx) {
    if (!selected) return;
    const m = world.monsters.get(selected);
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
    const pts = world.paths.get(selected);
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

  // ---- interaction -----------------------------------------------------------------------------------------------
  let drag = null;
  canvas.addEventListener('mousedown', (e) => {
    drag = { x: e.clientX, y: e.clientY, cx: view.cx, cy: view.cy, moved: false };
    canvas.classList.add('dragging');
  });
  window.addEventListener('mousemove', (e) => {
    if (map) {
      const rect = canvas.getBoundingClientRect();
      const gx = toGridX(e.clientX - rect.left), gy = toGridY(e.clientY - rect.top);
      const x = map.originX + gx * map.cellSize, z = map.originZ - gy * map.cellSize;
      $('cursor').textContent = 'cell (' + Math.floor(gx + 0.5) + ', ' + Math.floor(gy + 0.5) + ')  world ('
        + x.toFixed(2) + ', ' + z.toFixed(2) + ')';
    }
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    view.cx = drag.cx - dx / view.scale;
    view.cy = drag.cy - dy / view.scale;
    dirty = true;
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
    dirty = true;
  }, { passive: false });

  function pick(sx, sy) {
    if (!map) return;
    let best = null, bestD = Infinity;
    for (const m of world.monsters.values()) {
      const limit = Math.max(8, monsterRadiusPx(view.scale / map.cellSize, m) + 2);
      const dx = toScreenX(gridX(m.x)) - sx, dy = toScreenY(gridY(m.z)) - sy;
      const d = dx * dx + dy * dy;
      if (d <= limit * limit && d <= bestD) { best = m.id; bestD = d; }
    }
    selected = best;
    if (best) showDetails(best); else $('details').hidden = true;
    dirty = true;
  }

  // The default behaviour: "idle", "wander 6.0 m" or "patrol lane_top" (marked when the route is not defined).
  function behaviourText(m) {
    let text = m.behaviour || '–';
    if (m.route) text += ' ' + m.route + (world.routes.has(m.route) ? '' : ' (no such route)');
    if (m.wanderRadiusMeters > 0) text += ' ' + m.wanderRadiusMeters.toFixed(1) + ' m';
    return text;
  }

  function showDetails(id) {
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

  $('d-close').addEventListener('click', () => { selected = null; $('details').hidden = true; dirty = true; });
  $('islands').addEventListener('change', () => { dirty = true; });
  $('paths').addEventListener('change', () => { dirty = true; });
  $('routes').addEventListener('change', () => { dirty = true; });
  window.addEventListener('resize', () => { dirty = true; });

  // ---- read-only hooks for tests and the console -----------------------------------------------------------------
  window.navView = {
    worldToScreen(x, z) { return map ? [toScreenX(gridX(x)), toScreenY(gridY(z))] : null; },
    cellToScreen(col, row) { return map ? [toScreenX(col), toScreenY(row)] : null; },
    monster(id) { return world.monsters.get(id) || null; },
    monsterIds() { return [...world.monsters.keys()]; },
    route(name) { return world.routes.get(name) || null; },
    routeNames() { return [...world.routes.keys()]; },
    stats() {
      return { framesReceived, tilesDrawn, routesDrawn, frame: world.frame, version: world.version,
        map: map && map.name, monsters: world.monsters.size, players: world.players.size, routes: world.routes.size,
        scale: view.scale };
    },
    select(id) { selected = id; showDetails(id); dirty = true; },
    watch,
  };

  // ---- start -----------------------------------------------------------------------------------------------------
  const frag = readFragment();
  wantedMap = frag.map;
  requestAnimationFrame(draw);
  if (frag.token) {
    token = frag.token;
    connect();
  } else {
    setConn('no token', 'bad');
    askToken('');
  }
})();
