import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser, readSample } from './support/accounts';
import { type AxeFinding, axeFindings } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Issue 45 §16: axe-core finds nothing on the app's screens, signed out and signed in.
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let projectId: number;
let imageId: number;
let vesselId: number;

/** Readable on failure: each rule, its help and where it was broken. */
const report = (findings: AxeFinding[]) =>
  findings.map(
    (finding) => `${finding.rule} (${finding.impact}): ${finding.help} at ${finding.targets.join(', ')}`,
  );

async function findingsAt(path: string, ready: (page: Page) => Promise<unknown>): Promise<string[]> {
  await page.goto(path);
  await ready(page);
  // Toasts of the step before (sign-in) are not part of the screen.
  await page.locator('.notistack-SnackbarContainer [role="alert"]').first().waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return report(await axeFindings(page));
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, server.url));
  const { account, api } = await createConfirmedAccount(server);
  const vessel = (await api('POST', '/api/vessels/', { name: 'Nordic Star', imo_number: '9074729' })) as {
    id: number;
  };
  vesselId = vessel.id;
  const project = (await api('POST', '/api/projects/', {
    name: 'Spring survey',
    location: 'Kiel',
    vessel: vesselId,
    inspection_date: '2026-03-02',
  })) as { id: number };
  projectId = project.id;
  const form = new FormData();
  form.append('images', await readSample('000018-dqrONtdjbt.jpg'), '000018-dqrONtdjbt.jpg');
  const uploaded = (await api('POST', `/api/projects/${projectId}/image-upload/`, form)) as {
    data: { id: number }[];
  };
  imageId = uploaded.data[0]!.id;
  // A purchase left at checkout: the Transactions page shows its chip, its expiry and its Cancel.
  await api('PATCH', '/api/company/update/', { name: 'Nordsee Reederei', country: 'DE' });
  await api('POST', '/api/stripe/create-checkout-session/', { amount: 100 });

  // The signed-out screens first, then sign in for the rest.
  signedOut = {
    login: await findingsAt('/user/login', (p) => p.getByRole('button', { name: 'Sign in' }).waitFor()),
    register: await findingsAt('/user/register', (p) => p.getByRole('button', { name: 'Sign up' }).waitFor()),
    reset: await findingsAt('/user/request-password-reset', (p) =>
      p.getByRole('button', { name: 'Submit' }).waitFor(),
    ),
  };
  await loginInBrowser(page, account);
}, 180_000);

let signedOut: Record<string, string[]>;

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('axe-core on every screen', () => {
  it('finds nothing on the sign-in, sign-up and password reset screens', () => {
    expect(signedOut).toEqual({ login: [], register: [], reset: [] });
  });

  it('finds nothing on the projects page with an image open', async () => {
    expect(
      await findingsAt(`/projects/${projectId}/images/${imageId}/`, (p) =>
        p
          .getByRole('region', { name: 'Predictions' })
          .getByText('No predictions available for this image.')
          .waitFor(),
      ),
    ).toEqual([]);
  });

  it('finds nothing on the vessels, a vessel, transactions and account pages', async () => {
    const findings = {
      vessels: await findingsAt('/vessels/', (p) => p.getByText('Nordic Star').first().waitFor()),
      vessel: await findingsAt(`/vessels/${vesselId}/`, (p) =>
        p
          .getByRole('heading', { name: /Nordic Star/ })
          .first()
          .waitFor(),
      ),
      transactions: await findingsAt('/transactions/', (p) => p.getByText('Awaiting payment').waitFor()),
      account: await findingsAt('/account/', (p) => p.getByText(/Your User Data/).waitFor()),
    };
    expect(findings).toEqual({ vessels: [], vessel: [], transactions: [], account: [] });
  });

  it('finds nothing on the guides, the legal pages and Not Found', async () => {
    const findings = {
      gettingStarted: await findingsAt('/gettingStarted/', (p) => p.getByRole('heading').first().waitFor()),
      help: await findingsAt('/help/', (p) => p.getByRole('heading').first().waitFor()),
      terms: await findingsAt('/legal/terms-of-use/', (p) => p.getByRole('heading').first().waitFor()),
      notFound: await findingsAt('/nowhere', (p) => p.getByText('Not Found').waitFor()),
    };
    expect(findings).toEqual({ gettingStarted: [], help: [], terms: [], notFound: [] });
  });
});
