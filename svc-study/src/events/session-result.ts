// study.rpc.sessionResult {sessionId} or {userId, topicId}: a session's owner, target and (once completed) its
// decided score, for svc-challenge, which creates a challenge from a finished quiz without trusting the client's
// numbers. By topic it is the learner's latest completed full or topic quiz of that topic (a direct challenge
// sent from a topic): a scan of the learner's sessions, fine for a call made once per challenge.
import type { RpcResponse } from '@lp/contracts';
import type { StudyContext } from '../context';
import { firstAnswersOf } from '../routes/sessions/view';

type SessionResult = RpcResponse<'study.rpc.sessionResult'>;

const NOT_FOUND: SessionResult = {
  found: false, sessionId: null, userId: null, mode: null, topicId: null, chapterId: null, completed: false,
  score: 0, correctAnswers: 0, totalQuestions: 0, timeSpent: 0, questionIds: [],
};

export function answerSessionResultRequests(ctx: StudyContext) {
  // The kit answers a request out of contract with BAD_REQUEST: sessionId, or userId and topicId, as ObjectIds.
  ctx.app.bus.reply('study.rpc.sessionResult', async (body) => {
    const found = 'sessionId' in body ? await byId(body.sessionId) : await latestCompleted(body.userId, body.topicId);
    if (!found) return NOT_FOUND;
    const { session, completion } = found;
    const firsts = await firstAnswersOf(ctx, session);
    const answered = session.questionIds.filter((qid) => firsts.has(qid));
    return {
      found: true,
      sessionId: String(session._id),
      userId: session.userId,
      mode: session.mode,
      topicId: session.topicId ?? null,
      chapterId: session.chapterId ?? null,
      completed: Boolean(completion),
      score: completion?.percentage ?? 0,
      correctAnswers: completion?.correctAnswers ?? 0,
      totalQuestions: completion?.questionsAnswered ?? 0,
      timeSpent: completion?.timeSpent ?? 0,
      questionIds: (answered.length > 0 ? answered : session.questionIds).slice(0, 500),
    };
  });

  async function byId(sessionId: string) {
    const session = await ctx.sessions.byId(sessionId);
    return session ? { session, completion: await ctx.completions.get(String(session._id)) } : null;
  }

  async function latestCompleted(userId: string, topicId: string) {
    const sessions = await ctx.sessions.quizzesOfTopic(userId, topicId);
    // Newest first; the same instant (the clock's resolution) falls back to the id, which grows within a process.
    sessions.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || String(b._id).localeCompare(String(a._id)));
    for (const session of sessions) {
      const completion = await ctx.completions.get(String(session._id));
      if (completion) return { session, completion };
    }
    return null;
  }
}
