import { deviceDown, live } from '@portal/contract';
import type { Simulation } from '@portal/gateway-sim';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, endClients, injectAs, type TestPortal, waitFor, watchLive } from '../../../test/harness.ts';
import {
  type Customer,
  type FakeGateway,
  fakeGateway,
  simulateGateways,
  startCommandsPortal,
} from './test-helpers.ts';

interface GatewayChange {
  type: string;
  macId: string;
  HSIPRC?: number;
  HS?: number;
  message?: string;
  SE?: { nme: string; val: unknown; val2?: unknown }[];
}

// HOTSPOT deadline 90 s scaled to 0.9 s (INSTRUCTION_DEADLINE_SCALE is for tests only).
const DEADLINE_SCALE = '0.01';

describe(`PUT /api/gateway/{mac}/hotspot (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let alphaCookie: string;
  let betaCookie: string;
  let simulation: Simulation;
  let simulated: string;
  let silent: FakeGateway;
  let changes: GatewayChange[];
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    ({ portal, alpha, alphaCookie, betaCookie } = await startCommandsPortal({
      INSTRUCTION_DEADLINE_SCALE: DEADLINE_SCALE,
    }));
    const started = await simulateGateways(portal, alpha.tenant.id);
    simulation = started.simulation;
    simulated = started.macs[0]!;
    silent = await fakeGateway(portal, alpha.tenant.id);
    const watch = await watchLive<GatewayChange>(portal, alphaCookie, live.gateways(alpha.tenant.id));
    clients.push(watch.client);
    changes = watch.messages;
  });
  afterAll(async () => {
    await endClients(clients);
    await simulation?.stop();
    await silent?.close();
    await portal?.close();
  });

  const hotspot = (cookie: string, mac: string, HS: unknown) =>
    injectAs(portal, cookie, 'PUT', `/api/gateway/${mac}/hotspot`, { payload: { HS } });
  const changesOf = (mac: string, type: string) => changes.filter((m) => m.macId === mac && m.type === type);

  it('switches a simulated gateway: portal event, HSIPRC 1, then HSIPRCModified', async () => {
    const response = await hotspot(alphaCookie, simulated, 1);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ macId: simulated, HS: 1, HSIPRC: 1 });
    await waitFor(async () => changesOf(simulated, 'HSIPRCModified').length === 1);
    expect(changesOf(simulated, 'HSIPRCModified')[0]).toEqual({
      type: 'HSIPRCModified',
      macId: simulated,
      message: `Successfully updated hotspot status for ${simulated}`,
    });
    const event = changesOf(simulated, 'events').flatMap((m) => m.SE ?? []);
    expect(event).toContainEqual({ nme: 'Hotspot Status Initiated', val: 'OFF to ON', val2: alpha.email });
    const states = changesOf(simulated, 'state');
    expect(states.findIndex((m) => m.HSIPRC === 1)).toBeLessThan(states.findIndex((m) => m.HS === 1));
    expect(changesOf(simulated, 'HSIPRFAILED')).toEqual([]);
  });

  it('refuses a second change while one is in progress (409), then fails the silent one on its deadline', async () => {
    const from = silent.received.length;
    expect((await hotspot(alphaCookie, silent.mac, 1)).statusCode).toBe(200);
    const sent = await silent.next((topic) => topic === deviceDown.instruction(silent.mac), from);
    expect(sent.body).toMatchObject({ type: 'HOTSPOT', value: 1 });
    const again = await hotspot(alphaCookie, silent.mac, 0);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A hotspot change is already in progress');
    // The gateway never answers: the deadline ends the change, HSIPRC goes back to 0.
    await waitFor(async () => changesOf(silent.mac, 'HSIPRFAILED').length === 1, 15_000);
    expect(changesOf(silent.mac, 'HSIPRFAILED')[0]!.message).toBe(
      `Failed to update hotspot status for ${silent.mac}`,
    );
    expect(changesOf(silent.mac, 'state').at(-1)).toMatchObject({ HSIPRC: 0 });
    expect((await hotspot(alphaCookie, silent.mac, 1)).statusCode).toBe(200);
  });

  it('refuses an offline gateway, a bad value, another tenant (404, nothing sent)', async () => {
    const offline = await fakeGateway(portal, alpha.tenant.id, { online: false });
    const refused = await hotspot(alphaCookie, offline.mac, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Gateway is offline...');
    await offline.close();
    expect((await hotspot(alphaCookie, simulated, 2)).statusCode).toBe(400);
    const other = await fakeGateway(portal, alpha.tenant.id);
    expect((await hotspot(betaCookie, other.mac, 1)).statusCode).toBe(404);
    await hotspot(alphaCookie, other.mac, 1);
    expect((await other.next(() => true)).body).toMatchObject({ type: 'HOTSPOT', value: 1 });
    await other.close();
  });
});
