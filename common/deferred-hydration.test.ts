import { describe, expect, it } from "vitest";
import { deferredModuleType, deferredPreloadRel, startHydrationScript } from "#common/deferred-hydration.ts";

/**
 * The starter script's DOM work and its timing, on a minimal stand-in for the few browser calls it makes (the browser
 * run is the e2e tests "the page's scripts are fetched only after its first contentful paint" and
 * e2e/csp.desktop.spec.ts). Timers and frames run only when a test says so.
 */
function loadStarter({ hidden = false, paintTiming = true } = {}) {
  const preload = { rel: deferredPreloadRel };
  const replaced: { type?: string; nonce?: string; textContent?: string }[] = [];
  const deferred = {
    nonce: "page-nonce",
    textContent: 'import "/assets/entry.js";',
    replaceWith: (script: (typeof replaced)[number]) => replaced.push(script),
  };
  const document = {
    visibilityState: hidden ? "hidden" : "visible",
    querySelectorAll: (selector: string) => {
      if (selector === `link[rel="${deferredPreloadRel}"]`) return [preload];
      if (selector === `script[type="${deferredModuleType}"]`) return [deferred];
      throw new Error(`Unexpected selector ${selector}`);
    },
    createElement: () => ({}),
    addEventListener: () => {},
  };
  const timers: { callback: () => void; ms: number }[] = [];
  const frames: (() => void)[] = [];
  const observers: FakePerformanceObserver[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "resource"] : ["resource"];
    disconnected = false;
    readonly callback: (list: unknown, observer: FakePerformanceObserver) => void;
    constructor(callback: FakePerformanceObserver["callback"]) {
      this.callback = callback;
      observers.push(this);
    }
    observe() {}
    disconnect() {
      this.disconnected = true;
    }
  }
  const window = { PerformanceObserver: FakePerformanceObserver };
  new Function("document", "window", "PerformanceObserver", "requestAnimationFrame", "setTimeout", startHydrationScript)(
    document,
    window,
    FakePerformanceObserver,
    (callback: () => void) => frames.push(callback),
    (callback: () => void, ms: number) => timers.push({ callback, ms }),
  );
  const started = () => preload.rel === "modulepreload";
  const runTimers = (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.callback());
  const reportPaint = (name: string) =>
    observers.forEach((observer) => {
      const list = { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) };
      if (!observer.disconnected) observer.callback(list, observer);
    });
  return { preload, replaced, started, frames, runTimers, reportPaint };
}

describe("startHydrationScript", () => {
  it("in a hidden tab, switches the preloads on at once and re-creates the module script with the page's CSP nonce", () => {
    const { preload, replaced } = loadStarter({ hidden: true });
    expect(preload.rel).toBe("modulepreload");
    expect(replaced).toEqual([{ type: "module", nonce: "page-nonce", textContent: 'import "/assets/entry.js";' }]);
  });

  it("waits for the first contentful paint, not for the first paint or a frame", () => {
    const starter = loadStarter();
    expect(starter.frames).toEqual([]);
    starter.reportPaint("first-paint");
    starter.runTimers(0);
    expect(starter.started()).toBe(false);
    starter.reportPaint("first-contentful-paint");
    expect(starter.started()).toBe(false);
    starter.runTimers(0);
    expect(starter.started()).toBe(true);
    expect(starter.replaced).toHaveLength(1);
  });

  it("starts after 3 s if no contentful paint is reported, once", () => {
    const starter = loadStarter();
    starter.runTimers(3000);
    expect(starter.started()).toBe(true);
    starter.reportPaint("first-contentful-paint");
    starter.runTimers(0);
    expect(starter.replaced).toHaveLength(1);
  });

  it("without paint timing, starts after the first frame", () => {
    const starter = loadStarter({ paintTiming: false });
    expect(starter.frames).toHaveLength(1);
    starter.frames[0]!();
    expect(starter.started()).toBe(false);
    starter.runTimers(0);
    expect(starter.started()).toBe(true);
  });
});
