import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';

type MuiTooltip = typeof import('@mui/material/Tooltip').default;

/**
 * MUI's Tooltip with Popper.js under it is about 12 KB gzipped, and the shell's tooltips only name icons that
 * carry their own aria-label: it is loaded when a pointer first comes over one of them or one gets the focus,
 * not with the first screen (docs/ui.md 'First visit'). One load serves every hint.
 */
let tooltip: MuiTooltip | null = null;
let requested = false;
const loadedListeners = new Set<() => void>();
/** Called just before the swap, while the children drawn without a tooltip are still in the page. */
const beforeSwapListeners = new Set<() => void>();

function loadTooltip(): void {
  if (requested) return;
  requested = true;
  import('@mui/material/Tooltip').then(
    (module) => {
      for (const listener of beforeSwapListeners) listener();
      tooltip = module.default;
      for (const listener of loadedListeners) listener();
    },
    () => {
      requested = false; // a failed download is tried again at the next hover
    },
  );
}

function useLoadedTooltip(): MuiTooltip | null {
  return useSyncExternalStore(
    (listener) => {
      loadedListeners.add(listener);
      return () => loadedListeners.delete(listener);
    },
    () => tooltip,
  );
}

interface HintTooltipProps {
  /** Empty: no tooltip (nor a download for it). */
  title: string;
  placement?: TooltipProps['placement'];
  /** One element that takes a ref and pointer and focus handlers, as MUI's Tooltip requires. */
  children: ReactElement<{
    ref?: Ref<HTMLElement>;
    onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
    onFocus?: (event: FocusEvent<HTMLElement>) => void;
  }>;
}

/**
 * A tooltip for the shell's icons: the child alone until MUI's Tooltip has been loaded (by pointing at or
 * focusing any hint with a title), then the child inside it, as before (an empty title shows nothing). The
 * swap draws every hint's child anew: one that had the focus gets it back (and its tooltip shows, as on any
 * keyboard focus); under a pointer, the tooltip shows at the next move.
 */
export function HintTooltip({ title, placement, children }: HintTooltipProps) {
  const Tooltip = useLoadedTooltip();
  const node = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);
  const childProps = children.props;
  const ref = (element: HTMLElement | null) => {
    node.current = element;
    const childRef = childProps.ref;
    if (typeof childRef === 'function') childRef(element);
    else if (childRef) childRef.current = element;
  };

  useEffect(() => {
    if (Tooltip) return;
    const noteFocus = () => {
      refocus.current = node.current?.contains(document.activeElement) ?? false;
    };
    beforeSwapListeners.add(noteFocus);
    return () => {
      beforeSwapListeners.delete(noteFocus);
    };
  }, [Tooltip]);

  useEffect(() => {
    if (!Tooltip || !refocus.current) return;
    refocus.current = false;
    node.current?.focus({ preventScroll: true });
  }, [Tooltip]);

  if (Tooltip) {
    return (
      <Tooltip title={title} placement={placement}>
        {cloneElement(children, { ref })}
      </Tooltip>
    );
  }
  // Before the swap: the child alone, its node kept (for the focus) and pointing or focusing asking for the tooltip.
  return cloneElement(children, {
    ref,
    onPointerEnter: (event) => {
      childProps.onPointerEnter?.(event);
      if (title) loadTooltip();
    },
    onFocus: (event) => {
      childProps.onFocus?.(event);
      if (title) loadTooltip();
    },
  });
}
