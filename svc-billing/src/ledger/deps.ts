// What every part of the ledger is built from.
import type { Leases, ServiceApp } from '@lp/service-kit';
import type { BillingModels } from '../models';

export interface LedgerDeps {
  app: ServiceApp;
  models: BillingModels;
  now: () => Date;
  leases: Leases;
}

/** The learner's lease: their derived view and the choice of a new period's start are rebuilt under it. */
export const USER_LEASE = { ttlMs: 15_000, waitMs: 10_000 };
