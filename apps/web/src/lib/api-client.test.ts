import { routes } from '@hullscope/contract';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, filenameFromDisposition } from './api-client';
import { ApiError, ApiValidationError } from './api-errors';
import { createTokenStore } from './token-store';

const user = { id: 7, username: 'anna', email: 'anna@reederei.de', first_name: 'Anna', last_name: 'Berg' };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(answers: Response[]) {
  const tokens = createTokenStore(window.localStorage);
  tokens.setTokens({ access: 'old-access', refresh: 'the-refresh' });
  const requests: { url: string; method: string; authorization: string | null; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`No answer left for ${String(input)}`);
    return answer;
  });
  const client = createApiClient({ baseUrl: '', tokens, fetch: fetchStub });
  const expired = vi.fn();
  client.setSessionExpiredHandler(expired);
  return { client, tokens, requests, expired };
}

describe('the API client', () => {
  it('sends the bearer token and returns the validated answer', async () => {
    const { client, requests } = setup([json(user)]);
    await expect(client.request(routes.getUser, {})).resolves.toEqual(user);
    expect(requests).toEqual([
      { url: '/api/user/', method: 'GET', authorization: 'Bearer old-access', body: undefined },
    ]);
  });

  it('refreshes once on 401, stores the new access token and replays the request with it', async () => {
    const { client, tokens, requests, expired } = setup([
      json({ detail: 'Token expired' }, 401),
      json({ access: 'new-access' }),
      json(user),
    ]);
    await expect(client.request(routes.getUser, {})).resolves.toEqual(user);
    expect(requests.map((request) => [request.method, request.url, request.authorization])).toEqual([
      ['GET', '/api/user/', 'Bearer old-access'],
      ['POST', '/api/token/refresh/', null],
      ['GET', '/api/user/', 'Bearer new-access'],
    ]);
    expect(requests[1]?.body).toEqual({ refresh: 'the-refresh' });
    expect(tokens.getAccess()).toBe('new-access');
    expect(expired).not.toHaveBeenCalled();
  });

  it('replays a request body unchanged', async () => {
    const project = {
      id: 3,
      name: 'Hull A',
      location: 'Kiel',
      description: null,
      owner: 7,
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
    };
    const { client, requests } = setup([
      json({ detail: 'expired' }, 401),
      json({ access: 'new' }),
      json(project, 201),
    ]);
    await client.request(routes.createProject, { body: { name: 'Hull A', location: 'Kiel' } });
    expect(requests[2]).toMatchObject({
      method: 'POST',
      url: '/api/projects/',
      body: { name: 'Hull A', location: 'Kiel' },
    });
  });

  it('ends the session when the refresh fails, without replaying', async () => {
    const { client, requests, expired } = setup([
      json({ detail: 'expired' }, 401),
      json({ detail: 'invalid' }, 401),
    ]);
    await expect(client.request(routes.getUser, {})).rejects.toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(2);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the replay is refused as well', async () => {
    const { client, expired } = setup([
      json({ detail: 'a' }, 401),
      json({ access: 'new' }),
      json({ detail: 'b' }, 401),
    ]);
    await expect(client.request(routes.getUser, {})).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for the token endpoint itself: a failed login is just an error', async () => {
    const { client, requests, expired } = setup([
      json({ detail: 'No active account found with the given credentials' }, 401),
    ]);
    const failure = client.request(routes.obtainTokens, { body: { username: 'anna', password: 'wrong' } });
    await expect(failure).rejects.toThrow('No active account found with the given credentials');
    expect(requests).toHaveLength(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('shares one refresh between requests that fail together', async () => {
    const tokens = createTokenStore(window.localStorage);
    tokens.setTokens({ access: 'old', refresh: 'r' });
    let refreshes = 0;
    const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const authorization = new Headers(init?.headers).get('Authorization');
      if (String(input) === '/api/token/refresh/') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json({ access: 'new' });
      }
      return authorization === 'Bearer new' ? json({ credits: 5 }) : json({ detail: 'expired' }, 401);
    });
    const client = createApiClient({ baseUrl: '', tokens, fetch: fetchStub });
    const answers = await Promise.all([
      client.request(routes.getCredits, {}),
      client.request(routes.getCredits, {}),
    ]);
    expect(answers).toEqual([{ credits: 5 }, { credits: 5 }]);
    expect(refreshes).toBe(1);
  });

  it("logs 'API Validation Error: <schema>' and throws when an answer does not match the contract", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = setup([json({ id: 'seven' })]);
    await expect(client.request(routes.getUser, {})).rejects.toBeInstanceOf(ApiValidationError);
    expect(log).toHaveBeenCalledWith('API Validation Error: User', expect.anything());
  });

  it('names list schemas after their element', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = setup([json([{ id: 1 }])]);
    await expect(client.request(routes.listProjects, {})).rejects.toThrow(
      'API Validation Error: ProjectList',
    );
    expect(log).toHaveBeenCalledWith('API Validation Error: ProjectList', expect.anything());
  });

  it('turns field errors into a readable reason and keeps the body', async () => {
    const body = { email: ['Please register with your company e-mail address.'] };
    const { client } = setup([json(body, 400)]);
    const failure = client.request(routes.register, {
      body: {
        username: 'a',
        email: 'a@gmail.com',
        first_name: 'A',
        last_name: 'B',
        password: 'x',
        password2: 'x',
      },
    });
    await expect(failure).rejects.toMatchObject({
      status: 400,
      data: body,
      message: 'Email: Please register with your company e-mail address.',
    });
  });

  it('revalidates with If-None-Match and keeps the very same data on 304', async () => {
    const list = [{ id: 3, image_name: 'bow.jpg', base64_thumbnail: '/9j/AA' }];
    const seen: (string | null)[] = [];
    const tokens = createTokenStore(window.localStorage);
    tokens.setTokens({ access: 'access', refresh: 'refresh' });
    const answers = [
      new Response(JSON.stringify(list), { status: 200, headers: { ETag: 'W/"one"' } }),
      new Response(null, { status: 304, headers: { ETag: 'W/"one"' } }),
      new Response(JSON.stringify([]), { status: 200, headers: { ETag: 'W/"two"' } }),
    ];
    const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('If-None-Match'));
      if (new Headers(init?.headers).has('If-None-Match')) expect(init?.cache).toBe('no-store');
      expect(String(input)).toBe('/api/projects/4/thumbnails/?limit=50');
      return answers.shift()!;
    });
    const client = createApiClient({ baseUrl: '', tokens, fetch: fetchStub });
    const args = { params: { id: 4 }, query: { limit: 50 } };
    const first = await client.revalidate(routes.listThumbnails, args, undefined);
    expect(first).toEqual({ data: list, etag: 'W/"one"' });
    const second = await client.revalidate(routes.listThumbnails, args, first);
    expect(second).toBe(first);
    const third = await client.revalidate(routes.listThumbnails, args, second);
    expect(third).toEqual({ data: [], etag: 'W/"two"' });
    expect(seen).toEqual([null, 'W/"one"', 'W/"one"']);
  });

  it('fills path parameters from the route table', async () => {
    const { client, requests } = setup([json({ prediction_count: 2 })]);
    await client.request(routes.getPredictionCount, { params: { id: 12 } });
    expect(requests[0]?.url).toBe('/api/projects/12/predict-count/');
  });
});

describe('file names of downloads', () => {
  it('reads filename*, a quoted filename and a bare one, else the fallback', () => {
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''Hull%20survey.zip`, 'x.zip')).toBe(
      'Hull survey.zip',
    );
    expect(filenameFromDisposition('attachment; filename="project-3.zip"', 'x.zip')).toBe('project-3.zip');
    expect(filenameFromDisposition('attachment; filename=plain.zip', 'x.zip')).toBe('plain.zip');
    expect(filenameFromDisposition(null, 'x.zip')).toBe('x.zip');
  });
});
