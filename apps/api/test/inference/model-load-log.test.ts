import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listModelFolders } from '../../src/inference/model-files.js';
import { repositoryRoot } from '../support/server-process.js';

const run = promisify(execFile);
const modelsDir = path.join(repositoryRoot, 'models');

/** onnxruntime's own log lines, which bypass the server's structured log: `[W:onnxruntime:, ...]`. */
const ONNXRUNTIME_LINE = /\[[VIWEF]:onnxruntime/;

describe('loading the shipped models', () => {
  it('writes nothing to the log from onnxruntime, bundled or INT8 (a model reloads after every idle release)', async () => {
    const folders = [
      ...(await listModelFolders(modelsDir)),
      ...(await listModelFolders(path.join(modelsDir, 'int8'))),
    ];
    expect(folders.map((folder) => path.relative(modelsDir, folder)).sort()).toEqual(
      expect.arrayContaining(['base', 'evo', path.join('int8', 'base')]),
    );
    const { stdout, stderr } = await run(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        path.join('apps', 'api', 'test', 'support', 'load-model-sessions.ts'),
        ...folders,
      ],
      { cwd: repositoryRoot },
    );
    expect(stdout.trim().split('\n')).toHaveLength(folders.length);
    expect(stderr.split('\n').filter((line) => ONNXRUNTIME_LINE.test(line))).toEqual([]);
  }, 60_000);
});
