import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LEARNER_ERROR_CODES, STAFF_ERROR_CODES } from '@lp/contracts/error-codes';
import { ApiError } from '@lp/web-platform';
import { setLanguage, useI18n } from '@lp/web-platform/i18n';
import { errorTextOf, errorTextWhenReady } from '@lp/web-platform/error-texts';
import { errorTextLater } from '@lp/web-platform/error-text-later';
import hindi from '../src/error-texts-hi.ts';

const refusal = (status: number, message: string, code?: string) =>
  new ApiError(status, { statusCode: status, error: 'Error', message, ...(code ? { code } : {}) });

beforeEach(() => {
  localStorage.clear();
  useI18n.setState({ language: 'en' });
});

describe('errorTextOf: a failed call in the page language', () => {
  it('in English, shows the service message, else the fallback, exactly as before', () => {
    expect(errorTextOf(refusal(409, 'This is your own challenge: share the link with a friend.', 'OWN_CHALLENGE')))
      .toBe('This is your own challenge: share the link with a friend.');
    expect(errorTextOf(new TypeError('Failed to fetch'), 'Could not start.')).toBe('Could not start.');
  });

  it('errorTextWhenReady waits for the Hindi texts a page in Hindi has not loaded yet (a module imported on failure)', async () => {
    useI18n.setState({ language: 'hi' });
    expect(await errorTextWhenReady(refusal(409, 'This quiz is already completed.', 'SESSION_COMPLETED'))).toBe('यह क्विज़ पहले ही पूरा हो चुका है।');
  });

  it('in Hindi, shows the Hindi text of the code (its catalogue loaded on the switch)', async () => {
    await setLanguage('hi');
    expect(errorTextOf(refusal(409, 'This is your own challenge: share the link with a friend.', 'OWN_CHALLENGE')))
      .toBe('यह आपकी अपनी चुनौती है: इसका लिंक किसी मित्र को भेजें।');
    expect(errorTextOf(refusal(403, 'Mistake review is part of the subscription. Subscribe to unlock it.', 'NOT_ENTITLED')))
      .toBe('यह सदस्यता का हिस्सा है। इसे खोलने के लिए सदस्यता लें।');
  });

  it('errorTextLater fetches the texts only when asked, and reads like errorTextOf (a first load that carries none)', async () => {
    await setLanguage('hi');
    expect(await errorTextLater(refusal(409, 'Finish the challenge to see its answers.', 'NOT_FINISHED'))).toBe('पहले चुनौती पूरी करें।');
    await setLanguage('en');
    expect(await errorTextLater(refusal(409, 'Finish the challenge to see its answers.', 'NOT_FINISHED'))).toBe('Finish the challenge to see its answers.');
  });

  it('in Hindi, keeps the numbers of a parameterised message: waits, dates and sizes', async () => {
    await setLanguage('hi');
    expect(errorTextOf(refusal(429, 'Too many requests. Try again in 45 seconds.', 'RATE_LIMITED')))
      .toBe('बहुत कम समय में बहुत ज़्यादा अनुरोध हुए। 45 सेकंड बाद फिर कोशिश करें।');
    expect(errorTextOf(refusal(429, 'You have answered many sample questions today. Try again in 1 hour, or subscribe for full quizzes.', 'RATE_LIMITED')))
      .toBe('बहुत कम समय में बहुत ज़्यादा अनुरोध हुए। 1 घंटा बाद फिर कोशिश करें।');
    expect(errorTextOf(refusal(429, 'Too many attempts were started from here. Please wait a while and try again.', 'RATE_LIMITED')))
      .toBe('बहुत कम समय में बहुत ज़्यादा अनुरोध हुए। थोड़ी देर बाद फिर कोशिश करें।');
    expect(errorTextOf(refusal(404, 'Challenge expired on 27 Nov 2026', 'EXPIRED'))).toMatch(/^चुनौती 27 .+ 2026 को समाप्त हो गई$/);
    expect(errorTextOf(refusal(413, 'File too large, Please upload files smaller than 5MB', 'FILE_TOO_LARGE')))
      .toBe('फ़ाइल बहुत बड़ी है, कृपया 5MB से छोटी फ़ाइल अपलोड करें');
  });

  it('in Hindi, a code without a Hindi text, or no code, falls back to the English message or the page text', async () => {
    await setLanguage('hi');
    expect(errorTextOf(refusal(403, 'Only the owner account can enter the admin area.', 'NOT_OWNER'))).toBe('Only the owner account can enter the admin area.');
    expect(errorTextOf(refusal(502, 'Bad gateway'))).toBe('Bad gateway');
    expect(errorTextOf(new TypeError('Failed to fetch'), 'शुरू नहीं हो सका।')).toBe('शुरू नहीं हो सका।');
  });
});

describe('the Hindi error catalogue', () => {
  it('has a Hindi text for every learner code', () => {
    const missing = LEARNER_ERROR_CODES.filter((code) => !hindi[code]?.trim());
    expect(missing).toEqual([]);
  });

  it("knows every code the services answer: each is a learner code (with its Hindi text) or named staff-only", () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const folders = [...readdirSync(root).filter((d) => d.startsWith('svc-') || d === 'gateway').map((d) => `${d}/src`), 'packages/service-kit/src'];
    // A line that raises or answers an error, or names a code as a constant; its all-capital literals are codes.
    const raising = /\b(AppError|errorBody|forbidden|conflict|badRequest|notFound|refuse|UploadError|super)\(|^export const [A-Z_]+ = '[A-Z_]+';/;
    const notCodes = new Set(['EVENTS', 'FST_FILES_LIMIT', 'FST_REQ_FILE_TOO_LARGE']);
    const found = new Set<string>();
    for (const folder of folders) {
      for (const file of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
        for (const line of readFileSync(join(root, folder, file), 'utf8').split('\n')) {
          if (!raising.test(line.trim())) continue;
          for (const m of line.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g)) if (!notCodes.has(m[1]!)) found.add(m[1]!);
        }
      }
    }
    const known = new Set<string>([...LEARNER_ERROR_CODES, ...STAFF_ERROR_CODES]);
    expect(found.size).toBeGreaterThan(50);
    expect([...found].filter((code) => !known.has(code))).toEqual([]);
  });
});
