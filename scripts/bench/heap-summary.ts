/**
 * What a V8 heap snapshot (.heapsnapshot, as node's --heapsnapshot-signal writes it) holds, by kind:
 * the total self size and count of its nodes per type and constructor name, largest first. Enough
 * to see where a process's heap goes (strings, compiled code, arrays of a cache) without DevTools.
 */
import fs from 'node:fs';

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

export function summarizeHeapSnapshot(
  file: string,
  top: number,
): { kind: string; MiB: number; count: number }[] {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const byKind = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt]!]!;
    // objects by constructor; every other type (strings, code, arrays…) as a whole
    const kind = type === 'object' ? `object ${data.strings[data.nodes[i + nameAt]!]}` : type;
    const size = data.nodes[i + sizeAt]!;
    total += size;
    const entry = byKind.get(kind) ?? { bytes: 0, count: 0 };
    entry.bytes += size;
    entry.count += 1;
    byKind.set(kind, entry);
  }
  const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return [
    { kind: '(whole heap)', MiB: mib(total), count: data.nodes.length / width },
    ...[...byKind]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, top)
      .map(([kind, { bytes, count }]) => ({ kind, MiB: mib(bytes), count })),
  ];
}
