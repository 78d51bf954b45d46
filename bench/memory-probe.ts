/**
 * Loaded into the server by bench/memory-rows.ts (`node --import ./bench/memory-probe.ts`): on SIGUSR2 it writes
 * V8's own figures to the file named by MEMORY_PROBE_FILE, so the bench can split the server's RSS into the V8 heap
 * and the rest (smaps cannot tell V8's pages from other anonymous memory). It does nothing until signalled.
 */
import fs from "node:fs";
import v8 from "node:v8";

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    const heap = v8.getHeapStatistics();
    const { external, arrayBuffers } = process.memoryUsage();
    const figures = { heapPhysical: heap.total_physical_size, heapUsed: heap.used_heap_size, external, arrayBuffers };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    fs.renameSync(`${file}.tmp`, file);
  });
}
