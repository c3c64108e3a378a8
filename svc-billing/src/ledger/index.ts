// The ledger: what happened to each order and what it bought. Every step is a unique insert (exact on FerretDB
// and MongoDB) and announces itself through the outbox: the event is recorded before the change and flushed
// after, so a crash in between leaves it for the relay, which first finishes the change (relay-finishers.ts).
// Its parts: the learner's derived view (account-view.ts), orders and payments (payments.ts), subscriptions and
// their periods (subscriptions.ts); the data through src/repositories/.
import type { ServiceApp } from '@lp/service-kit';
import { createAccountView } from './account-view';
import type { LedgerRepositories } from './deps';
import { createPayments, type ReturnMoney } from './payments';
import { finishBeforeRelay } from './relay-finishers';
import { createSubscriptions } from './subscriptions';

export { subscriptionIdOf } from './subscriptions';
export type { ReturnMoney } from './payments';
export type { AccountSubscription } from '../models';

export type Ledger = ReturnType<typeof createLedger>;

export function createLedger(app: ServiceApp, repositories: LedgerRepositories, now: () => Date, returnMoney: ReturnMoney) {
  const deps = { app, now, ...repositories };
  const view = createAccountView(deps);
  const subscriptions = createSubscriptions(deps, view);
  const payments = createPayments(deps, view, subscriptions, returnMoney);
  finishBeforeRelay(app, subscriptions);

  const { account } = view;
  const { recordState, openOrder, settle, refunded, result } = payments;
  const { activate, recordGranted, isGranted, endSubscription, expireDue } = subscriptions;
  return { account, openOrder, recordState, settle, refunded, activate, recordGranted, isGranted, endSubscription, expireDue, result };
}
