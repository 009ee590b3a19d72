import { describe, expect, it } from 'vitest';
import { AlertCommands } from './alert-commands.ts';

const MAC = 'AABBCCDDEEFF';
const topic = `gateways/tenant-1/command/${MAC}`;
const send = (commands: AlertCommands, code: string) =>
  commands.handled(topic, JSON.stringify({ command: 'ALERT-CONFIG', sensorGroup: 'CO2', code }));

describe('ALERT-CONFIG commands', () => {
  it('creates, updates and deletes configured alerts, telling each with an event', () => {
    const events: [string, string][] = [];
    const commands = new AlertCommands(MAC, { event: (n, v) => events.push([n, v]), warn: () => undefined });
    expect(send(commands, 'CO2_H_2000_C')).toBe(true);
    expect(send(commands, 'TEMP_L_-5_C')).toBe(true);
    expect(commands.configured()).toEqual([
      { key: 'CO2', high: true, threshold: 2000 },
      { key: 'TEMP', high: false, threshold: -5 },
    ]);
    send(commands, 'CO2_H_2500_U');
    send(commands, 'CO2_H_2500_U');
    send(commands, 'TEMP_L_-5_D');
    expect(commands.configured()).toEqual([{ key: 'CO2', high: true, threshold: 2500 }]);
    expect(events).toContainEqual(['Alert removed', 'TEMP_L_-5_D']);
    expect(events[0]).toEqual(['Alert configured', 'CO2_H_2000_C']);
  });

  it('leaves other commands and topics to the gateway; ignores a bad code without throwing', () => {
    const warnings: string[] = [];
    const commands = new AlertCommands(MAC, { event: () => undefined, warn: (m) => warnings.push(m) });
    expect(commands.handled(topic, JSON.stringify({ command: 'SCAN' }))).toBe(false);
    expect(commands.handled(`gateways/t/command/OTHER`, '{}')).toBe(false);
    expect(commands.handled(topic, 'not json')).toBe(false);
    expect(send(commands, 'nonsense')).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(commands.configured()).toEqual([]);
  });

  it('raises at the configured threshold once, and clears only past the hysteresis', () => {
    const commands = new AlertCommands(MAC, { event: () => undefined, warn: () => undefined });
    send(commands, 'CO2_H_2000_C');
    const at = (CO2: number) => commands.transitions({ TI: Date.now(), CO2 });
    expect(at(1999)).toEqual([]);
    expect(at(2001)).toEqual([{ nme: 'CO2 High', val: 2001, sr: 'CO2', alrt: 1 }]);
    expect(at(2500)).toEqual([]);
    expect(at(1950)).toEqual([]);
    expect(at(1899)).toEqual([{ nme: 'CO2 Normal', val: 1899, sr: 'CO2', alrt: 2 }]);
  });
});
