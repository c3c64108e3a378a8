import { describe, expect, it } from 'vitest';
import { bucketOf } from '../../src/domain/payment-state';

describe('payment-status counts', () => {
  it('a refunded payment is counted as refunded, not successful', () => {
    expect(bucketOf('captured')).toBe('successful');
    expect(bucketOf('refunded')).toBe('refunded');
  });
  it('a checkout opened and never paid is apart from a charge being processed', () => {
    expect(bucketOf('created')).toBe('notCompleted');
    expect(bucketOf('pending')).toBe('pending');
    expect(bucketOf('failed')).toBe('failed');
  });
});
