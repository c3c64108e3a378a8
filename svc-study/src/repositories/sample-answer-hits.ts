// The sample-answer ceilings' counts (routes/answers/sample-guard.ts): the kit's WindowCounter per ceiling, each attempt
// a unique slot insert, so the limits hold exactly on any number of replicas.
import { WindowCounter, type WindowHit } from '@lp/service-kit';
import type { Connection } from 'mongoose';

export interface WindowLimit { limit: number; windowMs: number }

export class SampleAnswerHitsRepository {
  private readonly perVisitor: WindowCounter;
  private readonly perAddress: WindowCounter;
  private readonly perAccountDay: WindowCounter;

  constructor(db: Connection, limits: { visitor: WindowLimit; address: WindowLimit; accountDay: WindowLimit }, now: () => Date) {
    this.perVisitor = new WindowCounter(db, limits.visitor, { collection: 'sample_answer_hits', now });
    this.perAddress = new WindowCounter(db, limits.address, { collection: 'sample_answer_hits_address', now });
    this.perAccountDay = new WindowCounter(db, limits.accountDay, { collection: 'sample_answer_hits_account_day', now });
  }

  hitVisitor(visitor: string): Promise<WindowHit> {
    return this.perVisitor.hit(visitor);
  }

  hitAddress(address: string): Promise<WindowHit> {
    return this.perAddress.hit(`ip:${address}`);
  }

  hitAccountDay(visitor: string): Promise<WindowHit> {
    return this.perAccountDay.hit(visitor);
  }
}
