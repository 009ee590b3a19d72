import { liveSamples } from '@portal/contract';
import type { RecentData } from './api/get-recent-data.ts';
import { mergeSamples } from './sensor-groups.ts';

/**
 * A graph-channel message added to a cached recent-data answer that asked for its gateway (`macIds` of that
 * answer's query): the new samples join the gateway's, the newest 50 kept. The same object comes back when the
 * message is not for this answer or is malformed.
 */
export function applySamplesToRecentData(
  data: RecentData,
  askedMacIds: readonly string[],
  message: unknown,
): RecentData {
  const parsed = liveSamples.safeParse(message);
  if (!parsed.success || parsed.data.samples.length === 0) return data;
  const { macId, samples } = parsed.data;
  if (!askedMacIds.includes(macId)) return data;
  return { ...data, [macId]: mergeSamples(data[macId] ?? [], samples) };
}
