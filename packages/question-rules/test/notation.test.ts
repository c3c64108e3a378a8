import { describe, expect, it } from 'vitest';
import { hasNotation, plainForm, plainText, splitNotation } from '../src/notation.ts';

describe('notation: TeX between dollars', () => {
  it('finds formulas and leaves prices and escaped dollars as text', () => {
    expect(splitNotation('E = $mc^2$ here')).toEqual([
      { kind: 'text', text: 'E = ' },
      { kind: 'tex', tex: 'mc^2' },
      { kind: 'text', text: ' here' },
    ]);
    expect(hasNotation('Ford doubled the wage to $5 a day; gold at $35 per ounce')).toBe(false);
    expect(hasNotation('$5, $1, $50')).toBe(false);
    expect(splitNotation('costs \\$5')).toEqual([{ kind: 'text', text: 'costs $5' }]);
    expect(hasNotation('plain')).toBe(false);
  });

  it('gives the plain form a student would type', () => {
    expect(plainForm('6.25 \\times 10^{-18}')).toBe('6.25 × 10^-18');
    expect(plainForm('\\frac{1}{r^2}')).toBe('1/r^2');
    expect(plainForm('v_d')).toBe('v_d');
    expect(plainForm('\\text{H}_2\\text{O}')).toBe('H_2O');
    expect(plainText('Charge $6.25 \\times 10^{-18}$ C')).toBe('Charge 6.25 × 10^-18 C');
  });
});

describe('short answers written in notation', () => {
  const short = (correctAnswer: string) => ({ type: 'short_answer', correctAnswer });
  it('accept what a student types for a formula key', async () => {
    const { isAnswerCorrect } = await import('../src/index.ts');
    expect(isAnswerCorrect(short('$10^{-18}$'), '10^-18')).toBe(true);
    expect(isAnswerCorrect(short('$10^{-18}$'), '10 ^ -18')).toBe(true);
    expect(isAnswerCorrect(short('$6.25 \\times 10^{-18}$ C'), '6.25 x 10^-18 C')).toBe(true);
    expect(isAnswerCorrect(short('$6.25 \\times 10^{-18}$ C'), '6.25×10^-18 c')).toBe(true);
    expect(isAnswerCorrect(short('$\\frac{1}{r^2}$'), '1/r^2')).toBe(true);
    expect(isAnswerCorrect(short('$\\text{H}_2\\text{O}$'), 'H_2O')).toBe(true);
    expect(isAnswerCorrect(short('$10^{-18}$'), '10^-17')).toBe(false);
    expect(isAnswerCorrect(short('Generative cell'), ' generative  CELL ')).toBe(true);
  });
});
