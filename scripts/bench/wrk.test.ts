/** The benchmarks read wrk's report (scripts/bench/wrk.ts): every figure, in milliseconds. */
import { describe, expect, it } from 'vitest';
import { parseWrk } from './wrk.ts';

// wrk 4.1.0's report of nginx answering 404 (Debian bookworm), and one with socket errors
const NOT_FOUND = `Running 1s test @ http://127.0.0.1:18081/nothing
  1 threads and 20 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   138.39us  164.14us   3.49ms   98.40%
    Req/Sec   155.85k     8.84k  164.45k    90.00%
  Latency Distribution
     50%  117.00us
     75%  132.00us
     90%  156.00us
     99%  645.00us
  155095 requests in 1.00s, 45.56MB read
  Non-2xx or 3xx responses: 155095
Requests/sec: 154934.95
Transfer/sec:     45.51MB
`;
const SLOW = `Running 10s test @ http://127.0.0.1:4000/
  1 threads and 20 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    31.20ms   12.10ms    1.52s    91.00%
    Req/Sec   547.10     40.20   610.00     70.00%
  Latency Distribution
     50%   30.50ms
     75%   36.00ms
     90%   42.10ms
     99%    1.05s
  5471 requests in 10.01s, 12.30MB read
  Socket errors: connect 2, read 3, write 1, timeout 4
Requests/sec:    546.55
Transfer/sec:      1.23MB
`;

describe('parseWrk', () => {
  it('reads throughput, latency in ms and failed answers', () => {
    expect(parseWrk(NOT_FOUND)).toEqual({
      requestsPerSecond: 154934.95,
      requests: 155095,
      durationSeconds: 1,
      latencyMs: {
        average: expect.closeTo(0.13839, 9),
        p50: expect.closeTo(0.117, 9),
        p75: expect.closeTo(0.132, 9),
        p90: expect.closeTo(0.156, 9),
        p99: expect.closeTo(0.645, 9),
        max: 3.49,
      },
      non2xx: 155095,
      errors: 0,
      timeouts: 0,
    });
  });

  it('reads seconds and socket errors', () => {
    const figures = parseWrk(SLOW);
    expect(figures.latencyMs).toMatchObject({ average: 31.2, p50: 30.5, p99: 1050, max: 1520 });
    expect(figures).toMatchObject({
      requests: 5471,
      durationSeconds: 10.01,
      non2xx: 0,
      errors: 6,
      timeouts: 4,
    });
  });

  it('refuses a report without the figures the bench needs', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused\n')).toThrow(/latency/);
  });
});
