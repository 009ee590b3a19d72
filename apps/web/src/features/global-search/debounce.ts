export interface Debouncer<T> {
  /** A new value; the last one is handed on once `delayMs` pass without another. */
  push(value: T): void;
  cancel(): void;
}

/** Hands the last pushed value to `onSettle` once `delayMs` have passed without a newer one. */
export function createDebouncer<T>(delayMs: number, onSettle: (value: T) => void): Debouncer<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(value) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        onSettle(value);
      }, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
