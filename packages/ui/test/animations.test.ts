/**
 * The placeholders and spinners animate while a page is still rendering its first answers. An animation of anything
 * but `transform` or `opacity` is repainted on the main thread every frame, taking a phone's CPU from those renders
 * (issue 32 §3: the skeleton's moving background did). Every keyframe in the shared styles stays on the compositor.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(__dirname, '../src/styles.css'), 'utf8');

/** Each `@keyframes` block's name and the properties its frames set. */
function keyframes(source: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const match of source.matchAll(/@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*[^{}]*)\}/g)) {
    const properties = [...(match[2] ?? '').matchAll(/([\w-]+)\s*:/g)].map((m) => m[1] ?? '');
    found.set(match[1] ?? '', properties);
  }
  return found;
}

describe('the shared styles’ animations', () => {
  it('animate only what the compositor runs on its own (transform, opacity)', () => {
    const frames = keyframes(css);
    expect([...frames.keys()]).toEqual(expect.arrayContaining(['lp-spin', 'lp-pulse']));
    for (const [name, properties] of frames) {
      for (const property of properties) expect(['transform', 'opacity'], `@keyframes ${name} sets ${property}`).toContain(property);
    }
  });

  it('the skeleton pulses after a moment rather than at once, and stands still for reduced motion', () => {
    const rule = /\.lp-skeleton\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/animation:\s*lp-pulse\s+[\d.]+s\s+[\w-]+\s+0\.6s\s+infinite/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*\{[^}]*animation-duration: 0\.01ms !important;/);
  });
});
