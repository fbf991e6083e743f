import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';
import { expect } from 'vitest';
import { pdfPages } from '../../apps/api/test/support/pdf';

/**
 * The text of a downloaded PDF, every page, runs of white space as one space: read with pdf.js, as
 * the API's tests read reports, so the browser tests need no PDF tool on the machine.
 */
export async function downloadedPdfText(download: Download): Promise<string> {
  const data = await readFile(await download.path());
  expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await pdfPages(data)).join(' ').replace(/\s+/g, ' ');
}
