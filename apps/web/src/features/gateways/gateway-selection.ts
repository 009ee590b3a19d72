/**
 * The page's selection (select mode for onboarding, delete mode) over a list the browser holds only in part:
 * the first `first` gateways of the list's order (delete mode's 'Select Gateways': 10, 50, 100, a custom
 * number; All = every one) but those in `except`, plus those in `extra` (ticked one by one). The server
 * resolves `first` and `except` itself when deleting (PUT /api/deleteOfflineGateways `select`), so 'All' of a
 * fleet of 100,000 sends no MACs.
 */
export interface GatewaySelection {
  /** Positions 0 .. first-1 of the list are selected (0: none; Infinity: all). */
  first: number;
  except: ReadonlySet<string>;
  extra: ReadonlySet<string>;
}

export const NO_SELECTION: GatewaySelection = { first: 0, except: new Set(), extra: new Set() };

/** The first `count` gateways of the list (Infinity: all), as the Select Gateways menu's Apply. */
export const firstOf = (count: number): GatewaySelection => ({
  first: count,
  except: new Set(),
  extra: new Set(),
});

export function isSelected(selection: GatewaySelection, macId: string, index: number | undefined): boolean {
  if (index !== undefined && index < selection.first) return !selection.except.has(macId);
  return selection.extra.has(macId);
}

/** A tick or untick of one gateway at its list position. */
export function toggled(
  selection: GatewaySelection,
  macId: string,
  index: number | undefined,
): GatewaySelection {
  const flip = (set: ReadonlySet<string>) => {
    const next = new Set(set);
    if (!next.delete(macId)) next.add(macId);
    return next;
  };
  if (index !== undefined && index < selection.first) return { ...selection, except: flip(selection.except) };
  return { ...selection, extra: flip(selection.extra) };
}

/** How many are selected in a list of `total` gateways. */
export function selectedCount(selection: GatewaySelection, total: number): number {
  return Math.max(0, Math.min(selection.first, total) - selection.except.size) + selection.extra.size;
}

/** The delete call's parts: MACs ticked one by one, and the server-side part when there is one. */
export function deleteRequestParts(selection: GatewaySelection): {
  macs: string[];
  select?: { first?: number; except: string[] };
} {
  const macs = [...selection.extra];
  if (selection.first === 0) return { macs };
  return {
    macs,
    select: {
      ...(Number.isFinite(selection.first) ? { first: selection.first } : {}),
      except: [...selection.except],
    },
  };
}
