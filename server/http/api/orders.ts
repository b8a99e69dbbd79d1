/**
 * Orders for staff (issue 29, decision 0150):
 *   GET  /api/admin/suppliers[?archived=1]         suppliers by name (archived ones too, when asked)
 *   POST /api/admin/suppliers                      a new supplier
 *   PUT  /api/admin/suppliers/{id}                 a supplier's fields
 *   POST /api/admin/suppliers/{id}/archive         { archived: true | false }
 *   GET  /api/leads/{id}/lines                     an ordered lead's purchase lines
 *   POST /api/leads/{id}/lines                     a new line
 *   PATCH /api/leads/{id}/lines/{lineId}             a line's details, with the `revision` read
 *   POST /api/leads/{id}/lines/{lineId}/step         { to, revision }: one step forward (or more)
 *   POST /api/leads/{id}/lines/{lineId}/undo         { revision }: back to the step before the last move
 *   PUT  /api/leads/{id}/auto-texts                { on }: the order's texts to the customer on or off
 * A line moved by someone else since it was read answers 409 with the message; bad input 400. The
 * changes are declared in server/changes/orders.ts (decision 0182); a part's cost is in dollars, as
 * staff type it.
 */
import { Router } from 'express';
import type { Config } from '../../config.ts';
import { requireRowId } from '../../validation.ts';
import type { Services } from '../../services/index.ts';
import { requireAdmin } from '../auth.ts';
import { apiChange } from '../change.ts';

export function ordersRouter(services: Services, config: Config): Router {
  const router = Router();
  const admin = requireAdmin(config);
  const orders = services.orders;
  const change = (name: Parameters<typeof apiChange>[2], rename?: Record<string, string>) =>
    apiChange(services, config, name, { rename });
  const line = { id: 'lead', lineId: 'line' };

  router.get('/admin/suppliers', admin, async (req, res) => {
    res.json(await orders.suppliers.list({ archived: req.query.archived === '1' }));
  });
  router.post('/admin/suppliers', change('suppliers.create'));
  router.put('/admin/suppliers/:id', change('suppliers.update'));
  router.post('/admin/suppliers/:id/archive', change('suppliers.archive'));

  router.get('/leads/:id/lines', admin, async (req, res) => {
    res.json(await orders.lines(requireRowId(req.params.id)));
  });
  router.post('/leads/:id/lines', change('orders.addLine', { id: 'lead' }));
  router.patch('/leads/:id/lines/:lineId', change('orders.changeLine', line));
  router.post('/leads/:id/lines/:lineId/step', change('orders.moveLine', line));
  router.post('/leads/:id/lines/:lineId/undo', change('orders.undoLine', line));
  router.put('/leads/:id/auto-texts', change('orders.setAutoTexts', { id: 'lead' }));
  return router;
}
