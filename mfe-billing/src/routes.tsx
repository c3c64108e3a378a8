import type { RouteDef, RoutePage } from '@lp/web-platform';
import { QueryProvider } from '@lp/web-platform/query';
import { defineRemote, lazyPage } from '@lp/ui/remote';

// Each page is its own chunk, loaded when its route is first opened: the remote's entry carries only this table.
const SubscriptionPage = lazyPage(() => import('./pages/SubscriptionPage.tsx'), 'SubscriptionPage');
const TestPaymentPage = lazyPage(() => import('./pages/TestPaymentPage.tsx'), 'TestPaymentPage');
const PaymentStatusPage = lazyPage(() => import('./pages/PaymentStatusPage.tsx'), 'PaymentStatusPage');
const FeedbackPage = lazyPage(() => import('./pages/FeedbackPage.tsx'), 'FeedbackPage');

/** The billing remote's routes (ARCHITECTURE.md route table), first match wins. */
export const routes: readonly RouteDef<RoutePage>[] = [
  { path: '/subscribe', component: SubscriptionPage },
  { path: '/subscription', component: SubscriptionPage },
  { path: '/test-payment', component: TestPaymentPage },
  { path: '/payment-status', component: PaymentStatusPage },
  { path: '/feedback', component: FeedbackPage },
];

/** Example URLs for the standalone page's route index. */
export const examplePaths = ['/subscribe', '/subscription', '/test-payment', '/payment-status', '/feedback'];

export const remote = defineRemote({ name: 'Billing', routes, examplePaths, provider: QueryProvider });
