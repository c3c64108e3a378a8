import type { ServiceDefinition } from '@lp/service-kit';

export const studyService: ServiceDefinition = {
  name: 'study',
  description: 'Quiz sessions, answers, mistakes, chapter progress, revision, the review queue and the entitlements view.',
  app: async () => {},
};
