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
 * A line moved by someone else since it was read answers 409 with the message; bad input 400.
 */
import { Router, type RequestHandler } from 'express';
import { parseRowId } from '#app/modules/site/row-id.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/index.ts';
import { currentSession, requireAdmin } from '../auth.ts';
import { jsonBody } from '../body.ts';

export function ordersRouter(services: Services, config: Config): Router {
  const router = Router();
  const admin = requireAdmin(config);
  const body = jsonBody('16kb');
  const orders = services.orders;
  const actorOf = (res: Parameters<RequestHandler>[1]) => currentSession(res)?.user.username ?? 'staff';
  const idOf = (value: unknown, what: string) => {
    const id = parseRowId(value);
    if (id === undefined) throw new AppError(404, what);
    return id;
  };
  const lead = (value: unknown) => idOf(value, 'Lead not found');
  const line = (value: unknown) => idOf(value, 'Part not found on this order');
  const supplier = (value: unknown) => idOf(value, 'Supplier not found');

  router.get('/admin/suppliers', admin, async (req, res) => {
    res.json(await orders.suppliers.list({ archived: req.query.archived === '1' }));
  });
  router.post('/admin/suppliers', admin, body, async (req, res) => {
    res.status(201).json(await orders.suppliers.create(req.body));
  });
  router.put('/admin/suppliers/:id', admin, body, async (req, res) => {
    res.json(await orders.suppliers.update(supplier(req.params.id), req.body));
  });
  router.post('/admin/suppliers/:id/archive', admin, body, async (req, res) => {
    res.json(await orders.suppliers.archive(supplier(req.params.id), req.body));
  });

  router.get('/leads/:id/lines', admin, async (req, res) => {
    res.json(await orders.lines(lead(req.params.id)));
  });
  router.post('/leads/:id/lines', admin, body, async (req, res) => {
    res.status(201).json(await orders.addLine(lead(req.params.id), req.body, actorOf(res)));
  });
  router.patch('/leads/:id/lines/:lineId', admin, body, async (req, res) => {
    res.json(await orders.changeLine(lead(req.params.id), line(req.params.lineId), req.body, actorOf(res)));
  });
  router.post('/leads/:id/lines/:lineId/step', admin, body, async (req, res) => {
    res.json(await orders.moveLine(lead(req.params.id), line(req.params.lineId), req.body, actorOf(res)));
  });
  router.post('/leads/:id/lines/:lineId/undo', admin, body, async (req, res) => {
    res.json(await orders.undoLine(lead(req.params.id), line(req.params.lineId), req.body, actorOf(res)));
  });
  router.put('/leads/:id/auto-texts', admin, body, async (req, res) => {
    await orders.setAutoTexts(lead(req.params.id), req.body, actorOf(res));
    res.status(204).end();
  });
  return router;
}
