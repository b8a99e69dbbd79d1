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
import { Router } from 'express';
import type { Config } from '../../config.ts';
import type { Services } from '../../services/index.ts';
import { requireAdmin, requireOwner } from '../auth.ts';
import { apiChange } from '../change.ts';

export function ownerRouter(services: Services, config: Config): Router {
  const router = Router();
  router.use('/owner', requireAdmin(config), requireOwner);
  const team = services.team;
  // the team's and the settings' changes (server/changes/team.ts, decision 0182)
  const change = (name: Parameters<typeof apiChange>[2], options?: { body: false }) =>
    apiChange(services, config, name, options);

  router.get('/owner/team', async (_req, res) => {
    res.json(await team.list());
  });
  router.post('/owner/team', change('team.add'));
  router.post('/owner/team/:id/disabled', change('team.setDisabled'));
  router.post('/owner/team/:id/reset-password', change('team.resetPassword', { body: false }));
  router.get('/owner/audit', async (req, res) => {
    res.json(await team.audit(req.query as Record<string, unknown>));
  });
  router.get('/owner/settings', async (_req, res) => {
    res.json(await services.settings.get());
  });
  router.put('/owner/settings', change('settings.update'));
  return router;
}
