import { createHullscopeClient } from '@hullscope/client';
import { Command, InvalidArgumentError } from 'commander';
import { login } from './commands/login.js';
import { predict } from './commands/predict.js';
import { listProjects } from './commands/projects.js';
import { downloadReport } from './commands/report.js';
import { uploadFolder } from './commands/upload.js';
import { resolveConnection } from './config.js';
import { usageError } from './exit-codes.js';
import { parseId } from './lookups.js';

function idOption(what: string) {
  return (value: string) => {
    try {
      return parseId(value, what);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

/** The hullscope command line: login, projects list, upload, predict, report (docs/integration.md). */
export function buildProgram(version: string): Command {
  const program = new Command('hullscope')
    .description('Hullscope for field teams: upload survey photos, run a model, download the report.')
    .version(version)
    .option('--organisation <id>', 'act in this organisation (else HULLSCOPE_ORGANISATION, or the key’s own)')
    .showHelpAfterError()
    // Usage errors end in main() with exit status 2 rather than commander's process.exit(1).
    .exitOverride()
    .configureHelp({ sortSubcommands: false });

  const client = async () => {
    const { organisation } = program.opts<{ organisation?: string }>();
    const connection = await resolveConnection(organisation);
    return createHullscopeClient({
      baseUrl: connection.url,
      apiKey: connection.key,
      ...(connection.organisation ? { organisation: connection.organisation } : {}),
    });
  };

  program
    .command('login')
    .description('check an API key against the server and keep both for later commands')
    .requiredOption('--key <key>', 'the API key (hsk_…)')
    .option('--url <server>', 'the server address, e.g. https://hullscope.example.com')
    .action(async (options: { key: string; url?: string }) => {
      const { organisation } = program.opts<{ organisation?: string }>();
      await login({ ...options, ...(organisation ? { organisation } : {}) });
    });

  program
    .command('projects')
    .description('projects of the organisation')
    .command('list')
    .description('list the projects: id, name, location, inspection date')
    .option('--json', 'print them as JSON')
    .action(async (options: { json?: boolean }) => listProjects(await client(), options));

  program
    .command('upload')
    .description('upload the photos of a folder; photos the project already holds are skipped')
    .argument('<folder>', 'the folder of photos')
    .requiredOption('--project <id>', 'the project', idOption('--project'))
    .option('--zone <zone>', 'the hull zone of every photo (e.g. flat_bottom, propeller)')
    .option('-r, --recursive', 'include sub-folders')
    .action(async (folder: string, options: { project: number; zone?: string; recursive?: boolean }) =>
      uploadFolder(await client(), folder, {
        projectId: options.project,
        ...(options.zone !== undefined ? { zone: options.zone } : {}),
        ...(options.recursive ? { recursive: true } : {}),
      }),
    );

  program
    .command('predict')
    .description('run a model over the photos of the project that lack its prediction (charges credits)')
    .requiredOption('--project <id>', 'the project', idOption('--project'))
    .requiredOption('--model <model>', 'the model: its key (evo), name or id')
    .option('--resolution <name>', 'the resolution: standard, fullhd or its id', 'standard')
    .option('--wait', 'show progress until the request finishes; exit 1 unless every photo was predicted')
    .option('--interval <seconds>', 'seconds between progress checks with --wait', '1')
    .action(
      async (options: {
        project: number;
        model: string;
        resolution: string;
        wait?: boolean;
        interval: string;
      }) => {
        const seconds = Number(options.interval);
        if (!(seconds > 0 && seconds <= 600))
          throw usageError('--interval must be more than 0 and at most 600 seconds.');
        await predict(await client(), {
          projectId: options.project,
          model: options.model,
          resolution: options.resolution,
          wait: options.wait ?? false,
          intervalMs: seconds * 1000,
        });
      },
    );

  program
    .command('report')
    .description('download the inspection report PDF of the project')
    .requiredOption('--project <id>', 'the project', idOption('--project'))
    .option('-o, --output <file>', 'where to save it (default: the name the server gives)')
    .option('--photos <which>', 'key (the worst photo of each zone and flagged ones, default) or all')
    .option('--model <model>', 'the model whose predictions it reports (default: the most used)')
    .option('--resolution <name>', 'the resolution whose predictions it reports')
    .action(
      async (options: {
        project: number;
        output?: string;
        photos?: string;
        model?: string;
        resolution?: string;
      }) =>
        downloadReport(await client(), {
          projectId: options.project,
          ...(options.output !== undefined ? { output: options.output } : {}),
          ...(options.photos !== undefined ? { photos: options.photos } : {}),
          ...(options.model !== undefined ? { model: options.model } : {}),
          ...(options.resolution !== undefined ? { resolution: options.resolution } : {}),
        }),
    );

  return program;
}
