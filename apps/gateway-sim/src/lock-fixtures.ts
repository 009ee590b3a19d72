import { equipLock, type SimulatedLock } from './lock-model.ts';
import { resolveLockSettings } from './lock-settings.ts';
import { seededRandom } from './random.ts';

/** Test support: a Monday, 10:00 UTC. */
export const FIXTURE_NOW = Date.UTC(2026, 0, 5, 10);

/** Test support: a lock drawn from `seed` (A4C138F00A{nn}), with any field overridden. */
export function testLock(overrides: Partial<SimulatedLock> = {}, seed = 1, capacity = 32): SimulatedLock {
  const suffix = String(seed % 100).padStart(2, '0');
  const lock = equipLock(
    { mac: `A4C138F00A${suffix}`, name: `Lock-0A${suffix}`, rssi: -61 },
    seededRandom(seed),
    resolveLockSettings({ memoryCapacity: capacity }),
    { now: FIXTURE_NOW, timeZone: 'Europe/Berlin', bootTag: 'boot1' },
  );
  return Object.assign(lock, overrides);
}
