import { afterEach, describe, expect, it, vi } from 'vitest';
import { heading } from '../src/heading.ts';

afterEach(() => vi.unstubAllEnvs());

describe('heading', () => {
  it("is the title, with the build's label when one is set", () => {
    vi.stubEnv('LP_HEADING_SUFFIX', undefined);
    expect(heading('Admin Login')).toBe('Admin Login');
    vi.stubEnv('LP_HEADING_SUFFIX', ' (rebuilt)');
    expect(heading('Admin Login')).toBe('Admin Login (rebuilt)');
  });
});
