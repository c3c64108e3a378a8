import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defineMessages, detectLanguage, formatMessage, LANGUAGE_STORAGE_KEY, setLanguage, useI18n, type Translation,
} from '@lp/web-platform/i18n';
import { catalogueDifferences } from '@lp/web-platform/i18n-check';
import { formatDate, formatMoney } from '@lp/web-platform/format';

const english = {
  greeting: 'Hello, {name}',
  onlyInEnglish: 'Not translated yet',
  questions: { one: '{count} question', other: '{count} questions' },
} as const;

const hindi: Translation<typeof english> = {
  greeting: 'नमस्ते, {name}',
  onlyInEnglish: '',
  questions: { one: '{count} प्रश्न', other: '{count} प्रश्न' },
};

function languages(list: string[]) {
  Object.defineProperty(navigator, 'languages', { value: list, configurable: true });
}

beforeEach(() => {
  localStorage.clear();
  useI18n.setState({ language: 'en', loaded: {} });
});
afterEach(() => languages(['en-US', 'en']));

describe('the page language', () => {
  it('defaults from the browser: hi-IN reads Hindi, anything else English', () => {
    languages(['hi-IN', 'en']);
    expect(detectLanguage()).toBe('hi');
    languages(['en-GB', 'hi']);
    expect(detectLanguage()).toBe('en');
  });

  it('prefers the choice remembered on the device over the browser', async () => {
    languages(['hi-IN']);
    await setLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(detectLanguage()).toBe('en');
  });

  it('sets <html lang> to the language', async () => {
    await setLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe("a remote's messages", () => {
  it('render English at once, and Hindi after switching, without a reload', async () => {
    let loads = 0;
    const { useT } = defineMessages('test-switch', english, { hi: async () => { loads += 1; return { default: hindi }; } });
    function Greeting() {
      const t = useT();
      return <p>{t('greeting', { name: 'Asha' })}</p>;
    }
    render(<Greeting />);
    expect(screen.getByText('Hello, Asha')).toBeTruthy();
    expect(loads).toBe(0);

    await act(() => setLanguage('hi'));
    expect(screen.getByText('नमस्ते, Asha')).toBeTruthy();
    await act(() => setLanguage('en'));
    await act(() => setLanguage('hi'));
    expect(loads).toBe(1);
  });

  it('fall back to English for a key the translation lacks', async () => {
    const partial = { greeting: 'नमस्ते, {name}' } as unknown as Translation<typeof english>;
    const { t } = defineMessages('test-missing', english, { hi: async () => ({ default: partial }) });
    await setLanguage('hi');
    expect(t('greeting', { name: 'Ravi' })).toBe('नमस्ते, Ravi');
    expect(t('onlyInEnglish')).toBe('Not translated yet');
  });

  it('fall back to English when the catalogue cannot load', async () => {
    const { t } = defineMessages('test-offline', english, { hi: () => Promise.reject(new Error('offline')) });
    await setLanguage('hi');
    expect(t('greeting', { name: 'Ravi' })).toBe('Hello, Ravi');
  });
});

describe('plurals and numbers', () => {
  it('pick the plural form by count in each language', () => {
    expect(formatMessage(english.questions, 'en', { count: 1 })).toBe('1 question');
    expect(formatMessage(english.questions, 'en', { count: 0 })).toBe('0 questions');
    expect(formatMessage({ one: '{count} दिन', other: '{count} दिनों' }, 'hi', { count: 0 })).toBe('0 दिन');
    expect(formatMessage({ one: '{count} दिन', other: '{count} दिनों' }, 'hi', { count: 5 })).toBe('5 दिनों');
  });

  it('write numbers in Indian grouping with digits 0-9', () => {
    expect(formatMessage('{n} students', 'en', { n: 100000 })).toBe('1,00,000 students');
    expect(formatMessage('{n} छात्र', 'hi', { n: 100000 })).toBe('1,00,000 छात्र');
  });

  it('agree with Intl on every plural form and number, in both languages', () => {
    const counts = [0, 0.5, 1, 1.5, 2, 3, 11, 21, 101, 999, 1000, 12345, 100000, 2.75, -1, -3, 1234.5, Number.NaN];
    for (const language of ['en', 'hi'] as const) {
      const locale = `${language}-IN`;
      const rules = new Intl.PluralRules(locale);
      for (const count of counts) {
        const expected = `${rules.select(count)} ${count.toLocaleString(locale)}`;
        expect(formatMessage({ one: 'one {count}', other: 'other {count}' }, language, { count })).toBe(expected);
      }
    }
  });

  // Intl.PluralRules built per call loaded ICU data in the account menu's first render, ~150 ms of a throttled
  // phone's dashboard load (issue 32 §3).
  it('build no Intl object for small counts, and one number format per language for the rest', () => {
    const built = { rules: 0, formats: 0 };
    const { PluralRules, NumberFormat } = Intl;
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    Object.assign(Intl, {
      PluralRules: class extends PluralRules { constructor(...args: ConstructorParameters<typeof PluralRules>) { super(...args); built.rules += 1; } },
      NumberFormat: class extends NumberFormat { constructor(...args: ConstructorParameters<typeof NumberFormat>) { super(...args); built.formats += 1; } },
    });
    try {
      for (let count = 0; count < 50; count += 1) {
        formatMessage(english.questions, 'en', { count });
        formatMessage({ one: '{count} दिन', other: '{count} दिनों' }, 'hi', { count });
      }
      expect(built).toEqual({ rules: 0, formats: 0 });
      expect(toLocale).not.toHaveBeenCalled();
      for (let n = 1000; n < 1050; n += 1) {
        formatMessage('{n} students', 'en', { n });
        formatMessage('{n} छात्र', 'hi', { n });
      }
      expect(built.formats).toBeLessThanOrEqual(2);
      expect(toLocale).not.toHaveBeenCalled();
    } finally {
      Object.assign(Intl, { PluralRules, NumberFormat });
      toLocale.mockRestore();
    }
  });

  it('format money and dates in the chosen language', () => {
    expect(formatMoney('INR', 100000, { language: 'hi' })).toBe('₹1,00,000');
    expect(formatDate('2026-11-26T18:51:03.000Z', { timeZone: 'Asia/Kolkata', language: 'hi' })).toBe('27 नव॰ 2026');
  });
});

describe('catalogue completeness', () => {
  it('names missing and orphan keys', () => {
    expect(catalogueDifferences(english, hindi)).toEqual({ missing: [], orphans: [] });
    expect(catalogueDifferences(english, { greeting: 'x', extra: 'y' })).toEqual({ missing: ['onlyInEnglish', 'questions'], orphans: ['extra'] });
  });
});
