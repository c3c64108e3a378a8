// svc-feedback: feedback tickets, their screenshots, the desk's replies and billing's outcomes.
// `createFeedbackService(options)` takes a clock and a rate limit (tests); `feedbackService` is production's.
import multipart from '@fastify/multipart';
import { contextPerApp, type ServiceDefinition } from '@lp/service-kit';
import { createContext, type FeedbackOptions } from './context';
import { feedbackConsumers } from './events/consumers';
import { submitRoute } from './routes/submit';
import { ticketRoutes } from './routes/tickets';

export type { FeedbackOptions } from './context';

export function createFeedbackService(options: FeedbackOptions = {}): ServiceDefinition {
  const contextOf = contextPerApp((app) => createContext(app, options));
  return {
    name: 'feedback',
    description: 'Feedback tickets and their attachments.',
    app: async (app) => {
      const ctx = contextOf(app);
      // Files are read as streams by the kit's readMultipart; these limits are only busboy's outer bounds.
      await app.register(multipart, { limits: { fields: 20, files: 2, parts: 30 } });
      submitRoute(ctx, app);
      ticketRoutes(ctx, app);
    },
    consumers: (app) => feedbackConsumers(contextOf(app)),
  };
}

export const feedbackService = createFeedbackService();
