import { ORGANISATION_HEADER, routes } from '@hullscope/contract';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { createTokenStore } from './token-store';

const organisation = { id: 4, name: 'Nordsee Reederei', role: 'owner', members: 2, current: true };

function setup(answer: () => Response) {
  const tokens = createTokenStore(window.localStorage);
  tokens.setTokens({ access: 'the-access', refresh: 'the-refresh' });
  const sent: (string | null)[] = [];
  const fetchStub = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Headers(init?.headers).get(ORGANISATION_HEADER));
    return answer();
  });
  let chosen: string | null = null;
  const client = createApiClient({ baseUrl: '', tokens, fetch: fetchStub, organisation: () => chosen });
  return { client, sent, choose: (id: string | null) => (chosen = id) };
}

describe('the organisation a request acts in', () => {
  it('is sent with every request once chosen, and left to the server before', async () => {
    const { client, sent, choose } = setup(() => Response.json(organisation));
    await client.request(routes.getOrganisation, {});
    choose('4');
    await client.request(routes.getOrganisation, {});
    await client.download(routes.inspectionReportPdf, { params: { id: 1 } }, 'report.pdf');
    expect(sent).toEqual([null, '4', '4']);
  });
});

describe('a counted list', () => {
  it('carries the X-Total-Count of all matching entries, not just the page', async () => {
    const { client } = setup(
      () => new Response('[]', { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '57' } }),
    );
    await expect(client.requestCounted(routes.listAuditEvents, { query: { offset: 50 } })).resolves.toEqual({
      data: [],
      total: 57,
    });
  });
});
