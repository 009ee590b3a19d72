import { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';
import { GraphDataFailure, isGraphFailure } from '../graph-failure.ts';
import type { TimeRange } from '../intervals.ts';

/** The `/macId/{m}/fromTime/{f}/toTime/{t}` tail every graph call shares. */
export const rangePath = (macId: string, range: TimeRange) =>
  `macId/${encodeURIComponent(macId)}/fromTime/${Math.round(range.fromTime)}/toTime/${Math.round(range.toTime)}`;

/** GET a graph call; an answer carrying a status field is a failure (spec 001 section 4 'Charts'). */
export async function getGraphData<T>(path: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T> {
  const body = await apiRequest(path, { schema: z.unknown(), signal });
  if (isGraphFailure(body)) throw new GraphDataFailure();
  return schema.parse(body);
}
