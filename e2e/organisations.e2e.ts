import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser, newAccount, realSamplesDir } from './support/accounts';
import { launchBrowser, newPage, saveScreenshot } from './support/browser';
import { waitForMailLink } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

// Issue 38: an owner's team on one wallet, roles the UI follows, the audit log and a share link.

const PREDICTION_TIMEOUT_MS = 180_000;
const organisationName = 'Nordsee Reederei';
const projectName = 'Dry-dock survey 2026';
const sample = path.join(realSamplesDir, '000022-x6lwoJexxL.jpg');

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: Page;
let member: Page;
let viewer: Page;
const memberAccount = newAccount('Jonas');
const viewerAccount = newAccount('Vera');

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const menu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name });

async function freshPage(): Promise<Page> {
  const { context, page } = await newPage(browser, server.url);
  contexts.push(context);
  return page;
}

async function openProject(page: Page) {
  await menu(page, 'Projects').click();
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: projectName }).click();
  await page.waitForURL(/\/projects\/\d+\/$/);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const { account } = await createConfirmedAccount(server);
  // The viewer has an account already; the member signs up from the invitation.
  await createConfirmedAccount(server, viewerAccount);
  owner = await freshPage();
  await loginInBrowser(owner, account);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('an organisation of three', () => {
  it('lets the owner rename the organisation and invite a member and a viewer', async () => {
    await owner.getByTestId('organisation-switcher').click();
    await owner.getByRole('menuitem', { name: 'Members' }).click();
    await owner.getByRole('button', { name: 'Rename' }).click();
    const rename = owner.getByRole('dialog', { name: 'Rename the organisation' });
    await rename.getByLabel('Name').fill(organisationName);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await owner.getByTestId('organisation-switcher').filter({ hasText: organisationName }).waitFor();

    const invitations = owner.getByRole('region', { name: 'Invitations' });
    for (const [account, role] of [
      [memberAccount, 'Member'],
      [viewerAccount, 'Viewer'],
    ] as const) {
      await invitations.getByLabel('E-mail').fill(account.email);
      await invitations.getByRole('combobox', { name: 'Role' }).click();
      await owner.getByRole('option', { name: role, exact: true }).click();
      await invitations.getByRole('button', { name: 'Invite' }).click();
      await toast(owner, `Invitation sent to ${account.email}`).waitFor();
      await invitations.getByRole('row', { name: new RegExp(account.email) }).waitFor();
    }
    await saveScreenshot(owner, 'organisation-members', { fullPage: true });
  });

  it('lets the member sign up from the link with the invited address and land in the organisation', async () => {
    member = await freshPage();
    const link = new URL(await waitForMailLink(server.outboxDir, memberAccount.email, '/invitation'));
    await member.goto(link.pathname + link.search);
    await member.getByText(`Join ${organisationName}`).waitFor();
    const form = member.getByRole('form', { name: 'Sign up to accept' });
    expect(await form.getByLabel(/^Email/).inputValue()).toBe(memberAccount.email);
    await form.getByLabel(/^Username/).fill(memberAccount.username);
    await form.getByLabel(/^First Name/).fill(memberAccount.first_name);
    await form.getByLabel(/^Last Name/).fill(memberAccount.last_name);
    await form.getByLabel(/^Password/).fill(memberAccount.password);
    await form.getByLabel(/^Repeat Password/).fill(memberAccount.password);
    await form.getByRole('button', { name: 'Sign up and join' }).click();
    await toast(member, `You joined ${organisationName}`).waitFor();
    await member.getByTestId('organisation-switcher').filter({ hasText: organisationName }).waitFor();
    // The organisation's wallet: the owner's 50 free credits.
    await member.getByRole('button', { name: 'Credits: 50' }).waitFor();
  });

  it('lets the member upload and predict on the shared wallet', async () => {
    await member.getByRole('button', { name: 'Create Project' }).click();
    const dialog = member.getByRole('dialog', { name: 'Create Project' });
    await dialog.getByLabel(/^Name\s*\*?$/).fill(projectName);
    await dialog.getByLabel(/^Location\s*\*?$/).fill('Bremerhaven');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await member.waitForURL(/\/projects\/\d+\/$/);
    await member.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = member.getByRole('dialog', { name: 'Upload Images' });
    await upload.locator('input[type=file]').first().setInputFiles([sample]);
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(member, 'Uploaded images successfully').waitFor();
    await upload.waitFor({ state: 'hidden' });

    await member.getByRole('button', { name: 'Schedule Prediction' }).click();
    const schedule = member.getByRole('dialog', { name: 'Schedule a Prediction Run' });
    await schedule.getByRole('combobox', { name: 'Model' }).click();
    await member.getByRole('option').first().click();
    await schedule.getByRole('combobox', { name: 'Resolution' }).click();
    await member.getByRole('option', { name: /^Standard/ }).click();
    await schedule.getByRole('button', { name: 'Select All', exact: true }).click();
    await schedule.getByRole('button', { name: 'Validate Data' }).click();
    await schedule.locator('.MuiAlert-colorSuccess').waitFor();
    await schedule.getByRole('button', { name: 'Run Prediction' }).click();
    await toast(member, /Prediction \d+ finished: 1 image/).waitFor({ timeout: PREDICTION_TIMEOUT_MS });
    await member.getByRole('button', { name: 'Credits: 49' }).waitFor();
  });

  it('lets the viewer accept after signing in, read the report, and offers no upload, spending or deleting', async () => {
    viewer = await freshPage();
    const link = new URL(await waitForMailLink(server.outboxDir, viewerAccount.email, '/invitation'));
    await viewer.goto(link.pathname + link.search);
    const form = viewer.getByRole('form', { name: 'Sign in to accept' });
    await form.getByLabel('username').fill(viewerAccount.username);
    await form.getByLabel('password').fill(viewerAccount.password);
    await form.getByRole('button', { name: 'Sign in and accept' }).click();
    await toast(viewer, `You joined ${organisationName}`).waitFor();
    await viewer.getByTestId('organisation-switcher').filter({ hasText: organisationName }).waitFor();

    await openProject(viewer);
    const report = viewer.getByRole('button', { name: 'Download Inspection Report' });
    const [download] = await Promise.all([viewer.waitForEvent('download'), report.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await viewer
      .getByRole('region', { name: 'Images' })
      .getByRole('button', { name: /000022/ })
      .first()
      .click();
    await viewer.getByTestId('image-size').waitFor();
    // Issue 39: no correcting or signing either, once the prediction shows.
    await viewer.getByTestId('prediction-overlay').waitFor();
    for (const name of [
      'Upload',
      'Schedule Prediction',
      'Create Project',
      'Edit',
      'Share',
      'Delete Image',
      'Correct mask',
      'Sign inspection',
    ]) {
      expect(await viewer.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await viewer.getByRole('button', { name: 'Credits: 49' }).click();
    await viewer.getByTestId('credits-available').filter({ hasText: '49' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Buy Credits' }).count()).toBe(0);
    // And the API itself refuses the viewer's spending, whatever a page offers.
    const status = await viewer.evaluate(async () => {
      const answer = await fetch('/api/projects/', {
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}` },
      });
      const [first] = (await answer.json()) as { id: number }[];
      const refused = await fetch(`/api/projects/${first!.id}/request-predict/`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ model: 1, resolution: 1, images: [1] }),
      });
      return refused.status;
    });
    expect(status).toBe(403);
  });

  it("shows the owner the member's prediction in the audit log and on the Transactions page", async () => {
    await owner.getByTestId('organisation-switcher').click();
    await owner.getByRole('menuitem', { name: 'Audit log' }).click();
    await owner.getByRole('combobox', { name: 'Action' }).click();
    await owner.getByRole('option', { name: 'Prediction requested' }).click();
    const log = owner.getByRole('table', { name: 'Audit log' });
    await log
      .getByRole('row', { name: new RegExp(`${memberAccount.username}.*Prediction requested`) })
      .waitFor();
    await owner.getByRole('combobox', { name: 'Action' }).click();
    await owner.getByRole('option', { name: 'All actions' }).click();
    await log
      .getByRole('row', { name: /Member joined/ })
      .first()
      .waitFor();
    await saveScreenshot(owner, 'audit-log');

    await menu(owner, 'Transactions').click();
    const ledger = owner.getByRole('table', { name: 'Your Transactions' });
    await ledger.getByRole('columnheader', { name: 'Member' }).waitFor();
    await ledger.getByRole('row', { name: new RegExp(memberAccount.username) }).waitFor();
  });

  it('opens a share link without an account, and not once it is revoked', async () => {
    await openProject(owner);
    await owner.getByRole('button', { name: 'Share' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share links' });
    await dialog.getByLabel('Recipient').fill('DNV surveyor');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByLabel('New share link').inputValue();
    expect(url).toMatch(/\/shared\/[^/]+$/);

    const outsider = await freshPage();
    await outsider.goto(new URL(url).pathname);
    await outsider.getByText(`Shared by ${organisationName}`).waitFor();
    await outsider.getByText(projectName).waitFor();
    await outsider.getByRole('navigation', { name: 'Photos' }).getByRole('button').first().click();
    await outsider.getByRole('slider').first().waitFor();
    const [json] = await Promise.all([
      outsider.waitForEvent('download'),
      outsider.getByRole('button', { name: 'JSON report' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);
    expect(await outsider.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await saveScreenshot(outsider, 'shared-inspection', { fullPage: true });

    const row = dialog.getByRole('listitem').filter({ hasText: 'DNV surveyor' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    // The open dialog hides the page's toasts from the accessibility tree: the list shows the outcome.
    await row.filter({ hasText: 'Revoked' }).waitFor();
    await outsider.reload();
    await outsider.getByText('This share link does not work').waitFor();
  });
});
