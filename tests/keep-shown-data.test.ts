import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";

/**
 * app/lib/keep-shown-data.ts keeps a page's data when a background reload finds no connection, by route id: the id
 * each route file passes must be the router's own (the file's path under app/ without its extension), or the page
 * would show the error boundary after all. Every page of the public layout (where the outbox's status reloads data
 * once it has sent) loads through it.
 */

interface ConfigRoute {
  file: string;
  children?: ConfigRoute[];
}

const publicLayout = (routes as ConfigRoute[]).find((route) => route.file === "routes/public/layout.tsx");
const publicPages = (publicLayout?.children ?? []).map((route) => route.file);
const source = (file: string) => fs.readFileSync(path.join("app", file), "utf8");
const routeId = (file: string) => file.replace(/\.tsx?$/, "");

describe("pages that keep their data when a reload finds no connection", () => {
  it("finds the public pages", () => {
    expect(publicPages).toContain("routes/public/lesson.tsx");
    expect(publicPages.length).toBeGreaterThan(10);
  });

  it.each(publicPages)("%s reloads through reloadOrKeep with its own route id when it has a loader", (file) => {
    const text = source(file);
    if (!/^export (async )?function loader\b/m.test(text)) {
      expect(text).not.toMatch(/reloadOrKeep/);
      return;
    }
    const ids = [...text.matchAll(/reloadOrKeep\("([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([routeId(file)]);
  });

  it("the root keeps its data too", () => {
    expect([...source("root.tsx").matchAll(/reloadOrKeep\("([^"]+)"/g)].map((match) => match[1])).toEqual(["root"]);
  });
});
