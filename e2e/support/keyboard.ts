// Keyboard-only walkthroughs (issue 33 §3): what has the focus and whether it shows; Tab as a person would.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** What has the focus: its tag, input type, accessible label or text, and whether its focus shows (a ring on it or its option card, a menu item's highlight). */
export function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const ring = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      // A ring, or (a menu's item) the highlight's filled background.
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'
        || (e.hasAttribute('data-highlighted') && s.backgroundColor !== 'rgba(0, 0, 0, 0)');
    };
    return {
      tag: el.tagName, type: (el as HTMLInputElement).type ?? '',
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60),
      visible: ring(el) || ring(el.closest('.lp-quiz-option')),
    };
  });
}

/** Presses Tab until the focus is on what `wanted` accepts (at most 40 times): what a keyboard user does. */
export async function tabTo(page: Page, wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, what: string) {
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    seen.push(`${f.tag} ${f.type} ${f.name}`);
    if (wanted(f)) {
      expect(f.visible, `a visible focus on ${what}`).toBe(true);
      return f;
    }
  }
  throw new Error(`Tab never reached ${what}; it went: ${seen.join(' | ')}`);
}
