/** The Express app over a test database, for HTTP-level tests with supertest (no page rendering). */
import { createApp } from '#server/app.ts';
import type { ServiceDeps, Services } from '#server/services/index.ts';

export function createTestApp(deps: ServiceDeps, services: Services) {
  return createApp({ config: deps.config, services, logger: deps.logger, files: deps.files });
}
