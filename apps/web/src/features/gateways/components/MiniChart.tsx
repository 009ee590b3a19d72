import { useTheme } from '@mui/material';
import { memo } from 'react';
import { formatReading } from '../../../components/gateway-display.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { scaleLabel } from '../mini-chart-scale.ts';
import { polylinePoints } from '../sensor-groups.ts';

/** Section 9: mini-charts are 115 high. */
export const MINI_CHART_HEIGHT = 115;
const VIEW_WIDTH = 200;
const LABEL_HEIGHT = 18;
const SCALE_LABEL = {
  position: 'absolute',
  left: 3,
  fontSize: 10,
  lineHeight: '12px',
  color: 'inherit',
  pointerEvents: 'none',
} as const;

interface MiniChartProps {
  label: string;
  unit: string;
  values: readonly number[];
  /** The y range drawn (mini-chart-scale.ts), labelled at the plot's top and bottom. */
  scale: readonly [number, number];
  /** The figure's height: 115 px (section 9), or '100%' to share a card's height with other charts. */
  height?: number | string;
}

/**
 * One reading's recent values as a single SVG polyline (cheap: three elements per chart, so a screen of cards
 * stays small). The label carries the newest value.
 */
export const MiniChart = memo(function MiniChart({
  label,
  unit,
  values,
  scale,
  height = MINI_CHART_HEIGHT,
}: MiniChartProps) {
  const t = useT('gateways');
  const latest = values.length > 0 ? formatReading(values[values.length - 1]) : '-';
  const plotHeight = MINI_CHART_HEIGHT - LABEL_HEIGHT;
  const [low, high] = scale;
  const plotBackground = useTheme().vars.palette.action.hover;
  return (
    <figure
      aria-label={t('chart.label', { label })}
      data-scale={`${low}-${high}`}
      style={{ margin: 0, height, minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <figcaption style={{ fontSize: 12, lineHeight: `${LABEL_HEIGHT}px`, whiteSpace: 'nowrap' }}>
        {`${label} ${latest} ${unit}`}
      </figcaption>
      {/* The scale's ends as text over the plot's left edge: the line is read against them. */}
      <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <svg
          viewBox={`0 0 ${VIEW_WIDTH} ${plotHeight}`}
          preserveAspectRatio="none"
          width="100%"
          height="100%"
          role="img"
          aria-label={t('chart.points', { label, points: values.length, low, high, unit })}
          style={{ background: plotBackground, borderRadius: 4, display: 'block' }}
        >
          <polyline
            points={polylinePoints(values, VIEW_WIDTH, plotHeight, scale)}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <span aria-hidden style={{ ...SCALE_LABEL, top: 1 }}>
          {scaleLabel(high)}
        </span>
        <span aria-hidden style={{ ...SCALE_LABEL, bottom: 1 }}>
          {scaleLabel(low)}
        </span>
      </div>
    </figure>
  );
});
