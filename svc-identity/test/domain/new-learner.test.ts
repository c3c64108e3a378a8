import { describe, expect, it } from 'vitest';
import { newLearnerFromForm, newLearnerSubject } from '../../src/domain/new-learner';

describe('New learner (local sign-in)', () => {
  it('makes a learner from a name and a test e-mail; the same address is the same subject', () => {
    const made = newLearnerFromForm('  Maya   Rao ', 'Maya@Demo.Test ');
    expect(made).toEqual({ ok: true, learner: { subject: newLearnerSubject('maya@demo.test'), email: 'maya@demo.test', firstName: 'Maya', lastName: 'Rao' } });
    expect(newLearnerSubject('MAYA@demo.test')).toBe(newLearnerSubject('maya@demo.test'));
    expect(newLearnerSubject('kiran@demo.test')).not.toBe(newLearnerSubject('maya@demo.test'));
    expect(newLearnerFromForm('Kiran', 'kiran@example.com')).toMatchObject({ ok: true, learner: { firstName: 'Kiran', lastName: '' } });
  });

  it('refuses real-looking addresses, demo accounts\u2019 addresses, and empty or odd names', () => {
    expect(newLearnerFromForm('Maya', 'maya@gmail.com')).toMatchObject({ ok: false, message: expect.stringMatching(/test domain/) });
    expect(newLearnerFromForm('Maya', 'maya@example.com.evil.in')).toMatchObject({ ok: false });
    expect(newLearnerFromForm('Maya', 'asha@demo.test')).toMatchObject({ ok: false, message: expect.stringMatching(/demo account/) });
    expect(newLearnerFromForm('Maya', 'not an address')).toMatchObject({ ok: false });
    expect(newLearnerFromForm('', 'maya@demo.test')).toMatchObject({ ok: false, message: expect.stringMatching(/name/) });
    expect(newLearnerFromForm('<b>', 'maya@demo.test')).toMatchObject({ ok: false });
    // One line of plain text: a right-to-left override or a direction isolate would make the name show as another.
    expect(newLearnerFromForm('Maya \u202Eoar', 'maya@demo.test')).toMatchObject({ ok: false, message: expect.stringMatching(/name/) });
    expect(newLearnerFromForm('Maya \u2066Rao', 'maya@demo.test')).toMatchObject({ ok: false });
    expect(newLearnerFromForm(undefined, undefined)).toMatchObject({ ok: false });
  });
});
