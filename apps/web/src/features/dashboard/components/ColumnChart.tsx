import { Box, Link, Stack, Typography } from '@mui/material';
import { dashboardMessages } from '@portal/contract';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMessageText } from '../../../lib/i18n/index.ts';

export interface Column {
  label: string;
  count: number;
  /** The gateways page filtered to this column's gateways (none: not a link, e.g. 'Others'). */
  to?: string;
}

const HEIGHT = 140;
/** Fades an edge of a row of columns that goes on beyond it (a phone hides its scroll bar). */
function edgeFade({ left, right }: { left: boolean; right: boolean }): string | undefined {
  if (!left && !right) return undefined;
  return `linear-gradient(to right, ${left ? 'transparent, #000 48px' : '#000'}, ${right ? '#000 calc(100% - 48px), transparent' : '#000'})`;
}

/**
 * Whether the row scrolls sideways with columns beyond its left or right edge; followed on scroll, on resize
 * and as its columns change (`columnCount`). A callback ref: the row exists only once there are columns.
 */
function useMoreToTheRight(columnCount: number) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    if (!element) return;
    const left = element.scrollLeft > 1;
    const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setMore((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, [element]);
  useLayoutEffect(() => {
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, measure]);
  const counted = useRef(columnCount);
  useLayoutEffect(() => {
    if (counted.current === columnCount) return;
    counted.current = columnCount;
    measure();
  });
  return { ref: setElement, more, onScroll: measure };
}

/**
 * Columns of a distribution (Gateway Firmware, Gateway OS), each a link to the gateways it counts; drawn with
 * boxes, no chart library. Scrolls sideways on a phone rather than squeezing the labels, an edge fading
 * while more columns lie beyond it.
 */
export function ColumnChart({ title, columns, color }: { title: string; columns: Column[]; color: string }) {
  const max = Math.max(1, ...columns.map((c) => c.count));
  const scroller = useMoreToTheRight(columns.length);
  const messageText = useMessageText();
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }} aria-label={title}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {columns.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {messageText(dashboardMessages.noGateways)}
        </Typography>
      ) : (
        <Box
          ref={scroller.ref}
          onScroll={scroller.onScroll}
          data-more-to-the-right={scroller.more.right || undefined}
          sx={{ overflowX: 'auto', pb: 1, maskImage: edgeFade(scroller.more) }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', minHeight: HEIGHT + 48 }}>
            {columns.map((column) => {
              const name = `${column.label}: ${column.count}`;
              const bar = (
                <Box
                  sx={{
                    height: Math.max(2, Math.round((column.count / max) * HEIGHT)),
                    width: 40,
                    bgcolor: color,
                    borderRadius: '3px 3px 0 0',
                    mx: 'auto',
                  }}
                />
              );
              return (
                <Stack key={column.label} sx={{ width: 64, flexShrink: 0, alignItems: 'center' }}>
                  <Typography variant="caption">{column.count}</Typography>
                  {/* A native title, not MUI's Tooltip: Popper would join the first screen's scripts. */}
                  {column.to ? (
                    <Link
                      component={RouterLink}
                      to={column.to}
                      aria-label={name}
                      title={name}
                      sx={{ display: 'block', width: '100%' }}
                    >
                      {bar}
                    </Link>
                  ) : (
                    <Box aria-label={name} title={name} sx={{ width: '100%' }}>
                      {bar}
                    </Box>
                  )}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{
                      width: '100%',
                      textAlign: 'center',
                      overflowWrap: 'anywhere',
                      lineHeight: 1.2,
                      mt: 0.5,
                    }}
                  >
                    {column.label}
                  </Typography>
                </Stack>
              );
            })}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
