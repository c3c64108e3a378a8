import { describe, expect, it } from 'vitest';
import { userDisplayName } from '../src/index';

describe('userDisplayName (challenge cards and the feedback inbox)', () => {
  it('is the first and last name, else the e-mail local part, never the full address, else A friend', () => {
    expect(userDisplayName({ firstName: 'Ravi', lastName: 'Subscriber', email: 'ravi@example.com' })).toBe('Ravi Subscriber');
    expect(userDisplayName({ firstName: 'Asha', lastName: '', email: 'asha@example.com' })).toBe('Asha');
    expect(userDisplayName({ firstName: ' ', lastName: '', email: 'asha.k@example.com' })).toBe('asha.k');
    expect(userDisplayName({ firstName: '', lastName: '', email: '' })).toBe('A friend');
  });
});
