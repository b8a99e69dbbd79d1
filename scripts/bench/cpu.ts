/**
 * A process's CPU time, for the benchmarks' 'CPU ms per request': unlike latency, load elsewhere
 * on the machine barely changes it. Linux only (/proc); undefined elsewhere or once the process is
 * gone.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const clockTicksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** The process's CPU time so far (user + system), in milliseconds. */
export function cpuMs(pid: number): number | undefined {
  try {
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return undefined;
  }
}

/**
 * The CPU time so far of the process and of its children (the workers of a cluster's primary,
 * WEB_CONCURRENCY > 1), in milliseconds: only the children alive now count.
 */
export function treeCpuMs(pid: number): number | undefined {
  const own = cpuMs(pid);
  if (own === undefined) return undefined;
  let children: number[] = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    // no /proc/…/children (a kernel without it): the process alone
  }
  return children.reduce((sum, child) => sum + (cpuMs(child) ?? 0), own);
}
