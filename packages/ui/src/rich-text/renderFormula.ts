/**
 * The formula renderer, loaded only when a text holds notation (a separate chunk, ~50 KiB compressed): Temml turns
 * TeX into MathML, which Chromium draws natively (no fonts, no CSS bundle). Temml builds DOM nodes itself (no
 * innerHTML); `trust: false` refuses `\href`, `\url`, `\includegraphics` and the `\html…` commands, and a last pass
 * drops any link or handler attribute, so an uploaded question cannot inject either.
 */
import temml from 'temml';

const UNSAFE_ATTRIBUTE = /^(on|href$|xlink:href$|src$|style$)/i;

/**
 * Draws `tex` as MathML into `target` (its children are replaced); false when it could not (the caller keeps the plain
 * form). `label`, the plain form, names the formula for labels and checkers that read no MathML (a radio's name).
 */
export function renderFormula(tex: string, target: HTMLElement, label: string): boolean {
  try {
    temml.render(tex, target, { trust: false, throwOnError: true, maxSize: [20, 20], maxExpand: 200 });
  } catch {
    target.textContent = '';
    return false;
  }
  for (const element of target.querySelectorAll('*')) {
    for (const { name } of [...element.attributes]) if (UNSAFE_ATTRIBUTE.test(name)) element.removeAttribute(name);
  }
  target.querySelector('math')?.setAttribute('aria-label', label);
  return true;
}
