import { memo } from 'react';
import { formatReading } from '../gateway-display.ts';
import { polylinePoints } from '../sensor-groups.ts';

/** Section 9: mini-charts are 115 high. */
export const MINI_CHART_HEIGHT = 115;
const VIEW_WIDTH = 200;
const LABEL_HEIGHT = 18;

interface MiniChartProps {
  label: string;
  unit: string;
  values: readonly number[];
}

/**
 * One reading's recent values as a single SVG polyline (cheap: three elements per chart, so a screen of cards
 * stays small). The label carries the newest value.
 */
export const MiniChart = memo(function MiniChart({ label, unit, values }: MiniChartProps) {
  const latest = values.length > 0 ? formatReading(values[values.length - 1]) : '-';
  const plotHeight = MINI_CHART_HEIGHT - LABEL_HEIGHT;
  return (
    <figure
      aria-label={`${label} chart`}
      style={{ margin: 0, height: MINI_CHART_HEIGHT, minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <figcaption style={{ fontSize: 12, lineHeight: `${LABEL_HEIGHT}px`, whiteSpace: 'nowrap' }}>
        {`${label} ${latest} ${unit}`}
      </figcaption>
      <svg
        viewBox={`0 0 ${VIEW_WIDTH} ${plotHeight}`}
        preserveAspectRatio="none"
        width="100%"
        height={plotHeight}
        role="img"
        aria-label={`${label}: ${values.length} points`}
        style={{ background: 'rgba(0,0,0,0.03)', borderRadius: 4 }}
      >
        <polyline
          points={polylinePoints(values, VIEW_WIDTH, plotHeight)}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </figure>
  );
});
