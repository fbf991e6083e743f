import { Command } from 'commander';
import { ConfigError } from '../config.js';
import { CommandError, withAdminContext } from './admin-context.js';
import { listPrices, resetPrices, setPrices } from './price-commands.js';
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
  .description("Add credits to a user's balance, as a ledger row with a reason")
  .requiredOption('--username <name>')
  .requiredOption('--amount <credits>')
  .requiredOption('--reason <text>')
  .action((options) => withAdminContext((context) => grantCredits(context, options)));

program
  .command('list-users')
  .description('List every user with confirmation state and balance')
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

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommandError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
