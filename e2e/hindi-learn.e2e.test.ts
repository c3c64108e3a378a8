/**
 * Issue 33 §1 (learn and billing in Hindi) on a 360 px phone, against the gateway (E2E_BASE_URL): a new learner who
 * chose हिन्दी on this device sees the dashboard, takes a quiz (their free one) and reads its results in Hindi; a
 * subscriber reads My plan and payments in Hindi. `<html lang="hi">` throughout; names from the catalogue stay as
 * they are. The disclaimer is accepted in English first (the shell's own test covers it in either language).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { acceptDisclaimerIfShown, signIn, signInAsNewLearner } from './support/auth.ts';
import path from 'node:path';
import { baseUrl, chromiumForFile, screenshot, screenshotDir } from './support/browser.ts';

const PHONE = { width: 360, height: 740 };
const { newPage } = chromiumForFile({ viewport: PHONE });

interface TopicRef { id: string; name: string; questionCount: number }
let topic: TopicRef;

beforeAll(async () => {
  const res = await fetch(`${baseUrl()}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
  const subjects = (await res.json()) as { chapters: { topics: TopicRef[] }[] }[];
  // The smallest topic with questions: a short quiz to take to its results.
  topic = subjects.flatMap((s) => s.chapters.flatMap((c) => c.topics)).filter((t) => t.questionCount > 0).sort((a, b) => a.questionCount - b.questionCount)[0]!;
});

/** Signed in and past the disclaimer, then हिन्दी remembered on this device (as the language menu does) and the page reloaded. */
async function inHindi(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await acceptDisclaimerIfShown(page);
  await page.evaluate(() => localStorage.setItem('lp-language', 'hi'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe('hi');
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('learn and billing in Hindi at 360 px', () => {
  it('a learner with हिन्दी: the dashboard, a quiz and its results', async () => {
    const page = await newPage();
    await signInAsNewLearner(page, { name: 'Meera Test' });
    await inHindi(page, '/dashboard');

    await page.getByRole('heading', { level: 1, name: 'डैशबोर्ड' }).waitFor({ timeout: 20_000 });
    await page.getByText(/स्वागत है, Meera! पढ़ने के लिए एक अध्याय चुनें।/).waitFor();
    await page.getByText('लगातार दिन').waitFor();
    // A chapter card: its start button in Hindi, the chapter's name as the catalogue has it.
    await page.getByRole('link', { name: /^पूरे अध्याय की क्विज़: .+ — इसमें आपकी एक मुफ़्त क्विज़ लगेगी$/ }).first().waitFor({ timeout: 20_000 });
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'hindi-learn-dashboard-360');
    // The long page whole is too small to read: the first screen and a chapter card as a phone shows them.
    await page.screenshot({ path: path.join(screenshotDir, 'hindi-learn-dashboard-top-360.png') });
    await page.getByRole('article').first().screenshot({ path: path.join(screenshotDir, 'hindi-learn-chapter-card-360.png') });

    await page.goto(`${baseUrl()}/quiz/${topic.id}`);
    await page.getByText(new RegExp(`^प्रश्न 1 / ${topic.questionCount}$`)).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await expect.poll(() => page.getByText('आपकी क्विज़ शुरू हो रही है...').count(), { timeout: 15_000 }).toBe(0);
    // The first question answered (an option, or a short answer typed), then the rest skipped.
    const options = page.getByRole('radio');
    if ((await options.count()) > 0) await options.first().click();
    else await page.getByRole('textbox').first().fill('उत्तर');
    await page.getByRole('button', { name: 'उत्तर जमा करें' }).click();
    await page.getByText(/^(सही!|गलत)$/).first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'hindi-learn-quiz-360');
    await page.getByRole('button', { name: topic.questionCount === 1 ? 'क्विज़ पूरी करें' : 'अगला प्रश्न' }).click();
    for (let i = 1; i < topic.questionCount; i += 1) await page.getByRole('button', { name: 'छोड़ें' }).click();

    await page.getByRole('heading', { name: 'क्विज़ पूरी हुई' }).waitFor({ timeout: 20_000 });
    await page.getByText('सटीकता', { exact: true }).waitFor();
    await page.getByText(/^(शानदार!|बहुत अच्छे!|कोशिश जारी रखें!)$/).waitFor();
    // Their free quiz: the results offer the plan, in Hindi.
    await page.getByRole('heading', { name: 'यह आपकी मुफ़्त क्विज़ थी' }).waitFor();
    await page.getByRole('button', { name: 'डैशबोर्ड पर वापस' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'hindi-learn-results-360');
  });

  it("a subscriber with हिन्दी: My plan and payments", async () => {
    const page = await newPage();
    await signIn(page, 'subscriber');
    await inHindi(page, '/my-plan');
    await page.getByRole('heading', { level: 1, name: 'मेरा प्लान और भुगतान' }).waitFor({ timeout: 20_000 });
    await page.getByText('आपका प्लान, आपके भुगतान और उनकी रसीदें।').waitFor();
    await page.getByRole('heading', { name: /^(.+ तक प्रीमियम|प्रीमियम)$/ }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'पैसे वापस माँगें' }).waitFor();
    await page.getByRole('heading', { name: 'भुगतान', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'hindi-billing-my-plan-360');
  });
});
