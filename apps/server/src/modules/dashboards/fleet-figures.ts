import type { GatewayFact, GroupCount } from './dashboards.repository.ts';

type Dimension = GroupCount['dimension'];

/**
 * What the figures count of each gateway of one subtree, kept current as the map index is (docs/dashboards.md
 * "Figures"): the changes read since the last read replace their gateways' facts, and the groups they left and
 * joined are counted down and up (the groups are counted over every gateway once, not again after each change:
 * about 60-80 ms at 100,000 gateways on the event loop).
 */
export class FleetFigures {
  private readonly facts = new Map<string, GatewayFact>();
  /** The groups by dimension and key, once counted. */
  private counted?: Map<string, GroupCount>;

  constructor(facts: GatewayFact[]) {
    for (const fact of facts) this.facts.set(fact.mac, fact);
  }

  /** The gateways changed since the last read, as they are now (a gateway that left: a full read instead). */
  apply(changes: GatewayFact[]): void {
    for (const change of changes) {
      const before = this.facts.get(change.mac);
      if (this.counted && before) this.count(before, -1);
      this.facts.set(change.mac, change);
      if (this.counted) this.count(change, 1);
    }
  }

  /** The groups the figures are made of: connectivity x enrollment, firmware, OS, tenant (copies). */
  groups(): GroupCount[] {
    if (!this.counted) {
      this.counted = new Map();
      for (const fact of this.facts.values()) this.count(fact, 1);
    }
    return [...this.counted.values()].map((group) => ({ ...group }));
  }

  /** Adds one gateway to its four groups (by = 1) or takes it out of them (by = -1; an empty group goes). */
  private count(fact: GatewayFact, by: 1 | -1): void {
    const counted = this.counted!;
    const add = (dimension: Dimension, key: string) => {
      const id = `${dimension}\u0000${key}`;
      let group = counted.get(id);
      if (!group) {
        group = { dimension, key, online: 0, registered: 0, count: 0 };
        if (dimension === 'status') group.located = 0;
        counted.set(id, group);
      }
      group.count += by;
      if (fact.connected) group.online += by;
      if (dimension === 'status') {
        if (fact.registered) group.registered += by;
        if (fact.located) group.located = (group.located ?? 0) + by;
      }
      if (group.count === 0) counted.delete(id);
    };
    add('status', `${fact.connected ? 1 : 0}${fact.registered ? 1 : 0}`);
    add('firmware', fact.firmware);
    add('os', fact.os);
    add('tenant', fact.tenant_id);
  }
}
