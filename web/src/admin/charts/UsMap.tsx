import { useMemo } from 'react';
import { type LatLon, MAP_VIEW, projectLatLon, usMapShapes } from './us-map';
import './charts.css';

interface Props {
  /** Order locations, latitude first (SPEC §3). Points outside the US are left out. */
  points: readonly LatLon[];
  /** In screen pixels whatever the map's size (SPEC §9: 8 for the order map). */
  markerRadius?: number;
  /** data-testid of the map; each marker gets `${testId}-marker`. */
  testId?: string;
  label?: string;
}

/**
 * The US states in Albers projection with a marker per point, drawn as SVG from offline geometry (no map
 * tiles). Reused by the analytics map, which passes every order's location.
 */
export default function UsMap({
  points,
  markerRadius = 8,
  testId = 'us-map',
  label = 'Map of the United States',
}: Props) {
  const shapes = usMapShapes();
  const markers = useMemo(() => points.map(projectLatLon).filter((p): p is [number, number] => p !== null), [points]);
  return (
    <div
      className="us-map"
      style={{ aspectRatio: `${MAP_VIEW.width} / ${MAP_VIEW.height}` }}
      data-testid={testId}
      role="img"
      aria-label={label}
    >
      <svg
        className="us-map-states"
        viewBox={`${MAP_VIEW.x} ${MAP_VIEW.y} ${MAP_VIEW.width} ${MAP_VIEW.height}`}
        aria-hidden="true"
      >
        <g className="us-map-state-fills">
          {shapes.states.map((state) => (
            <path key={state.id} d={state.d}>
              <title>{state.name}</title>
            </path>
          ))}
        </g>
        <path className="us-map-borders" d={shapes.borders} />
        <path className="us-map-nation" d={shapes.nation} />
      </svg>
      {/*
        Markers sit in a second SVG without a viewBox: positions are percentages of the map, radii stay in
        screen pixels, so a marker keeps its size on a phone where the map itself shrinks to a third.
      */}
      <svg className="us-map-markers" aria-hidden="true">
        {markers.map(([x, y], index) => (
          <circle
            key={`${index}-${x}-${y}`}
            cx={`${((x - MAP_VIEW.x) / MAP_VIEW.width) * 100}%`}
            cy={`${((y - MAP_VIEW.y) / MAP_VIEW.height) * 100}%`}
            r={markerRadius}
            className="us-map-marker"
            data-testid={`${testId}-marker`}
          />
        ))}
      </svg>
    </div>
  );
}
