// /test-payment's states: idle, checking (button disabled), every check passing, and a gateway that refuses (its
// message on its line), the API faked at the fetch boundary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { apiError, fakeApi, heldReply, renderPage, type ApiCall } from '@lp/web-platform/testing';
import { PRICES, type Region } from '@lp/contracts';
import { TestPaymentPage } from '../../src/pages/TestPaymentPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The pricing call as svc-billing answers it: the region's price and gateways. */
const quoteFor = (call: ApiCall) => {
  const price = PRICES[(call.body as { region: Region }).region];
  return { body: { amount: price.amount, currency: price.currency, intent: 'CAPTURE', description: 'Premium, yearly', plan: 'yearly', providers: price.providers } };
};
const results = () => within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);

describe('/test-payment', () => {
  it('runs nothing until asked; says it is checking while the checks run', async () => {
    const held = heldReply();
    const calls = fakeApi({ 'POST /api/create-subscription-payment': held.handler });
    renderPage(<TestPaymentPage />);
    expect(calls).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Results' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Run payment checks' }));
    expect((await screen.findByRole('button', { name: 'Checking…' })).hasAttribute('disabled')).toBe(true);
  });

  it('lists each region price and PayPal with a check mark when every gateway answers', async () => {
    fakeApi({
      'POST /api/create-subscription-payment': quoteFor,
      'GET /api/paypal/setup': { body: { clientId: 'sandbox-client', clientToken: 'token' } },
    });
    renderPage(<TestPaymentPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Run payment checks' }));
    await screen.findByRole('heading', { name: 'Results' });
    expect(results()).toEqual([
      '✓ Price: India (INR): ₹500 via razorpay, paypal',
      '✓ Price: United States (USD): $5 via paypal',
      '✓ Price: Europe (EUR): €5 via paypal',
      '✓ Price: Other countries (USD): $5 via razorpay, paypal',
      '✓ PayPal: client sandbox-client ready',
    ]);
    expect(screen.getByRole('button', { name: 'Run payment checks' }).hasAttribute('disabled')).toBe(false);
  });

  it("marks a refusing gateway with a cross and the service's message, and still runs the others", async () => {
    fakeApi({
      'POST /api/create-subscription-payment': quoteFor,
      'GET /api/paypal/setup': apiError(503, 'PayPal is not configured'),
    });
    renderPage(<TestPaymentPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Run payment checks' }));
    await screen.findByRole('heading', { name: 'Results' });
    const lines = results();
    expect(lines.slice(0, 4).every((l) => l!.startsWith('✓ Price:'))).toBe(true);
    expect(lines[4]).toBe('✗ PayPal: PayPal is not configured');
  });
});
