import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { pdfPages } from '../../support/pdf.js';
import { readZip } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Names as users type them, in the PDF report and the project ZIP that carries it.

let t: TestApp;
let user: SignedInUser;
/** The pages of an empty project's report under a short name: a long name must not change them. */
let shortNamePages: number;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
  user = await signUp(t.app, t.config.mail.outboxDir);
  shortNamePages = (await reportPages(await createProject(t.app, user.headers))).length;
});
afterAll(() => t.close());

const get = (projectId: number, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/${path}`, headers: user.headers });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });

async function reportPages(projectId: number): Promise<string[]> {
  const response = await get(projectId, 'report/');
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return pdfPages(response.rawPayload);
}

describe('a project name as long as the contract allows', () => {
  it('is at most 255 characters', async () => {
    const created = await post('/api/projects/', { name: 'W'.repeat(256), location: 'Bergen' });
    expect(created.statusCode).toBe(400);
  });

  // Wide letters fill a footer line several times over: such a footer once ran below the page,
  // which added a page, whose footer added another, until rendering failed.
  it.each([
    ['249 × W', 'W'.repeat(249)],
    ['228 × Ж', 'Ж'.repeat(228)],
    ['255 × W', 'W'.repeat(255)],
    ['255 × Ж', 'Ж'.repeat(255)],
  ])('%s gives the whole report, each page with its footer, and a valid ZIP holding it', async (_, name) => {
    const projectId = await createProject(t.app, user.headers, { name, location: 'Bergen' });
    const pages = await reportPages(projectId);
    expect(pages).toHaveLength(shortNamePages);
    pages.forEach((text, index) => expect(text).toContain(`page ${index + 1}`));

    const zip = await get(projectId, 'download/');
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    expect([...entries.keys()]).toEqual(['report.json', 'report.pdf', 'summary.csv']);
    expect(await pdfPages(entries.get('report.pdf')!)).toHaveLength(shortNamePages);
  });
});

describe('names in Chinese, Japanese, Korean and emoji', () => {
  it('print: Chinese and Japanese in Noto Sans Hans, emoji in Noto Emoji, a script no font has as �', async () => {
    const vessel = await post('/api/vessels/', {
      name: '远洋号 🚢',
      vessel_type: 'Bulk carrier',
      antifouling_system: '해양 SPC',
    });
    expect(vessel.statusCode, vessel.body).toBe(201);
    const project = await post('/api/projects/', {
      name: '日本丸 検査',
      location: '横浜港',
      vessel: vessel.json().id,
      inspector: 'やまだ タロウ',
      inspection_date: '2026-04-01',
    });
    expect(project.statusCode, project.body).toBe(201);
    // A character drawn in a font without its glyph extracts as "\u0000": each of these was drawn.
    // Each font's run is its own piece of text, so spaces between them come as one or more.
    const text = (await reportPages(project.json().id)).join('\n').replace(/\s+/g, ' ');
    for (const expected of ['日本丸 検査', '远洋号 🚢', '横浜港', 'やまだ タロウ', '\uFFFD\uFFFD SPC']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('\u0000');
  });
});
