import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The bench's floor proxy measures what the gateway's own headers cost: it takes them from the gateway package's
// public exports (gateway/package.json), never from the gateway's source files, which may move at any time.
const benchDir = join(import.meta.dirname, '../bench');

describe('the bench', () => {
  it('imports nothing from the gateway\'s source folder', () => {
    const importing = readdirSync(benchDir).filter((f) => f.endsWith('.mjs'))
      .filter((f) => /gateway\/src\//.test(readFileSync(join(benchDir, f), 'utf8')));
    expect(importing).toEqual([]);
  });

  it('finds the gateway\'s API security headers through the package export the floor proxy imports', async () => {
    const { securityHeaders } = await import('gateway/security-headers');
    const names = securityHeaders({ production: false, kind: 'api' }).map(([name]) => name);
    expect(names).toContain('content-security-policy');
    expect(names).toContain('x-content-type-options');
  });
});
