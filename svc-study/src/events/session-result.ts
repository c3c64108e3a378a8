// study.rpc.sessionResult {sessionId}: a session's owner, target and (once completed) its decided score, for
// svc-challenge, which creates a challenge from a finished quiz without trusting the client's numbers.
import { rpc, type RpcRequest, type RpcResponse } from '@lp/contracts';
import { Value } from '@sinclair/typebox/value';
import type { StudyContext } from '../context';
import { firstAnswersOf } from '../routes/sessions/view';

type SessionResult = RpcResponse<'study.rpc.sessionResult'>;

const NOT_FOUND: SessionResult = {
  found: false, userId: null, mode: null, topicId: null, chapterId: null, completed: false,
  score: 0, correctAnswers: 0, totalQuestions: 0, timeSpent: 0, questionIds: [],
};

export function answerSessionResultRequests(ctx: StudyContext) {
  ctx.app.bus.reply<RpcRequest<'study.rpc.sessionResult'>, SessionResult>('study.rpc.sessionResult', async (body) => {
    if (!Value.Check(rpc['study.rpc.sessionResult'].request, body)) throw new Error('BAD_REQUEST: sessionId must be a 24-hex ObjectId');
    const session = await ctx.models.sessions.findById(body.sessionId).lean();
    if (!session) return NOT_FOUND;
    const sid = String(session._id);
    const [completion, firsts] = await Promise.all([ctx.models.completions.get(sid), firstAnswersOf(ctx, session)]);
    const answered = session.questionIds.filter((qid) => firsts.has(qid));
    return {
      found: true,
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
}
