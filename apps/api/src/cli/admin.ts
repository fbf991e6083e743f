import { Command } from 'commander';
import { ConfigError } from '../config.js';
import { MigrationFailedError, SchemaMismatchError } from '../db/schema-check.js';
import { CommandError, withAdminContext } from './admin-context.js';
import { backup, restore } from './backup-commands.js';
import { listPrices, resetPrices, setPrices } from './price-commands.js';
import { measureQuality } from './quality-commands.js';
import {
  addModel,
  listModels,
  listResolutions,
  setModelActive,
  setResolutionPrice,
} from './model-commands.js';
import { migrate, showSchemaStatus } from './schema-commands.js';
import { createUser, grantCredits, listUsers } from './user-commands.js';

/** Operator commands: `npm run admin -- <command> [options]`, against the configured database. */
const program = new Command('admin')
  .description('Hullscope operator commands. Reads the same environment variables as the server.')
  .showHelpAfterError()
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

program
  .command('create-user')
  .description('Create a confirmed user (with the sign-up bonus)')
  .requiredOption('--username <name>')
  .requiredOption('--email <address>', 'a company e-mail address')
  .requiredOption('--password <password>')
  .option('--first-name <name>', 'first name', 'Operator')
  .option('--last-name <name>', 'last name', 'Account')
  .action((options) => withAdminContext((context) => createUser(context, options)));

program
  .command('grant-credits')
  .description("Add credits to an organisation's wallet, as a ledger row with a reason")
  .option('--username <name>', 'the user whose own (first) organisation receives them')
  .option('--organisation <id>', 'the organisation that receives them')
  .requiredOption('--amount <credits>')
  .requiredOption('--reason <text>')
  .action((options) => withAdminContext((context) => grantCredits(context, options)));

program
  .command('list-users')
  .description("List every user with confirmation state and their own organisation's balance")
  .action(() => withAdminContext(listUsers));

program
  .command('set-prices')
  .description('Set the credit tiers offered to buyers (euro excluding VAT), replacing the current ones')
  .requiredOption('--tiers <list>', 'credits:price pairs, e.g. "100:49.00,500:199.00,2000:699.00"')
  .action((options) => withAdminContext((context) => setPrices(context, options)));

program
  .command('list-prices')
  .description('Show the credit tiers offered now and where they come from')
  .action(() => withAdminContext(listPrices));

program
  .command('reset-prices')
  .description('Forget the tiers set with set-prices, so CREDIT_PRICES (or its defaults) applies again')
  .action(() => withAdminContext(resetPrices));

program
  .command('measure-quality')
  .description('Measure the photo quality of images uploaded before it was measured (issue 46)')
  .action(() => withAdminContext(measureQuality));

program
  .command('list-models')
  .description('List registered models (bundled ones register when the server starts)')
  .action(() => withAdminContext(listModels));

program
  .command('add-model')
  .description('Check a folder with manifest.json and model.onnx, copy it into MODELS_DIR and register it')
  .requiredOption('--dir <path>', 'folder holding manifest.json and model.onnx')
  .option('--key <key>', 'registration key (default: the folder name)')
  .action((options) => withAdminContext((context) => addModel(context, options)));

program
  .command('deactivate-model')
  .description('Stop offering a model (its existing predictions stay)')
  .requiredOption('--key <key>')
  .action((options) => withAdminContext((context) => setModelActive(context, options.key, false)));

program
  .command('activate-model')
  .description('Offer a deactivated model again')
  .requiredOption('--key <key>')
  .action((options) => withAdminContext((context) => setModelActive(context, options.key, true)));

program
  .command('list-resolutions')
  .description('List resolutions with their price in credits per image')
  .action(() => withAdminContext(listResolutions));

program
  .command('set-resolution-price')
  .description('Set the credits charged per image at a resolution')
  .requiredOption('--name <name>', 'standard or fullhd')
  .requiredOption('--price <credits>')
  .action((options) => withAdminContext((context) => setResolutionPrice(context, options)));

program
  .command('migrate')
  .description("Apply this release's pending database migrations (`npm run migrate`; run once per deploy)")
  .action(migrate);

program
  .command('schema-status')
  .description("Show the database's schema against this release's migrations, changing nothing")
  .action(showSchemaStatus);

program
  .command('backup')
  .description('Back up the database and every stored file, consistently, while the server runs')
  .option('--to <folder>', 'a new or empty folder to back up into')
  .option(
    '--into <folder>',
    'a backups folder: a new time-named backup in it, older ones beyond --keep removed',
  )
  .option('--keep <count>', 'with --into: how many backups to keep (default BACKUP_KEEP)')
  .option('--verify <folder>', "check a backup's files against its manifest's SHA-256 checksums")
  .option('--list', 'list the backups in BACKUP_DIR (or --dir) and their recent outcomes')
  .option('--dir <folder>', 'with --list: the backups folder')
  .action(backup);

program
  .command('restore')
  .description('Fill an empty DATA_DIR (and an empty database and bucket) from a verified backup')
  .requiredOption('--from <folder>', 'the backup folder')
  .action(restore);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (
    error instanceof CommandError ||
    error instanceof ConfigError ||
    error instanceof SchemaMismatchError ||
    error instanceof MigrationFailedError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
