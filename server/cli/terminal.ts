/**
 * What the commands (`npm run admin`, `backup`, `restore`) share: a message on standard error and
 * exit 1, and the configuration, whose problems are such a message.
 */
import { ConfigError, loadConfig, type Config } from '../config.ts';

/** Says `message` on standard error and ends the command with exit code 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The configuration from the environment; a bad value ends the command with its problems. */
export function configOrFail(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}
