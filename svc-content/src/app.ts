import type { ServiceDefinition } from '@lp/service-kit';

export const contentService: ServiceDefinition = {
  name: 'content',
  description: 'Subjects, chapters, topics and questions; uploads, AI generation and downloads.',
  app: async () => {},
};
