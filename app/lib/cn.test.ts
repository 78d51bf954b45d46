import { describe, expect, it, vi } from "vitest";
import { buttonClasses, type ButtonProps } from "#app/components/ui/button.tsx";
import { overriddenClasses } from "#app/lib/class-conflicts.ts";
import { cn } from "#app/lib/cn.ts";

type Variant = NonNullable<ButtonProps["variant"]>;
type Size = NonNullable<ButtonProps["size"]>;
// Records, so that a variant or size added to the button without a row here fails the typecheck.
const variants: Record<Variant, true> = {
  primary: true,
  accent: true,
  outline: true,
  outlineBorderless: true,
  ghost: true,
  ghostDanger: true,
  ghostOnDark: true,
  danger: true,
  dark: true,
};
const sizes: Record<Size, true> = { sm: true, smSnug: true, md: true, lg: true, iconSm: true, icon: true, iconMd: true, iconLg: true };

describe("overriddenClasses", () => {
  it("names the classes a later one overrides", () => {
    expect(overriddenClasses("p-5 flex p-6")).toEqual(["p-5"]);
    expect(overriddenClasses("text-ink hover:bg-brand-50 text-red-700 hover:bg-red-50")).toEqual(["text-ink", "hover:bg-brand-50"]);
  });

  it("leaves classes for other breakpoints, states and properties alone", () => {
    expect(overriddenClasses("px-2.5 lg:px-3.5 disabled:opacity-50 opacity-60 flex flex")).toEqual([]);
  });
});

describe("cn", () => {
  it("joins class names without dropping any", () => {
    expect(cn("a", false, ["b", { c: true, d: false }])).toBe("a b c");
  });

  it("reports a conflict as a console error in development", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(cn("p-5", "p-6")).toBe("p-5 p-6");
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[0])).toContain('"p-5" conflict with later classes');
  });
});

describe("buttonClasses", () => {
  it("has no conflicting classes in any variant and size", () => {
    for (const variant of Object.keys(variants) as Variant[]) {
      for (const size of Object.keys(sizes) as Size[]) {
        for (const dim of [true, false]) expect(overriddenClasses(buttonClasses(variant, size, dim)), `${variant} ${size}`).toEqual([]);
      }
    }
  });
});
