// The service's parts, wired once per instance: the repositories (src/repositories/), filing a ticket
// (tickets/filing.ts), the learner's own tickets (tickets/learner-tickets.ts) and the owner's desk
// (tickets/desk.ts), both read through tickets/views.ts.
import type { ServiceApp, WindowRule } from '@lp/service-kit';
import { AttachmentsRepository } from './repositories/attachments';
import { TicketHistoryRepository } from './repositories/history';
import { LearnersRepository } from './repositories/learners';
import { NoticesRepository } from './repositories/notices';
import { SubmissionsRepository } from './repositories/submissions';
import { TicketsRepository } from './repositories/tickets';
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
  const repositories = {
    tickets: new TicketsRepository(app.db),
    attachments: new AttachmentsRepository(app.db),
    history: new TicketHistoryRepository(app.db),
    learners: new LearnersRepository(app.db),
    notices: new NoticesRepository(app.db),
    submissions: new SubmissionsRepository(app.db, options.submissionLimit ?? { limit: 10, windowMs: 60 * 60 * 1000 }),
  };
  const views = createTicketViews(repositories, now);
  return {
    app, now, ...repositories,
    ...createFiling(app, repositories, now),
    ...createLearnerTickets(repositories, views, now),
    ...createDesk(repositories, now, views, (userId, message) => app.bus.push(userId, message)),
  };
}
