import { describe, expect, it } from 'vitest';
import { classNameIn, nameIn } from '../src/i18n/names.ts';

describe('catalogue names in the reader’s language (issue 33 §1)', () => {
  const economics = { name: 'Economics', hi: { name: 'अर्थशास्त्र' } };

  it('reads the Hindi name in Hindi', () => {
    expect(nameIn('hi', economics)).toBe('अर्थशास्त्र');
  });

  it('keeps the English name in English, and in Hindi where no Hindi name was published', () => {
    expect(nameIn('en', economics)).toBe('Economics');
    expect(nameIn('hi', { name: 'Physics' })).toBe('Physics');
    expect(nameIn('hi', { name: 'Physics', hi: { name: '' } })).toBe('Physics');
  });

  it('names the class in the reader’s language', () => {
    expect(classNameIn('hi', 'CBSE Class 12')).toBe('CBSE कक्षा 12');
    expect(classNameIn('en', 'CBSE Class 12')).toBe('CBSE Class 12');
  });
});
