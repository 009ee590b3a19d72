import {
  type GatewayEventEntry,
  type GatewayEvents,
  gatewayEventEntry,
  type gatewayEventsParams,
  MAX_EVENTS_PER_RANGE,
} from '@portal/contract';
import type { z } from 'zod';
import type { Principal } from '../../lib/principal.ts';
import type { GatewayEventsRepository } from './events-repository.ts';
import type { ReachableGateways } from './reachable-gateways.ts';

/** The alerts and events side panels of the graphs: what a gateway reported over a range. */
export class GatewayEventsQuery {
  constructor(
    private readonly repo: GatewayEventsRepository,
    private readonly gateways: ReachableGateways,
  ) {}

  /** 404 for a gateway outside the caller's reach; otherwise the newest items of the range, oldest first. */
  async inRange(principal: Principal, params: z.infer<typeof gatewayEventsParams>): Promise<GatewayEvents> {
    const gateway = await this.gateways.reachableGateway(principal, params.macId);
    const read = async (kind: 'SE' | 'SA') => {
      const messages = await this.repo.inRange(
        gateway.mac,
        kind,
        params.fromTime,
        params.toTime,
        MAX_EVENTS_PER_RANGE,
      );
      // Messages come newest first: keep the newest items, then turn the order round (items in message order).
      const kept: GatewayEventEntry[][] = [];
      let count = 0;
      for (const message of messages) {
        if (count >= MAX_EVENTS_PER_RANGE) break;
        const entries: GatewayEventEntry[] = [];
        for (const item of message.items) {
          // Stored items were checked on arrival; anything else (an older shape) is left out, not failed.
          const entry = gatewayEventEntry.safeParse({ ...(item as object), TI: message.ti });
          if (entry.success) entries.push(entry.data);
        }
        kept.push(entries.slice(0, MAX_EVENTS_PER_RANGE - count));
        count += entries.length;
      }
      return kept.reverse().flat();
    };
    const [SE, SA] = await Promise.all([read('SE'), read('SA')]);
    return { SE, SA };
  }
}
