/** Lists every endpoint mounted on an Express 5 app by walking its router stack. */
import type { Express } from 'express';

export type Endpoint = { method: string; path: string };

type Layer = {
  name?: string;
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

function walk(stack: Layer[], prefix: string, out: Endpoint[]) {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const p of paths) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push({ method: method.toUpperCase(), path: prefix + p });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      walk(layer.handle.stack, prefix + mount, out);
    }
  }
}

export function listEndpoints(app: Express): Endpoint[] {
  const out: Endpoint[] = [];
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', out);
  return out;
}

/** A concrete URL for a route pattern: every :param becomes a harmless value. */
export function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'));
}
