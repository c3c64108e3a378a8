import { describe, expect, it } from 'vitest';
import { fromMoney, nextPeriodStart, PRICE_LIST, priceFor, toMoney, yearlyPeriod } from '../../src/domain/prices';

describe('the price list', () => {
  it('charges India INR 500 through Razorpay or PayPal, US and Europe 5.00 through PayPal only, other USD 5.00 through both', () => {
    expect(PRICE_LIST.india).toMatchObject({ amountMinor: 50_000, currency: 'INR', providers: ['razorpay', 'paypal'] });
    expect(PRICE_LIST.us).toMatchObject({ amountMinor: 500, currency: 'USD', providers: ['paypal'] });
    expect(PRICE_LIST.europe).toMatchObject({ amountMinor: 500, currency: 'EUR', providers: ['paypal'] });
    expect(PRICE_LIST.other).toMatchObject({ amountMinor: 500, currency: 'USD', providers: ['razorpay', 'paypal'] });
  });

  it('writes minor units as the two-place decimal the gateways and pages show, and reads it back', () => {
    expect(toMoney(50_000)).toBe('500.00');
    expect(toMoney(500)).toBe('5.00');
    expect(toMoney(7)).toBe('0.07');
    expect(fromMoney('5.00')).toBe(500);
    expect(fromMoney('500.00')).toBe(50_000);
    expect(fromMoney('5')).toBeNull();
    expect(() => toMoney(1.5)).toThrow();
  });

  it('takes the server price for a gateway and currency, and refuses a client amount or currency that disagrees', () => {
    expect(priceFor('razorpay', 'INR', 50_000)).toMatchObject({ ok: true, price: { region: 'india' } });
    expect(priceFor('razorpay', 'INR')).toMatchObject({ ok: true });
    expect(priceFor('razorpay', 'USD', 500)).toMatchObject({ ok: true, price: { region: 'other' } });
    expect(priceFor('paypal', 'EUR', 500)).toMatchObject({ ok: true, price: { region: 'europe' } });
    const cheap = priceFor('razorpay', 'INR', 100);
    expect(cheap).toMatchObject({ ok: false });
    expect(!cheap.ok && cheap.message).toContain('INR 500.00, not INR 1.00');
    expect(priceFor('paypal', 'INR', 50_000)).toMatchObject({ ok: true, price: { region: 'india' } });
    const wrongGateway = priceFor('razorpay', 'EUR', 500);
    expect(!wrongGateway.ok && wrongGateway.message).toMatch(/Razorpay takes the yearly plan in INR or USD, not EUR/);
  });

  it('gives one year from the start, and a second purchase starts when the running period ends', () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    expect(yearlyPeriod(now).endsAt.toISOString()).toBe('2027-03-01T10:00:00.000Z');
    expect(nextPeriodStart(now, []).toISOString()).toBe(now.toISOString());
    const running = new Date('2026-12-01T00:00:00.000Z');
    expect(nextPeriodStart(now, [running, new Date('2025-01-01T00:00:00.000Z')]).toISOString()).toBe(running.toISOString());
  });
});
