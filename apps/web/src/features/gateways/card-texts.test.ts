import { describe, expect, it } from 'vitest';
import german from './locales/de.json';
import english from './locales/en.json';
import { SENSOR_GROUPS, SYSTEM_SERIES } from './sensor-groups.ts';

const series = [...SENSOR_GROUPS.flatMap((group) => group.series), ...SYSTEM_SERIES];

describe('gateway card texts', () => {
  it('name every sensor group and reading of the cards in English as the metric catalogue does', () => {
    for (const group of SENSOR_GROUPS)
      expect(english.groups[group.id as keyof typeof english.groups]).toBe(group.label);
    for (const { key, label } of series)
      expect(english.sensors[key as keyof typeof english.sensors]).toBe(label);
  });

  it('have German for each of them', () => {
    for (const { key } of series) expect(german.sensors[key as keyof typeof german.sensors]).toBeTruthy();
    expect(german.sensors.TEMP).toBe('Temperatur');
    expect(german.groups.aq5).toBe('Luftqualität (5)');
  });
});
