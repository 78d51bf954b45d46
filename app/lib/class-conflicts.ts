import { twMerge } from "tailwind-merge";

/**
 * The classes in `classes` that a later class overrides by tailwind-merge's rules, such as `p-5` in `p-5 p-6`. Only
 * cn()'s development check uses it: the production bundle does not carry tailwind-merge (see cn.ts).
 */
export function overriddenClasses(classes: string): string[] {
  const kept = new Set(twMerge(classes).split(" "));
  return classes.split(" ").filter((name) => name !== "" && !kept.has(name));
}
