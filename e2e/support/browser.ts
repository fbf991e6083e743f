import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repositoryRoot } from './server';

/** Debian's Chromium (`apt-get install chromium`); never a downloaded browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const screenshotDir = path.join(repositoryRoot, 'docs/screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** A laptop-sized window; console errors are collected so a test can show them on failure. */
export async function newPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1366, height: 860 },
    acceptDownloads: true,
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** Saves a screenshot of a main screen for the docs (docs/screenshots/<name>.png, shown in docs/user-guide.md and the README). */
export async function saveScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  // Toasts of earlier steps would cover the screen; the docs show the screens themselves.
  await page.screenshot({
    path: path.join(screenshotDir, `${name}.png`),
    animations: 'disabled',
    fullPage,
    style: '.notistack-SnackbarContainer, .MuiTooltip-popper { display: none !important; }',
  });
}
