// The learn remote's pages take plain values (class names, plan, flag labels) from @lp/contracts' schema-free
// subpaths: the package's root evaluates every schema of every service, and TypeBox, on a phone's main thread
// before the dashboard can render (Lighthouse's TBT on /dashboard, issue 32 §3). Type imports cost nothing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// From the repository's root (npx vitest --project mfe-learn) or the remote's folder (jsdom has no file URL here).
const src = [join(process.cwd(), 'mfe-learn', 'src'), join(process.cwd(), 'src')].find((dir) => existsSync(dir))! + '/';
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

/** The imports from `@lp/contracts` itself that bring a value (not only types). */
function rootValueImports(source: string): string[] {
  return [...source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@lp\/contracts'/g)]
    .filter(([, wholeType, names]) => !wholeType && names!.split(',').some((n) => n.trim() !== '' && !n.trim().startsWith('type ')))
    .map(([statement]) => statement.replace(/\s+/g, ' '));
}

describe('the learn remote and the contracts’ schemas', () => {
  it('imports no value from the root of @lp/contracts (only types; values from its schema-free subpaths)', () => {
    const offenders = files(src).flatMap((file) => rootValueImports(readFileSync(file, 'utf8')).map((i) => `${file.slice(src.length)}: ${i}`));
    expect(offenders).toEqual([]);
  });

  it('tells a type import from a value import', () => {
    expect(rootValueImports("import type { A } from '@lp/contracts';\nimport { type B, type C } from '@lp/contracts';")).toEqual([]);
    expect(rootValueImports("import { CLASS_NAMES, type ClassName } from '@lp/contracts';")).toHaveLength(1);
  });
});
