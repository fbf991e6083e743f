import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/load-config.js';
import { type TestApp, createTestApp } from '../support/test-app.js';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('scheduled backups', () => {
  it('are on by default in the embedded default only, every 24 hours, keeping 7', () => {
    const embedded = loadConfig({ DATA_DIR: '/tmp/hullscope-schedule-defaults' });
    expect(embedded.backup).toEqual({
      dir: '/tmp/hullscope-schedule-defaults/backups',
      intervalHours: 24,
      keep: 7,
      beforeMigrate: true,
    });
    const scaled = loadConfig({
      DATA_DIR: '/tmp/hullscope-schedule-defaults',
      DATABASE_URL: 'postgres://h@db/h',
    });
    expect(scaled.backup.intervalHours).toBe(0);
  });

  it('run when due, with a complete backup and its outcome in BACKUP_DIR', async () => {
    // 0.0005 hours: 1.8 s after the start, as no backup exists yet.
    testApp = await createTestApp({ BACKUP_INTERVAL_HOURS: '0.0005' });
    await testApp.app.ready();
    const dir = testApp.config.backup.dir;
    const deadline = Date.now() + 30_000;
    let outcomes = '';
    while (!outcomes.includes('"outcome":"ok"')) {
      if (Date.now() > deadline) throw new Error('no scheduled backup within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
      outcomes = await readFile(path.join(dir, 'backups.log'), 'utf8').catch(() => '');
    }
    const [folder] = (await readdir(dir)).filter((name) => name.startsWith('hullscope-'));
    const manifest = JSON.parse(await readFile(path.join(dir, folder!, 'manifest.json'), 'utf8'));
    expect(manifest.mode).toBe(testApp.config.database.dialect === 'sqlite' ? 'embedded' : 'postgres');
    expect(manifest.schema).toMatch(/^\d{4}-/);
  });
});
