import { Box, Typography, useTheme } from '@mui/material';

/** A point on the dial's half circle: 0 at the left end, 1 at the right. */
function pointAt(share: number, radius: number): [number, number] {
  const angle = Math.PI * (1 - share);
  return [60 + radius * Math.cos(angle), 60 - radius * Math.sin(angle)];
}

/**
 * A half-circle dial of a value between `min` and `max` (the pump screen's soil and humidity), drawn as two
 * SVG arcs; a meter for assistive technology, named by its label.
 */
export function Dial({
  label,
  value,
  unit,
  min = 0,
  max = 100,
  color,
}: {
  label: string;
  value: number | null;
  unit: string;
  min?: number;
  max?: number;
  color: string;
}) {
  const share = value === null ? 0 : Math.max(0, Math.min(1, (value - min) / (max - min)));
  const [sx, sy] = pointAt(0, 48);
  const [ex, ey] = pointAt(1, 48);
  const [vx, vy] = pointAt(share, 48);
  const text = value === null ? '-' : `${value} ${unit}`;
  // The track in the theme's divider colour (a CSS variable: light or dark as shown).
  const track = useTheme().vars.palette.divider;
  return (
    <Box
      role="meter"
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value ?? undefined}
      aria-valuetext={text}
      sx={{ textAlign: 'center' }}
    >
      <svg viewBox="0 0 120 70" width="100%" style={{ maxWidth: 220 }} aria-hidden="true">
        <path
          d={`M ${sx} ${sy} A 48 48 0 0 1 ${ex} ${ey}`}
          fill="none"
          style={{ stroke: track }}
          strokeWidth={10}
        />
        {share > 0 && (
          <path d={`M ${sx} ${sy} A 48 48 0 0 1 ${vx} ${vy}`} fill="none" stroke={color} strokeWidth={10} />
        )}
        <text x="60" y="58" textAnchor="middle" fontSize="15" fontWeight="600" fill="currentColor">
          {text}
        </text>
      </svg>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
