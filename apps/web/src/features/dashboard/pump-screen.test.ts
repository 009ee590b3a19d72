import { type PumpDashboard, pumpMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  applyPumpMessage,
  pumpCommandFor,
  pumpSecondsError,
  secondsLeft,
  selectedPumpGateway,
} from './pump-screen.ts';

const reading = { TI: 1_000, PUMP: 0, END: null, SOIL: 40, HUM: 55, RAW: 614 };
const data: PumpDashboard = {
  scopeId: 's1',
  dashboardVariant: 'pump',
  gateways: [
    { macId: 'AAAAAAAAAAAA', name: 'Greenhouse', scopeId: 's1', online: true, reading },
    { macId: 'BBBBBBBBBBBB', name: 'Orchard', scopeId: 's1', online: false, reading },
  ],
};

describe('the pump screen', () => {
  it('takes a live report of a listed gateway unless it is older than the one shown', () => {
    const running = { macId: 'AAAAAAAAAAAA', ...reading, TI: 2_000, PUMP: 1, END: 7_000, SOIL: 41 };
    const after = applyPumpMessage(data, running);
    expect(after.gateways[0]!.reading).toEqual({ ...reading, TI: 2_000, PUMP: 1, END: 7_000, SOIL: 41 });
    expect(after.gateways[1]).toBe(data.gateways[1]);
    // Older, or of a gateway not on the screen: nothing changes.
    expect(applyPumpMessage(after, { ...running, TI: 1_500, PUMP: 0 })).toBe(after);
    expect(applyPumpMessage(after, { ...running, macId: 'CCCCCCCCCCCC' })).toBe(after);
  });

  it('counts down the seconds a running pump has left', () => {
    expect(secondsLeft({ ...reading, PUMP: 1, END: 10_000 }, 4_200)).toBe(6);
    expect(secondsLeft({ ...reading, PUMP: 1, END: 10_000 }, 11_000)).toBe(0);
    expect(secondsLeft(reading, 4_200)).toBeNull();
  });

  it('checks the pump seconds as the server does: whole seconds from 1 to 60', () => {
    for (const ok of [1, 30, 60]) expect(pumpSecondsError(ok)).toBeNull();
    for (const bad of [0, 61, 2.5, Number.NaN])
      expect(pumpSecondsError(bad)).toBe(pumpMessages.secondsOutOfRange);
  });

  it('switches on for the chosen seconds, off without them', () => {
    expect(pumpCommandFor(true, 12)).toEqual({ PUMP: 1, seconds: 12 });
    expect(pumpCommandFor(false, 12)).toEqual({ PUMP: 0 });
  });

  it('drives the chosen gateway while it is listed, else the first', () => {
    expect(selectedPumpGateway(data.gateways, 'BBBBBBBBBBBB')?.name).toBe('Orchard');
    expect(selectedPumpGateway(data.gateways, 'gone')?.name).toBe('Greenhouse');
    expect(selectedPumpGateway([], null)).toBeNull();
  });
});
