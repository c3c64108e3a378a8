/** axe-core checks for the e2e tests: serious and critical violations only (the quality bar). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe (WCAG 2.x A/AA and best practices) on the page as it is, and returns the serious and
 * critical violations, each with up to five offending elements. `exclude` takes CSS selectors; `wcagOnly` leaves out
 * axe's best practices (the WCAG 2.2 AA rules alone, about a fifth faster).
 */
export async function seriousAxeViolations(page: Page, options: { exclude?: string[]; wcagOnly?: boolean } = {}): Promise<AxeFinding[]> {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', ...(options.wcagOnly ? [] : ['best-practice'])];
  let builder = new AxeBuilder({ page }).withTags(tags);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** How far the page scrolls sideways (0 when nothing overflows the viewport). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return el.scrollWidth - el.clientWidth;
  });
}

/** What sticks out past the right edge of the viewport (the outermost such elements), to say why a page overflows. */
export function elementsPastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 1;
    const past = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > edge);
    const outermost = past.filter((el) => !past.some((other) => other !== el && other.contains(el)));
    return outermost.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right - edge + 1)} px)`);
  });
}
