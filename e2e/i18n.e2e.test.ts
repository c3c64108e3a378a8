/**
 * Issue 33 §1: the interface in Hindi and English, in Chromium on a 360 px phone. A visitor whose browser says hi-IN
 * gets the landing page in Hindi and switches to English; a signed-in learner picks हिन्दी in the account menu, reads
 * a policy page, the disclaimer, untimed mode's toast and a friend's challenge in Hindi, and still has it after a reload
 * on a device that forgot it (the profile keeps it); a guest plays a challenge link in
 * Hindi; the landing page's title, the toast region's name and the spoken times are Hindi; a service's refusal (the
 * challenger starting their own link) reads in Hindi by its code; /admin-metrics' sample time follows the language.
 * `LP_I18N_SHOTS=<dir>` saves a screenshot of each step there.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { elevateToAdmin, signIn, signInAsNewLearner } from './support/auth.ts';
import { baseUrl, chromiumForFile } from './support/browser.ts';
import { challengeLink, directChallengeTo } from './support/challenge.ts';

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
    // The tab's title is Hindi too.
    await expect.poll(() => page.title()).toBe('LearnPlatform · अंतराल पर दोहराव से सीखने का प्लेटफ़ॉर्म');
    await shot(page, 'landing-hi');

    await page.getByRole('button', { name: 'English' }).click();
    await h1(page, 'Master Knowledge Through Smart Repetition').waitFor();
    expect(await htmlLang(page)).toBe('en');
    await expect.poll(() => page.title()).toBe('LearnPlatform · Spaced Repetition Learning Platform');
    await shot(page, 'landing-en');
    // The device remembers the choice over the browser's language.
    await page.reload();
    await h1(page, 'Master Knowledge Through Smart Repetition').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'हिन्दी' }).count()).toBe(1);
  });

  it('a signed-in learner picks हिन्दी in the account menu: the policy pages, the disclaimer, untimed mode and a challenge read in Hindi, and the profile keeps it over a reload', async () => {
    const page = await newPage();
    const email = `meera-${Date.now().toString(36)}@demo.test`;
    await signInAsNewLearner(page, { name: 'Meera Hindi', email });
    // The subscriber's challenge to Meera is made meanwhile (its own browser): awaited at the end.
    const challenge = directChallengeTo(email, 'Beat this!');
    challenge.catch(() => {});
    // A policy page first: the only signed-in pages the disclaimer does not cover.
    await page.goto(`${baseUrl()}/refund-policy`);
    await page.getByRole('button', { name: /^Account menu for Meera Hindi/ }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/language') && r.request().method() === 'POST');
    await page.getByRole('menuitemradio', { name: 'हिन्दी' }).click();
    expect((await saved).status()).toBe(200);
    await h1(page, 'रिफ़ंड नीति').waitFor();
    expect(await htmlLang(page)).toBe('hi');
    // The policy's binding text is the English one: a Hindi note says so above it.
    await page.getByText('यह नीति अंग्रेज़ी में है; नीचे दिया गया अंग्रेज़ी पाठ ही मान्य (बाध्यकारी) है।').waitFor();
    await page.getByText(/^अंतिम अपडेट: /).waitFor();
    await shot(page, 'policy-refund-hi');

    await page.getByRole('link', { name: 'होम पर वापस' }).first().click();
    const disclaimer = page.getByRole('dialog', { name: 'ज़रूरी अस्वीकरण' });
    await disclaimer.getByText('केवल शिक्षा के लिए।').waitFor({ timeout: 20_000 });
    await shot(page, 'disclaimer-hi');
    await disclaimer.getByRole('button', { name: 'स्वीकार करें' }).click();
    await disclaimer.waitFor({ state: 'hidden' });
    const nav = page.getByRole('navigation', { name: 'मुख्य' });
    await nav.getByRole('link', { name: 'डैशबोर्ड' }).waitFor();
    await shot(page, 'home-signed-in-hi');

    await page.getByRole('button', { name: /^खाता मेनू: Meera Hindi/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'बिना समय-सीमा: टाइमर छिपाएँ' }).click();
    await page.getByText('बिना समय-सीमा मोड चालू है').first().waitFor();
    // The toast region is named in Hindi (Radix's default would be "Notifications (F8)").
    await page.getByRole('region', { name: 'सूचनाएँ (F8)' }).getByText('बिना समय-सीमा मोड चालू है').waitFor();
    expect(await page.getByRole('region', { name: /Notifications/ }).count()).toBe(0);
    await shot(page, 'untimed-toast-hi');

    // The device forgets it; the profile does not.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'डैशबोर्ड' }).waitFor({ timeout: 20_000 });
    expect(await htmlLang(page)).toBe('hi');
    await page.getByRole('button', { name: /^खाता मेनू: Meera Hindi/ }).click();
    expect(await page.getByRole('menuitemradio', { name: 'हिन्दी' }).getAttribute('aria-checked')).toBe('true');
    await shot(page, 'account-menu-hi');
    await page.keyboard.press('Escape');

    // A friend's challenge, sent to them: /challenge/{id} in Hindi.
    await page.goto(`${baseUrl()}${await challenge}`);
    await page.getByRole('heading', { name: 'Ravi Subscriber ने आपको चुनौती दी है' }).waitFor({ timeout: 20_000 });
    await h1(page, 'चुनौती').waitFor();
    await page.getByRole('button', { name: 'क्विज़ शुरू करें' }).waitFor();
    await shot(page, 'challenge-page-hi');
  });

  it('a guest plays a challenge link in Hindi', async () => {
    const link = await challengeLink();
    const guest = await newPage({ locale: 'hi-IN' });
    await guest.goto(`${baseUrl()}${link}`);
    await guest.getByRole('heading', { name: 'Ravi Subscriber ने आपको चुनौती दी है' }).waitFor({ timeout: 20_000 });
    await h1(guest, 'आपको चुनौती मिली है').waitFor();
    // The challenger's time, as a screen reader hears it, is Hindi too (their quiz took 30 s).
    await guest.getByText('30 सेकंड', { exact: true }).first().waitFor({ state: 'attached' });
    await shot(guest, 'challenge-intro-hi');
    await guest.getByRole('button', { name: 'क्विज़ शुरू करें' }).click();
    await guest.getByText('नाम ज़रूरी है, चुनौती शुरू करने के लिए कृपया अपना नाम लिखें।').waitFor();
    await guest.getByLabel('आपका नाम').fill('Guest Gita');
    await guest.getByRole('button', { name: 'क्विज़ शुरू करें' }).click();

    for (let shown = 0; ; shown++) {
      const submit = guest.getByRole('button', { name: 'उत्तर जमा करें', exact: true });
      await submit.waitFor({ timeout: 20_000 });
      await guest.getByText(/^प्रश्न \d+ \/ \d+$/).waitFor();
      if (shown === 0) expect(await guest.getByRole('timer').getAttribute('aria-label')).toMatch(/^लगा समय: .*सेकंड$/);
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

  it("the challenger opens their own link in Hindi: the service's refusal reads in Hindi (by its code)", async () => {
    const link = await challengeLink();
    const page = await newPage({ locale: 'hi-IN' });
    await signIn(page, 'subscriber');
    await page.goto(`${baseUrl()}${link}`);
    await h1(page, 'आपको चुनौती मिली है').waitFor({ timeout: 20_000 });
    expect(await htmlLang(page)).toBe('hi');
    await page.getByRole('button', { name: 'क्विज़ शुरू करें' }).click();
    // The service answers 409 OWN_CHALLENGE, "This is your own challenge: share the link with a friend."
    const alert = page.getByRole('alert').filter({ hasText: 'यह आपकी अपनी चुनौती है: इसका लिंक किसी मित्र को भेजें।' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).not.toMatch(/[A-Za-z]{4,}/);
    await shot(page, 'own-challenge-refused-hi');
  });

  it("the owner reads /admin-metrics in Hindi: the sample time in the reader's language", async () => {
    const page = await newPage();
    await signIn(page, 'owner');
    await elevateToAdmin(page);
    await page.evaluate(() => localStorage.setItem('lp-language', 'hi'));
    await page.goto(`${baseUrl()}/admin-metrics`);
    await page.getByRole('table', { name: 'सेवाएँ' }).waitFor({ timeout: 20_000 });
    expect(await htmlLang(page)).toBe('hi');
    expect(await page.locator('.lp-metrics__window').textContent()).toMatch(/^पिछले \d+ सेकंड में, \d{1,2}:\d{2}:\d{2} [ap]m पर। /);
    await shot(page, 'admin-metrics-hi');
  });
});
