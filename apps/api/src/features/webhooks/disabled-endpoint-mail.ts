import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { webhookDisabledMail } from '../../mail/templates.js';
import { webhooksRepository } from './webhooks.repository.js';

/** Tells each admin and owner of the organisation that its endpoint at `url` was disabled. */
export async function notifyDisabledEndpoint(
  { db, mailer, config }: { db: Kysely<DB>; mailer: Mailer; config: Config },
  organisationId: number,
  url: string,
): Promise<void> {
  const organisation = await db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', organisationId)
    .executeTakeFirst();
  if (!organisation) return;
  const link = new URL('/organisation/webhooks/', config.appUrl).toString();
  for (const admin of await webhooksRepository(db).administrators(organisationId)) {
    await mailer.send(
      webhookDisabledMail(admin.email, admin.first_name, {
        organisation: organisation.name,
        url,
        days: config.webhooks.disableAfterDays,
        link,
      }),
    );
  }
}
