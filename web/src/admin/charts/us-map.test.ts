import { geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesAlbers from 'us-atlas/states-albers-10m.json';
import { describe, expect, it } from 'vitest';
import { projectLatLon, usMapShapes } from './us-map';

// The outlines as us-atlas drew them; a marker projected with the wrong scale or offset misses its state.
const topology = statesAlbers as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
function boundsOf(name: string) {
  const state = feature(topology, topology.objects.states).features.find((f) => f.properties.name === name);
  if (!state) throw new Error(`no state ${name}`);
  return geoPath().bounds(state);
}

function expectInside(point: [number, number] | null, state: string) {
  expect(point).not.toBeNull();
  const [[x0, y0], [x1, y1]] = boundsOf(state);
  const [x, y] = point as [number, number];
  expect(x).toBeGreaterThan(x0);
  expect(x).toBeLessThan(x1);
  expect(y).toBeGreaterThan(y0);
  expect(y).toBeLessThan(y1);
}

describe('projectLatLon', () => {
  it('when the point is Manhattan (40.75, -73.99), then it lands inside New York', () => {
    expectInside(projectLatLon([40.75, -73.99]), 'New York');
  });

  it('when the point is Los Angeles (34.05, -118.24), then it lands inside California, on the left half', () => {
    const point = projectLatLon([34.05, -118.24]);
    expectInside(point, 'California');
    expect((point as [number, number])[0]).toBeLessThan(487.5);
  });

  it('when the point is Honolulu (21.31, -157.86), then it lands inside the Hawaii inset', () => {
    expectInside(projectLatLon([21.31, -157.86]), 'Hawaii');
  });

  it('when the point is outside the US (Rome 41.9, 12.5), then there is no place for it', () => {
    expect(projectLatLon([41.9, 12.5])).toBeNull();
  });

  it('when the coordinates are missing or not numbers, then there is no place for them', () => {
    expect(projectLatLon(null)).toBeNull();
    expect(projectLatLon([Number.NaN, -74])).toBeNull();
    expect(projectLatLon([95, -74])).toBeNull();
  });
});

describe('usMapShapes', () => {
  it('when the shapes are built, then all 50 states and DC are drawn and borders exist', () => {
    const shapes = usMapShapes();
    const names = shapes.states.map((s) => s.name);
    expect(names).toContain('New York');
    expect(names).toContain('District of Columbia');
    expect(shapes.states.filter((s) => s.d.startsWith('M')).length).toBeGreaterThanOrEqual(51);
    expect(shapes.borders.startsWith('M')).toBe(true);
  });
});
