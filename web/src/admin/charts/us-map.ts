/**
 * The US map's geometry (SPEC §9 "Order map: US Albers projection"), offline: us-atlas ships the states
 * already projected with d3's geoAlbersUsa at scale 1300 on a 975 × 610 canvas, so the outlines are drawn
 * as they are and only the markers go through the same projection at run time.
 */
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesAlbers from 'us-atlas/states-albers-10m.json';

/** Latitude at index 0 and longitude at index 1, as orders store their coordinates (SPEC §3). */
export type LatLon = readonly [number, number];

/** us-atlas's canvas; the projection below centres on it. */
const CANVAS_WIDTH = 975;
const CANVAS_HEIGHT = 610;

/**
 * The part of the canvas the map is drawn in: the Aleutians reach left of x = 0 (to −58), so a viewBox of
 * just the canvas would cut Alaska; the bounds come from the topology's bbox with a small margin.
 */
export const MAP_VIEW = { x: -60, y: 10, width: 1020, height: 600 } as const;

type StatesTopology = Topology<{
  states: GeometryCollection<{ name: string }>;
  nation: GeometryCollection;
}>;

const topology = statesAlbers as unknown as StatesTopology;

// The projection us-atlas used to build states-albers-10m; any other scale or offset puts markers off-map.
const albersUsa = geoAlbersUsa()
  .scale(1300)
  .translate([CANVAS_WIDTH / 2, CANVAS_HEIGHT / 2]);

/**
 * Where a [lat, lon] lands on the 975 × 610 canvas, or null for a point outside the lower 48, Alaska and Hawaii
 * (geoAlbersUsa has no place for it) or not a pair of numbers.
 */
export function projectLatLon(point: LatLon | null | undefined): [number, number] | null {
  if (!point || point.length !== 2) return null;
  const [lat, lon] = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return albersUsa([lon, lat]);
}

export interface StateShape {
  id: string;
  name: string;
  /** SVG path data on the 975 × 610 canvas. */
  d: string;
}

let cache: { states: StateShape[]; borders: string; nation: string } | null = null;

/** State outlines and the inner borders as SVG paths; built once, on first use. */
export function usMapShapes() {
  if (cache) return cache;
  // The geometry is already projected: an identity path draws it as it is.
  const path = geoPath();
  const states = feature(topology, topology.objects.states).features.map((state) => ({
    id: String(state.id),
    name: state.properties.name,
    d: path(state) ?? '',
  }));
  const borders = path(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? '';
  const nation = path(feature(topology, topology.objects.nation)) ?? '';
  cache = { states, borders, nation };
  return cache;
}
