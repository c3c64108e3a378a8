import { describe, expect, it } from 'vitest';
import { catalogueNameKey, existingCatalogueName, tidyCatalogueName } from '../src/catalogue-name';

describe('catalogue names: case and spacing do not make a new subject or chapter', () => {
  it('finds the stored name a differently cased or spaced one stands for', () => {
    expect(existingCatalogueName('biology', ['Physics', 'Biology'])).toBe('Biology');
    expect(existingCatalogueName('  The  Living World ', ['The Living World'])).toBe('The Living World');
    expect(existingCatalogueName('Chemistry', ['Physics', 'Biology'])).toBeNull();
  });

  it('tidies spacing but keeps the letters as typed', () => {
    expect(tidyCatalogueName('  Cell:\tthe  unit ')).toBe('Cell: the unit');
    expect(catalogueNameKey(' BIOLOGY ')).toBe(catalogueNameKey('biology'));
  });
});
