/**
 * Issue 12 (friend challenges) in a real browser against the gateway with the demo question bank: the demo
 * subscriber finishes a topic quiz and creates a link from the results screen; a fresh browser context with no
 * account plays it to the end with the keyboard only (downloading only the shell and the challenge remote) and
 * sees both results side by side; the subscriber sees the friend's result; a direct challenge found by e-mail
 * appears on a new free learner's dashboard, whose challenge screen accepts it and links the chapter's quiz
 * (/quiz/chapter/{chapterId}); the subscriber opens that quiz from the finished challenge's screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/a11y.ts';
import { acceptDisclaimerIfShown, signIn, signInAsNewLearner } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';
import { answerFirstOption, finishQuiz } from './support/quiz.ts';
import { api } from './support/api.ts';

interface SubjectRef { id: string; name: string; chapters: Array<{ id: string; name: string; topics: Array<{ id: string; name: string }> }> }

const { newPage } = chromiumForFile();

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });


/**
 * Plays a challenge with the keyboard only: Tab to an answer, Space (or typing), Enter; focus lands on the note that
 * the answer was saved (right or wrong comes with the results); Tab, Enter for Next.
 */
async function playWithKeyboard(page: Page) {
  for (;;) {
    const progress = (await page.getByText(/^Question \d+ of \d+$/).textContent({ timeout: 20_000 })) ?? '';
    const [, at, of] = /Question (\d+) of (\d+)/.exec(progress)!;
    // The question takes the focus when it shows (a screen reader reads it); Tab from there, as a keyboard user would.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 10_000 }).toBe('H2');
    // The main quiz's look (issue 31, item 14): a progress bar, options as cards, the chosen one marked.
    const bar = page.getByRole('progressbar', { name: 'Quiz progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(Math.round(((Number(at) - 1) / Number(of)) * 100)));
    expect(((await bar.boundingBox())?.height ?? 0)).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type);
    if (focused === 'radio') {
      await page.keyboard.press('Space');
      const card = page.locator('.lp-quiz-option[data-tone="chosen"]');
      expect(await card.count()).toBe(1);
      // Coloured: the chosen card's border is not the plain cards' grey.
      const [chosenBorder, plainBorder] = await page.evaluate(() => [
        getComputedStyle(document.querySelector('.lp-quiz-option[data-tone="chosen"]')!).borderColor,
        getComputedStyle(document.querySelector('.lp-quiz-option[data-tone="plain"]')!).borderColor,
      ]);
      expect(chosenBorder).not.toBe(plainBorder);
      if (at === '1') await screenshot(page, 'challenge-play-chosen-360');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
    } else {
      await page.keyboard.type('photosynthesis');
      await page.keyboard.press('Enter');
    }
    const feedback = page.locator('.lp-quiz__feedback');
    await feedback.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('lp-quiz__feedback'))).toBe(true);
    expect(await feedback.getByText(/^Answer saved\./).count()).toBe(1);
    expect(await feedback.getByText(/^(Correct!|Incorrect)$/).count()).toBe(0); // no key before the attempt is finished
    if (at === '1') expect(await seriousAxeViolations(page)).toEqual([]); // a question with its note
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(at === of ? 'See Results' : 'Next');
    await page.keyboard.press('Enter');
    if (at === of) return;
    await expect.poll(async () => page.getByText(`Question ${Number(at) + 1} of ${of}`).count()).toBe(1);
  }
}

describe('friend challenges', () => {
  it('a subscriber challenges by link and by e-mail; a guest plays to the end; both see the results', async () => {
    // The friend for the direct challenge: a new free learner of this test's own.
    const friendPage = await newPage();
    const friend = await signInAsNewLearner(friendPage, { name: 'Challenge Friend' });

    // 1. The subscriber finishes a topic quiz (first and last question answered) and opens the dialog.
    const page = await newPage();
    await signIn(page, 'subscriber');
    await page.goto(`${baseUrl()}/dashboard`);
    await acceptDisclaimerIfShown(page);
    for (const s of await api<{ id: string }[]>(page, 'GET', '/api/sessions/paused')) await api(page, 'DELETE', `/api/sessions/${s.id}`);
    const subjects = (await (await fetch(`${baseUrl()}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`)).json()) as SubjectRef[];
    const chapters = subjects.flatMap((s) => s.chapters).filter((c) => (c.topics ?? []).length > 0);
    const topic = chapters[chapters.length - 1]!.topics[0]!;
    await page.goto(`${baseUrl()}/quiz/${topic.id}`);
    await acceptDisclaimerIfShown(page);
    await h1(page, topic.name).waitFor({ timeout: 20_000 });
    await answerFirstOption(page);
    await finishQuiz(page);

    // The dialog on a phone (issue 31, item 13): every control inside it, and a way to share the link.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Challenge a Friend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Challenge a Friend' });
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = dialog.getByLabel('Challenge link');
    await linkField.waitFor({ timeout: 20_000 });
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/c\/[A-Za-z0-9_-]{22}$/);
    expect(await seriousAxeViolations(page, { exclude: ['.lp-nav'] })).toEqual([]);
    // Headless Chromium has no share sheet: WhatsApp, with the link in the message.
    const whatsApp = new URL((await dialog.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'))!);
    expect(whatsApp.origin).toBe('https://wa.me');
    expect(whatsApp.searchParams.get('text')).toContain(link);
    const dialogBox = (await dialog.boundingBox())!;
    const searchBox = (await dialog.getByRole('button', { name: 'Search' }).boundingBox())!;
    expect(searchBox.x + searchBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'challenge-dialog-360');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The direct challenge: search by e-mail, select, send.
    await dialog.getByRole('button', { name: 'Send challenge' }).click();
    await dialog.getByText('No user selected: Please search for and select a user first.').waitFor();
    await dialog.getByLabel("Friend's e-mail").fill('nobody-here@demo.test');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog.getByText('User not found: No user found with this email address.').waitFor({ timeout: 20_000 });
    await dialog.getByLabel("Friend's e-mail").fill(friend.email);
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog.getByText('Challenge Friend').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Send challenge' }).click();
    await page.getByText('Challenge sent!').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'challenge-created');

    // The link in a chat (issue 31, item 13): its card comes from og: tags in the HTML, which chat apps read without
    // running scripts; on a phone, the name field and Take the Quiz are on the first screen.
    const shared = await (await fetch(link, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } })).text();
    expect(shared).toContain('<meta property="og:title" content="Ravi Subscriber challenged you to a quiz">');
    expect(shared).toMatch(/<meta property="og:description" content="[^"]+ · [^"]+: \d+ questions?\. Ravi Subscriber scored \d+%/);
    expect(shared).toContain(`<meta property="og:url" content="${link}">`);
    const phone = await newPage({ viewport: { width: 360, height: 740 } });
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Ravi Subscriber challenged you' }).waitFor({ timeout: 20_000 });
    await phone.getByText(/^[^·]+ · [^·]+ · \d+ questions?$/).waitFor(); // subject · chapter · number of questions
    for (const control of [phone.getByLabel('Your name'), phone.getByRole('button', { name: 'Take the Quiz' })]) {
      const box = (await control.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(740);
    }
    await screenshot(phone, 'challenge-link-360');
    await phone.close();

    // 2. A fresh context with no account plays the link to the end on a phone, with the keyboard only.
    const guest = await newPage({ viewport: { width: 360, height: 740 } });
    const requested: string[] = [];
    guest.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await guest.goto(link);
    await h1(guest, 'You have been challenged').waitFor({ timeout: 20_000 });
    await guest.getByRole('heading', { name: 'Ravi Subscriber challenged you' }).waitFor({ timeout: 20_000 });
    expect(await guest.getByText('∞').count()).toBe(1);
    expect(await seriousAxeViolations(guest)).toEqual([]);
    await guest.getByRole('button', { name: 'Take the Quiz' }).click();
    await guest.getByText('Name Required, Please enter your name to start the challenge.').waitFor();
    await guest.getByLabel('Your name').fill('Guest Gita');
    await guest.getByRole('button', { name: 'Take the Quiz' }).click();
    await playWithKeyboard(guest);
    await guest.getByRole('heading', { name: 'Challenge Complete' }).waitFor({ timeout: 20_000 });
    const you = guest.getByRole('region', { name: /^You: Guest Gita/ });
    const them = guest.getByRole('region', { name: /^Challenger: Ravi Subscriber/ });
    await you.waitFor();
    await them.waitFor();
    expect(await you.getByText(/^\d+%$/).count()).toBe(1);
    // The review of the player's mistakes (issue 31, item 14), now that the attempt is finished: each wrong answer
    // with the right one in the same look as the learn quiz; or a word that there were none.
    const review = guest.getByRole('region', { name: /^(Review your mistakes|No mistakes)$/ });
    await review.waitFor();
    const mistakes = review.getByRole('listitem');
    if ((await mistakes.count()) > 0) {
      expect(await mistakes.first().getByText('Your answer', { exact: true }).count()).toBe(1);
      expect(await mistakes.first().getByText('Correct answer', { exact: true }).count()).toBe(1);
    }
    await guest.getByRole('button', { name: 'Sign in to claim' }).waitFor();
    expect(await seriousAxeViolations(guest)).toEqual([]);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
    await screenshot(guest, 'challenge-guest-results-360');
    expect(requested.filter((p) => /^\/remotes\/(learn|billing|admin)\//.test(p))).toEqual([]);
    expect(requested.some((p) => p.startsWith('/remotes/challenge/'))).toBe(true);
    // Practise this chapter: a guest lands on that chapter's sample quiz.
    const practise = guest.getByRole('link', { name: 'Practise this chapter' });
    expect(await practise.getAttribute('href')).toMatch(/^\/quiz\/chapter\/[a-f0-9]{24}$/);
    await practise.click();
    await guest.waitForURL((url) => url.pathname === '/quiz/sample' && /^[a-f0-9]{24}$/.test(url.searchParams.get('chapter') ?? ''), { timeout: 20_000 });
    await acceptDisclaimerIfShown(guest);
    await guest.getByText(/^Question 1 of \d+$/).waitFor({ timeout: 20_000 });
    await guest.goto(link);
    await guest.getByRole('heading', { name: 'Challenge Complete' }).waitFor({ timeout: 20_000 });

    // Challenge back (issue 31, item 14): the guest signs up (a new account) and comes back to the link: the result
    // moves to the account, once, and the challenge back is sent without a second tap; a free learner is told that
    // challenges are Premium, with the way to it.
    await guest.getByRole('button', { name: 'Challenge Ravi Subscriber back' }).click();
    const form = guest.getByRole('form', { name: 'New learner' });
    await form.waitFor({ timeout: 20_000 });
    await form.getByLabel('Name').fill('Guest Gita');
    await form.getByLabel('E-mail').fill(`gita-${Date.now().toString(36)}@demo.test`);
    await form.getByRole('button', { name: 'Continue as a new learner' }).click();
    await guest.waitForURL((url) => url.pathname === new URL(link).pathname, { timeout: 20_000 });
    await acceptDisclaimerIfShown(guest);
    await guest.getByText('Saved to your account.').waitFor({ timeout: 20_000 });
    expect(await guest.getByRole('button', { name: 'Sign in to claim' }).count()).toBe(0);
    const premium = guest.getByRole('alert').filter({ hasText: 'Challenging friends is part of Premium.' });
    await premium.waitFor({ timeout: 20_000 });
    expect(await premium.getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/subscribe');
    expect(new URL(guest.url()).search).toBe('');
    await screenshot(guest, 'challenge-back-free-learner-360');

    // 3. The subscriber sees the friend's result.
    await page.goto(`${baseUrl()}/dashboard`);
    await acceptDisclaimerIfShown(page);
    const result = page.getByRole('link', { name: /^Guest Gita: \d+% against your \d+%/ }).first();
    await result.waitFor({ timeout: 40_000 });
    await result.click();
    await h1(page, 'Challenge').waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: /^Friend: Guest Gita/ }).waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: /^You: Ravi Subscriber/ }).waitFor();
    expect(await seriousAxeViolations(page, { exclude: ['.lp-nav'] })).toEqual([]);

    // 4. The direct challenge is on the friend's dashboard; its screen links the chapter's quiz, and Take the Quiz
    // accepts it (POST /api/challenges/{id}/accept) and opens it to play.
    await friendPage.goto(`${baseUrl()}/dashboard`);
    await acceptDisclaimerIfShown(friendPage);
    const card = friendPage.getByRole('heading', { name: 'You have been challenged by Ravi Subscriber' });
    await card.waitFor({ timeout: 40_000 });
    await screenshot(friendPage, 'challenge-dashboard-card');
    await friendPage.getByRole('button', { name: 'Open the challenge from Ravi Subscriber' }).first().click();
    await friendPage.waitForURL((url) => url.pathname.startsWith('/challenge/'), { timeout: 20_000 });
    const challengeId = new URL(friendPage.url()).pathname.split('/').pop()!;
    await h1(friendPage, 'Challenge').waitFor({ timeout: 20_000 });
    await friendPage.getByRole('heading', { name: 'You have been challenged by Ravi Subscriber' }).waitFor({ timeout: 20_000 });
    expect(await friendPage.getByRole('link', { name: 'Practise the whole chapter first' }).getAttribute('href')).toMatch(/^\/quiz\/chapter\/[a-f0-9]{24}$/);
    expect(await seriousAxeViolations(friendPage, { exclude: ['.lp-nav'] })).toEqual([]);
    const accepted = friendPage.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/challenges/${challengeId}/accept`);
    await friendPage.getByRole('button', { name: 'Take the Quiz' }).click();
    expect((await accepted).status()).toBe(200);
    await friendPage.getByRole('heading', { name: 'Ravi Subscriber challenged you' }).waitFor({ timeout: 20_000 });
    expect(await friendPage.getByLabel('Your name').count()).toBe(0);

    // 5. From the finished challenge's screen the subscriber opens the whole chapter's quiz (/quiz/chapter/{id}).
    await page.getByRole('link', { name: 'Practise the whole chapter' }).click();
    await page.waitForURL((url) => /^\/quiz\/chapter\/[a-f0-9]{24}$/.test(url.pathname), { timeout: 20_000 });
    await page.getByText(/^Question 1 of \d+$/).waitFor({ timeout: 20_000 });
    for (const s of await api<{ id: string }[]>(page, 'GET', '/api/sessions/paused')) await api(page, 'DELETE', `/api/sessions/${s.id}`);
  }, 120_000); // one long journey through five screens and two sign-ins, on a shared, busy machine
});
