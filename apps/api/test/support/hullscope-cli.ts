import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repositoryRoot } from './server-process.js';

const run = promisify(execFile);
const CLI = ['--conditions=source', '--import', 'tsx', 'packages/cli/src/main.ts'];

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `hullscope <args>` (packages/cli from its sources) as a fresh process with `env` over this one's. */
export async function runHullscope(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...CLI, ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, HULLSCOPE_URL: '', HULLSCOPE_KEY: '', HULLSCOPE_ORGANISATION: '', ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
