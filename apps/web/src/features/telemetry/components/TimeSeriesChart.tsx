import { Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { currentLocale, useT } from '../../../lib/i18n/index.ts';
import { useSchemePalette } from '../../../lib/use-scheme-palette.ts';
import { extent, timeAxisRange, valueAxisRange } from '../chart-scales.ts';
import type { TimeRange } from '../intervals.ts';
import type { OfflineArea } from '../offline-areas.ts';

const TITLE_HEIGHT = 28;
const OFFLINE_FILL = 'rgba(128, 128, 128, 0.25)';

export interface TimeSeriesChartProps {
  /** Chart title with its unit, e.g. 'CO2 (ppm)'; also the figure's accessible name. */
  title: string;
  times: readonly number[];
  values: readonly (number | null)[];
  range: TimeRange;
  /** Grey offline areas (empty when Portal Configuration has them off). */
  offline: readonly OfflineArea[];
  /** The whole figure's height in px (spec 001 section 9: 565 or 270 sensor, 205/220 system). */
  height: number;
  /** CPU and memory: the value axis reaches at least 100. */
  system?: boolean;
  loading?: boolean;
}

/** Shades the offline periods behind the line, inside the plotting area. */
function drawOffline(plot: uPlot, areas: readonly OfflineArea[]) {
  const { ctx, bbox } = plot;
  ctx.save();
  ctx.fillStyle = OFFLINE_FILL;
  for (const area of areas) {
    const left = Math.max(bbox.left, plot.valToPos(area.start, 'x', true));
    const right = Math.min(bbox.left + bbox.width, plot.valToPos(area.end, 'x', true));
    if (right > left) ctx.fillRect(left, bbox.top, right - left, bbox.height);
  }
  ctx.restore();
}

/** uPlot's month and weekday names in the language shown (its own are English). */
function dateNames(locale: string) {
  const names = (options: Intl.DateTimeFormatOptions, count: number, day: (index: number) => Date) => {
    const format = new Intl.DateTimeFormat(locale, options);
    return Array.from({ length: count }, (_, index) => format.format(day(index)));
  };
  const month = (index: number) => new Date(2024, index, 1);
  const weekday = (index: number) => new Date(2024, 0, 7 + index); // 7 January 2024 was a Sunday
  return {
    MMMM: names({ month: 'long' }, 12, month),
    MMM: names({ month: 'short' }, 12, month),
    WWWW: names({ weekday: 'long' }, 7, weekday),
    WWW: names({ weekday: 'short' }, 7, weekday),
  };
}

/** A line chart of one sensor over time (uPlot on a canvas: fast with thousands of points). */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { title, times, values, range, offline, height, system = false, loading = false } = props;
  const t = useT('telemetry');
  const locale = currentLocale();
  // The canvas takes colour values, not the theme's CSS variables: the light or dark scheme's, as shown.
  const palette = useSchemePalette();
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The scale and draw callbacks read the newest props through this ref: the plot is built once.
  const latest = useRef({ range, times, values, offline });
  latest.current = { range, times, values, offline };
  const plotHeight = height - TITLE_HEIGHT;
  const stroke = palette.primary.main;
  const axisColor = palette.text.secondary;
  const gridColor = palette.divider;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const axis = { stroke: axisColor, grid: { stroke: gridColor, width: 1 } };
    const names = locale.startsWith('en') ? null : dateNames(locale);
    const created = new uPlot(
      {
        width: Math.max(element.clientWidth, 100),
        height: plotHeight,
        ms: 1,
        // English keeps uPlot's own names; another language its own, through Intl.
        ...(names ? { fmtDate: (tpl: string) => uPlot.fmtDate(tpl, names) } : {}),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true, range: () => timeAxisRange(latest.current.range, latest.current.times) },
          y: {
            range: (u) => {
              const { min, max } = extent(u.data[1] as (number | null)[]);
              return valueAxisRange(min, max, { system });
            },
          },
        },
        series: [{}, { label: title, stroke, width: 1.5, spanGaps: false, points: { show: false } }],
        axes: [
          { ...axis, space: 80 },
          { ...axis, size: 60 },
        ],
        hooks: {
          drawClear: [(u) => drawOffline(u, latest.current.offline)],
          // The drawn time axis, on the figure: what the chart shows can be checked without the canvas.
          setScale: [
            (u, key) => {
              const figure = element.parentElement;
              const { min, max } = u.scales.x ?? {};
              if (key !== 'x' || !figure || min === undefined || max === undefined) return;
              figure.dataset.axisFrom = String(Math.round(min));
              figure.dataset.axisTo = String(Math.round(max));
            },
          ],
        },
      },
      [latest.current.times as number[], latest.current.values as (number | null)[]],
      element,
    );
    plot.current = created;
    const resize = new ResizeObserver(() => {
      created.setSize({ width: Math.max(element.clientWidth, 100), height: plotHeight });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      created.destroy();
      plot.current = null;
    };
  }, [plotHeight, system, title, stroke, axisColor, gridColor, locale]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the scale and draw callbacks read range and offline through `latest`; a change must redraw.
  useEffect(() => {
    plot.current?.setData([times as number[], values as (number | null)[]]);
  }, [times, values, range, offline]);

  const empty = !loading && values.every((value) => value === null);
  return (
    <Box
      component="figure"
      aria-label={title}
      aria-busy={loading}
      data-points={values.length}
      data-first-time={times[0]}
      data-last-time={times[times.length - 1]}
      sx={{ m: 0, height, position: 'relative', overflow: 'hidden' }}
    >
      <Typography
        component="figcaption"
        variant="subtitle2"
        sx={{ height: TITLE_HEIGHT, lineHeight: `${TITLE_HEIGHT}px`, px: 1 }}
      >
        {title}
      </Typography>
      {loading && (
        <LinearProgress
          aria-label={t('chartLoading', { title })}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      )}
      {/* The plot is taken out of the flow so that its width follows the figure, never the other way. */}
      <Box
        ref={container}
        sx={{
          height: plotHeight,
          width: '100%',
          position: 'relative',
          '& > .uplot': { position: 'absolute', inset: 0 },
        }}
      />
      {empty && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ position: 'absolute', top: '50%', left: 0, right: 0, textAlign: 'center' }}
        >
          No data for this interval
        </Typography>
      )}
    </Box>
  );
}
