/**
 * Texting (issue 8, decision 0060; docs/sms.md): Twilio's two webhooks, public but signed
 * (X-Twilio-Signature over BASE_URL + path and the form parameters; 403 otherwise). The staff text
 * is the Lead Details dialog's (intent 'text', decision 0182).
 */
import express, { Router, type RequestHandler } from 'express';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/index.ts';
import { withoutUnstorable } from '../../validation.ts';

export const BAD_SIGNATURE = 'This request is not signed by Twilio.';

export function smsRouter(services: Services): Router {
  const router = Router();
  // Twilio posts application/x-www-form-urlencoded: a text with ten media items stays far below this
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 });
  const signedByTwilio: RequestHandler = (req, _res, next) => {
    const params = (req.body ?? {}) as Record<string, unknown>;
    if (!services.texting.verifyWebhook(req.get('X-Twilio-Signature'), req.originalUrl, params))
      throw new AppError(403, BAD_SIGNATURE);
    // signed over the original values; PostgreSQL cannot store U+0000, so it goes and the text stays
    req.body = withoutUnstorable(params);
    next();
  };

  router.post('/sms/inbound', form, signedByTwilio, async (req, res) => {
    const { twiml } = await services.texting.receiveText(req.body as Record<string, unknown>);
    res.type('text/xml').send(twiml);
  });

  router.post('/sms/status', form, signedByTwilio, async (req, res) => {
    await services.texting.receiveStatus(req.body as Record<string, unknown>);
    res.status(204).end();
  });

  return router;
}
