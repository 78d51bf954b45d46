import { clsx, type ClassValue } from "clsx";
import { overriddenClasses } from "#app/lib/class-conflicts.ts";

/**
 * Joins class names; it does not resolve conflicts between them. Two utilities for the same property (`p-5 p-6`)
 * would apply in the stylesheet's order, not the order written, so a component offers a variant or a prop for each
 * look and a caller's className only adds properties the component leaves alone. Resolving conflicts at run time
 * (tailwind-merge) cost 8 KB gzip of JavaScript on every page (issue 14). In development, and in the tests, which
 * render through Vite, every result is checked with tailwind-merge and a conflict is a console error.
 */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) {
    const overridden = overriddenClasses(classes);
    if (overridden.length > 0) {
      console.error(`cn(): "${overridden.join(" ")}" conflict with later classes in "${classes}"; give the component a variant instead.`);
    }
  }
  return classes;
}
