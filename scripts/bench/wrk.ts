/**
 * The load generator of the benchmarks that compare the app with nginx (decision 0168): wrk, from
 * Debian's package, one thread. autocannon parses every answer in JavaScript and cannot load nginx,
 * nor the page cache, faster than about 20,000 answers a second on one core: against either it sets
 * the pace itself, and their ratio says nothing of the server. wrk spends a few µs per answer, so
 * the server under test is what runs out of processor. `clientCpuShare` says how busy wrk was: near
 * one core, the figure is wrk's, not the server's (the bench says so).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { cpuMs } from './cpu.ts';
import { findDebianProgram } from './debian.ts';

export type WrkResult = {
  requestsPerSecond: number;
  requests: number;
  durationSeconds: number;
  latencyMs: { average: number; p50: number; p75: number; p90: number; p99: number; max: number };
  /** Answers with a status of 400 or more (wrk counts 1xx–3xx as answered). */
  non2xx: number;
  /** Connections that failed to connect, read or write. */
  errors: number;
  timeouts: number;
  /** wrk's processor time over the run as a share of one core (0–1); null without /proc. */
  clientCpuShare: number | null;
};

/** The wrk binary (Debian's, or one on the PATH), installing Debian's `wrk` when possible; or why there is none. */
export function findWrk(): { binary: string } | { missing: string } {
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, 'wrk'));
  return findDebianProgram({
    purpose: 'the load',
    candidates: ['/usr/bin/wrk', ...onPath],
    debianPackage: 'wrk',
  });
}

const MS_PER: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A duration as wrk prints it (`812.00us`, `1.22ms`, `2.01s`), in milliseconds. */
function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text);
  if (!match) throw new Error(`wrk printed a duration it should not: ${text}`);
  return Number(match[1]) * MS_PER[match[2]!]!;
}

/** The figures of wrk's report (`wrk --latency`); throws when a figure the bench needs is missing. */
export function parseWrk(report: string): Omit<WrkResult, 'clientCpuShare'> {
  const find = (pattern: RegExp, what: string) => {
    const match = pattern.exec(report);
    if (!match) throw new Error(`wrk's report has no ${what}:\n${report}`);
    return match;
  };
  const latency = find(/^\s*Latency\s+(\S+)\s+\S+\s+(\S+)/m, 'latency line');
  const percentile = (p: number) =>
    durationMs(find(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm'), `${p}% latency`)[1]!);
  const total = find(/^\s*(\d+) requests in ([\d.]+)(us|ms|s|m|h)/m, 'request count');
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  return {
    requestsPerSecond: Number(find(/^Requests\/sec:\s+([\d.]+)/m, 'requests per second')[1]),
    requests: Number(total[1]),
    durationSeconds: durationMs(`${total[2]}${total[3]}`) / 1000,
    latencyMs: {
      average: durationMs(latency[1]!),
      p50: percentile(50),
      p75: percentile(75),
      p90: percentile(90),
      p99: percentile(99),
      max: durationMs(latency[2]!),
    },
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0),
    errors: sockets ? Number(sockets[1]) + Number(sockets[2]) + Number(sockets[3]) : 0,
    timeouts: sockets ? Number(sockets[4]) : 0,
  };
}

/**
 * Loads `url` with wrk for `durationSeconds` (one thread, `connections` kept open) and reads its
 * report. Rejects when wrk fails or `signal` aborts (wrk is stopped).
 */
export function runWrk(
  binary: string,
  options: {
    url: string;
    connections: number;
    durationSeconds: number;
    headers: Record<string, string>;
    timeoutSeconds: number;
    signal?: AbortSignal;
  },
): Promise<WrkResult> {
  if (options.signal?.aborted) return Promise.reject(options.signal.reason);
  const args = [
    '--threads=1',
    `--connections=${options.connections}`,
    `--duration=${options.durationSeconds}s`,
    `--timeout=${options.timeoutSeconds}s`,
    '--latency',
    ...Object.entries(options.headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    options.url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // its processor time, read while it runs (/proc forgets it once it has exited)
    let cpu: number | undefined;
    const startedAt = performance.now();
    const sample = () => {
      const now = child.pid === undefined ? undefined : cpuMs(child.pid);
      if (now !== undefined) cpu = now;
    };
    const sampler = setInterval(sample, 100);
    const abort = () => child.kill('SIGTERM');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (err) => {
      clearInterval(sampler);
      reject(err);
    });
    child.on('close', (code) => {
      clearInterval(sampler);
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted) return reject(options.signal.reason);
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${output}`));
      try {
        const figures = parseWrk(output);
        const wall = performance.now() - startedAt;
        resolve({ ...figures, clientCpuShare: cpu === undefined ? null : cpu / wall });
      } catch (err) {
        reject(err);
      }
    });
  });
}
