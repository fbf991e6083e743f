import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { hookFields } from './hook-fields';
import { startServer, type RunningServer } from './server';

/** One server and browser for the file, and a fresh browser context and page for every test. */
export interface PagePerTest {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * Registers the file's hooks: the server and the browser start before its first test and stop after
 * its last; each test gets its own context (cookies, storage) and page, closed after it. Read the
 * fields inside tests and hooks: they are set by the hooks.
 */
export function pagePerTest(): PagePerTest {
  const { set: state, read } = hookFields<PagePerTest>();

  beforeAll(async () => {
    state.server = await startServer();
    state.browser = await launchBrowser();
  });
  beforeEach(async () => {
    ({ context: state.context, page: state.page } = await newPage(read.browser, read.server.url));
  });
  afterEach(async () => {
    await state.context?.close();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });

  return read;
}
