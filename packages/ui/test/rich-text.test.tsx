import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';

afterEach(cleanup);

/** A fresh copy of the module, so whether the renderer was requested is this test's own doing. */
async function freshRichText() {
  const { vi } = await import('vitest');
  vi.resetModules();
  return import('../src/rich-text/RichText.tsx');
}

describe('RichText', () => {
  it('renders text without notation as plain text at once and never requests the renderer', async () => {
    const { RichText, formulaRendererRequested } = await freshRichText();
    const { container } = render(<p><RichText text="Ford paid $5 a day, then $35 an ounce; a \$ sign." /></p>);
    expect(container.textContent).toBe('Ford paid $5 a day, then $35 an ounce; a $ sign.');
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('math')).toBeNull();
    expect(formulaRendererRequested()).toBe(false);
  });

  it('shows the plain form first, then MathML with a superscript', async () => {
    const { RichText, formulaRendererRequested } = await freshRichText();
    const { container } = render(<p><RichText text="The charge is $6.25 \times 10^{-18}$ C." /></p>);
    expect(container.textContent).toBe('The charge is 6.25 × 10^-18 C.');
    expect(formulaRendererRequested()).toBe(true);
    await waitFor(() => expect(container.querySelector('math')).not.toBeNull());
    const sup = container.querySelector('msup')!;
    expect(sup.children[0]!.textContent).toBe('10');
    expect(sup.children[1]!.textContent).toBe('−18');
    expect(container.textContent).toContain('The charge is ');
    expect(container.textContent).toContain(' C.');
    // Named by its plain form for what reads no MathML (a radio's label, a checker).
    expect(container.querySelector('math')!.getAttribute('aria-label')).toBe('6.25 × 10^-18');
  });

  it('renders subscripts and fractions as MathML', async () => {
    const { RichText } = await freshRichText();
    const { container } = render(<p><RichText text="$I = neAv_d$ and $F \propto \frac{1}{r^2}$" /></p>);
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(2));
    expect(container.querySelector('msub')!.textContent).toBe('vd');
    const frac = container.querySelector('mfrac')!;
    expect(frac.children[0]!.textContent).toBe('1');
    expect(frac.children[1]!.textContent).toBe('r2');
  });

  it('never turns hostile input into links, images or handlers', async () => {
    const { RichText } = await freshRichText();
    const hostile = 'A $\\href{javascript:alert(1)}{click}$ B <img src=x onerror=alert(1)> C $<img src=x onerror=alert(2)>$ D $\\htmlClass{x}{y}$';
    const { container } = render(<p><RichText text={hostile} /></p>);
    await waitFor(() => expect(container.querySelector('math')).not.toBeNull());
    // Let every formula settle (rendered or left in its plain form).
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('a, img, [href], script')).toBeNull();
    for (const el of container.querySelectorAll('*')) {
      expect([...el.attributes].map((a) => a.name).filter((n) => /^on|href|src/i.test(n))).toEqual([]);
    }
    // The untrusted commands stay visible, in their plain form, as text instead of acting.
    expect(container.textContent).toContain('\\hrefjavascript:alert(1)click');
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
