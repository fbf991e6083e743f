import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';

export interface ReadMail {
  file: string;
  email: Email;
  to: string[];
  links: string[];
}

/** Every `.eml` in the outbox, parsed as a mail client would, oldest first. */
export async function readOutbox(outboxDir: string): Promise<ReadMail[]> {
  const names = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(outboxDir, name);
      const email = await PostalMime.parse(await readFile(file));
      return {
        file,
        email,
        to: (email.to ?? []).map((address) => address.address ?? ''),
        links: email.text?.match(/https?:\/\/\S+/g) ?? [],
      };
    }),
  );
}

/** Waits for the newest mail to `to` whose subject matches, as mail may be sent in the background. */
export async function waitForMail(
  outboxDir: string,
  to: string,
  subject: RegExp,
  timeoutMs = 5000,
): Promise<ReadMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(outboxDir))
      .filter((mail) => mail.to.includes(to) && subject.test(mail.email.subject ?? ''))
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The uid and token query parameters of an e-mailed link with the given path. */
export function linkParameters(mail: ReadMail, pathname: string): { uid: string; token: string; url: URL } {
  const link = mail.links.find((candidate) => new URL(candidate).pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in ${mail.file}: ${mail.links.join(', ')}`);
  const url = new URL(link);
  return { uid: url.searchParams.get('uid') ?? '', token: url.searchParams.get('token') ?? '', url };
}
