import type { GatewaySummary } from '@portal/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  firstOf,
  type GatewaySelection,
  isSelected,
  NO_SELECTION,
  selectedCount,
  toggled,
} from '../gateway-selection.ts';
import type { PageMode } from './GatewaysToolbar.tsx';

export interface GatewaySelectionState {
  /** What is selected: gateways ticked one by one, or the first N of the list (delete mode). */
  selection: GatewaySelection;
  /** How many gateways the selection holds. */
  selectedTotal: number;
  /** The loaded gateways that are selected (the cards' and rows' checkboxes); undefined while browsing. */
  selectedMacs?: ReadonlySet<string>;
  /** The gateways ticked one by one, as last seen (the onboarding dialog lists them). */
  selectedGateways: GatewaySummary[];
  /** Ticks or unticks one gateway (the same function on every render). */
  toggle: (macId: string) => void;
  /** Delete mode's 'Select Gateways' menu: the first `count` of the list (all of it from `total` on). */
  selectFirst: (count: number) => void;
  clear: () => void;
}

/**
 * The gateways selected on the page, for onboarding (select mode) or deletion (delete mode): ticked one by one
 * from the loaded rows, or the first N of the whole list.
 */
export function useGatewaySelection(
  rows: ReadonlyMap<number, GatewaySummary>,
  total: number,
  mode: PageMode,
): GatewaySelectionState {
  const [selection, setSelection] = useState<GatewaySelection>(NO_SELECTION);
  /** The gateways ticked one by one, as last seen (the onboarding dialog lists them). */
  const [ticked, setTicked] = useState<ReadonlyMap<string, GatewaySummary>>(new Map());

  const indexOf = useMemo(() => {
    const positions = new Map<string, number>();
    for (const [position, gateway] of rows) positions.set(gateway.macId, position);
    return positions;
  }, [rows]);
  const rowsRef = useLatest({ rows: rows, indexOf });
  const toggle = useCallback(
    (macId: string) => {
      const { rows, indexOf: positions } = rowsRef.current;
      const position = positions.get(macId);
      setSelection((current) => toggled(current, macId, position));
      setTicked((current) => {
        const next = new Map(current);
        const gateway = position === undefined ? undefined : rows.get(position);
        if (!next.delete(macId) && gateway) next.set(macId, gateway);
        return next;
      });
    },
    [rowsRef],
  );
  const clear = () => {
    setSelection(NO_SELECTION);
    setTicked(new Map());
  };
  const selectFirst = (count: number) => {
    setSelection(firstOf(count >= total ? Number.POSITIVE_INFINITY : count));
    setTicked(new Map());
  };
  // The loaded gateways that are selected (the cards' and rows' checkboxes).
  const selectedMacs = useMemo(() => {
    if (mode === 'browse') return undefined;
    const macs = new Set<string>();
    for (const [position, gateway] of rows)
      if (isSelected(selection, gateway.macId, position)) macs.add(gateway.macId);
    return macs;
  }, [mode, selection, rows]);

  return {
    selection,
    selectedTotal: selectedCount(selection, total),
    selectedMacs,
    selectedGateways: [...ticked.values()],
    toggle,
    selectFirst,
    clear,
  };
}

/** The latest value, for callbacks that must stay the same between renders. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
