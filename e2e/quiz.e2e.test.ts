/**
 * Issue 5 (mfe-learn quiz runner) in a real browser against the gateway (E2E_BASE_URL) with the demo
 * question bank: sample quizzes ending at /subscribe, the free trial quiz then the upgrade dialog, a
 * subscriber's full quiz with pause, resume, completion and results, mistake review and retake, the
 * spaced-review queue, and a flaky network that loses no answer. Each test signs in fresh in its own
 * browser context and uses its own chapter, so no test depends on another's state.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { acceptDisclaimerIfShown, signIn, signInAsNewLearner } from './support/auth.ts';
import { baseUrl, chromiumForFile, screenshot } from './support/browser.ts';
import { position, skipToLast } from './support/quiz.ts';
import { withinOneStudyDay } from './support/study-day.ts';
import { api } from './support/api.ts';

interface TopicRef { id: string; name: string; order: number; questionCount: number }
interface ChapterRef { id: string; name: string; questionCount: number; topics: TopicRef[] }
interface SubjectRef { id: string; name: string; chapters: ChapterRef[] }

const { newPage } = chromiumForFile();
let subjects: SubjectRef[] = [];

beforeAll(async () => {
  const res = await fetch(`${baseUrl()}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
  subjects = (await res.json()) as SubjectRef[];
});

/** A chapter of the demo bank by subject and position, so each test works on its own chapter. */
function chapter(subject: string, index: number): ChapterRef {
  const found = subjects.find((s) => s.name === subject)?.chapters[index];
  if (!found) throw new Error(`The demo bank has no chapter ${index} in ${subject} (CBSE Class 12)`);
  return found;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function signInAs(page: Page, account: 'subscriber' | 'learner') {
  await signIn(page, account);
  await page.goto(`${baseUrl()}/dashboard`);
  await acceptDisclaimerIfShown(page);
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await acceptDisclaimerIfShown(page);
}

interface Answered { question: string; chosen: string; correct: boolean; correctAnswer: string; shortAnswer: boolean }

/**
 * Answers the question on screen: `pick` chooses an option (or types for a short answer), then
 * Submit Answer; waits for the server's check and reads it off the screen.
 */
async function answer(page: Page, pick: (options: string[]) => string = (o) => o[0]!): Promise<Answered> {
  await formulasSettled(page);
  const question = ((await page.locator('.lp-quiz__question').textContent()) ?? '').trim();
  const submit = button(page, 'Submit Answer');
  await expect.poll(() => submit.isDisabled(), { timeout: 20_000 }).toBe(true); // disabled until an answer is chosen
  const radios = page.getByRole('radio');
  let chosen: string;
  const shortAnswer = (await radios.count()) === 0;
  if (!shortAnswer) {
    const options = await page.locator('.lp-quiz-option__text').allTextContents();
    chosen = pick(options);
    await page.locator('.lp-quiz-option', { hasText: chosen }).first().getByRole('radio').check();
  } else {
    chosen = pick([]) || 'not sure';
    await page.getByLabel('Your answer').fill(chosen);
  }
  await expect.poll(() => submit.isEnabled(), { timeout: 20_000 }).toBe(true); // a loaded machine renders late
  await submit.click();
  const title = page.locator('.lp-quiz__feedback-title');
  await title.waitFor({ timeout: 20_000 });
  const verdict = (await title.textContent()) ?? '';
  if (verdict !== 'Correct!' && verdict !== 'Incorrect') throw new Error(`unexpected feedback: ${verdict}`);
  const correct = verdict === 'Correct!';
  const correctAnswer = correct ? chosen : ((await page.locator('.lp-quiz__feedback strong').textContent()) ?? '');
  return { question, chosen, correct, correctAnswer, shortAnswer };
}

/** Science notation draws as MathML once its renderer arrives: read texts after that, so they stay the same. */
async function formulasSettled(page: Page) {
  await expect.poll(() => page.locator('.lp-formula[data-state="pending"]').count(), { timeout: 20_000 }).toBe(0);
}

/** Next Question, or Complete Quiz on the last. */
async function advance(page: Page) {
  const next = page.getByRole('button', { name: /^(Next Question|Complete Quiz)$/ });
  await next.click();
}

const quizComplete = (page: Page) => page.getByRole('heading', { name: 'Quiz Complete' });

const PHONE = { width: 360, height: 780 };

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('.lp-nav').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}


/** A subscriber's leftover paused quiz (from an earlier run on the same database) would block a new one. */
async function clearPausedSession(page: Page) {
  const paused = await api<{ id: string }[]>(page, 'GET', '/api/sessions/paused');
  for (const s of paused) await api(page, 'DELETE', `/api/sessions/${s.id}`);
}

/**
 * Takes a whole sample quiz, answering each question, and checks its end: a signed-in learner is pushed to
 * /subscribe; a visitor sees the results with a sign-in that returns to /subscribe (/subscribe itself is a
 * signed-in page that would send a visitor to `/` with nothing to show, spec §2 and §6).
 */
async function takeSampleQuiz(page: Page, chapterId: string, shot: string, signedIn: boolean) {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await open(page, `/quiz/sample?chapter=${chapterId}`);
  await h1(page, 'Sample Quiz').waitFor({ timeout: 20_000 });
  const [, total] = await position(page);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(10);
  expect(await button(page, 'Pause').count()).toBe(0); // no session in sample mode
  const first = await answer(page);
  // After submitting: the answer is locked and marked (sample questions come in random order, so the first
  // may be a short answer rather than options).
  if (first.shortAnswer) {
    const input = page.getByLabel('Your answer');
    await expect.poll(() => input.getAttribute('readonly')).not.toBeNull();
    expect(await input.getAttribute('data-tone')).toBe(first.correct ? 'correct' : 'wrong');
  } else {
    expect(await page.locator('.lp-quiz-option[data-tone="correct"]').count()).toBe(1);
    expect(await page.getByRole('radio', { disabled: false }).count()).toBeLessThanOrEqual(1);
    if (!first.correct) expect(await page.locator('.lp-quiz-option[data-tone="wrong"]').count()).toBe(1);
  }
  await screenshot(page, `${shot}-answered`);
  await expectNoSeriousAxeViolations(page);
  for (let at = 1; at < total; at++) {
    await advance(page);
    await expect.poll(async () => (await position(page))[0]).toBe(at + 1);
    await answer(page);
  }
  await button(page, 'Complete Quiz').click();
  if (signedIn) {
    await expect.poll(() => visited, { timeout: 20_000 }).toContain('/subscribe');
    await page.waitForURL((url) => url.pathname === '/subscribe');
    await h1(page, /Subscription/).waitFor({ timeout: 20_000 });
  } else {
    await page.getByRole('heading', { name: 'Quiz Complete' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/quiz/sample');
    await page.getByText(/^(Excellent!|Good Job!|Keep Trying!)$/).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in to Subscribe' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fsubscribe');
    await expectNoSeriousAxeViolations(page);
  }
  await screenshot(page, `${shot}-end`);
}

// Generous: a loaded machine runs the stack, Chromium and several quizzes per test.
describe('quiz runner', { timeout: 240_000 }, () => {
  it("a visitor's sample quiz ends on the results, with a sign-in that returns to /subscribe", async () => {
    const page = await newPage({ viewport: { width: 360, height: 800 } });
    const answers: unknown[] = [];
    const sessionCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/answers')) answers.push(r.postDataJSON());
      if (r.url().includes('/api/sessions')) sessionCalls.push(r.url());
    });
    await takeSampleQuiz(page, chapter('Physics', 0).id, 'quiz-sample-visitor-360', false);
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) expect(a).toMatchObject({ mode: 'sample' });
    expect(sessionCalls).toEqual([]); // no session in sample mode
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("a free learner's sample quiz ends at /subscribe", async () => {
    const page = await newPage();
    await signInAs(page, 'learner');
    await takeSampleQuiz(page, chapter('Physics', 1).id, 'quiz-sample-free-learner', true);
  });

  it('the free trial: a free learner\'s first full quiz is allowed, then the upgrade dialog offers a sample or the subscription', async () => {
    const page = await newPage();
    await signInAs(page, 'learner');
    const before = await api<{ trialQuizzesRemaining: number; subscriptionStatus: string }>(page, 'GET', '/api/subscription/status');
    expect(before, 'Asha Learner needs her free trial quiz (a fresh database, as npm test provides)').toMatchObject({
      trialQuizzesRemaining: 1,
      subscriptionStatus: 'none',
    });

    const trial = chapter('Chemistry', 0);
    const topic = trial.topics[0]!;
    await open(page, `/quiz/${topic.id}`);
    await h1(page, topic.name).waitFor({ timeout: 20_000 });
    await answer(page);
    await skipToLast(page);
    await answer(page);
    await advance(page);
    await page.getByRole('heading', { name: 'Quiz Complete' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'quiz-trial-results');
    const after = await api<{ trialQuizzesRemaining: number; canTakeQuiz: boolean }>(page, 'GET', '/api/subscription/status');
    expect(after).toMatchObject({ trialQuizzesRemaining: 0, canTakeQuiz: false });

    // The next full quiz: the upgrade dialog (from the billing remote).
    const next = chapter('Chemistry', 1);
    const warnings: string[] = [];
    page.on('console', (m) => warnings.push(m.text()));
    await open(page, `/quiz/chapter/${next.id}`);
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium' });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscription'); // billing's dialog sends the learner to the plan page
    await screenshot(page, 'quiz-upgrade-dialog');
    expect(warnings.filter((w) => w.includes('billing/UpgradeDialog could not be loaded'))).toEqual([]); // billing's own dialog
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Try Sample Quiz' }).click();
    await page.waitForURL((url) => url.pathname === '/quiz/sample' && url.searchParams.get('chapter') === next.id);
    await h1(page, 'Sample Quiz').waitFor({ timeout: 20_000 });

    // Escape closes the dialog; the page behind still offers both ways on.
    await open(page, `/quiz/${next.topics[0]!.id}`);
    await dialog.waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Subscribe to take this quiz' }).waitFor();
    await button(page, 'Subscribe Now').click();
    await page.waitForURL((url) => url.pathname === '/subscribe');
  });

  it("a subscriber's full chapter quiz: pause, resume where they stopped, complete, results", async () => {
    const page = await newPage();
    await signInAs(page, 'subscriber');
    await clearPausedSession(page);
    const full = chapter('Physics', 2);
    await open(page, `/quiz/chapter/${full.id}`);
    await h1(page, `${full.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
    const [, total] = await position(page);
    expect(total).toBe(full.questionCount);

    // Keyboard: arrows move within the radio group, Enter submits, Enter again goes on.
    // The page may re-render once its session is created; focus is re-established on the checked radio
    // before Enter, so the test checks the keyboard flow rather than that timing.
    const checked = page.getByRole('radio', { checked: true });
    await expect.poll(async () => {
      if ((await checked.count()) === 0) {
        await page.getByRole('radio').first().focus();
        await page.keyboard.press('ArrowDown');
      }
      return checked.count();
    }, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => button(page, 'Submit Answer').isEnabled(), { timeout: 15_000 }).toBe(true);
    await checked.focus();
    await page.keyboard.press('Enter');
    await page.locator('.lp-quiz__feedback-title').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await position(page))[0]).toBe(2);
    await answer(page);
    await button(page, 'Pause').click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });

    const [paused] = await api<{ id: string; currentQuestionIndex: number; questionsAnswered: number; timeSpent: number }[]>(page, 'GET', '/api/sessions/paused');
    expect(paused).toMatchObject({ currentQuestionIndex: 2, questionsAnswered: 2 });

    await open(page, `/quiz/chapter/${full.id}?resume=${paused!.id}`);
    await h1(page, `${full.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
    expect(await position(page)).toEqual([3, total]);
    await screenshot(page, 'quiz-full-resumed');
    await answer(page);
    await skipToLast(page);
    await answer(page);
    await button(page, 'Complete Quiz').click();
    await page.getByRole('heading', { name: 'Quiz Complete' }).waitFor({ timeout: 20_000 });

    expect(await page.locator('.lp-results__rating').textContent()).toMatch(/^(Excellent!|Good Job!|Keep Trying!)$/);
    const score = await page.locator('.lp-results__stat', { hasText: 'Score' }).locator('dd').textContent();
    expect(score).toMatch(/^\d+\/4$/); // two before the pause, two after
    expect(await page.locator('.lp-results__stat', { hasText: 'Time' }).locator('dd').textContent()).toMatch(/\d+s/);
    expect(await api<unknown[]>(page, 'GET', '/api/sessions/paused')).toEqual([]);
    await screenshot(page, 'quiz-full-results');
    await expectNoSeriousAxeViolations(page);
    await button(page, 'Back to Dashboard').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it("a free learner's trial quiz can be paused and resumed from the dashboard, then finished", async () => {
    const page = await newPage();
    await signInAsNewLearner(page, { name: 'Trial Pauser' });
    const trial = chapter('Physics', 0);
    await open(page, `/quiz/chapter/${trial.id}`);
    await h1(page, `${trial.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
    const [, total] = await position(page);
    for (let i = 1; i <= 3; i++) {
      await answer(page);
      await advance(page);
      await expect.poll(async () => (await position(page))[0]).toBe(i + 1);
    }
    await button(page, 'Pause').click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
    expect(await api<{ trialQuizzesRemaining: number; canTakeQuiz: boolean }>(page, 'GET', '/api/subscription/status'))
      .toMatchObject({ trialQuizzesRemaining: 0, canTakeQuiz: false }); // the trial is in use: no other quiz may start

    await open(page, `/dashboard?class=${encodeURIComponent('CBSE Class 12')}&subjectName=Physics`);
    await page.getByRole('article', { name: trial.name }).getByRole('link', { name: `Resume ${trial.name}` }).click();
    await h1(page, `${trial.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
    expect(await position(page)).toEqual([4, total]);
    await answer(page);
    await skipToLast(page);
    await answer(page);
    await button(page, 'Complete Quiz').click();
    await quizComplete(page).waitFor({ timeout: 20_000 });
    expect(await page.locator('.lp-results__stat', { hasText: 'Score' }).locator('dd').textContent()).toMatch(/^\d+\/5$/);
    expect(await api<unknown[]>(page, 'GET', '/api/sessions/paused')).toEqual([]);
    await screenshot(page, 'quiz-trial-resumed-results');
  });

  it('mistake review: wrong answers come back, right answers clear them; Retake opens the full chapter quiz', async () => {
    const page = await newPage();
    await signInAs(page, 'subscriber');
    await clearPausedSession(page);
    const ch = chapter('Biology', 1);
    const topic = [...ch.topics].sort((a, b) => a.order - b.order)[0]!;
    await open(page, `/quiz/${topic.id}`);
    await h1(page, topic.name).waitFor({ timeout: 20_000 });

    // Answer with the first option until at least two are wrong (or the topic ends).
    const wrong: Answered[] = [];
    for (let [at, of] = await position(page); ; [at, of] = await position(page)) {
      const a = await answer(page);
      if (!a.correct) wrong.push(a);
      if (at === of) break;
      if (wrong.length >= 2) {
        await advance(page);
        await skipToLast(page);
        await button(page, 'Skip').click(); // skipping the last question completes the quiz
        break;
      }
      await advance(page);
      await expect.poll(async () => (await position(page))[0]).toBe(at + 1);
    }
    await quizComplete(page).or(page.getByRole('button', { name: 'Complete Quiz' })).waitFor({ timeout: 20_000 });
    if ((await quizComplete(page).count()) === 0) await advance(page);
    await quizComplete(page).waitFor({ timeout: 20_000 });
    expect(wrong.length).toBeGreaterThan(0);
    const review = page.locator('section', { has: page.getByRole('heading', { name: 'Review Your Mistakes' }) });
    for (const w of wrong) await review.getByRole('heading', { name: w.question }).waitFor();
    await screenshot(page, 'quiz-results-with-mistakes');

    // Mistake review of the chapter: exactly the questions answered wrongly.
    await open(page, `/quiz/${topic.id}?chapter=${ch.id}&type=mistakes`);
    await h1(page, `${ch.name}: Mistake Review`).waitFor({ timeout: 20_000 });
    expect((await position(page))[1]).toBe(wrong.length);
    for (let i = 0; i < wrong.length; i++) {
      const shown = ((await page.locator('.lp-quiz__question').textContent()) ?? '').trim();
      const w = wrong.find((x) => x.question === shown);
      expect(w, `mistake review shows "${shown}", a question answered wrongly`).toBeTruthy();
      const a = await answer(page, () => w!.correctAnswer);
      expect(a.correct).toBe(true);
      await advance(page);
    }
    await page.getByRole('heading', { name: 'Quiz Complete' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.lp-results__rating').textContent()).toBe('Excellent!');

    // Right answers cleared them.
    await open(page, `/quiz/${topic.id}?chapter=${ch.id}&type=mistakes`);
    await page.getByRole('heading', { name: 'No Mistakes to Review!' }).waitFor({ timeout: 20_000 });
    await page.getByText('No mistakes to review: You got all questions correct!').waitFor();
    await screenshot(page, 'quiz-no-mistakes');

    // Retake from a results screen: the session is deleted, then the full chapter quiz opens.
    await open(page, `/quiz/${topic.id}`);
    await h1(page, topic.name).waitFor({ timeout: 20_000 });
    await skipToLast(page);
    await answer(page);
    await advance(page);
    await page.getByRole('heading', { name: 'Quiz Complete' }).waitFor({ timeout: 20_000 });
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/sessions\/[0-9a-f]{24}$/.test(r.url()));
    await button(page, 'Retake').click();
    expect((await deleted).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === `/quiz/chapter/${ch.id}`);
    await h1(page, `${ch.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
  });

  it('Next Topic wraps to the first topic of the chapter after the last', async () => {
    const page = await newPage();
    await signInAs(page, 'subscriber');
    await clearPausedSession(page);
    const ch = chapter('Biology', 2);
    const ordered = [...ch.topics].sort((a, b) => a.order - b.order);
    const last = ordered[ordered.length - 1]!;
    await open(page, `/quiz/${last.id}`);
    await h1(page, last.name).waitFor({ timeout: 20_000 });
    await skipToLast(page);
    await answer(page);
    await advance(page);
    await page.getByRole('heading', { name: 'Quiz Complete' }).waitFor({ timeout: 20_000 });
    await button(page, 'Next Topic').click();
    await page.waitForURL((url) => url.pathname === `/quiz/${ordered[0]!.id}`);
    await h1(page, ordered[0]!.name).waitFor({ timeout: 20_000 });
  });

  it('a flaky network loses nothing: a failed answer call is retried with the same answerId and counted once', async () => {
    const page = await newPage();
    await signInAs(page, 'subscriber');
    await clearPausedSession(page);
    const ch = chapter('Biology', 3);
    const topic = ch.topics[0]!;
    const sent: { answerId: string; questionId: string }[] = [];
    let dropNext = 1;
    await page.route('**/api/answers', async (route) => {
      sent.push(route.request().postDataJSON() as { answerId: string; questionId: string });
      if (dropNext > 0) {
        dropNext--;
        await route.abort('internetdisconnected');
      } else {
        await route.continue();
      }
    });
    await open(page, `/quiz/${topic.id}`);
    await h1(page, topic.name).waitFor({ timeout: 20_000 });
    await page.getByRole('radio').first().check();
    await button(page, 'Submit Answer').click();
    await page.getByText('Answer saved on this device').waitFor({ timeout: 20_000 });
    await page.getByText('Will retry').waitFor();
    await screenshot(page, 'quiz-answer-will-retry');
    const queued = await page.evaluate(() => localStorage.getItem('lp.quiz.answerQueue.v1'));
    expect(queued).toContain(sent[0]!.answerId);
    await advance(page); // the learner keeps going
    await skipToLast(page);
    await answer(page);
    await advance(page);
    await page.getByRole('heading', { name: 'Quiz Complete' }).waitFor({ timeout: 30_000 });

    const first = sent.filter((b) => b.questionId === sent[0]!.questionId);
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(new Set(first.map((b) => b.answerId)).size).toBe(1);
    expect(await page.locator('.lp-results__stat', { hasText: 'Score' }).locator('dd').textContent()).toMatch(/^\d\/2$/);
    expect(await page.evaluate(() => localStorage.getItem('lp.quiz.answerQueue.v1'))).toBeNull();
  });

  it('science notation (issue 31 item 10): a question with a formula shows MathML on a phone, and its explanation too', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsNewLearner(page);
    await page.goto(`${baseUrl()}/dashboard`);
    await acceptDisclaimerIfShown(page);
    // Electrostatic Potential and Capacitance: ten of its questions are written with formulas.
    const ch = chapter('Physics', 1);
    await open(page, `/quiz/chapter/${ch.id}`);
    await h1(page, `${ch.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
    const formulaOnScreen = page.locator('.lp-quiz__question .lp-formula, .lp-quiz-option__text .lp-formula');
    for (let [at, of] = await position(page); (await formulaOnScreen.count()) === 0; [at, of] = await position(page)) {
      expect(at, 'a question with a formula in the chapter').toBeLessThan(of);
      await button(page, 'Skip').click();
      await expect.poll(async () => (await position(page))[0]).toBe(at + 1);
    }
    await formulasSettled(page);
    const math = page.locator('.lp-quiz__question math, .lp-quiz-option__text math').first();
    await math.waitFor();
    // MathML Core: Chromium lays it out itself (a superscript, fraction or subscript sits in its own box).
    expect(await page.locator('.lp-quiz__question, .lp-quiz-option__text').locator('msup, msub, mfrac, msubsup').count()).toBeGreaterThan(0);
    expect((await math.boundingBox())!.height).toBeGreaterThan(0);
    expect(await page.locator('.lp-quiz__question').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'notation-question-360');
    await answer(page);
    await screenshot(page, 'notation-answered-360');
    await expectNoSeriousAxeViolations(page);
  });

  it('spaced review: a question answered wrongly comes back in /quiz/review', async () => {
    const page = await newPage();
    await signInAs(page, 'subscriber');
    await clearPausedSession(page);
    const ch = chapter('Biology', 4);
    const topic = ch.topics[0]!;
    await open(page, `/quiz/${topic.id}`);
    await h1(page, topic.name).waitFor({ timeout: 20_000 });
    let wrong: Answered | null = null;
    for (let [at, of] = await position(page); ; [at, of] = await position(page)) {
      // Pick an option other than the right one once it is known: the first answer decides.
      const a = await answer(page);
      if (!a.correct) {
        wrong = a;
        break;
      }
      if (at === of) break;
      await advance(page);
      await expect.poll(async () => (await position(page))[0]).toBe(at + 1);
    }
    expect(wrong, 'one of the topic\'s questions was answered wrongly').not.toBeNull();

    await open(page, '/quiz/review');
    await h1(page, 'Spaced Review').or(page.getByRole('heading', { name: 'No Review Needed!' })).waitFor({ timeout: 20_000 });
    await screenshot(page, 'quiz-review');
    expect(
      await page.getByRole('heading', { name: 'No Review Needed!' }).count(),
      'svc-study must schedule a wrongly answered question as due now (FSRS "Again"), not on a later day',
    ).toBe(0);
    const seen: string[] = [];
    for (let [at, of] = await position(page); ; [at, of] = await position(page)) {
      seen.push(((await page.locator('.lp-quiz__question').textContent()) ?? '').trim());
      if (at === of) break;
      await button(page, 'Skip').click();
      await expect.poll(async () => (await position(page))[0]).toBe(at + 1);
    }
    expect(seen).toContain(wrong!.question);
  });

  it('a same-day mistake review and retake clear the mistakes but push no review date out twice (issue 32 §5)', async () => {
    await withinOneStudyDay(2); // the test takes under a minute; its premise is one study day
    const page = await newPage();
    await signInAs(page, 'subscriber');
    await clearPausedSession(page);
    const ch = chapter('Biology', 5);
    const topic = [...ch.topics].sort((a, b) => a.order - b.order)[0]!;
    const schedule = async () => (await api<{ days: Array<{ day: string; due: number }> }>(page, 'GET', '/api/review-schedule?days=14')).days;
    /** Takes the topic quiz to the end, answering each question with `pick`; returns what each answer was. */
    const takeTopicQuiz = async (pick: (question: string) => (options: string[]) => string) => {
      await open(page, `/quiz/${topic.id}`);
      await h1(page, topic.name).waitFor({ timeout: 20_000 });
      const answered: Answered[] = [];
      for (let [at, of] = await position(page); ; [at, of] = await position(page)) {
        await formulasSettled(page);
        const question = ((await page.locator('.lp-quiz__question').textContent()) ?? '').trim();
        answered.push(await answer(page, pick(question)));
        await advance(page);
        if (at === of) break;
        await expect.poll(async () => (await position(page))[0]).toBe(at + 1);
      }
      await quizComplete(page).waitFor({ timeout: 20_000 });
      return answered;
    };

    // The first quiz of the day: the first option each time, so some are right and some wrong.
    const first = await takeTopicQuiz(() => (o) => o[0]!);
    const wrong = first.filter((a) => !a.correct);
    expect(wrong.length).toBeGreaterThan(0);
    expect(first.length - wrong.length).toBeGreaterThan(0);
    const before = await schedule();

    // Mistake review right after, the same day: each one answered right (the key the first quiz showed) leaves
    // Review Mistakes.
    const keyOf = new Map(first.map((a) => [a.question, a.correctAnswer]));
    const mistakes = `/quiz/${topic.id}?chapter=${ch.id}&type=mistakes`;
    await open(page, mistakes);
    await h1(page, `${ch.name}: Mistake Review`).waitFor({ timeout: 20_000 });
    expect((await position(page))[1]).toBe(wrong.length);
    for (let i = 0; i < wrong.length; i++) {
      await formulasSettled(page);
      const shown = ((await page.locator('.lp-quiz__question').textContent()) ?? '').trim();
      expect((await answer(page, () => keyOf.get(shown)!)).correct).toBe(true);
      await advance(page);
    }
    await quizComplete(page).waitFor({ timeout: 20_000 });
    await open(page, mistakes);
    await page.getByRole('heading', { name: 'No Mistakes to Review!' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'quiz-same-day-no-mistakes');

    // And a retake of the topic, the same day: every question right.
    const retake = await takeTopicQuiz((question) => () => keyOf.get(question)!);
    expect(retake.every((a) => a.correct)).toBe(true);
    expect(await page.locator('.lp-results__rating').textContent()).toBe('Excellent!');

    // The review dates: the questions right in the first quiz keep the day that quiz gave them (a second right answer
    // the same day pushes nothing out); the ones wrong then leave today's queue for tomorrow, one day (no FSRS review
    // rated twice: its stability would give days more).
    const after = await schedule();
    const [today, tomorrow] = [before[0]!.day, before[1]!.day];
    const due = (days: typeof before, day: string) => days.find((d) => d.day === day)?.due ?? 0;
    expect(after.map((d) => d.day)).toEqual(before.map((d) => d.day));
    expect(due(after, today)).toBe(due(before, today) - wrong.length);
    expect(due(after, tomorrow)).toBe(due(before, tomorrow) + wrong.length);
    expect(after.slice(2)).toEqual(before.slice(2));

    // What the learner sees on /exam-dates is that schedule.
    await open(page, '/exam-dates');
    const table = page.getByRole('table');
    await table.waitFor({ timeout: 20_000 });
    for (const d of after.slice(0, 3)) expect(await table.locator(`tr[data-day="${d.day}"] td`).nth(1).textContent()).toBe(String(d.due));
    await screenshot(page, 'quiz-same-day-retake-schedule');
  }, 200_000); // 60 s of steps, after up to two minutes' wait for a new IST day

  it('on a phone, the free trial says so before it is spent, its results offer the plan, and the next revision date shows (issue 31 §8, §9)', async () => {
    const page = await newPage({ viewport: PHONE });
    await signInAsNewLearner(page, { name: 'Trial Reviser' });
    const trial = chapter('Biology', 1);
    await open(page, `/dashboard?class=${encodeURIComponent('CBSE Class 12')}&subjectName=Biology`);
    const card = page.getByRole('article', { name: trial.name });
    const start = card.getByRole('link', { name: `Full Chapter Quiz: ${trial.name} — uses your one free quiz` });
    await start.waitFor({ timeout: 20_000 });
    expect(await start.textContent()).toBe('Full Chapter Quiz — uses your one free quiz');
    await start.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'revise-trial-start-button');

    await start.click();
    await h1(page, `${trial.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
    await answer(page);
    await skipToLast(page);
    await answer(page);
    await button(page, 'Complete Quiz').click();
    await quizComplete(page).waitFor({ timeout: 20_000 });

    // The plan, right there: what it adds, its price in rupees, the way to /subscribe.
    const offer = page.getByRole('region', { name: 'That was your free quiz' });
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.getByText('The yearly plan adds, for ₹500 a year:').count()).toBe(1);
    expect(await offer.getByRole('listitem').allTextContents()).toContain('Progress tracking and spaced revision');
    const subscribe = offer.getByRole('link', { name: 'Subscribe for ₹500 a year' });
    expect(await subscribe.getAttribute('href')).toBe('/subscribe');

    // When the chapter comes back, as svc-study scheduled it, in the one date format.
    const progress = await api<{ nextRevisionAt: string }>(page, 'GET', `/api/chapter/progress?chapterId=${trial.id}`);
    const nextDate = await page.evaluate((at) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(at)), progress.nextRevisionAt);
    expect(Date.parse(progress.nextRevisionAt)).toBeGreaterThan(Date.now());
    await page.getByText(`Next revision: ${nextDate}`, { exact: true }).waitFor({ timeout: 20_000 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'revise-trial-results');
    await expectNoSeriousAxeViolations(page);

    // The dashboard: nothing due today, when the next revision comes, the stars' legend; the trial is spent.
    await button(page, 'Back to Dashboard').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const panel = page.getByRole('region', { name: 'Due today (0)' });
    await panel.waitFor({ timeout: 20_000 });
    await panel.getByText(`Nothing due today. Next revision: ${nextDate} (${trial.name}).`).waitFor({ timeout: 20_000 });
    await panel.getByText(/★ a revision done \(3 in all\) · ☆ a revision to come · Mastered after the third/).waitFor();
    await card.getByText(`Next revision: ${nextDate}`, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await card.getByText(/0 of 3 revisions done/).count()).toBe(1);
    expect(await card.getByRole('link', { name: /uses your one free quiz/ }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'revise-dashboard-next-revision');
  });
});

// Issue 31 §6-7 on a 360 px phone: a quiz left without Pause is offered back where the server recorded it, leaving
// warns first, and a paused quiz no longer locks the other chapters (continue or discard it from any card).
describe('unfinished quizzes on a phone', { timeout: 240_000 }, () => {
  const phone = { width: 360, height: 740 };
  /** The full page, and (with E2E_VIEWPORT_SHOTS set to a folder) what the phone's screen shows, to look at. */
  async function shot(page: Page, name: string) {
    await screenshot(page, name);
    const dir = process.env.E2E_VIEWPORT_SHOTS;
    if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
  }

  it('leaving mid-quiz asks first; the dashboard offers "Continue" at the recorded question; closing the tab warns', async () => {
    const page = await newPage({ viewport: phone });
    await signInAsNewLearner(page, { name: 'Leaving Learner' });
    const quiz = chapter('Chemistry', 0);
    await open(page, `/quiz/chapter/${quiz.id}`);
    await h1(page, `${quiz.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
    const [, total] = await position(page);
    for (let i = 1; i <= 2; i++) {
      await answer(page);
      await advance(page);
      await expect.poll(async () => (await position(page))[0]).toBe(i + 1);
    }

    // A header link: the app asks first; Cancel keeps the learner on the question.
    const headerDashboard = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true });
    const asked: string[] = [];
    page.once('dialog', (d) => { asked.push(`${d.type()}: ${d.message()}`); void d.dismiss(); });
    await headerDashboard.click();
    await expect.poll(() => asked).toEqual(['confirm: Leave this quiz? Your answers so far are saved, and you can continue from the dashboard.']);
    expect(new URL(page.url()).pathname).toBe(`/quiz/chapter/${quiz.id}`);
    expect(await position(page)).toEqual([3, total]);

    page.once('dialog', (d) => void d.accept());
    await headerDashboard.click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
    expect(await api<unknown[]>(page, 'GET', '/api/sessions/paused')).toEqual([]); // nothing was paused

    const card = page.getByRole('region', { name: 'Continue where you left off' });
    await card.getByText(`Question 3 of ${total}`).waitFor({ timeout: 20_000 });
    await card.getByText(quiz.name, { exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'resume-continue-card-360');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await card.getByRole('link', { name: `Continue ${quiz.name}: Question 3 of ${total}` }).click();
    await h1(page, `${quiz.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
    expect(await position(page)).toEqual([3, total]);
    await answer(page);
    await shot(page, 'resume-continued-quiz-360');

    // Closing the tab: the browser's own leave prompt.
    const prompts: string[] = [];
    page.on('dialog', (d) => { prompts.push(d.type()); void d.dismiss(); });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => prompts).toEqual(['beforeunload']);
  });

  it('a paused quiz: every other card names it and continues or discards it in one tap; what stays disabled is readable', async () => {
    const page = await newPage({ viewport: phone });
    await signInAsNewLearner(page, { name: 'Pausing Learner' });
    const physics = subjects.find((s) => s.name === 'Physics')!;
    const quiz = physics.chapters[0]!;
    const other = physics.chapters.find((c) => c.id !== quiz.id && c.questionCount > 0)!;
    await open(page, `/quiz/chapter/${quiz.id}`);
    await h1(page, `${quiz.name}: Full Chapter Quiz`).waitFor({ timeout: 20_000 });
    const [, total] = await position(page);
    await answer(page);
    await advance(page);
    await expect.poll(async () => (await position(page))[0]).toBe(2);
    await button(page, 'Pause').click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });

    await open(page, `/dashboard?class=${encodeURIComponent('CBSE Class 12')}&subjectName=Physics`);
    const otherCard = page.getByRole('article', { name: other.name });
    const notice = otherCard.getByRole('group', { name: `Complete Current Quiz First: ${other.name}` });
    await notice.getByText(`You have a paused quiz in ${quiz.name} (Question 2 of ${total}).`, { exact: false }).waitFor({ timeout: 20_000 });
    expect(await otherCard.getByRole('button', { name: 'Complete Current Quiz First' }).count()).toBe(0);
    expect(await notice.getByRole('link', { name: `Continue the paused quiz in ${quiz.name}` }).getAttribute('href')).toContain('resume=');

    // What stays disabled (the paused card's own Sample Quiz; Review Mistakes shows only with mistakes): not faded,
    // text at least 4.5:1 against its own background.
    const waiting = page.getByRole('article', { name: quiz.name }).getByRole('button', { name: 'Complete Current Quiz First' });
    expect(await waiting.isDisabled()).toBe(true);
    const contrast = await waiting.evaluate((el) => {
      const style = getComputedStyle(el);
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [hi, lo] = [lum(style.color), lum(style.backgroundColor)].sort((a, b) => b - a);
      return { opacity: Number(style.opacity), ratio: (hi! + 0.05) / (lo! + 0.05) };
    });
    expect(contrast.opacity).toBe(1);
    expect(contrast.ratio).toBeGreaterThanOrEqual(4.5);
    await otherCard.scrollIntoViewIfNeeded();
    await shot(page, 'resume-paused-other-card-360');

    // Discard it, from the other chapter's card: a confirmation, then every card is free again.
    await notice.getByRole('button', { name: `Discard the paused quiz in ${quiz.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Discard your quiz in ${quiz.name}?` });
    await dialog.waitFor();
    await shot(page, 'resume-discard-confirm-360');
    const deleted = page.waitForResponse((r) => /\/api\/sessions\/[0-9a-f]{24}$/.test(r.url()) && r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Discard quiz' }).click();
    expect((await deleted).status()).toBe(200);
    await otherCard.getByRole('link', { name: `Full Chapter Quiz: ${other.name}` }).waitFor({ timeout: 20_000 });
    expect(await api<unknown[]>(page, 'GET', '/api/sessions/paused')).toEqual([]);
    await expect.poll(() => page.getByRole('region', { name: /^Continue / }).count()).toBe(0);
  });
});
