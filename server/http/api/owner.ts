/**
 * The owner's endpoints (issue 30 item 5, decision 0160), all under /api/owner/ and all behind
 * requireAdmin then requireOwner (403 for staff):
 *   GET  /api/owner/team                        every account, owners first
 *   POST /api/owner/team                        { username, displayName }: a staff member; 201 with
 *                                               the generated password, shown this once
 *   POST /api/owner/team/{id}/disabled          { disabled: true | false }
 *   POST /api/owner/team/{id}/reset-password    a new generated password, shown this once
 *   GET  /api/owner/audit[?actor&action&from&until&before]  the audit log, newest first
 *   GET  /api/owner/settings                    the follow-up texts and review requests (issue 30)
 *   PUT  /api/owner/settings                    the same, changed (audited)
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Services } from '../../services/index.ts';
import { parseInput, requireRowId } from '../../validation.ts';
import { currentSession, requireAdmin, requireOwner } from '../auth.ts';
import { jsonBody } from '../body.ts';

const disabledSchema = z.object({ disabled: z.boolean({ message: 'Say disabled: true or false.' }) });

export function ownerRouter(services: Services, config: Config): Router {
  const router = Router();
  router.use('/owner', requireAdmin(config), requireOwner);
  const body = jsonBody('16kb');
  const team = services.team;
  // requireOwner ran: there is a session, the owner's
  const me = (res: Response) => currentSession(res)!.user;

  router.get('/owner/team', async (_req, res) => {
    res.json(await team.list());
  });
  router.post('/owner/team', body, async (req, res) => {
    res.status(201).json(await team.add(req.body, me(res)));
  });
  router.post('/owner/team/:id/disabled', body, async (req, res) => {
    const id = requireRowId(req.params.id);
    const { disabled } = parseInput(disabledSchema, req.body);
    await team.setDisabled(id, disabled, me(res));
    res.status(204).end();
  });
  router.post('/owner/team/:id/reset-password', async (req, res) => {
    res.json(await team.resetPassword(requireRowId(req.params.id), me(res)));
  });
  router.get('/owner/audit', async (req, res) => {
    res.json(await team.audit(req.query as Record<string, unknown>));
  });
  router.get('/owner/settings', async (_req, res) => {
    res.json(await services.settings.get());
  });
  router.put('/owner/settings', body, async (req, res) => {
    res.json(await services.settings.update(req.body, me(res)));
  });
  return router;
}
