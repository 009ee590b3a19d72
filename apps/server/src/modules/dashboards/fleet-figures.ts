import type { GatewayFact, GroupCount } from './dashboards.repository.ts';

/**
 * What the figures count of each gateway of one subtree, kept current as the map index is (docs/dashboards.md
 * "Figures"): the changes read since the last read replace their gateways' facts, and the groups are counted
 * again from memory (no statement over every row after each change).
 */
export class FleetFigures {
  private readonly facts = new Map<string, GatewayFact>();
  private counted?: GroupCount[];

  constructor(facts: GatewayFact[]) {
    for (const fact of facts) this.facts.set(fact.mac, fact);
  }

  /** The gateways changed since the last read, as they are now (a gateway that left: a full read instead). */
  apply(changes: GatewayFact[]): void {
    for (const change of changes) this.facts.set(change.mac, change);
    if (changes.length > 0) this.counted = undefined;
  }

  /** The groups the figures are made of: connectivity x enrollment, firmware, OS, tenant. */
  groups(): GroupCount[] {
    if (this.counted) return this.counted;
    const groups = new Map<string, GroupCount>();
    const add = (dimension: GroupCount['dimension'], key: string, fact: GatewayFact) => {
      const id = `${dimension}\u0000${key}`;
      let group = groups.get(id);
      if (!group) {
        group = { dimension, key, online: 0, registered: 0, count: 0 };
        if (dimension === 'status') group.located = 0;
        groups.set(id, group);
      }
      group.count++;
      if (fact.connected) group.online++;
      if (dimension === 'status') {
        if (fact.registered) group.registered++;
        if (fact.located) group.located = (group.located ?? 0) + 1;
      }
    };
    for (const fact of this.facts.values()) {
      add('status', `${fact.connected ? 1 : 0}${fact.registered ? 1 : 0}`, fact);
      add('firmware', fact.firmware, fact);
      add('os', fact.os, fact);
      add('tenant', fact.tenant_id, fact);
    }
    this.counted = [...groups.values()];
    return this.counted;
  }
}
