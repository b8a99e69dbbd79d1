/**
 * GET /manifest.webmanifest (issue 51 item 5, decision 0206): the back office's web app manifest,
 * with the site's name. Public (a browser fetches it without cookies), the same for everyone.
 */
import type { RequestHandler } from 'express';
import { appManifest } from '#app/modules/site/app-manifest.ts';
import type { Config } from '../config.ts';

export function appManifestHandler(config: Config): RequestHandler {
  const body = JSON.stringify(appManifest(config.site.name));
  return (_req, res) => {
    res.type('application/manifest+json').set('Cache-Control', 'public, max-age=3600').send(body);
  };
}
