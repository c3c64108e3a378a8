// Attempt-start limits (the kit's WindowCounter: unique slot inserts, exact on any number of replicas): per link, per
// client (a signed-in user or a guest's browser) and per address (guests).
import { WindowCounter, type WindowHit, type WindowRule } from '@lp/service-kit';
import type { Connection } from 'mongoose';

export interface StartLimitRules { perToken: WindowRule; perClient: WindowRule; perAddress: WindowRule }

export class StartLimitsRepository {
  private readonly perToken: WindowCounter;
  private readonly perClient: WindowCounter;
  private readonly perAddress: WindowCounter;

  constructor(db: Connection, rules: StartLimitRules) {
    this.perToken = new WindowCounter(db, rules.perToken, { collection: 'attempt_start_hits_token' });
    this.perClient = new WindowCounter(db, rules.perClient, { collection: 'attempt_start_hits_client' });
    this.perAddress = new WindowCounter(db, rules.perAddress, { collection: 'attempt_start_hits_address' });
  }

  /** Counts a start from a link's token. */
  hitLink(token: string): Promise<WindowHit> { return this.perToken.hit(`token:${token}`); }
  /** Counts a start by a client: `user:<id>` or `browser:<id>`. */
  hitClient(client: string): Promise<WindowHit> { return this.perClient.hit(client); }
  /** Counts a guest's start from an address. */
  hitAddress(address: string): Promise<WindowHit> { return this.perAddress.hit(address); }
}
