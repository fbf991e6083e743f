import { DEFAULT_QUALITY_THRESHOLDS, UploadLimits } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 46 §1: the browser grades video frames as uploads are graded, so it reads the thresholds an
// operator set with IMAGE_QUALITY_THRESHOLDS from the upload limits.

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({
    WORKER_ENABLED: 'false',
    IMAGE_QUALITY_THRESHOLDS: '{"contrast":{"poor":0.15},"hull_share":{"fair":0.5}}',
  });
  owner = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

describe('the quality thresholds in the upload limits', () => {
  it('are the overridden bounds over the defaults', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/upload-limits/', headers: owner.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(UploadLimits.parse(answer.json()).quality_thresholds).toEqual({
      ...DEFAULT_QUALITY_THRESHOLDS,
      contrast: { fair: DEFAULT_QUALITY_THRESHOLDS.contrast.fair, poor: 0.15 },
      hull_share: { fair: 0.5 },
    });
  });
});
