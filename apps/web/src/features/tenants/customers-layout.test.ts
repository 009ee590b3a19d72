import { describe, expect, it } from 'vitest';
import { customersLayoutFor } from './customers-layout.ts';

describe('customersLayoutFor', () => {
  it('uses the wide table only above 1200 px', () => {
    expect(customersLayoutFor(1201)).toBe('wide');
    expect(customersLayoutFor(1920)).toBe('wide');
    expect(customersLayoutFor(1200)).toBe('name');
  });

  it('shows the Name column from 600 px to 1200 px, and cards below 600 px', () => {
    expect(customersLayoutFor(800)).toBe('name');
    expect(customersLayoutFor(600)).toBe('name');
    expect(customersLayoutFor(599)).toBe('cards');
    expect(customersLayoutFor(320)).toBe('cards');
  });
});
