import { Box, Link, Stack, Typography, useTheme } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n/index.ts';
import { percent } from '../dashboard-links.ts';

export interface PieSlice {
  label: string;
  count: number;
  color: string;
  /** The gateways page filtered to this slice's gateways (none: not a link, e.g. 'Others'). */
  to?: string;
}

const SIZE = 160;
const R = 70;
const INNER = 42;

/** The SVG path of a donut slice from angle `a0` to `a1` (radians, 0 at the top, clockwise). */
function slicePath(a0: number, a1: number): string {
  const point = (angle: number, radius: number) =>
    `${SIZE / 2 + radius * Math.sin(angle)} ${SIZE / 2 - radius * Math.cos(angle)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M ${point(a0, R)} A ${R} ${R} 0 ${large} 1 ${point(a1, R)} L ${point(a1, INNER)} A ${INNER} ${INNER} 0 ${large} 0 ${point(a0, INNER)} Z`;
}

/**
 * A donut chart whose every slice and legend entry is a link to the gateways it counts (no chart library: a
 * few SVG paths). Slices are named '{label}: {count}' for keyboards and screen readers.
 */
export function PieChart({ title, slices }: { title: string; slices: PieSlice[] }) {
  const t = useT('dashboard');
  // The empty ring and the lines between slices in the theme's colours (CSS variables: light or dark as shown).
  const { palette } = useTheme().vars;
  const total = slices.reduce((sum, s) => sum + s.count, 0);
  let angle = 0;
  const drawn = slices
    .filter((s) => s.count > 0)
    .map((slice) => {
      const a0 = angle;
      angle += (slice.count / total) * Math.PI * 2;
      return { slice, a0, a1: angle };
    });
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={title}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group names its slices' links (an image may not hold links) */}
        <svg
          width={SIZE}
          height={SIZE}
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          role="group"
          aria-label={t('charts.chart', { title })}
        >
          {total === 0 && (
            <circle
              cx={SIZE / 2}
              cy={SIZE / 2}
              r={(R + INNER) / 2}
              fill="none"
              style={{ stroke: palette.divider }}
              strokeWidth={R - INNER}
            />
          )}
          {drawn.map(({ slice, a0, a1 }) => {
            const shape =
              a1 - a0 >= Math.PI * 2 - 1e-9 ? (
                <circle
                  key="shape"
                  cx={SIZE / 2}
                  cy={SIZE / 2}
                  r={(R + INNER) / 2}
                  fill="none"
                  stroke={slice.color}
                  strokeWidth={R - INNER}
                />
              ) : (
                <path
                  key="shape"
                  d={slicePath(a0, a1)}
                  fill={slice.color}
                  style={{ stroke: palette.background.paper }}
                  strokeWidth={1}
                />
              );
            const name = `${slice.label}: ${slice.count}`;
            return slice.to ? (
              <a key={slice.label} href={`#${slice.to}`} aria-label={name}>
                <title>{name}</title>
                {shape}
              </a>
            ) : (
              <g key={slice.label}>
                <title>{name}</title>
                {shape}
              </g>
            );
          })}
          <text
            x={SIZE / 2}
            y={SIZE / 2 + 6}
            textAnchor="middle"
            fontSize={18}
            fontWeight={600}
            fill="currentColor"
          >
            {total}
          </text>
        </svg>
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, minWidth: 0 }}>
          {slices.map((slice) => (
            <Stack component="li" key={slice.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: slice.color, flexShrink: 0 }} />
              {slice.to ? (
                <Link component={RouterLink} to={slice.to} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {slice.label} {slice.count}
                </Link>
              ) : (
                <Typography variant="body2">
                  {slice.label} {slice.count}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {percent(slice.count, total)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
