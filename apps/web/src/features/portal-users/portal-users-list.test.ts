import { describe, expect, it } from 'vitest';
import { lastPage, nextSort } from '../../lib/list-paging.ts';
import { emailText, listStatusText, pageSizeFrom } from './portal-users-list.ts';

describe('nextSort', () => {
  it('flips the order of the same column and starts another ascending', () => {
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'name')).toEqual({
      sortBy: 'name',
      sortOrder: 'desc',
    });
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'name')).toEqual({
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'email')).toEqual({
      sortBy: 'email',
      sortOrder: 'asc',
    });
  });
});

describe('pageSizeFrom', () => {
  it('keeps 5, 10 and 15 and falls back to 10', () => {
    expect([5, 10, 15].map(pageSizeFrom)).toEqual([5, 10, 15]);
    expect(pageSizeFrom(25)).toBe(10);
  });
});

describe('lastPage', () => {
  it('is the last page with rows, 0 when empty', () => {
    expect(lastPage(0, 10)).toBe(0);
    expect(lastPage(10, 10)).toBe(0);
    expect(lastPage(11, 10)).toBe(1);
  });
});

describe('listStatusText', () => {
  it('says Fetching while a list loads and Refreshing while it reloads', () => {
    const state = { isPending: false, isFetching: false, isPlaceholderData: false };
    expect(listStatusText({ ...state, isPending: true, isFetching: true })).toBe('Fetching Portal Users ...');
    expect(listStatusText({ ...state, isPlaceholderData: true, isFetching: true })).toBe(
      'Fetching Portal Users ...',
    );
    expect(listStatusText({ ...state, isFetching: true })).toBe('Refreshing Portal Users ...');
    expect(listStatusText(state)).toBeNull();
  });
});

describe('emailText', () => {
  it('shows No-email when there is none', () => {
    expect(emailText('')).toBe('No-email');
    expect(emailText('ada@example.com')).toBe('ada@example.com');
  });
});
