// The service's parts, wired once per instance: filing a ticket (tickets/filing.ts), the learner's own tickets
// (tickets/learner-tickets.ts) and the owner's desk (tickets/desk.ts), both read through tickets/views.ts.
import type { ServiceApp, WindowRule } from '@lp/service-kit';
import { feedbackModels } from './models/index';
import { createDesk } from './tickets/desk';
import { createFiling } from './tickets/filing';
import { createLearnerTickets } from './tickets/learner-tickets';
import { createTicketViews } from './tickets/views';

export interface FeedbackOptions {
  /** The business clock (tests move it to show the 24-hour promise). */
  now?: () => Date;
  /** Submissions per learner per window (default 10 an hour). */
  submissionLimit?: WindowRule;
}

export type FeedbackContext = ReturnType<typeof createContext>;

export function createContext(app: ServiceApp, options: FeedbackOptions = {}) {
  const now = options.now ?? (() => new Date());
  const models = feedbackModels(app.db);
  const filing = createFiling(app, models, now, options.submissionLimit ?? { limit: 10, windowMs: 60 * 60 * 1000 });
  const views = createTicketViews(models, now);
  return { app, models, now, ...filing, ...createLearnerTickets(models, views), ...createDesk(models, now, views) };
}
