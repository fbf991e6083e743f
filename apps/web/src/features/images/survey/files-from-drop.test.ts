import { describe, expect, it } from 'vitest';
import { filesFromDrop } from './files-from-drop';

/** What Chromium's entries API gives for a dropped folder, in memory; `chunk` entries per readEntries call. */
function folder(name: string, children: FileSystemEntry[], chunk = 2): FileSystemDirectoryEntry {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (success: (entries: FileSystemEntry[]) => void) => {
          const next = children.slice(offset, offset + chunk);
          offset += chunk;
          queueMicrotask(() => success(next));
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

function file(name: string): FileSystemFileEntry {
  const made = new File(['x'], name, { type: 'image/jpeg' });
  return {
    name,
    isFile: true,
    isDirectory: false,
    file: (success: (file: File) => void) => queueMicrotask(() => success(made)),
  } as unknown as FileSystemFileEntry;
}

const transferOf = (entries: (FileSystemEntry | null)[], files: File[] = []) =>
  ({
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
    files,
  }) as unknown as DataTransfer;

describe('files of a drop', () => {
  it('walks dropped folders and their subfolders, reading every chunk, in numbered order', async () => {
    const survey = folder('survey', [
      file('IMG_10.jpg'),
      file('IMG_9.jpg'),
      folder('port', [file('P_2.jpg'), file('P_1.jpg'), file('P_3.jpg')]),
      file('IMG_1.jpg'),
    ]);
    const names = (await filesFromDrop(transferOf([survey, file('loose.jpg')]))).map((found) => found.name);
    expect(names).toEqual([
      'IMG_1.jpg',
      'IMG_9.jpg',
      'IMG_10.jpg',
      'P_1.jpg',
      'P_2.jpg',
      'P_3.jpg',
      'loose.jpg',
    ]);
  });

  it('falls back to the plain file list where the browser gives no entries', async () => {
    const plain = new File(['x'], 'a.jpg');
    expect(await filesFromDrop(transferOf([null], [plain]))).toEqual([plain]);
  });
});
