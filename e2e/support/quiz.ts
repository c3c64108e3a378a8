/** The quiz runner as a person uses it with the mouse, shared by the e2e files that take a quiz on the way. */
import type { Page } from 'playwright-core';

/** "Question 3 of 20" → [3, 20] once the runner shows a question. */
export async function position(page: Page): Promise<[number, number]> {
  const text = (await page.getByText(/^Question \d+ of \d+$/).textContent({ timeout: 20_000 })) ?? '';
  const [, at, of] = /Question (\d+) of (\d+)/.exec(text)!;
  return [Number(at), Number(of)];
}

/** Answers the question on screen with its first option (or "not sure" typed), submits, and says whether it was right. */
export async function answerFirstOption(page: Page): Promise<boolean> {
  const submit = page.getByRole('button', { name: 'Submit Answer', exact: true });
  await submit.waitFor({ timeout: 20_000 });
  const radios = page.getByRole('radio');
  if ((await radios.count()) > 0) await radios.first().check();
  else await page.getByLabel('Your answer').fill('not sure');
  await submit.click();
  const verdict = page.locator('.lp-quiz__feedback-title');
  await verdict.waitFor({ timeout: 20_000 });
  return (await verdict.textContent()) === 'Correct!';
}

/** On to the last question: Next Question after an answered one, Skip after an unanswered one (Skip records nothing). */
export async function skipToLast(page: Page) {
  for (let [at, of] = await position(page); at < of; [at, of] = await position(page)) {
    const next = page.getByRole('button', { name: 'Next Question', exact: true });
    await ((await next.count()) > 0 ? next : page.getByRole('button', { name: 'Skip', exact: true })).click();
    // A wait of Playwright's, not vitest's expect.poll: files run these helpers in concurrent tests too.
    await page.getByText(`Question ${at + 1} of ${of}`, { exact: true }).waitFor({ timeout: 20_000 });
  }
}

/**
 * From anywhere in a quiz to its results: on to the last question, answer it (first option) unless it is answered,
 * Complete Quiz. Returns whether that last answer was right (null when it was answered before).
 */
export async function finishQuiz(page: Page): Promise<boolean | null> {
  await skipToLast(page);
  const right = (await page.locator('.lp-quiz__feedback-title').count()) === 0 ? await answerFirstOption(page) : null;
  await page.getByRole('button', { name: 'Complete Quiz', exact: true }).click();
  await page.getByRole('heading', { name: 'Quiz Complete' }).waitFor({ timeout: 20_000 });
  return right;
}
