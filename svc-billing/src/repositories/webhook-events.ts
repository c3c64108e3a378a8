// Webhook event ids already handled, per gateway (the kit's OnceLog `webhook_events`).
import type { OnceLog } from '@lp/service-kit';
import type { Connection } from 'mongoose';
import { webhookEventLog } from '../models';

export class WebhookEventsRepository {
  private readonly events: OnceLog<{ type: string }>;

  constructor(db: Connection) {
    this.events = webhookEventLog(db);
  }

  async handled(key: string): Promise<boolean> {
    return Boolean(await this.events.get(key));
  }

  async remember(key: string, type: string): Promise<void> {
    await this.events.decide(key, { type });
  }
}
