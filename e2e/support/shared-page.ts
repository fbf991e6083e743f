import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { hookFields } from './hook-fields';
import { startServer, type RunningServer } from './server';

/** One server, browser and page for all of a file's tests, which run in order as one user's session. */
export interface SharedPage {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors of the page so far, to show when a test fails. */
  readonly consoleErrors: string[];
}

/**
 * Registers the file's hooks: the server, the browser and one page start before its first test and
 * stop after its last; after a failed test the page is reloaded, so the next test does not start in
 * a dialog the failure left open. Register it before the file's own hooks, which then find it set;
 * read the fields inside tests and hooks.
 */
export function sharedPage(): SharedPage {
  const { set: state, read } = hookFields<SharedPage>();

  beforeAll(async () => {
    state.server = await startServer();
    state.browser = await launchBrowser();
    ({
      context: state.context,
      page: state.page,
      consoleErrors: state.consoleErrors,
    } = await newPage(state.browser, state.server.url));
  });
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') await state.page?.reload().catch(() => undefined);
  });
  afterAll(async () => {
    await state.context?.close();
    await state.browser?.close();
    await state.server?.stop();
  });

  return read;
}
