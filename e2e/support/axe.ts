import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** One rule broken on a page, with where: what the test prints when a screen is not clean. */
export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const require = createRequire(import.meta.url);
let source: Promise<string> | null = null;

/**
 * Runs axe-core (the npm package, injected into the page; no downloaded browser or extension) on the
 * page as it stands with its default rules (WCAG 2.x A and AA and its best practices), and answers
 * what it found; `within` (a CSS selector) limits it to one part of the page.
 */
export async function axeFindings(page: Page, within?: string): Promise<AxeFinding[]> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated over the DevTools protocol: the app's Content-Security-Policy refuses inline scripts.
  await page.evaluate(await source);
  return page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document | Element, options?: RunOptions) => Promise<AxeResults> };
      }
    ).axe;
    const scope = selector ? document.querySelector(selector) : null;
    if (selector && !scope) throw new Error(`axe: nothing matches ${selector}`);
    const result = await axe.run(scope ?? document);
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, within);
}
