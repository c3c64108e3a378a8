// Prices, orders, payments and subscriptions (spec §3, §7, §9): svc-billing. The server decides every price
// from its own price list; an amount sent by a client is only checked against it (409 code PRICE_MISMATCH).
// A captured payment activates the subscription and publishes billing.subscription.activated.
import { Type, type Static } from '@sinclair/typebox';
import { Count, Currency, DateTime, Money, Nullable, ObjectId } from './common';
import { TicketNumberInput } from './feedback';
import { defineRoute } from './route';
import { PLAN_PRICES } from './plan';

export const REGIONS = ['india', 'us', 'europe', 'other'] as const;
export const Region = Type.Union(REGIONS.map((r) => Type.Literal(r)));
export type Region = (typeof REGIONS)[number];

export const PAYMENT_PROVIDERS = ['razorpay', 'paypal'] as const;
export const PaymentProvider = Type.Union(PAYMENT_PROVIDERS.map((p) => Type.Literal(p)));
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The one plan: premium, billed yearly. */
export const Plan = Type.Literal('premium_yearly');
export type Plan = Static<typeof Plan>;

export const PAYMENT_STATES = ['created', 'pending', 'captured', 'failed', 'refunded'] as const;
export const PaymentState = Type.Union(PAYMENT_STATES.map((s) => Type.Literal(s)));
export type PaymentState = (typeof PAYMENT_STATES)[number];

const RazorpayOrderId = Type.String({ pattern: '^order_[A-Za-z0-9]{1,40}$' });
const RazorpayPaymentId = Type.String({ pattern: '^pay_[A-Za-z0-9]{1,40}$' });
const RazorpaySignature = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'hex HMAC-SHA256' });
/** PayPal order ids are short upper-case alphanumerics; kept a little looser. */
const PayPalOrderId = Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' });

// ---- Bodies and replies ----

export const CreateSubscriptionPaymentBody = Type.Object({ region: Region }, { additionalProperties: false });
export type CreateSubscriptionPaymentBody = Static<typeof CreateSubscriptionPaymentBody>;

/** The yearly price for a region and the providers that take it (India INR 500 Razorpay or PayPal; US, Europe PayPal; other both). */
export const PaymentOrder = Type.Object({
  amount: Money,
  currency: Currency,
  intent: Type.Literal('CAPTURE'),
  description: Type.String(),
  plan: Plan,
  providers: Type.Array(PaymentProvider, { minItems: 1 }),
});
export type PaymentOrder = Static<typeof PaymentOrder>;

export const RazorpayPaymentFields = Type.Object(
  {
    razorpay_order_id: RazorpayOrderId,
    razorpay_payment_id: RazorpayPaymentId,
    razorpay_signature: RazorpaySignature,
  },
  { additionalProperties: false },
);
export type RazorpayPaymentFields = Static<typeof RazorpayPaymentFields>;

/**
 * Either provider's confirmation, told apart by paymentMethod. Closed members in an anyOf need ajv's
 * removeAdditional off (the service kit's setting): with it on, ajv strips properties while trying a branch.
 */
export const ProcessSubscriptionPaymentBody = Type.Union([
  Type.Object(
    { paymentMethod: Type.Literal('razorpay'), razorpayData: RazorpayPaymentFields },
    { additionalProperties: false },
  ),
  Type.Object({
    paymentMethod: Type.Literal('paypal'),
    orderID: PayPalOrderId,
    paymentDetails: Type.Optional(
      Type.Unknown({ description: 'the PayPal SDK\u2019s capture details; not trusted, the order is re-read from PayPal' }),
    ),
  }, { additionalProperties: false }),
]);
export type ProcessSubscriptionPaymentBody = Static<typeof ProcessSubscriptionPaymentBody>;

export const Subscription = Type.Object({
  id: ObjectId,
  plan: Plan,
  status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('cancelled')]),
  provider: Type.Union([PaymentProvider, Type.Literal('seed')]),
  startsAt: DateTime,
  endsAt: DateTime,
});
export type Subscription = Static<typeof Subscription>;

export const PaymentResult = Type.Object({
  success: Type.Boolean(),
  paymentId: Nullable(Type.String()),
  status: PaymentState,
  subscription: Nullable(Subscription),
});
export type PaymentResult = Static<typeof PaymentResult>;

export const PayPalOrderBody = Type.Object(
  { amount: Money, currency: Currency, intent: Type.Literal('CAPTURE') },
  { additionalProperties: false },
);
export type PayPalOrderBody = Static<typeof PayPalOrderBody>;

export const PayPalOrder = Type.Object({
  id: PayPalOrderId,
  status: Type.String(),
  approveUrl: Type.Optional(Type.String({ description: 'where the payer approves the order (PayPal, or the local stand-in); it returns to /subscription' })),
});
export type PayPalOrder = Static<typeof PayPalOrder>;

export const PayPalOrderParams = Type.Object({ id: PayPalOrderId }, { additionalProperties: false });
export type PayPalOrderParams = Static<typeof PayPalOrderParams>;

export const PayPalSetup = Type.Object({
  clientId: Type.String(),
  clientToken: Type.String(),
});
export type PayPalSetup = Static<typeof PayPalSetup>;

export const RazorpayCreateOrderBody = Type.Object(
  {
    currency: Currency,
    amount: Type.Optional(Type.Integer({ minimum: 1, description: 'minor units (paise); must match the price' })),
  },
  { additionalProperties: false },
);
export type RazorpayCreateOrderBody = Static<typeof RazorpayCreateOrderBody>;

/** What Razorpay Checkout needs: the order id, its amount in minor units (paise) and the public key id. */
export const RazorpayOrder = Type.Object({
  id: RazorpayOrderId,
  amount: Type.Integer({ minimum: 1, description: 'minor units (paise), as Razorpay counts' }),
  currency: Currency,
  keyId: Type.String(),
  checkoutUrl: Type.Optional(Type.String({ description: 'the local stand-in\u2019s checkout page; absent with real keys (use Razorpay Checkout)' })),
});
export type RazorpayOrder = Static<typeof RazorpayOrder>;

export const VerifyResult = Type.Object({ success: Type.Boolean() });
export type VerifyResult = Static<typeof VerifyResult>;

export const ProcessRazorpayPaymentBody = Type.Object(
  {
    razorpay_payment_id: RazorpayPaymentId,
    razorpay_order_id: RazorpayOrderId,
    razorpay_signature: Type.Optional(RazorpaySignature),
  },
  {
    additionalProperties: false,
    description: 'Without a signature the service fetches the payment from Razorpay and checks its order and status.',
  },
);
export type ProcessRazorpayPaymentBody = Static<typeof ProcessRazorpayPaymentBody>;

export const PaymentTransaction = Type.Object({
  paymentId: Type.String(),
  status: PaymentState,
  currency: Currency,
  amount: Money,
  method: PaymentProvider,
  timestamp: DateTime,
  /** The year of premium this payment bought (a receipt's "valid until"); absent when it bought none. */
  validFrom: Type.Optional(DateTime),
  validUntil: Type.Optional(DateTime),
});
export type PaymentTransaction = Static<typeof PaymentTransaction>;

export const PaymentStatusReport = Type.Object({
  successful: Count,
  pending: Count,
  failed: Count,
  refunded: Count,
  notCompleted: Type.Integer({ minimum: 0, description: 'checkouts opened and never paid: no money was taken' }),
  transactions: Type.Array(PaymentTransaction, { maxItems: 50, description: 'newest first' }),
});
export type PaymentStatusReport = Static<typeof PaymentStatusReport>;

export const REFUND_REFUSALS = ['no-subscription', 'not-paid', 'renewal', 'window-ended'] as const;
export type RefundRefusal = (typeof REFUND_REFUSALS)[number];

/**
 * What a refund asked for now would do (the 7-day money-back guarantee, spec §1), shown before the learner confirms.
 * Eligible: the amount back, through which gateway, how long it takes. Not eligible: `reason` says why.
 */
export const RefundQuote = Type.Object({
  eligible: Type.Boolean(),
  reason: Type.String({ description: 'why not (not eligible), or the sentence for the ticket (eligible)' }),
  /** Which refusal (not eligible), so a page can word it in its reader's language; `windowEndsAt` comes with 'window-ended'. */
  refusal: Type.Optional(Type.Union(REFUND_REFUSALS.map((r) => Type.Literal(r)))),
  amount: Type.Optional(Money),
  currency: Type.Optional(Currency),
  method: Type.Optional(PaymentProvider),
  refundTime: Type.Optional(Type.String({ description: "spec §1's refund time for the gateway, e.g. '5-7 business days'" })),
  paidAt: Type.Optional(DateTime),
  /** The last moment a refund may be asked for. */
  windowEndsAt: Type.Optional(DateTime),
});
export type RefundQuote = Static<typeof RefundQuote>;

export const ConfirmRefundBody = Type.Object(
  {
    /** The feedback ticket the learner asked in (a refund or cancel-subscription ticket): it is marked resolved with the outcome. */
    ticketNumber: Type.Optional(TicketNumberInput),
  },
  { additionalProperties: false },
);
export type ConfirmRefundBody = Static<typeof ConfirmRefundBody>;

export const RefundResult = Type.Object({
  outcome: Type.Literal('refunded'),
  amount: Money,
  currency: Currency,
  method: PaymentProvider,
  refundTime: Type.String(),
  reason: Type.String(),
  ticketNumber: Type.Optional(Type.String()),
});
export type RefundResult = Static<typeof RefundResult>;

export const WebhookAck = Type.Object({ received: Type.Literal(true) });
export type WebhookAck = Static<typeof WebhookAck>;

// ---- Routes ----

export const CreateSubscriptionPayment = defineRoute({
  method: 'POST',
  url: '/api/create-subscription-payment',
  owner: 'billing',
  access: 'user',
  summary: 'The yearly price for a region and which providers take it',
  body: CreateSubscriptionPaymentBody,
  response: { 200: PaymentOrder },
});

export const ProcessSubscriptionPayment = defineRoute({
  method: 'POST',
  url: '/api/process-subscription-payment',
  owner: 'billing',
  access: 'user',
  summary: 'Confirm a payment with either provider and activate the subscription (idempotent per payment)',
  body: ProcessSubscriptionPaymentBody,
  response: { 200: PaymentResult },
});

export const CreatePayPalOrder = defineRoute({
  method: 'POST',
  url: '/api/paypal/order',
  owner: 'billing',
  access: 'user',
  summary: 'Create a PayPal order for the yearly price',
  body: PayPalOrderBody,
  response: { 200: PayPalOrder },
});

export const CapturePayPalOrder = defineRoute({
  method: 'POST',
  url: '/api/paypal/order/:id/capture',
  owner: 'billing',
  access: 'user',
  summary: 'Capture an approved PayPal order; activates the subscription; no body',
  params: PayPalOrderParams,
  response: { 200: PaymentResult },
});

export const GetPayPalSetup = defineRoute({
  method: 'GET',
  url: '/api/paypal/setup',
  owner: 'billing',
  access: 'user',
  summary: 'What the PayPal JS SDK needs to load',
  response: { 200: PayPalSetup },
});

export const CreateRazorpayOrder = defineRoute({
  method: 'POST',
  url: '/api/razorpay/create-order',
  owner: 'billing',
  access: 'user',
  summary: 'Create a Razorpay order for the yearly price',
  body: RazorpayCreateOrderBody,
  response: { 200: RazorpayOrder },
});

export const VerifyRazorpayPayment = defineRoute({
  method: 'POST',
  url: '/api/razorpay/verify-payment',
  owner: 'billing',
  access: 'user',
  summary: 'Check a Razorpay Checkout signature',
  body: RazorpayPaymentFields,
  response: { 200: VerifyResult },
});

export const ProcessRazorpayPayment = defineRoute({
  method: 'POST',
  url: '/api/process-razorpay-payment',
  owner: 'billing',
  access: 'user',
  summary: 'Confirm a Razorpay payment and activate the subscription (idempotent per payment)',
  body: ProcessRazorpayPaymentBody,
  response: { 200: PaymentResult },
});

export const GetPaymentStatus = defineRoute({
  method: 'GET',
  url: '/api/payment-status',
  owner: 'billing',
  access: 'user',
  summary: 'The caller\u2019s payment counts and recent transactions (polled every 5 s)',
  response: { 200: PaymentStatusReport },
});

export const GetRefundQuote = defineRoute({
  method: 'GET',
  url: '/api/refund',
  owner: 'billing',
  access: 'user',
  summary: "What a refund of the caller's plan would do now (amount, method, time), or why there is none; changes nothing",
  response: { 200: RefundQuote },
});

export const ConfirmRefund = defineRoute({
  method: 'POST',
  url: '/api/refund',
  owner: 'billing',
  access: 'user',
  summary: "Refunds the caller's plan once (the learner confirmed the quote); ends premium; resolves the ticket named",
  description:
    'Decided again on the server at the moment of the call (7-day money-back guarantee, first-time subscriptions ' +
    'only). Errors: 409 NOT_REFUNDABLE with the reason; 502 GATEWAY_ERROR when the gateway refuses (nothing ' +
    'recorded: try again). Once per plan across retries and replicas; with a ticketNumber, billing.refund.updated ' +
    'tells svc-feedback, which resolves that ticket if it is the caller\'s.',
  body: ConfirmRefundBody,
  response: { 200: RefundResult },
});

export const RazorpayWebhook = defineRoute({
  method: 'POST',
  url: '/api/webhooks/razorpay',
  owner: 'billing',
  access: 'public',
  summary: 'Razorpay events (server to server)',
  description:
    'No body schema: the raw body is needed to check the X-Razorpay-Signature header (HMAC-SHA256 with the ' +
    'webhook secret). Idempotent by event id.',
  response: { 200: WebhookAck },
});

export const PayPalWebhook = defineRoute({
  method: 'POST',
  url: '/api/webhooks/paypal',
  owner: 'billing',
  access: 'public',
  summary: 'PayPal events (server to server)',
  description:
    'No body schema: the service verifies the event with PayPal (transmission headers) before acting. ' +
    'Idempotent by event id.',
  response: { 200: WebhookAck },
});

export const billingRoutes = [
  CreateSubscriptionPayment,
  ProcessSubscriptionPayment,
  CreatePayPalOrder,
  CapturePayPalOrder,
  GetPayPalSetup,
  CreateRazorpayOrder,
  VerifyRazorpayPayment,
  ProcessRazorpayPayment,
  GetPaymentStatus,
  GetRefundQuote,
  ConfirmRefund,
  RazorpayWebhook,
  PayPalWebhook,
] as const;

/** Yearly prices by region (spec §9), for front ends that show them before asking the server (values in ./plan). */
export const PRICES: Record<Region, { amount: Money; currency: Currency; providers: readonly PaymentProvider[] }> = PLAN_PRICES;
export { PLAN_FEATURES } from './plan';

