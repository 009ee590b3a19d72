import { describe, expect, it } from 'vitest';
import { auditSearch, changeLines, EMPTY_FILTER } from './audit-filter.ts';

describe('audit filter', () => {
  it('sends only the filters given, times as ISO instants', () => {
    expect(auditSearch(EMPTY_FILTER, 0, 25)).toBe('page=0&pageSize=25');
    const search = new URLSearchParams(
      auditSearch({
        ...EMPTY_FILTER,
        q: ' unlock door ',
        who: ' ann ',
        thing: 'lock',
        from: '2026-01-02T03:04',
        to: 'nonsense',
      }),
    );
    expect(search.get('q')).toBe('unlock door');
    expect(search.get('who')).toBe('ann');
    expect(search.get('thing')).toBe('lock');
    expect(search.has('action')).toBe(false);
    expect(search.get('from')).toBe(new Date('2026-01-02T03:04').toISOString());
    expect(search.has('to')).toBe(false);
  });

  it('describes each change from its old value to its new one', () => {
    expect(changeLines({ name: { from: 'A', to: 'B' }, flag: { to: true }, gone: { from: 'x' } })).toEqual([
      'name: A → B',
      'flag: — → true',
      'gone: x → —',
    ]);
  });
});
