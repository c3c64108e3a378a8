// What every part of the ledger is built from: the service (its bus), the clock and the repositories.
import type { ServiceApp } from '@lp/service-kit';
import type { AccountsRepository } from '../repositories/accounts';
import type { OrdersRepository } from '../repositories/orders';
import type { RefundsRepository } from '../repositories/refunds';
import type { SubscriptionsRepository } from '../repositories/subscriptions';

export interface LedgerRepositories {
  orders: OrdersRepository;
  subscriptions: SubscriptionsRepository;
  accounts: AccountsRepository;
  refunds: RefundsRepository;
}

export interface LedgerDeps extends LedgerRepositories {
  app: ServiceApp;
  now: () => Date;
}
