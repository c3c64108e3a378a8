import type { RouteDef, RoutePage } from '@lp/web-platform';
import { FeedbackPage } from './pages/FeedbackPage.tsx';
import { PaymentStatusPage } from './pages/PaymentStatusPage.tsx';
import { SubscriptionPage } from './pages/SubscriptionPage.tsx';
import { TestPaymentPage } from './pages/TestPaymentPage.tsx';

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
