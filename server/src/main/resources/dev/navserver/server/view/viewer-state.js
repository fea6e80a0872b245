// navserver live viewer: constants, shared state and grid/screen coordinates. Contract: docs/viewer.md.
export const TILE = 256;
export const OUTSIDE = 255;
export const MAX_TILE_FETCHES = 6;
export const MAX_CACHED_TILES = 512;
export const EDIT_HIGHLIGHT_SECONDS = 30;
// Wire states (docs/protocol.md "Shared world"); keep in step with the legend in index.html and viewer.css.
export const STATE_COLOURS = {
  chase: '#ff5a36', local: '#31c48d', idle: '#a0a0a0', unreachable: '#c050ff', wander: '#c8b560',
  patrol: '#4fb3d9', move_to: '#ff9f1c', follow: '#ffd700', flee: '#ff69b4', return_home: '#d2691e',
};
export const PLAYER_COLOUR = '#2f8cff';
export const ROUTE_COLOUR = '#00e5ff';
export const AGGRO_COLOUR = '#ff2d2d';
export const LEASH_COLOUR = '#ffb000';
export const HOME_COLOUR = '#ffffff';
export const MONSTER_RADIUS_METERS = 0.4;
export const PLAYER_RADIUS_METERS = 0.5;
// Terrain codes 0..15 (docs/viewer.md): open, wall, trees, water, swamp, hill, then unnamed codes.
export const TERRAIN_RGB = [
  [232, 228, 216], [59, 59, 59], [91, 140, 74], [74, 127, 181], [122, 122, 74], [181, 154, 106],
];
export const OTHER_TERRAIN_RGB = [150, 150, 150];
export const BLOCKED_RGB = [59, 59, 59];

export const $ = (id) => document.getElementById(id);
export const canvas = $('canvas');
export const ctx = canvas.getContext('2d');

// ---- state ---------------------------------------------------------------------------------------------------
// What several modules read and write: the token (never sent but as a bearer header), the maps from hello, the
// watched map's meta, the selection, the redraw flag and counters for the test hooks.
export const S = {
  token: null,
  maps: [],                 // from hello
  map: null,                // the watched map's meta (from hello)
  tileSize: TILE,
  selected: null,
  dirty: true,
  framesReceived: 0,
  tilesDrawn: 0,
  routesDrawn: 0,           // routes stroked by the last redraw
};
export const world = {      // the watched map's live state, rebuilt by full, patched by delta
  version: 0, frame: 0, time: 0, settings: {}, stats: {},
  players: new Map(), monsters: new Map(), paths: new Map(), routes: new Map(), edits: [],
};
export const view = { cx: 0, cy: 0, scale: 8, fitted: false };  // centre in grid units (cells), pixels per cell

// ---- coordinates -----------------------------------------------------------------------------------------------
// Grid units: column/row with cell centres at integers (row grows toward -z), as the server's WorldTransform.
export function gridX(x) { return (x - S.map.originX) / S.map.cellSize; }
export function gridY(z) { return (S.map.originZ - z) / S.map.cellSize; }
export function toScreenX(gx) { return (gx - view.cx) * view.scale + canvas.clientWidth / 2; }
export function toScreenY(gy) { return (gy - view.cy) * view.scale + canvas.clientHeight / 2; }
export function toGridX(sx) { return (sx - canvas.clientWidth / 2) / view.scale + view.cx; }
export function toGridY(sy) { return (sy - canvas.clientHeight / 2) / view.scale + view.cy; }

export function fit() {
  if (!S.map) return;
  const w = canvas.clientWidth, h = canvas.clientHeight;
  if (w === 0 || h === 0) return;
  view.scale = Math.min(w / S.map.width, h / S.map.height) * 0.95;
  view.cx = (S.map.width - 1) / 2;
  view.cy = (S.map.height - 1) / 2;
  view.fitted = true;
  S.dirty = true;
}
