import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const sources = (folder: string) =>
  readdirSync(new URL(folder, root), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx)$/.test(f)).map((f) => `${folder}/${f}`);

describe('the package graph', () => {
  it('the platform never imports the UI kit: @lp/ui builds on @lp/web-platform, one way only', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(pkg.dependencies ?? {})).not.toContain('@lp/ui');
    const importing = [...sources('src'), ...sources('build')].filter((file) => /from '@lp\/ui|import '@lp\/ui/.test(readFileSync(new URL(file, root), 'utf8')));
    expect(importing).toEqual([]);
  });
});
