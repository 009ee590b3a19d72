import { Box, Skeleton } from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { useRecentData } from '../api/get-recent-data.ts';
import type { GatewayAction } from '../gateway-actions.ts';
import type { VisibleRange } from '../gateway-windows.ts';
import {
  GRID_ROW_HEIGHT,
  gridColumns,
  gridColumnWidth,
  gridRowCount,
  gridRowPositions,
} from '../grid-layout.ts';
import { DEFAULT_SENSOR_GROUP } from '../sensor-groups.ts';
import { type CardView, GatewayCard } from './GatewayCard.tsx';
import { useElementWidth } from './use-element-width.ts';

const GAP = 16;
const DEFAULT_VIEW: CardView = { group: DEFAULT_SENSOR_GROUP, flipped: false };

export interface GridProps {
  scopeId: string;
  /** How many gateways the list has (the server's count); rows not loaded yet show placeholders. */
  count: number;
  /** The loaded gateways by list position. */
  rows: ReadonlyMap<number, GatewaySummary>;
  /** The list positions on screen (and one row of cards each side), as the grid scrolls. */
  onRangeChange: (range: VisibleRange) => void;
  cardViews: Record<string, CardView>;
  onViewChange: (macId: string, view: CardView) => void;
  onOpen: (action: GatewayAction, macId: string) => void;
  /** In selection and delete modes: the selected MACs; undefined otherwise (no checkboxes). */
  selectedMacs?: ReadonlySet<string>;
  onToggleSelect: (macId: string) => void;
  /** In a view mixing customers: their names by id, for the cards' customer label; undefined otherwise. */
  customerNames?: ReadonlyMap<string, string>;
}

interface GridRowProps extends Omit<GridProps, 'count' | 'rows' | 'onRangeChange'> {
  /** The row's gateways; undefined where one is not loaded yet. */
  row: (GatewaySummary | undefined)[];
  columnWidth: number;
}

/** One row of cards; it asks recent data for its own gateways only (the visible cards). */
const GridRow = memo(function GridRow({
  row,
  scopeId,
  columnWidth,
  cardViews,
  selectedMacs,
  customerNames,
  ...rest
}: GridRowProps) {
  const t = useT('gateways');
  const macIds = row.flatMap((gateway) => (gateway ? [gateway.macId] : []));
  const recent = useRecentData(scopeId, macIds);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(${row.length}, ${columnWidth - GAP}px)`,
        gap: `${GAP}px`,
      }}
    >
      {row.map((gateway, i) =>
        gateway ? (
          <Box role="listitem" key={gateway.id} sx={{ minWidth: 0 }}>
            <GatewayCard
              gateway={gateway}
              samples={recent.data?.[gateway.macId] ?? EMPTY}
              view={cardViews[gateway.macId] ?? DEFAULT_VIEW}
              selected={selectedMacs ? selectedMacs.has(gateway.macId) : undefined}
              height={GRID_ROW_HEIGHT - GAP}
              customerName={customerNames ? (customerNames.get(gateway.scopeId) ?? '-') : undefined}
              {...rest}
            />
          </Box>
        ) : (
          // A card whose window is on its way: one element, no article (it is no gateway yet).
          <Skeleton
            // biome-ignore lint/suspicious/noArrayIndexKey: a placeholder has nothing but its place
            key={`loading-${i}`}
            role="listitem"
            aria-label={t('card.loading')}
            variant="rounded"
            height={GRID_ROW_HEIGHT - GAP}
          />
        ),
      )}
    </Box>
  );
});
const EMPTY: never[] = [];

/**
 * The virtualised card grid (spec 001 section 2): up to 3 columns of at most 522 px, rows of 390 px; only the
 * rows in view (and one more each side) are in the page, and only their gateways are fetched (issue 14.9):
 * the scrollbar spans the whole list from the server's count.
 */
export function GatewayGrid({ count, rows, onRangeChange, ...rest }: GridProps) {
  const t = useT('gateways');
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const columns = gridColumns(width);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the grid starts in the page; a banner or delete-mode header above it moves it, so it is read after
  // every render (setting the same value again renders nothing).
  useLayoutEffect(() => {
    const top = containerRef.current?.getBoundingClientRect().top ?? 0;
    setScrollMargin(Math.round(top + window.scrollY));
  });
  const virtualizer = useWindowVirtualizer({
    count: gridRowCount(count, columns),
    estimateSize: () => GRID_ROW_HEIGHT,
    overscan: 1,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  // The positions in view go to the page, which fetches the windows that hold them.
  const first = items.length > 0 ? items[0]!.index * columns : 0;
  const last = items.length > 0 ? (items[items.length - 1]!.index + 1) * columns - 1 : columns - 1;
  useEffect(() => onRangeChange({ first, last }), [first, last, onRangeChange]);
  return (
    <Box
      ref={containerRef}
      role="list"
      aria-label={t('card.cards')}
      sx={{ position: 'relative', width: '100%' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {width > 0 &&
          virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: GRID_ROW_HEIGHT,
                transform: `translateY(${item.start - scrollMargin}px)`,
              }}
            >
              <GridRow
                row={gridRowPositions(item.index, columns, count).map((position) => rows.get(position))}
                // Each column's share holds a card and one gap; the last card's gap is the grid's, so the row fills the width.
                columnWidth={gridColumnWidth(width + GAP, columns)}
                {...rest}
              />
            </div>
          ))}
      </div>
    </Box>
  );
}
