/**
 * Staff accounts from the command line:
 *   npm run admin -- create <username>         (password read from standard input)
 *   npm run admin -- set-password <username>   (password read from standard input; ends the user's sessions)
 * On a terminal the password is asked for without echo; piped input is read to its end.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/index.ts';
import { deleteSessionsOfUser } from '../db/repo/sessions.ts';
import { findUserByUsername, insertUser, updateUserPassword } from '../db/repo/users.ts';
import { hashPassword } from '../services/passwords.ts';

export const MIN_PASSWORD_LENGTH = 10;
const USAGE = 'Usage: npm run admin -- create <username> | set-password <username>';
const USERNAME = /^[a-zA-Z0-9._-]{3,64}$/;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readPassword(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let data = '';
    for await (const chunk of stdin) data += chunk;
    return data.replace(/\r?\n$/, '');
  }
  process.stdout.write('Password: ');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let value = '';
    const onData = (key: string) => {
      for (const ch of key) {
        if (ch === '\u0003') {
          process.stdout.write('\n');
          process.exit(130);
        } else if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        } else if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  const [command, username] = process.argv.slice(2);
  if (!command || !username || !['create', 'set-password'].includes(command)) fail(USAGE);
  if (!USERNAME.test(username))
    fail('The username must be 3-64 letters, digits, dots, dashes or underscores.');

  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const password = await readPassword();
  if (password.length < MIN_PASSWORD_LENGTH)
    fail(`The password is too short: use at least ${MIN_PASSWORD_LENGTH} characters.`);

  const database = openDatabase(config.database);
  try {
    await migrate(database);
    const existing = await findUserByUsername(database.db, username);
    const now = new Date();
    if (command === 'create') {
      if (existing) fail(`A user named ${username} already exists. Use set-password to change the password.`);
      await insertUser(
        database.db,
        { username, displayName: username, passwordHash: await hashPassword(password) },
        now,
      );
      console.log(`Created ${username}.`);
    } else {
      if (!existing) fail(`No user named ${username}. Use create to add one.`);
      await updateUserPassword(database.db, existing.id, await hashPassword(password), now);
      await deleteSessionsOfUser(database.db, existing.id);
      console.log(`Password changed for ${username}; their sessions were signed out.`);
    }
  } finally {
    await database.close();
  }
}

await main();
