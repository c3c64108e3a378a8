import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatTime } from '../src/format.ts';

describe('prices in Indian form', () => {
  it('writes rupees with the sign and no needless decimals', () => {
    expect(formatMoney('INR', '500.00')).toBe('₹500');
    expect(formatMoney('INR', '12.50')).toBe('₹12.50');
    expect(formatMoney('INR', 100000)).toBe('₹1,00,000');
  });
  it('writes other currencies by their sign too', () => {
    expect(formatMoney('USD', '5.00')).toBe('$5');
    expect(formatMoney('EUR', '5.00')).toBe('€5');
  });
});

describe('one date format', () => {
  const when = '2026-11-26T18:51:03.000Z';
  it('is day, short month, year', () => {
    expect(formatDate(when, { timeZone: 'Asia/Kolkata' })).toBe('27 Nov 2026');
    expect(formatDate(new Date('2026-12-04T06:00:00Z'), { timeZone: 'Asia/Kolkata' })).toBe('4 Dec 2026');
  });
  it('adds the time of day, in the 12-hour form, where a time matters', () => {
    expect(formatDateTime(when, { timeZone: 'Asia/Kolkata' })).toBe('27 Nov 2026, 12:21 am');
  });
  it('writes a time of day to the second in the Indian form, whatever the browser\'s own locale', () => {
    expect(formatTime(when, { timeZone: 'Asia/Kolkata' })).toBe('12:21:03 am');
    expect(formatTime(when, { timeZone: 'Asia/Kolkata', language: 'hi' })).toBe('12:21:03 am');
  });
});
