/**
 * Issue 33 §1: the interface in Hindi and English, in Chromium on a 360 px phone. A visitor whose browser says hi-IN
 * gets the landing page in Hindi and switches to English; a signed-in learner picks हिन्दी in the account menu and
 * still has it after a reload on a device that forgot it (the profile keeps it); a guest plays a challenge link in
 * Hindi. `LP_I18N_SHOTS=<dir>` saves a screenshot of each step there.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { acceptDisclaimerIfShown, signInAsNewLearner } from './support/auth.ts';
import { baseUrl, chromiumForFile } from './support/browser.ts';
import { challengeLink } from './support/challenge.ts';

const PHONE = { width: 360, height: 740 };
const { newPage } = chromiumForFile({ viewport: PHONE });

async function shot(page: Page, name: string) {
  const dir = process.env.LP_I18N_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('Hindi and English', () => {
  it('a visitor whose browser says hi-IN gets the landing page in Hindi, and switches to English', async () => {
    const page = await newPage({ locale: 'hi-IN' });
    await page.goto(`${baseUrl()}/`);
    await h1(page, 'समझदारी से दोहराकर ज्ञान में महारत पाएँ').waitFor({ timeout: 20_000 });
    expect(await htmlLang(page)).toBe('hi');
    await page.getByRole('link', { name: 'कक्षा 10', exact: true }).waitFor();
    await shot(page, 'landing-hi');

    await page.getByRole('button', { name: 'English' }).click();
    await h1(page, 'Master Knowledge Through Smart Repetition').waitFor();
    expect(await htmlLang(page)).toBe('en');
    await shot(page, 'landing-en');
    // The device remembers the choice over the browser's language.
    await page.reload();
    await h1(page, 'Master Knowledge Through Smart Repetition').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'हिन्दी' }).count()).toBe(1);
  });

  it('a signed-in learner picks हिन्दी in the account menu, and still has it after a reload (the profile keeps it)', async () => {
    const page = await newPage();
    await signInAsNewLearner(page, { name: 'Meera Hindi' });
    await page.goto(`${baseUrl()}/`);
    await acceptDisclaimerIfShown(page);
    await page.getByRole('button', { name: /^Account menu for Meera Hindi/ }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/language') && r.request().method() === 'POST');
    await page.getByRole('menuitemradio', { name: 'हिन्दी' }).click();
    expect((await saved).status()).toBe(200);
    const nav = page.getByRole('navigation', { name: 'मुख्य' });
    await nav.getByRole('link', { name: 'डैशबोर्ड' }).waitFor();
    expect(await htmlLang(page)).toBe('hi');
    await shot(page, 'home-signed-in-hi');

    // The device forgets it; the profile does not.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await acceptDisclaimerIfShown(page);
    await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'डैशबोर्ड' }).waitFor({ timeout: 20_000 });
    expect(await htmlLang(page)).toBe('hi');
    await page.getByRole('button', { name: /^खाता मेनू: Meera Hindi/ }).click();
    expect(await page.getByRole('menuitemradio', { name: 'हिन्दी' }).getAttribute('aria-checked')).toBe('true');
    await shot(page, 'account-menu-hi');
  });

  it('a guest plays a challenge link in Hindi', async () => {
    const link = await challengeLink();
    const guest = await newPage({ locale: 'hi-IN' });
    await guest.goto(`${baseUrl()}${link}`);
    await guest.getByRole('heading', { name: 'Ravi Subscriber ने आपको चुनौती दी है' }).waitFor({ timeout: 20_000 });
    await h1(guest, 'आपको चुनौती मिली है').waitFor();
    await shot(guest, 'challenge-intro-hi');
    await guest.getByRole('button', { name: 'क्विज़ शुरू करें' }).click();
    await guest.getByText('नाम ज़रूरी है, चुनौती शुरू करने के लिए कृपया अपना नाम लिखें।').waitFor();
    await guest.getByLabel('आपका नाम').fill('Guest Gita');
    await guest.getByRole('button', { name: 'क्विज़ शुरू करें' }).click();

    for (let shown = 0; ; shown++) {
      const submit = guest.getByRole('button', { name: 'उत्तर जमा करें', exact: true });
      await submit.waitFor({ timeout: 20_000 });
      await guest.getByText(/^प्रश्न \d+ \/ \d+$/).waitFor();
      if ((await guest.getByRole('radio').count()) > 0) await guest.getByRole('radio').first().check();
      else await guest.getByRole('textbox').fill('पता नहीं');
      await submit.click();
      await guest.getByText('उत्तर सहेज लिया गया।', { exact: false }).waitFor({ timeout: 20_000 });
      if (shown === 0) await shot(guest, 'challenge-play-hi');
      const results = guest.getByRole('button', { name: 'नतीजे देखें' });
      if (await results.count()) { await results.click(); break; }
      await guest.getByRole('button', { name: 'अगला' }).click();
    }
    await guest.getByRole('heading', { name: 'चुनौती पूरी हुई' }).waitFor({ timeout: 20_000 });
    await guest.getByRole('region', { name: /^आप: Guest Gita/ }).waitFor();
    await guest.getByRole('button', { name: 'साइन इन करके नतीजा रखें' }).waitFor();
    expect(await htmlLang(guest)).toBe('hi');
    await shot(guest, 'challenge-results-hi');
  });
});
