import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const sources = (folder: string) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx)$/.test(f)).map((f) => `${folder}/${f}`);

describe('the package graph', () => {
  it('the platform never imports the UI kit: @lp/ui builds on @lp/web-platform, one way only', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(pkg.dependencies ?? {})).not.toContain('@lp/ui');
    const importing = [...sources('src'), ...sources('build')].filter((file) => /from '@lp\/ui|import '@lp\/ui/.test(readFileSync(join(root, file), 'utf8')));
    expect(importing).toEqual([]);
  });
});
