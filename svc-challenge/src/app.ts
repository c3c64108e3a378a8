import type { ServiceDefinition } from '@lp/service-kit';

export const challengeService: ServiceDefinition = {
  name: 'challenge',
  description: 'Friend challenges, guest attempts and claims.',
  app: async () => {},
};
