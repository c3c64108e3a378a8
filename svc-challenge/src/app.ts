// svc-challenge: friend challenges, guest attempts and claims. `createChallengeService(options)` takes a clock
// and rate limits (tests); `challengeService` is the production service.
import { contextPerApp, type ServiceDefinition } from '@lp/service-kit';
import { createContext, type ChallengeOptions } from './context';
import { userNameConsumers } from './events/user-names';
import { challengeRoutes } from './routes/challenges';
import { playRoutes } from './routes/play';

export type { ChallengeOptions } from './context';

export function createChallengeService(options: ChallengeOptions = {}): ServiceDefinition {
  const contextOf = contextPerApp((app) => createContext(app, options));
  return {
    name: 'challenge',
    description: 'Friend challenges, guest attempts and claims.',
    app: async (app) => {
      const ctx = contextOf(app);
      await ctx.challenges.ready;
      await challengeRoutes(ctx);
      await playRoutes(ctx);
    },
    consumers: (app) => userNameConsumers(contextOf(app)),
  };
}

export const challengeService = createChallengeService();
