/**
 * The /find-my-part form's browser entry (decision 0112), built as a chunk of its own
 * (vite.config.ts, `islands`). It is tiny: React and the form (request-form.hydrate.tsx) are
 * fetched after the first frame, so on a slow line the heading and the first field never wait
 * for them (a module script and its imports fetched at once compete with the page's own bytes).
 */
// first: zod (loaded later, with the schema) must find its browser configuration (decision 0083)
import '#app/zod-jitless.ts';

const hydrate = () => void import('./request-form.hydrate.tsx');
if (document.visibilityState === 'hidden') hydrate();
else requestAnimationFrame(() => setTimeout(hydrate, 0));
