import { type Config, parseConfig } from './config.js';
import { dataDirJwtSecret, prepareDataDir } from './data-dir.js';

/**
 * A process's configuration: the environment's (parseConfig, which throws ConfigError listing every
 * bad value), after the start-up step that creates DATA_DIR and, without JWT_SECRET, the secret kept there.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseConfig(env);
  prepareDataDir(parsed.dataDir);
  return { ...parsed, jwtSecret: parsed.jwtSecret ?? dataDirJwtSecret(parsed.dataDir) };
}
