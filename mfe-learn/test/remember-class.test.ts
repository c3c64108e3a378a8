import { describe, expect, it } from 'vitest';
import { classToRemember } from '../src/pages/dashboard/remember-class.ts';

const base = { urlClass: null, remember: null, storedClass: null, signedIn: false, profileClass: null };

describe('the class picked on the landing page is remembered (issue 31 §11)', () => {
  it('a visitor: stored on the device, never sent', () => {
    expect(classToRemember({ ...base, urlClass: 'CBSE Class 10', remember: 'class' })).toEqual({ store: 'CBSE Class 10', save: null });
    expect(classToRemember({ ...base, urlClass: 'CBSE Class 10', remember: 'class', storedClass: 'CBSE Class 10' })).toEqual({ store: null, save: null });
  });

  it('a learner: saved to the profile too, unless it already says so', () => {
    expect(classToRemember({ ...base, urlClass: 'CBSE Class 10', remember: 'class', signedIn: true, profileClass: 'CBSE Class 12' })).toEqual({ store: 'CBSE Class 10', save: 'CBSE Class 10' });
    expect(classToRemember({ ...base, urlClass: 'CBSE Class 10', remember: 'class', signedIn: true, profileClass: 'CBSE Class 10' })).toEqual({ store: 'CBSE Class 10', save: null });
  });

  it('a learner without a saved class gets the device’s; a shared dashboard link without remember changes nothing', () => {
    expect(classToRemember({ ...base, storedClass: 'CBSE Class 10', signedIn: true })).toEqual({ store: null, save: 'CBSE Class 10' });
    expect(classToRemember({ ...base, storedClass: 'CBSE Class 10', signedIn: true, profileClass: 'CBSE Class 12' })).toEqual({ store: null, save: null });
    expect(classToRemember({ ...base, urlClass: 'CBSE Class 10', signedIn: true, profileClass: 'CBSE Class 12' })).toEqual({ store: null, save: null });
    expect(classToRemember({ ...base, urlClass: 'Class 99', remember: 'class' })).toEqual({ store: null, save: null });
  });
});
