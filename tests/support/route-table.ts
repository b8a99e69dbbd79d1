/** Lists every endpoint mounted on an Express 5 app by walking its router stack. */
import type { Express } from 'express';

export type Endpoint = { method: string; path: string };

type Layer = {
  name?: string;
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean>; stack?: Layer[] };
  handle?: { stack?: Layer[] } & Record<symbol, unknown>;
};

/** An endpoint that performs a declared change (server/http/change.ts) and which. */
export type ChangeEndpoint = Endpoint & { change: string; rename: Record<string, string> };

const CHANGE_DOOR = Symbol.for('parts-hunters.change-door');

function walk(stack: Layer[], prefix: string, out: (Endpoint & { door?: unknown })[]) {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const door = layer.route.stack?.map((l) => l.handle?.[CHANGE_DOOR]).find(Boolean);
      for (const p of paths) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all')
            out.push({ method: method.toUpperCase(), path: prefix + p, ...(door ? { door } : {}) });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      walk(layer.handle.stack, prefix + mount, out);
    }
  }
}

function endpointsOf(app: Express) {
  const out: (Endpoint & { door?: unknown })[] = [];
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', out);
  return out;
}

export function listEndpoints(app: Express): Endpoint[] {
  return endpointsOf(app).map(({ method, path }) => ({ method, path }));
}

/** Every endpoint that performs a declared change, with the change (server/http/change.ts). */
export function listChangeEndpoints(app: Express): ChangeEndpoint[] {
  return endpointsOf(app).flatMap(({ method, path, door }) =>
    door ? [{ method, path, ...(door as { change: string; rename: Record<string, string> }) }] : [],
  );
}

/** A concrete URL for a route pattern: every :param becomes a harmless value. */
export function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'));
}
