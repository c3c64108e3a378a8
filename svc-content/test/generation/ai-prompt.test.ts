import { describe, expect, it } from 'vitest';
import { splitNotation } from '@lp/question-rules/notation';
import { prompt } from '../../src/generation/ai-client.ts';

describe('the PDF → questions prompt', () => {
  it('asks for science notation as TeX between dollars, in the form the quiz renders', () => {
    const { system } = prompt({ className: 'CBSE Class 12', subjectName: 'Physics', chapterName: 'Current Electricity', difficulty: 'easy', count: 5, text: '[Page 1] I = neAvd' });
    expect(system).toContain('TeX between single dollar signs');
    // Every example in the instruction is a formula by the quiz's own rules; the price is not.
    const formulas = splitNotation(system).filter((s) => s.kind === 'tex').map((s) => s.tex);
    expect(formulas).toEqual(['6.25 \\times 10^{-18}', '\\frac{1}{r^2}', 'v_d', 'I = neAv_d', '\\text{H}_2\\text{SO}_4', '\\lambda']);
  });
});
