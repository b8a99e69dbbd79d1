/** Signs a staff member in through the real login endpoint and hands back what a browser would hold. */
import request from 'supertest';
import type { Express } from 'express';
import { insertUser, type Role } from '#server/db/repo/users.ts';
import type { ServiceDeps } from '#server/services/index.ts';
import { hashPassword } from '#server/services/passwords.ts';

export const STAFF = { username: 'staff', password: 'correct horse battery' };

/** A staff account (`role` 'owner' for the tests that call every endpoint, the owner's too). */
export async function createStaff(deps: ServiceDeps, user = STAFF, role: Role = 'staff'): Promise<void> {
  await insertUser(
    deps.db,
    {
      username: user.username,
      displayName: 'Sam Staff',
      passwordHash: await hashPassword(user.password),
      role,
    },
    deps.now(),
  );
}

export async function signIn(app: Express, user = STAFF): Promise<{ cookie: string; token: string }> {
  const res = await request(app).post('/api/admin/login').send(user).expect(200);
  const setCookie = res.headers['set-cookie'] as unknown as string[];
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  return { cookie, token: res.body.token as string };
}
