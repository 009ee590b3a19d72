import { describe, expect, it } from 'vitest';
import { withCustomerId } from './customers-cache.ts';
import { DeletionTracker } from './deletion-tracker.ts';

describe('DeletionTracker', () => {
  it('finds a deletion by the customer id and, once accepted, by the job id', () => {
    const tracker = new DeletionTracker();
    tracker.started('scope-1', 'Acme');
    expect(tracker.find('scope-1')).toEqual({ customerId: 'scope-1', name: 'Acme' });
    expect(tracker.find('job-7')).toBeUndefined();
    tracker.accepted('scope-1', 'job-7');
    expect(tracker.find('job-7')).toEqual({ customerId: 'scope-1', name: 'Acme' });
  });

  it('forgets a deletion under every id', () => {
    const tracker = new DeletionTracker();
    tracker.started('scope-1', 'Acme');
    tracker.accepted('scope-1', 'job-7');
    tracker.started('scope-2', 'Bolt');
    tracker.forget('job-7');
    expect(tracker.find('scope-1')).toBeUndefined();
    expect(tracker.find('job-7')).toBeUndefined();
    expect(tracker.find('scope-2')?.name).toBe('Bolt');
  });
});

describe('withCustomerId', () => {
  const jobs: Record<string, string> = { 'job-7': 'scope-1' };
  const customerIdOf = (id: string) => jobs[id];

  it('names the customer instead of a known job', () => {
    const message = { type: 'deletion', id: 'job-7', state: 'done', step: 'removeScope' };
    expect(withCustomerId(message, customerIdOf)).toEqual({ ...message, id: 'scope-1' });
  });

  it('leaves other messages as they are', () => {
    const unknownJob = { type: 'deletion', id: 'job-9', state: 'done', step: 'removeScope' };
    expect(withCustomerId(unknownJob, customerIdOf)).toBe(unknownJob);
    const other = { type: 'scopeCreated', id: 'job-7' };
    expect(withCustomerId(other, customerIdOf)).toBe(other);
  });
});
