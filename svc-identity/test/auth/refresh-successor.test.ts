// The successor of a spent refresh token opens only with that spent token.
import { describe, expect, it } from 'vitest';
import { openSuccessor, sealSuccessor } from '../../src/auth/refresh-successor';

describe('refresh successor', () => {
  it('opens with the spent token, and with nothing else', () => {
    const sealed = sealSuccessor('spent-token', 'next-token');
    expect(openSuccessor('spent-token', sealed)).toBe('next-token');
    expect(openSuccessor('another-token', sealed)).toBeNull();
    expect(openSuccessor('spent-token', undefined)).toBeNull();
    expect(openSuccessor('spent-token', 'a.b.c')).toBeNull();
    expect(sealed).not.toContain('next-token');
  });
});
