// The results' line for answers that waited on the device (issue 33 §2), in English and in Hindi (issue 33 §1).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { setLanguage, useI18n } from '@lp/web-platform/i18n';
import { QuizResults } from '../../src/pages/quiz/QuizResults.tsx';
import type { QuizPlan } from '../../src/pages/quiz/loadQuiz.ts';
import { clockTime } from '../../src/offline/clock-time.ts';
import { id, mockApi, renderPage, signInAs } from '../support.tsx';

const plan: QuizPlan = { mode: 'sample', title: 'Evolution', questions: [], chapterId: id(20), topicId: null, subjectId: id(1), topics: [] };
const SENT = Date.UTC(2026, 10, 27, 9, 5);

describe('results: answers scored when they reached the server', () => {
  afterEach(() => {
    cleanup();
    useI18n.setState({ language: 'en' });
  });

  it('says so in English, with the time they were sent', async () => {
    signInAs();
    mockApi({});
    renderPage(<QuizResults plan={plan} sessionId={null} answered={2} correct={1} seconds={30} skipped={0} answers={[]} sentLater={SENT} />);
    expect((await screen.findByTestId('scored-later')).textContent).toBe(`Scored when your answers reached the server (sent at ${clockTime(SENT)}).`);
  });

  it('says so in Hindi once हिन्दी is the language', async () => {
    signInAs();
    mockApi({});
    await setLanguage('hi');
    renderPage(<QuizResults plan={plan} sessionId={null} answered={2} correct={1} seconds={30} skipped={0} answers={[]} sentLater={null} />);
    expect((await screen.findByTestId('scored-later')).textContent).toBe('आपके उत्तर सर्वर तक पहुँचने पर अंक दिए गए।');
  });
});
