import type { RouteDef, RoutePage } from '@lp/web-platform';
import { BILLING_PAGES, examplePathsOf, pageRoutes } from '@lp/web-platform/pages';
import { QueryProvider } from '@lp/web-platform/query';
import { defineRemote, lazyPage } from '@lp/ui/remote';

// Each page is its own chunk, loaded when its route is first opened: the remote's entry carries only this table.
const SubscriptionPage = lazyPage(() => import('./pages/SubscriptionPage.tsx'), 'SubscriptionPage');
const TestPaymentPage = lazyPage(() => import('./pages/TestPaymentPage.tsx'), 'TestPaymentPage');
const PaymentStatusPage = lazyPage(() => import('./pages/PaymentStatusPage.tsx'), 'PaymentStatusPage');
const MyPlanPage = lazyPage(() => import('./pages/MyPlanPage.tsx'), 'MyPlanPage');
const FeedbackPage = lazyPage(() => import('./pages/FeedbackPage.tsx'), 'FeedbackPage');

/** The billing remote's routes: its page table (`BILLING_PAGES`: paths and access, `@lp/web-platform/pages`) with one component each. */
export const routes: readonly RouteDef<RoutePage>[] = pageRoutes(BILLING_PAGES, {
  '/subscribe': SubscriptionPage,
  '/subscription': SubscriptionPage,
  '/test-payment': TestPaymentPage,
  '/payment-status': PaymentStatusPage,
  '/my-plan': MyPlanPage,
  '/feedback': FeedbackPage,
});

/** Example URLs for the standalone page's route index. */
export const examplePaths = examplePathsOf(BILLING_PAGES);

export const remote = defineRemote({ name: 'Billing', routes, examplePaths, provider: QueryProvider });
