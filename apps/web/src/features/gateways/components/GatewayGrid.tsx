import { Box } from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useRecentData } from '../api/get-recent-data.ts';
import type { GatewayAction } from '../gateway-actions.ts';
import { GRID_ROW_HEIGHT, gridColumns, gridColumnWidth, gridRows } from '../grid-layout.ts';
import { DEFAULT_SENSOR_GROUP } from '../sensor-groups.ts';
import { type CardView, GatewayCard } from './GatewayCard.tsx';
import { useElementWidth } from './use-element-width.ts';

const GAP = 16;
const DEFAULT_VIEW: CardView = { group: DEFAULT_SENSOR_GROUP, flipped: false };

export interface GridProps {
  scopeId: string;
  gateways: GatewaySummary[];
  cardViews: Record<string, CardView>;
  onViewChange: (macId: string, view: CardView) => void;
  onOpen: (action: GatewayAction, macId: string) => void;
  /** In selection and delete modes: the selected MACs; undefined otherwise (no checkboxes). */
  selectedMacs?: ReadonlySet<string>;
  onToggleSelect: (macId: string) => void;
  /** In a view mixing customers: their names by id, for the cards' customer label; undefined otherwise. */
  customerNames?: ReadonlyMap<string, string>;
}

interface GridRowProps extends Omit<GridProps, 'gateways'> {
  row: GatewaySummary[];
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
  const recent = useRecentData(
    scopeId,
    row.map((gateway) => gateway.macId),
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(${row.length}, ${columnWidth - GAP}px)`,
        gap: `${GAP}px`,
      }}
    >
      {row.map((gateway) => (
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
      ))}
    </Box>
  );
});
const EMPTY: never[] = [];

/**
 * The virtualised card grid (spec 001 section 2): up to 3 columns of at most 522 px, rows of 390 px; only the
 * rows in view (and one more each side) are in the page.
 */
export function GatewayGrid({ gateways, ...rest }: GridProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const columns = gridColumns(width);
  const rows = gridRows(gateways, columns);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the grid starts in the page; a banner or delete-mode header above it moves it, so it is read after
  // every render (setting the same value again renders nothing).
  useLayoutEffect(() => {
    const top = containerRef.current?.getBoundingClientRect().top ?? 0;
    setScrollMargin(Math.round(top + window.scrollY));
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => GRID_ROW_HEIGHT,
    overscan: 1,
    scrollMargin,
  });
  return (
    <Box
      ref={containerRef}
      role="list"
      aria-label="Gateway cards"
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
              <GridRow row={rows[item.index]!} columnWidth={gridColumnWidth(width, columns)} {...rest} />
            </div>
          ))}
      </div>
    </Box>
  );
}
