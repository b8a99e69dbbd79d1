/** Makes sure the configured admin account exists at start (DESIGN §3). */
import fs from 'node:fs/promises';
import path from 'node:path';
import { findUserByUsername, insertUser, updateUserPassword } from '../db/repo/users.ts';
import type { ServiceDeps } from './context.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

export function adminAccountService({ db, config, now, logger }: ServiceDeps) {
  return {
    /**
     * With ADMIN_PASSWORD set, the admin exists with that password. Without it, an existing admin is
     * left alone; a missing one is created with a random password, returned once (to print) and
     * written to DATA_DIR/initial-admin-password with mode 600.
     */
    async ensureAdmin(): Promise<{ created: boolean; generatedPassword?: string; passwordFile?: string }> {
      const { username, password } = config.admin;
      const existing = await findUserByUsername(db, username);
      if (existing) {
        if (password && !(await verifyPassword(password, existing.passwordHash))) {
          await updateUserPassword(db, existing.id, await hashPassword(password), now());
          logger.info({ username }, 'admin password updated from ADMIN_PASSWORD');
        }
        return { created: false };
      }
      const chosen = password ?? generatePassword();
      await insertUser(
        db,
        { username, displayName: username, passwordHash: await hashPassword(chosen) },
        now(),
      );
      if (password) return { created: true };
      const passwordFile = path.join(config.dataDir, INITIAL_PASSWORD_FILE);
      await fs.mkdir(config.dataDir, { recursive: true });
      await fs.writeFile(passwordFile, `${chosen}\n`, { mode: 0o600 });
      await fs.chmod(passwordFile, 0o600);
      return { created: true, generatedPassword: chosen, passwordFile };
    },
  };
}
