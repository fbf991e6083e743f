#!/usr/bin/env node
import { CommanderError } from 'commander';
import { EXIT, explain } from './exit-codes.js';
import { buildProgram } from './program.js';
import { version } from './version.js';

/** Runs the command line and exits with the status the outcome means (exit-codes.ts). */
async function main(argv: string[]): Promise<number> {
  const program = buildProgram(version);
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end here too, with code 0; commander has printed the message already.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const { message, exitCode } = explain(error);
    process.stderr.write(`hullscope: ${message}\n`);
    return exitCode;
  }
}

process.exitCode = await main(process.argv);
