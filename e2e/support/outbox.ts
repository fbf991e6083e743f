import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';

/** The newest link with the given path in an e-mail to `to`, read from DATA_DIR/outbox/*.eml. */
export async function waitForMailLink(
  outboxDir: string,
  to: string,
  pathname: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(outboxDir).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.eml'))
      .sort();
    for (const name of names.reverse()) {
      const email = await PostalMime.parse(await readFile(path.join(outboxDir, name)));
      if (!(email.to ?? []).some((address) => address.address?.toLowerCase() === to.toLowerCase())) continue;
      const link = (email.text?.match(/https?:\/\/\S+/g) ?? []).find(
        (candidate) => new URL(candidate).pathname === pathname,
      );
      if (link) return link;
    }
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${to} with a ${pathname} link within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
