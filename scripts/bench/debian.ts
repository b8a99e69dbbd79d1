/**
 * A program the benchmarks need from Debian's packages (nginx for the reference, wrk for the load):
 * found where Debian puts it, or installed with apt-get when missing and the script runs as root on
 * Debian; otherwise the reason there is none, which the bench prints.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function findDebianProgram(tool: {
  /** What the program is for, in the message printed while it installs. */
  purpose: string;
  /** Where Debian's package puts the binary. */
  candidates: readonly string[];
  debianPackage: string;
}): { binary: string } | { missing: string } {
  const found = () => tool.candidates.find((p) => fs.existsSync(p));
  let binary = found();
  if (!binary && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log(
      `${tool.debianPackage} is missing: installing Debian’s ${tool.debianPackage} for ${tool.purpose}…`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    spawnSync('apt-get', ['install', '-y', '-qq', tool.debianPackage], { stdio: 'ignore', env });
    binary = found();
  }
  if (!binary) {
    return {
      missing:
        process.getuid?.() === 0
          ? `${tool.debianPackage} could not be installed (apt-get install ${tool.debianPackage} failed)`
          : `${tool.debianPackage} is not installed and this is not root (apt-get install ${tool.debianPackage} as root adds it)`,
    };
  }
  return { binary };
}
