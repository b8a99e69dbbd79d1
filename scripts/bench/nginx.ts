/**
 * The benchmarks' physical limit: nginx (Debian's package) serving, as static files, the very bytes
 * the app answered for each page (same body, same Content-Type and Content-Encoding), on loopback,
 * one worker process like the one Node process it is compared with. A figure for the app is then a
 * ratio to this one measured in the same run, which holds on a shared, noisy machine.
 *
 * `findNginx` installs `nginx-light` with apt-get when nginx is missing and the script runs as
 * root on Debian; otherwise it answers why it cannot, and the bench prints that instead of ratios.
 *
 * Started as root, nginx serves through a worker running as `nobody`: the folder of the recordings
 * is made readable to it, and `startNginx` checks that every page answers 200 with the recorded
 * bytes before any figure is taken. Until decision 0168 the folder was not readable, and every
 * nginx figure was that of its 404 page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { findDebianProgram } from './debian.ts';
import { freePort } from './server.ts';

/** One recorded answer of the app, to be served again by nginx. */
export type RecordedPage = { path: string; body: Buffer; contentType: string; contentEncoding?: string };

export type Nginx = {
  baseUrl: string;
  /** The nginx path serving the recording of `appPath`. */
  urlOf(appPath: string): string;
  stop(): Promise<void>;
};

/** The nginx binary, installing Debian's `nginx-light` when possible; or why there is none. */
export function findNginx(): { binary: string } | { missing: string } {
  return findDebianProgram({
    purpose: 'the reference figures',
    candidates: ['/usr/sbin/nginx', '/usr/bin/nginx'],
    debianPackage: 'nginx-light',
  });
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited with ${child.exitCode}`));
      try {
        await fetch(`http://127.0.0.1:${port}/`);
        resolve();
      } catch {
        if (Date.now() > deadline) reject(new Error('nginx did not answer within the time allowed'));
        else setTimeout(attempt, 50);
      }
    };
    void attempt();
  });
}

/** Starts nginx serving `pages` (each at /p<n>) on a free loopback port. */
export async function startNginx(binary: string, pages: readonly RecordedPage[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-hunters-nginx-'));
  // mkdtemp makes it 0700: nginx's worker (`nobody` when started as root) must read the pages
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, 'www'), { mode: 0o755 });
  fs.mkdirSync(path.join(dir, 'tmp'));
  const port = await freePort();
  const locations = pages.map((page, i) => {
    fs.writeFileSync(path.join(dir, 'www', `p${i}`), page.body, { mode: 0o644 });
    const encoding = page.contentEncoding ? `add_header Content-Encoding ${page.contentEncoding};` : '';
    return `location = /p${i} { types { } default_type "${page.contentType}"; ${encoding} try_files /p${i} =404; }`;
  });
  const tmp = path.join(dir, 'tmp');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  etag off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    ${locations.join('\n    ')}
  }
}
`,
  );
  const child = spawn(
    binary,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPort(port, child, 10_000);
    // a figure of anything but the page itself (a 404, an error page) would be no reference at all
    for (const [i, page] of pages.entries()) {
      const answer = await fetchRaw(`http://127.0.0.1:${port}/p${i}`);
      if (answer.status !== 200 || !answer.body.equals(page.body)) {
        throw new Error(
          `nginx answered ${answer.status} with ${answer.body.length} bytes for the recording of ${page.path} (${page.body.length} bytes)`,
        );
      }
    }
  } catch (err) {
    child.kill('SIGKILL');
    const log = fs.existsSync(path.join(dir, 'error.log'))
      ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8')
      : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}${log ? `\n${log}` : ''}`, { cause: err });
  }
  const index = new Map(pages.map((page, i) => [page.path, `/p${i}`]));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    urlOf: (appPath) => {
      const p = index.get(appPath);
      if (!p) throw new Error(`no recording of ${appPath}`);
      return p;
    },
    async stop() {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** GET `url` with node:http, not fetch: fetch would decode a compressed body. */
function fetchRaw(
  url: string | URL,
  headers: Record<string, string> = {},
): Promise<{ status: number | undefined; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode, body: Buffer.concat(chunks), headers: res.headers }),
      );
    });
    req.on('error', reject);
  });
}

/** Fetches `appPath` from the app as a browser would and keeps the exact bytes and headers. */
export async function recordPage(
  baseUrl: string,
  appPath: string,
  headers: Record<string, string>,
): Promise<RecordedPage> {
  const answer = await fetchRaw(new URL(appPath, baseUrl), headers);
  if (answer.status !== 200) throw new Error(`GET ${appPath} answered ${answer.status}`);
  return {
    path: appPath,
    body: answer.body,
    contentType: String(answer.headers['content-type'] ?? 'text/html'),
    contentEncoding: answer.headers['content-encoding'],
  };
}
