import { RegisterRequest } from '@hullscope/contract';
import { hashPassword } from '../features/auth/password-hashing.js';
import { creditsRepository } from '../features/credits/credits.repository.js';
import { creditAccount } from '../features/credits/ledger.js';
import { membershipsRepository } from '../features/organisations/memberships.repository.js';
import { organisationsRepository } from '../features/organisations/organisations.repository.js';
import { accountProblems, confirmAccount, insertAccount } from '../features/users/account-lifecycle.js';
import { usersRepository } from '../features/users/users.repository.js';
import { ApiError } from '../http/api-error.js';
import { type AdminContext, CommandError } from './admin-context.js';

export interface CreateUserOptions {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

function describeErrors(body: Record<string, unknown>): string {
  return Object.entries(body)
    .map(
      ([field, messages]) => `  ${field}: ${Array.isArray(messages) ? messages.join(' ') : String(messages)}`,
    )
    .join('\n');
}

/** A confirmed account with its sign-up bonus, under the same rules as self sign-up. */
export async function createUser({ config, db }: AdminContext, options: CreateUserOptions): Promise<void> {
  const parsed = RegisterRequest.safeParse({
    username: options.username,
    email: options.email,
    first_name: options.firstName,
    last_name: options.lastName,
    password: options.password,
    password2: options.password,
  });
  if (!parsed.success) {
    throw new CommandError(
      `Cannot create the user:\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
    );
  }
  try {
    (await accountProblems(db, parsed.data)).throwIfAny();
  } catch (error) {
    if (error instanceof ApiError)
      throw new CommandError(`Cannot create the user:\n${describeErrors(error.body)}`);
    throw error;
  }
  const passwordHash = await hashPassword(parsed.data.password);
  const user = await db.transaction().execute(async (trx) => {
    const created = await insertAccount(trx, parsed.data, passwordHash);
    await confirmAccount(trx, created.id, config.signupBonusCredits);
    return created;
  });
  console.log(
    `Created confirmed user ${user.username} (id ${user.id}, ${user.email}) with ${config.signupBonusCredits} credits.`,
  );
}

export async function grantCredits(
  { db }: AdminContext,
  options: { username?: string; organisation?: string; amount: string; reason: string },
): Promise<void> {
  const amount = Number(options.amount);
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new CommandError(`The amount must be a positive whole number of credits, not "${options.amount}".`);
  }
  if (!options.reason.trim())
    throw new CommandError('Give a reason; it is shown in the transaction history.');
  const { organisation, recipient } = await grantee(db, options);
  await creditAccount(db, {
    organisationId: organisation.id,
    amount,
    kind: 'admin_grant',
    reason: options.reason.trim(),
  });
  const balance = await creditsRepository(db).balanceOfExisting(organisation.id);
  console.log(`Granted ${amount} credits to ${recipient} (${options.reason.trim()}). Balance: ${balance}.`);
}

async function grantee(
  db: AdminContext['db'],
  options: { username?: string; organisation?: string },
): Promise<{ organisation: { id: number; name: string }; recipient: string }> {
  if ((options.username === undefined) === (options.organisation === undefined)) {
    throw new CommandError('Name either --username or --organisation.');
  }
  if (options.organisation !== undefined) {
    const found = /^\d{1,10}$/.test(options.organisation)
      ? await organisationsRepository(db).find(Number(options.organisation))
      : undefined;
    if (!found) throw new CommandError(`No organisation with id "${options.organisation}".`);
    return { organisation: found, recipient: `organisation ${found.id}, ${found.name}` };
  }
  const user = await usersRepository(db).findByUsername(options.username!);
  if (!user) throw new CommandError(`No user named "${options.username}".`);
  const own = await membershipsRepository(db).find(user.id, null);
  if (!own)
    throw new CommandError(`${user.username} belongs to no organisation; name one with --organisation.`);
  // Named as before organisations for a user alone in theirs; otherwise which wallet got them.
  const alone = (await membershipsRepository(db).countMembers(own.id)) === 1;
  return {
    organisation: own,
    recipient: alone ? user.username : `${user.username}'s organisation ${own.name}`,
  };
}

export async function listUsers({ db }: AdminContext): Promise<void> {
  const users = await usersRepository(db).listWithOwnBalance();
  if (users.length === 0) {
    console.log('No users.');
    return;
  }
  console.table(
    users.map((user) => ({
      id: user.id,
      username: user.username,
      email: user.email,
      name: `${user.first_name} ${user.last_name}`,
      confirmed: user.email_confirmed_at ? 'yes' : 'no',
      credits: user.credits ?? 0,
      created: user.created_at,
    })),
  );
}
