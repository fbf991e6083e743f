import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { repositoryRoot } from './server-process.js';

const run = promisify(execFile);
const ADMIN = ['--conditions=source', '--import', 'tsx', 'apps/api/src/cli/admin.ts'];

export interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- <args>` as a fresh process with `env` over this one's environment. */
export async function runAdmin(env: Record<string, string>, ...args: string[]): Promise<AdminResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...ADMIN, ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The same, left running: for a test that kills it. */
export function startAdmin(env: Record<string, string>, ...args: string[]): ChildProcess {
  return spawn(process.execPath, [...ADMIN, ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
}
