/**
 * Staff accounts from the command line:
 *   npm run admin -- create <username> [--owner]   (a staff account, or an owner's; password read from standard input)
 *   npm run admin -- set-password <username>   (password read from standard input; ends the user's sessions)
 *   npm run admin -- set-name <username>   (the display name the back office shows, read from standard input)
 * On a terminal the password is asked for without echo; piped input is read to its end.
 * The rules and the writes are the admin-account service's; this file only talks to the terminal.
 */
import { configOrFail, fail } from './terminal.ts';
import { migrate, openDatabase } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { ACCOUNT_RULES, ACCOUNT_TEXT, adminAccountService } from '../services/admin-account.ts';

const USAGE =
  'Usage: npm run admin -- create <username> [--owner] | set-password <username> | set-name <username>';
const COMMANDS = ['create', 'set-password', 'set-name'];
/** What to do next, after the service's refusal. */
const HINTS: Record<number, string> = {
  409: 'Use set-password to change the password.',
  404: 'Use create to add one.',
};

/** A display name: asked on a terminal (with echo), else standard input read to its end. */
async function readName(): Promise<string> {
  if (!process.stdin.isTTY) {
    let data = '';
    for await (const chunk of process.stdin) data += chunk;
    return data.replace(/\r?\n$/, '');
  }
  const { createInterface } = await import('node:readline/promises');
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question('Name, as the back office shows it: ');
  } finally {
    terminal.close();
  }
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
  const args = process.argv.slice(2);
  const owner = args.includes('--owner');
  const [command, username, ...rest] = args.filter((a) => a !== '--owner');
  if (!command || !username || rest.length || !COMMANDS.includes(command)) fail(USAGE);
  if (owner && command !== 'create') fail(USAGE);
  // before asking for a password that could not be used
  if (!ACCOUNT_RULES.username.test(username)) fail(ACCOUNT_TEXT.badUsername);

  const config = configOrFail();
  const naming = command === 'set-name';
  const name = naming ? await readName() : '';
  const password = naming ? '' : await readPassword();
  if (!naming && password.length < ACCOUNT_RULES.minPasswordLength) fail(ACCOUNT_TEXT.shortPassword);

  const database = openDatabase(config.database);
  let refusal: string | undefined;
  try {
    await migrate(database);
    const accounts = adminAccountService({
      db: database.db,
      config,
      logger: createLogger(config.logLevel),
      now: () => new Date(),
    });
    if (command === 'create') {
      await accounts.createUser(username, password, owner ? 'owner' : 'staff');
      console.log(`Created ${username}${owner ? ', an owner' : ''}.`);
    } else if (naming) {
      await accounts.setDisplayName(username, name);
      console.log(`${username} is now shown as ${name.trim()}.`);
    } else {
      await accounts.setPassword(username, password);
      console.log(`Password changed for ${username}; their sessions were signed out.`);
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    refusal = [err.message, HINTS[err.status]].filter(Boolean).join(' ');
  } finally {
    await database.close();
  }
  if (refusal) fail(refusal);
}

await main();
