/**
 * What a server's resident memory is made of, for the memory benches: the process must have been started with
 * `--import ./bench/memory-probe.ts` and MEMORY_PROBE_FILE=<probeFile> (V8's own figures, written on SIGUSR2).
 */
import fs from "node:fs";

function mb(bytes: number) {
  return (bytes / 1024 / 1024).toFixed(0);
}

/**
 * The server's resident memory by kind, from /proc/<pid>/smaps and the probe's V8 figures: the embedded database's
 * WebAssembly memory (the writable start of a reservation of 4 GiB or more), glibc's main heap and its other arena
 * (64 MiB-aligned mappings), V8's heap, the rest of the anonymous memory (thread stacks, large malloc'd buffers in
 * their own mappings), and files (the node binary, shared libraries).
 */
export async function breakdown(pid: number, probeFile: string) {
  fs.rmSync(probeFile, { force: true });
  process.kill(pid, "SIGUSR2");
  const maps = fs
    .readFileSync(`/proc/${pid}/smaps`, "utf8")
    .split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
    .map((block) => {
      const [range, perms, , , , name = ""] = block.slice(0, block.indexOf("\n")).split(/\s+/);
      const [start, end] = range!.split("-").map((hex) => BigInt(`0x${hex}`)) as [bigint, bigint];
      return { start, end, perms: perms!, name, rss: Number(/^Rss:\s+(\d+) kB/m.exec(block)?.[1] ?? 0) * 1024 };
    });
  const GiB = 1n << 30n;
  const arenaSize = 64n << 20n;
  const sums = { wasm: 0, mallocHeap: 0, arena: 0, anon: 0, files: 0 };
  maps.forEach((map, i) => {
    const next = maps[i + 1];
    const reservedAfter = next?.start === map.end && next.perms.startsWith("---");
    if (map.name.startsWith("/")) sums.files += map.rss;
    else if (map.name === "[heap]") sums.mallocHeap += map.rss;
    else if (reservedAfter && next.end - next.start >= 4n * GiB) sums.wasm += map.rss;
    else if (map.start % arenaSize === 0n && (map.end - map.start === arenaSize || (reservedAfter && next.end === map.start + arenaSize))) sums.arena += map.rss;
    else sums.anon += map.rss;
  });
  for (let i = 0; i < 100 && !fs.existsSync(probeFile); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  const v8 = JSON.parse(fs.readFileSync(probeFile, "utf8")) as { heapPhysical: number; heapUsed: number; external: number; arrayBuffers: number };
  return (
    `wasm ${mb(sums.wasm)}, malloc heap ${mb(sums.mallocHeap)} + arena ${mb(sums.arena)}, ` +
    `V8 heap ${mb(v8.heapPhysical)} (${mb(v8.heapUsed)} used), other anon ${mb(sums.anon - v8.heapPhysical)}, files ${mb(sums.files)}; ` +
    `V8's external ${mb(v8.external)} (array buffers ${mb(v8.arrayBuffers)})`
  );
}
