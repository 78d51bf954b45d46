import { describe, expect, it } from "vitest";
import { deferredModuleType, deferredPreloadRel, startHydrationScript } from "#app/lib/deferred-hydration.ts";

/**
 * The starter script's DOM work, on a minimal stand-in for the few DOM calls it makes (the browser run is the e2e
 * tests "the page's scripts are fetched only after its first frame" and e2e/csp.desktop.spec.ts). A hidden tab
 * starts at once, so no frame is needed here.
 */
function runStarter() {
  const preload = { rel: deferredPreloadRel };
  const replaced: { type?: string; nonce?: string; textContent?: string }[] = [];
  const deferred = {
    nonce: "page-nonce",
    textContent: 'import "/assets/entry.js";',
    replaceWith: (script: (typeof replaced)[number]) => replaced.push(script),
  };
  const document = {
    visibilityState: "hidden",
    querySelectorAll: (selector: string) => {
      if (selector === `link[rel="${deferredPreloadRel}"]`) return [preload];
      if (selector === `script[type="${deferredModuleType}"]`) return [deferred];
      throw new Error(`Unexpected selector ${selector}`);
    },
    createElement: () => ({}),
    addEventListener: () => {},
  };
  new Function("document", "requestAnimationFrame", startHydrationScript)(document, () => {
    throw new Error("A hidden tab must not wait for a frame");
  });
  return { preload, replaced };
}

describe("startHydrationScript", () => {
  it("switches the preloads on and re-creates the module script with the page's CSP nonce", () => {
    const { preload, replaced } = runStarter();
    expect(preload.rel).toBe("modulepreload");
    expect(replaced).toEqual([{ type: "module", nonce: "page-nonce", textContent: 'import "/assets/entry.js";' }]);
  });
});
