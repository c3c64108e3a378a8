/**
 * Issue 33 §1 (bilingual questions) on the path people take: the owner publishes a bilingual chapter as Raw JSON in
 * the admin upload; a subscriber who studies in Hindi, on a 360 px phone, takes its chapter quiz. Each question shows
 * in Hindi; one is switched to English with its one-tap switch; an MCQ answered by its Hindi option and a short answer
 * typed in Devanagari without its nukta (जिंक for ज़िंक) are both scored right, with the Hindi explanation.
 *
 * The student's language: the i18n framework (another branch) sets `<html lang>` from the account or the browser.
 * Until it is merged, this file's learner has a Hindi browser (locale hi-IN) and an init script sets `lang="hi"` once
 * the document is parsed, unless something already did.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { acceptDisclaimerIfShown, elevateToAdmin, signIn } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';

const PHONE = { width: 360, height: 780 };
const { newPage } = chromiumForFile();

const chapterName = `Bilingual Chapter ${Date.now().toString(36)}`;
const Q = {
  gas: { en: `Which gas do plants take in for photosynthesis? (${chapterName})`, hi: 'प्रकाश संश्लेषण के लिए पौधे कौन-सी गैस लेते हैं?' },
  zinc: { en: 'Which metal coats iron when it is galvanised?', hi: 'जस्तीकरण में लोहे पर किस धातु की परत चढ़ाई जाती है?' },
  leaf: { en: 'Chlorophyll makes leaves green.', hi: 'पर्णहरित के कारण पत्तियाँ हरी होती हैं।' },
};
const tree = {
  className: 'CBSE Class 12',
  subjects: [{
    name: 'Biology',
    chapters: [{
      name: chapterName,
      hi: { name: 'द्विभाषी अध्याय' },
      number: 170,
      topics: [{
        name: 'Photosynthesis',
        hi: { name: 'प्रकाश संश्लेषण' },
        questions: [
          {
            question: Q.gas.en, type: 'multiple_choice', options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen'], correctAnswer: 'Carbon dioxide',
            explanation: 'Plants fix carbon dioxide into sugars.',
            hi: { question: Q.gas.hi, options: ['ऑक्सीजन', 'कार्बन डाइऑक्साइड', 'नाइट्रोजन', 'हाइड्रोजन'], explanation: 'पौधे कार्बन डाइऑक्साइड से शर्करा बनाते हैं।' },
          },
          {
            question: Q.zinc.en, type: 'short_answer', correctAnswer: 'Zinc', explanation: 'Galvanising coats iron with zinc.',
            hi: { question: Q.zinc.hi, correctAnswer: 'ज़िंक', explanation: 'जस्तीकरण में लोहे पर ज़िंक की परत चढ़ाई जाती है।' },
          },
          { question: Q.leaf.en, type: 'true_false', correctAnswer: true, explanation: 'Chlorophyll reflects green light.', hi: { question: Q.leaf.hi } },
        ],
      }],
    }],
  }],
};

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function publishAsAdmin() {
  const admin = await newPage();
  await signIn(admin, 'owner');
  await elevateToAdmin(admin);
  await button(admin, 'Use Raw JSON').click();
  await admin.getByLabel('JSON content').fill(JSON.stringify(tree, null, 2));
  await button(admin, 'Process JSON').click();
  const preview = admin.getByRole('dialog', { name: 'Preview Content' });
  await preview.getByRole('button', { name: 'Confirm and Publish' }).click();
  await admin.locator('.lp-toast').filter({ hasText: 'Upload successful' }).waitFor({ timeout: 20_000 });
  const subjects = await (await admin.request.get(`${baseUrl()}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`)).json() as
    Array<{ name: string; chapters: Array<{ id: string; name: string; hi?: { name: string } }> }>;
  const chapter = subjects.find((s) => s.name === 'Biology')!.chapters.find((c) => c.name === chapterName)!;
  expect(chapter.hi).toEqual({ name: 'द्विभाषी अध्याय' });
  return chapter.id;
}

/** A learner whose browser and page are in Hindi (see the header). */
async function hindiLearner(): Promise<Page> {
  const page = await newPage({ viewport: PHONE, locale: 'hi-IN' });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      if (!/^hi\b/i.test(document.documentElement.lang)) document.documentElement.lang = 'hi';
    });
  });
  await signIn(page, 'subscriber');
  return page;
}

async function submitAndExpectCorrect(page: Page) {
  // The page itself is in Hindi too (the learner's language): "Submit Answer", "Correct!".
  await button(page, 'उत्तर जमा करें').click();
  const title = page.locator('.lp-quiz__feedback-title');
  await title.waitFor({ timeout: 20_000 });
  expect(await title.textContent()).toBe('सही!');
}

describe('bilingual questions', () => {
  it('a Hindi student sees Hindi questions, switches one to English, and answers in Hindi and Devanagari: all scored right', async () => {
    const chapterId = await publishAsAdmin();
    const page = await hindiLearner();
    for (const s of await (await page.request.get(`${baseUrl()}/api/sessions/paused`)).json() as Array<{ id: string }>) {
      await page.request.delete(`${baseUrl()}/api/sessions/${s.id}`);
    }
    await page.goto(`${baseUrl()}/quiz/chapter/${chapterId}`);
    await acceptDisclaimerIfShown(page);
    const heading = page.locator('.lp-quiz__question');
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await expect.poll(async () => ((await heading.textContent({ timeout: 20_000 })) ?? '').trim(), { timeout: 20_000 }).not.toBe(seen[seen.length - 1] ?? '');
      const shown = ((await heading.textContent()) ?? '').trim();
      seen.push(shown);
      if (shown === Q.gas.hi) {
        // An MCQ answered by its Hindi option.
        await page.getByRole('radio', { name: 'कार्बन डाइऑक्साइड' }).check();
        await screenshot(page, 'bilingual-hindi-mcq-360');
        await submitAndExpectCorrect(page);
        await page.getByText('पौधे कार्बन डाइऑक्साइड से शर्करा बनाते हैं।').waitFor();
        await screenshot(page, 'bilingual-hindi-mcq-feedback-360');
      } else if (shown === Q.zinc.hi) {
        // A short answer typed without the nukta of ज़िंक.
        await page.getByLabel('आपका उत्तर').fill('जिंक');
        await submitAndExpectCorrect(page);
        await page.getByText('जस्तीकरण में लोहे पर ज़िंक की परत चढ़ाई जाती है।').waitFor();
        await screenshot(page, 'bilingual-devanagari-short-answer-360');
      } else if (shown === Q.leaf.hi) {
        // One tap shows this question in English; the switch says it is pressed and is reached by keyboard.
        const toggle = button(page, 'View in English');
        expect(await toggle.getAttribute('aria-pressed')).toBe('false');
        await toggle.focus();
        await page.keyboard.press('Enter');
        await expect.poll(async () => ((await heading.textContent()) ?? '').trim()).toBe(Q.leaf.en);
        expect(await button(page, 'हिन्दी में देखें').getAttribute('aria-pressed')).toBe('true');
        await page.getByRole('radio', { name: 'True' }).check();
        await screenshot(page, 'bilingual-switched-to-english-360');
        await submitAndExpectCorrect(page);
      } else {
        throw new Error(`unexpected question on screen: ${shown}`);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: /^(अगला प्रश्न|क्विज़ पूरी करें)$/ }).click();
    }
    expect(seen.sort()).toEqual([Q.gas.hi, Q.leaf.hi, Q.zinc.hi].sort());
    await page.getByRole('heading', { name: 'क्विज़ पूरी हुई' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('main').textContent()).toContain('3/3');
    await screenshot(page, 'bilingual-results-360');
  });
});
