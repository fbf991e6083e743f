/**
 * The S3 stand-in's own process: `node --openssl-legacy-provider --import tsx s3-stand-in-server.ts
 * <directory> <bucket> <port>`. s3rver encrypts ListObjectsV2 continuation tokens with DES, which
 * OpenSSL 3 offers only through its legacy provider, so it cannot run inside the tests' process.
 * Prints one line, `listening`, once it takes requests; stops on SIGTERM.
 */
import S3rver from 's3rver';

const [directory, bucket, port] = process.argv.slice(2);

/**
 * s3rver deletes the objects of one DeleteObjects call all at once, and each delete then removes its
 * folders once empty: two deletes in one folder race (ENOENT, answered as a 500 InternalError). S3
 * itself has no folders; one delete at a time keeps the stand-in from failing where S3 would not.
 */
function serializeDeletes(server: S3rver): void {
  const store = (server as unknown as { store: { deleteObject(bucket: string, key: string): Promise<void> } })
    .store;
  const deleteObject = store.deleteObject.bind(store);
  let previous: Promise<unknown> = Promise.resolve();
  store.deleteObject = (bucketName, key) => {
    const next = previous.then(() => deleteObject(bucketName, key));
    previous = next.catch(() => undefined);
    return next;
  };
}

interface Listing {
  objects: { key: string }[];
  commonPrefixes: string[];
  isTruncated: boolean;
}
interface ListOptions {
  delimiter?: string;
  prefix?: string;
  startAfter?: string;
  maxKeys: number;
}

/**
 * s3rver lists with a delimiter only the folders that hold an object directly: it never walks below
 * a folder it would group, so `users/` over `users/7/projects/2/a.jpg` answers no `users/7/`. S3
 * groups every key. Grouped here from the full listing under the prefix, as S3 does; all groups come
 * in one page (as in s3rver), while objects keep s3rver's paging.
 */
function groupListings(server: S3rver): void {
  const store = (
    server as unknown as { store: { listObjects(bucket: string, options: ListOptions): Promise<Listing> } }
  ).store;
  const listObjects = store.listObjects.bind(store);
  store.listObjects = async (bucketName, options) => {
    const { delimiter, prefix = '' } = options;
    if (!delimiter) return listObjects(bucketName, options);
    const all = await listObjects(bucketName, { ...options, delimiter: undefined, maxKeys: Infinity });
    const groups = new Set<string>();
    const objects: Listing['objects'] = [];
    for (const object of all.objects) {
      const at = object.key.indexOf(delimiter, prefix.length);
      if (at !== -1) groups.add(object.key.slice(0, at + delimiter.length));
      else objects.push(object);
    }
    return {
      objects: objects.slice(0, options.maxKeys),
      commonPrefixes: [...groups].sort(),
      isTruncated: objects.length > options.maxKeys,
    };
  };
}

const server = new S3rver({
  // The deployment test (scripts/ci-containers.sh) runs it in a container, reached from others.
  address: process.env.S3_STAND_IN_ADDRESS ?? '127.0.0.1',
  port: Number(port),
  directory,
  // Path-style only, as the product asks (S3_FORCE_PATH_STYLE): s3rver would otherwise take a
  // host name such as compose's `s3` for a bucket's (CNAME style).
  vhostBuckets: false,
  silent: true,
  configureBuckets: [{ name: bucket!, configs: [] }],
});
serializeDeletes(server);
groupListings(server);
await server.run();
process.stdout.write('listening\n');
process.once('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
