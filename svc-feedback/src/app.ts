import type { ServiceDefinition } from '@lp/service-kit';

export const feedbackService: ServiceDefinition = {
  name: 'feedback',
  description: 'Feedback tickets and their attachments.',
  app: async () => {},
};
