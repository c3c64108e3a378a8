import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Test setup belongs to the test layer: the local tooling (deploy/) may start what the packages' tests need, the
// packages' code never reaches into it (a service image ships packages/, never deploy/).
const packagesDir = join(import.meta.dirname, '../..');
const sources = () => readdirSync(packagesDir).flatMap((pkg) => {
  const src = join(packagesDir, pkg, 'src');
  try {
    return readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx|mts|mjs|js)$/.test(f)).map((f) => join(src, f));
  } catch {
    return [];
  }
});

describe('the package graph', () => {
  it('no shared package imports the local tooling under deploy/', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(20);
    const importing = files.filter((file) => /(from\s+|import\s*\(\s*)['"][./]*deploy\//.test(readFileSync(file, 'utf8')));
    expect(importing).toEqual([]);
  });
});
