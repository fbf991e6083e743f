/**
 * Every file of a drop, folders included (issue 24: a survey is often a folder of hundreds of
 * photos). `dataTransfer.files` lists a dropped folder as one empty entry, so folders are walked
 * through the entries API; a browser without it gives the plain file list.
 */
function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: FileSystemEntry[] = [];
    // readEntries answers in chunks (100 in Chromium) until it answers an empty one.
    const next = () =>
      reader.readEntries((chunk) => {
        if (chunk.length === 0) resolve(entries);
        else {
          entries.push(...chunk);
          next();
        }
      }, reject);
    next();
  });
}

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return [
      await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)),
    ];
  }
  if (entry.isDirectory) {
    const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
    // Names sorted, as a file browser lists them: survey photos are usually numbered in order.
    children.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    return (await Promise.all(children.map(filesOf))).flat();
  }
  return [];
}

export async function filesFromDrop(transfer: DataTransfer): Promise<File[]> {
  const items = Array.from(transfer.items ?? []);
  const entries = items
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) return Array.from(transfer.files);
  return (await Promise.all(entries.map((entry) => filesOf(entry!)))).flat();
}
