/**
 * What a page costs a browser, beside the load scripts/bench.ts puts on the server: the JavaScript
 * it loads (gzipped) and its Lighthouse mobile performance score.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The JavaScript a page makes the browser load: its scripts and module preloads, gzipped. */
export async function pageScripts(
  baseUrl: string,
  page: string,
): Promise<{ files: number; gzipBytes: number }> {
  const html = await (await fetch(baseUrl + page)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.add(m[1]!);
  let gzipBytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, baseUrl + page))).arrayBuffer());
    gzipBytes += zlib.gzipSync(body).length;
  }
  return { files: urls.size, gzipBytes };
}

/** Lighthouse mobile performance of `pages`, from scripts/lighthouse.ts (its own server and Chromium). */
export function lighthouseScores(root: string, pages: string[]): Map<string, number | null> {
  console.log('  Lighthouse (mobile) on the pages …');
  const run = spawnSync(process.execPath, ['scripts/lighthouse.ts', ...pages.flatMap((p) => ['--only', p])], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  });
  const scores = new Map<string, number | null>();
  const file = path.join(root, 'bench-results', 'lighthouse.json');
  if (run.status !== 0 || !fs.existsSync(file)) {
    console.log(
      `  Lighthouse did not run (exit ${run.status}): ${(run.stderr || run.stdout).trim().split('\n').pop()}`,
    );
    return scores;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    results: { path: string; scores: { performance: number | null } }[];
  };
  for (const r of report.results)
    scores.set(r.path, r.scores.performance === null ? null : Math.round(r.scores.performance * 100));
  return scores;
}
