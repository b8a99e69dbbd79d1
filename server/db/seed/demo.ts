/** Demo content (SEED_DEMO): catalog items, blog posts and leads. Idempotent. */
import type { ServiceDeps } from '../../services/context.ts';

export async function seedDemoContent(_deps: ServiceDeps): Promise<void> {
  // filled in below
}
