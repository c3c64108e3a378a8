// @fastify/session's store for the sign-in flow: grant's state, nonce and PKCE verifier between /api/login and
// its callback, for at most ten minutes. In identity's database, so any instance can finish a flow another began.
import type { Session } from 'fastify';
import type { SignInFlowsRepository } from '../repositories/sign-in-flows';

export const SIGNIN_FLOW_TTL_MS = 10 * 60_000;

type Callback<T = void> = (err?: Error | null, value?: T) => void;

export class SignInFlowStore {
  constructor(private readonly flows: SignInFlowsRepository) {}

  get(sessionId: string, callback: (err: Error | null, session?: Session | null) => void) {
    this.flows.live(sessionId).then((data) => {
      if (data === null) return callback(null, null);
      callback(null, JSON.parse(data) as Session);
    }, (err: Error) => callback(err));
  }

  set(sessionId: string, session: Session, callback: Callback) {
    this.flows.save(sessionId, JSON.stringify(session), SIGNIN_FLOW_TTL_MS).then(() => callback(), callback);
  }

  destroy(sessionId: string, callback: Callback) {
    this.flows.remove(sessionId).then(() => callback(), callback);
  }
}
