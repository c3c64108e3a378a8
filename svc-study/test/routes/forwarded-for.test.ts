// Issue 26 §11: a direct caller (not the gateway, not a trusted proxy) cannot choose the address it is keyed by with
// a forged X-Forwarded-For: no fresh sample budget, no other visitor's samples. Through the gateway (loopback here,
// TRUSTED_PROXIES' default) the address the gateway appended is believed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Q, answer, issueSample, startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness({ consumers: false }); });
afterAll(async () => { await h?.close(); });

const sampleAnswer = (questionId: string, remoteAddress: string, forwardedFor: string) => h.app.inject({
  method: 'POST', url: '/api/answers', remoteAddress, headers: { 'x-forwarded-for': forwardedFor }, payload: answer(questionId, 'x', { mode: 'sample' }),
});

describe('the visitor a sample answer is counted for', () => {
  it("is a direct caller's own address, whatever X-Forwarded-For it forges", async () => {
    issueSample(h, 'ip:203.0.113.77', [Q.cell.questionId]);
    // Through the gateway (a trusted proxy) the visitor at 203.0.113.77 answers the question given to it.
    expect((await sampleAnswer(Q.cell.questionId, '127.0.0.1', '203.0.113.77')).statusCode).toBe(200);
    // A direct caller claiming to be that visitor is keyed by its socket address: the question was never given to it.
    const forged = await sampleAnswer(Q.cell.questionId, '198.51.100.66', '203.0.113.77');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'SAMPLE_NOT_ISSUED' });
  });

  it('does not get a fresh sample budget per forged header: sixty an hour for the socket address', async () => {
    issueSample(h, 'ip:198.51.100.67', [Q.enzyme.questionId]);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await sampleAnswer(Q.enzyme.questionId, '198.51.100.67', `203.0.113.${i}`)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });
});
