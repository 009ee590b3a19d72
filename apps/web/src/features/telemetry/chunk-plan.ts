import type { TimeRange } from './intervals.ts';

const DAY_MS = 86_400_000;
/** Spec 001 section 4 'Charts': ranges over 2 weeks are fetched in chunks, 2 weeks then 1 week each. */
export const FIRST_CHUNK_MS = 14 * DAY_MS;
export const NEXT_CHUNK_MS = 7 * DAY_MS;
/** ...one request per second. */
export const CHUNK_SPACING_MS = 1000;

/** The requests a range is fetched with, oldest first, so each chunk appends to what is drawn. */
export function planChunks({ fromTime, toTime }: TimeRange): TimeRange[] {
  if (toTime - fromTime <= FIRST_CHUNK_MS) return [{ fromTime, toTime }];
  const chunks: TimeRange[] = [{ fromTime, toTime: fromTime + FIRST_CHUNK_MS }];
  // Each chunk starts a millisecond after the last ended: the calls include both ends.
  for (let start = fromTime + FIRST_CHUNK_MS + 1; start < toTime; start += NEXT_CHUNK_MS + 1) {
    chunks.push({ fromTime: start, toTime: Math.min(start + NEXT_CHUNK_MS, toTime) });
  }
  return chunks;
}

/** Resolves after `ms`, or at once when `signal` is aborted. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Fetches a range chunk by chunk, starting one request per second, and hands each answer to `onChunk` as it
 * arrives. A failed chunk is left out; an aborted `signal` (the 'graphPage' group) stops the rest. Resolves
 * once every started request has settled.
 */
export async function loadInChunks<T>(options: {
  range: TimeRange;
  signal: AbortSignal;
  fetchChunk: (chunk: TimeRange, signal: AbortSignal) => Promise<T>;
  onChunk: (data: T) => void;
}): Promise<void> {
  const { range, signal, fetchChunk, onChunk } = options;
  const pending: Promise<void>[] = [];
  for (const [index, chunk] of planChunks(range).entries()) {
    if (index > 0) await pause(CHUNK_SPACING_MS, signal);
    if (signal.aborted) break;
    pending.push(
      fetchChunk(chunk, signal).then(
        (data) => {
          if (!signal.aborted) onChunk(data);
        },
        () => undefined,
      ),
    );
  }
  await Promise.all(pending);
}
