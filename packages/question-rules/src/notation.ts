/**
 * The authoring notation of questions, options and explanations: TeX between single dollars, `$10^{-18}$`,
 * `$\frac{1}{r^2}$`, `$I = neAv_d$` (the convention of KaTeX, Temml and most AI models). A dollar opens a formula only
 * when a non-space follows it, and closes one only when a non-space precedes it and no digit follows, so prices
 * ("$5 a day, $35 an ounce") stay text; `\$` is a literal dollar. Pure and tiny: it ships with every page that
 * shows a question (`@lp/ui/rich-text`), the renderer does not; short-answer checking compares plain forms.
 */
export type Segment = { kind: 'text'; text: string } | { kind: 'tex'; tex: string };

/** The text cut into plain runs and formulas, in order. */
export function splitNotation(text: string): Segment[] {
  const segments: Segment[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && text[i + 1] === '$') {
      plain += '$';
      i += 2;
      continue;
    }
    const end = ch === '$' ? closingDollar(text, i) : -1;
    if (end < 0) {
      plain += ch;
      i += 1;
      continue;
    }
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push({ kind: 'tex', tex: text.slice(i + 1, end) });
    i = end + 1;
  }
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

/** Whether the text holds at least one formula: only then is the renderer loaded. */
export function hasNotation(text: string): boolean {
  return text.includes('$') && splitNotation(text).some((s) => s.kind === 'tex');
}

function closingDollar(text: string, open: number): number {
  if (!/\S/.test(text[open + 1] ?? ' ')) return -1;
  for (let j = open + 1; j < text.length; j += 1) {
    if (text[j] === '\\') {
      j += 1;
      continue;
    }
    if (text[j] !== '$') continue;
    if (/\s/.test(text[j - 1]!) || /\d/.test(text[j + 1] ?? '')) return -1;
    return j;
  }
  return -1;
}

const SYMBOLS: Record<string, string> = {
  times: '×', cdot: '·', div: '÷', pm: '±', le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', approx: '≈',
  propto: '∝', infty: '∞', to: '→', rightarrow: '→', leftarrow: '←', rightleftharpoons: '⇌', degree: '°', circ: '°',
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', Delta: 'Δ', epsilon: 'ε', varepsilon: 'ε', theta: 'θ', lambda: 'λ',
  mu: 'μ', nu: 'ν', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ', phi: 'φ', omega: 'ω', Omega: 'Ω',
};

/**
 * A formula as readable plain text ("6.25 × 10^-18", "1/r^2"): shown while the renderer loads, and where it cannot
 * render. Also the form a student types, which short-answer checking compares against.
 */
export function plainForm(tex: string): string {
  return tex
    .replace(/\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '$1/$2')
    .replace(/\\sqrt\s*\{([^{}]*)\}/g, '√$1')
    .replace(/\\(?:text|mathrm|mathit|mathbf|operatorname)\s*\{([^{}]*)\}/g, '$1')
    .replace(/\\([a-zA-Z]+)/g, (match, name: string) => SYMBOLS[name] ?? (name === 'left' || name === 'right' ? '' : match))
    .replace(/\\[,;:! ]/g, ' ')
    .replace(/\\([%$&#_{}])/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The whole text with every formula in its plain form. */
export function plainText(text: string): string {
  return splitNotation(text).map((s) => (s.kind === 'text' ? s.text : plainForm(s.tex))).join('');
}
