// Ending a sign-in session (sign-out, a new sign-in replacing it, a reused refresh token) or only its admin
// elevation (admin sign-out), and telling every other process: `identity.session.ended`. This instance refuses the
// session at once (its own revocation list); the gateway and the services within a second (kit auth/revocations.ts).
import type { EventData, SessionEndReason } from '@lp/contracts';
import { eventId, failPoint, type EventBus, type EventEnvelope, type RevocationList } from '@lp/service-kit';
import type { SessionDoc } from '../models/session';
import type { SessionsRepository } from '../repositories/sessions';
import { ADMIN_TTL_SECONDS } from '../domain/session-rules';

export class SessionEnds {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly bus: EventBus,
    private readonly revocations: RevocationList,
    private readonly clock: () => Date,
  ) {}

  /**
   * Revokes the session and announces it. Its tokens (session: TTL; elevation: one hour) cannot outlive the
   * session's absolute end, so that is as long as anyone needs to remember it.
   */
  async endSession(sid: string, userId: string, reason: Exclude<SessionEndReason, 'admin-signed-out'>, session?: SessionDoc | null): Promise<void> {
    const now = this.clock();
    const { tokenTtlSeconds, absoluteTimeoutSeconds } = this.sessions.limits;
    const lastToken = now.getTime() + Math.max(tokenTtlSeconds, ADMIN_TTL_SECONDS) * 1000;
    const absoluteEnd = session ? session.createdAt.getTime() + absoluteTimeoutSeconds * 1000 : lastToken;
    const expiresAt = new Date(Math.max(now.getTime() + 1000, Math.min(lastToken, absoluteEnd)));
    const envelope = await this.record({ sid, userId, reason, endedAt: now.toISOString(), expiresAt: expiresAt.toISOString() }, `session-ended:${sid}`);
    await this.sessions.revoke(sid);
    // Both a real clock and the test clock may be behind the other processes' Date.now(): keep it a full lifetime.
    this.revocations.add(sid, Date.now() + Math.max(tokenTtlSeconds, ADMIN_TTL_SECONDS) * 1000);
    await this.bus.flush(envelope);
  }

  /** Admin sign-out: only the elevation `eid` ends; the sign-in session goes on. */
  async endElevation(elevation: { sid: string; sub: string; eid: string; exp: number }): Promise<void> {
    const now = this.clock();
    const envelope = await this.record({
      sid: elevation.sid, userId: elevation.sub, reason: 'admin-signed-out', endedAt: now.toISOString(),
      expiresAt: new Date(elevation.exp * 1000).toISOString(), elevationId: elevation.eid,
    }, `elevation-ended:${elevation.eid}`);
    await this.sessions.revokeElevation(elevation.eid); // what identity answers while the NATS feed is cut off
    this.revocations.add(elevation.eid, elevation.exp * 1000);
    await this.bus.flush(envelope);
  }

  /**
   * Record → change → flush: the event is in the outbox before the session is revoked, so a process that dies in
   * between leaves it to the relay, which revokes first (finishRelayed). A deterministic id: ending the same
   * session twice (two instances, a retry) is one event.
   */
  private async record(data: EventData<'identity.session.ended'>, key: string) {
    const envelope = await this.bus.record('identity.session.ended', data, { id: eventId('identity.session.ended', key) });
    failPoint('identity-session-end-recorded');
    return envelope;
  }

  /** Registers the relay's finisher: an ended session (or elevation) left unrevoked by a dead process is revoked. */
  finishRelayed() {
    this.bus.beforeRelay('identity.session.ended', async ({ data }: EventEnvelope<EventData<'identity.session.ended'>>) => {
      if (data.elevationId) await this.sessions.revokeElevation(data.elevationId);
      else await this.sessions.revoke(data.sid);
    });
    return this;
  }
}
