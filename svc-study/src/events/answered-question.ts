// study.rpc.answeredQuestion {userId, questionId}: whether the learner has a counted answer to the question, for
// svc-content, which takes a question flag only from a student who answered it (issue 32 §4). Every counted answer
// gives the question a review card in the learner document (domain/answer-effects.ts), in the same write that records
// the answer's effects and before the answer call returns: one read by `_id`, the same on every replica.
import type { StudyContext } from '../context';

export function answerAnsweredQuestionRequests(ctx: StudyContext) {
  ctx.app.bus.reply('study.rpc.answeredQuestion', async ({ userId, questionId }) => {
    const learner = await ctx.learners.get(userId);
    return { answered: Object.hasOwn(learner.cards, questionId) };
  });
}
