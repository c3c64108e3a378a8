import { describe, expect, it } from 'vitest';
import { splitNotation } from '@lp/question-rules/notation';
import { questionsFor } from '../../../deploy/local/stand-ins/openai.mjs';
import { prompt } from '../../src/generation/ai-client.ts';

describe('the PDF → questions prompt', () => {
  it('asks for science notation as TeX between dollars, in the form the quiz renders', () => {
    const { system } = prompt({ className: 'CBSE Class 12', subjectName: 'Physics', chapterName: 'Current Electricity', difficulty: 'easy', count: 5, text: '[Page 1] I = neAvd' });
    expect(system).toContain('TeX between single dollar signs');
    // Every example in the instruction is a formula by the quiz's own rules; the price is not.
    const formulas = splitNotation(system).filter((s) => s.kind === 'tex').map((s) => s.tex);
    expect(formulas).toEqual(['6.25 \\times 10^{-18}', '\\frac{1}{r^2}', 'v_d', 'I = neAv_d', '\\text{H}_2\\text{SO}_4', '\\lambda']);
  });

  it('asks for an optional Hindi version, options in the same order, and for Hindi on every question when the admin asks', () => {
    const req = { className: 'CBSE Class 10', subjectName: 'Science', chapterName: 'Light', difficulty: 'easy' as const, count: 5, text: '[Page 1] प्रकाश सीधी रेखा में चलता है।' };
    expect(prompt(req).system).toContain('When the text is in Hindi, or when asked for Hindi, also give "hi"');
    expect(prompt(req).user).not.toContain('Also write each question in Hindi');
    expect(prompt({ ...req, alsoHindi: true }).user).toContain('Also write each question in Hindi (hi).');
  });

  it('the local stand-in answers a Hindi text, or a request for Hindi, with each question in Hindi too', () => {
    const hindi = questionsFor('[Page 2] प्रकाश संश्लेषण में पौधे कार्बन डाइऑक्साइड लेते हैं। पत्तियों में पर्णहरित होता है।', 2, 'Plants');
    expect(hindi[0]!.hi).toMatchObject({ question: expect.stringMatching(/^रिक्त स्थान भरें: /), options: hindi[0]!.options });
    expect(hindi[0]!.hi!.question).toContain('_____');
    expect(hindi[0]!.correctAnswer).toMatch(/[\u0900-\u097F]{5,}/); // a whole Devanagari word, vowel signs included
    const english = '[Page 1] The mitochondria release energy from food in every living cell.';
    expect(questionsFor(english, 1)[0]!.hi).toBeNull();
    expect(questionsFor(english, 1, 'Cells', { hindi: true })[0]!.hi).toMatchObject({ question: expect.stringMatching(/^रिक्त स्थान भरें: /) });
  });
});
