import { Slot } from "#app/components/ui/slot.tsx";
import { cn } from "#app/lib/cn.ts";

const variants = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900",
  accent: "bg-accent-600 text-white shadow-sm hover:bg-accent-700",
  outline: "border border-brand-200 bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50",
  /** The outline button's shape and hover without its resting border: a light button on a dark band. */
  outlineBorderless: "border border-transparent bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50",
  ghost: "text-ink hover:bg-brand-50",
  ghostDanger: "text-red-700 hover:bg-red-50",
  ghostOnDark: "text-white hover:bg-white/10",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  dark: "bg-ink text-white hover:bg-black",
} as const;

const sizes = {
  sm: "h-9 px-3.5 text-sm",
  /** sm with less padding, for header buttons that shrink to an icon below a breakpoint (add e.g. `lg:px-3.5`). */
  smSnug: "h-9 px-2.5 text-sm",
  md: "h-11 px-5 text-[0.95rem]",
  lg: "h-13 px-7 text-base",
  iconSm: "size-9",
  icon: "size-10",
  iconMd: "size-11",
  iconLg: "size-12",
} as const;

export interface ButtonProps extends React.ComponentProps<"button"> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link) with button styles. */
  asChild?: boolean;
  /** false for a button disabled only until the page hydrates, which should look ready meanwhile. */
  dimWhenDisabled?: boolean;
}

export function buttonClasses(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md", dimWhenDisabled = true) {
  return cn(
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors",
    "disabled:pointer-events-none [&_svg]:size-[1.1em] [&_svg]:shrink-0",
    dimWhenDisabled && "disabled:opacity-50",
    variants[variant],
    sizes[size],
  );
}

export function Button({ variant, size, asChild, dimWhenDisabled, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return <Component className={cn(buttonClasses(variant, size, dimWhenDisabled), className)} {...props} />;
}
