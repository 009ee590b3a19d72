import { PERMISSION_GROUPS, ROLES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import german from './locales/de.json';
import english from './locales/en.json';

const groups = PERMISSION_GROUPS.map((group) => group.group);
const labels = [
  ...new Set(PERMISSION_GROUPS.flatMap((group) => group.permissions.map((entry) => entry.label))),
];

describe('permission grid texts', () => {
  it('name every group, permission and role of the contract in English as the contract does', () => {
    expect(Object.keys(english.permissionGroups).sort()).toEqual([...groups].sort());
    expect(Object.keys(english.permissionLabels).sort()).toEqual([...labels].sort());
    for (const group of groups)
      expect(english.permissionGroups[group as keyof typeof english.permissionGroups]).toBe(group);
    for (const label of labels)
      expect(english.permissionLabels[label as keyof typeof english.permissionLabels]).toBe(label);
    expect(Object.keys(english.roles)).toEqual([...ROLES]);
  });

  it('have German for each of them', () => {
    expect(Object.keys(german.permissionGroups).sort()).toEqual([...groups].sort());
    expect(Object.keys(german.permissionLabels).sort()).toEqual([...labels].sort());
    expect(german.permissionLabels.Read).toBe('Lesen');
  });
});
