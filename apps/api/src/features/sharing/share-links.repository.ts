import type { Kysely } from 'kysely';
import type { DB, ShareLinkRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

export interface ShareLinkWithNames extends ShareLinkRow {
  creator: string | null;
}

export interface OpenShareLink extends ShareLinkRow {
  organisation: string;
}

export function shareLinksRepository(db: Kysely<DB>) {
  const withCreator = () =>
    db
      .selectFrom('share_links')
      .leftJoin('users', 'users.id', 'share_links.created_by')
      .selectAll('share_links')
      .select('users.username as creator');

  return {
    insert(values: {
      organisationId: number;
      projectId: number;
      tokenHash: string;
      label: string | null;
      createdBy: number;
      expiresAt: string;
    }): Promise<ShareLinkRow> {
      return db
        .insertInto('share_links')
        .values({
          organisation_id: values.organisationId,
          project_id: values.projectId,
          token_hash: values.tokenHash,
          label: values.label,
          created_by: values.createdBy,
          created_at: nowIso(),
          expires_at: values.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    list(organisationId: number, projectId: number): Promise<ShareLinkWithNames[]> {
      return withCreator()
        .where('share_links.organisation_id', '=', organisationId)
        .where('share_links.project_id', '=', projectId)
        .orderBy('share_links.id', 'desc')
        .execute();
    },

    find(organisationId: number, projectId: number, id: number): Promise<ShareLinkWithNames | undefined> {
      return withCreator()
        .where('share_links.organisation_id', '=', organisationId)
        .where('share_links.project_id', '=', projectId)
        .where('share_links.id', '=', id)
        .executeTakeFirst();
    },

    countActive(organisationId: number, projectId: number): Promise<number> {
      return db
        .selectFrom('share_links')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where('project_id', '=', projectId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    async revoke(id: number): Promise<boolean> {
      const result = await db
        .updateTable('share_links')
        .set({ revoked_at: nowIso() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The link a token names while it works: not revoked, not expired, its project still there. */
    findOpen(tokenHash: string): Promise<OpenShareLink | undefined> {
      return db
        .selectFrom('share_links')
        .innerJoin('organisations', 'organisations.id', 'share_links.organisation_id')
        .innerJoin('projects', 'projects.id', 'share_links.project_id')
        .selectAll('share_links')
        .select('organisations.name as organisation')
        .where('share_links.token_hash', '=', tokenHash)
        .where('share_links.revoked_at', 'is', null)
        .where('share_links.expires_at', '>', nowIso())
        .whereRef('projects.owner', '=', 'share_links.organisation_id')
        .executeTakeFirst();
    },

    async countView(id: number): Promise<void> {
      await db
        .updateTable('share_links')
        .set((eb) => ({ views: eb('views', '+', 1), last_viewed_at: nowIso() }))
        .where('id', '=', id)
        .execute();
    },
  };
}
