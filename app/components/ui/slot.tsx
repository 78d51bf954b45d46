import { Children, cloneElement, isValidElement, type ReactNode, type Ref } from "react";

/**
 * `asChild` for our Button: renders its one child element with the Button's props merged in, as Radix Slot does
 * (class names joined, styles merged, both event handlers called, child first, and both refs set), without Radix's
 * code on every public page's first visit.
 */
export function Slot({ children, ...slotProps }: { children?: ReactNode } & Record<string, unknown>) {
  const child = Children.only(children);
  if (!isValidElement<Record<string, unknown>>(child)) return null;
  const childProps = child.props;
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const name of Object.keys(slotProps)) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[name] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    }
  }
  if (slotProps.className || childProps.className) merged.className = [slotProps.className, childProps.className].filter(Boolean).join(" ");
  if (slotProps.style || childProps.style) merged.style = { ...(slotProps.style as object), ...(childProps.style as object) };
  if (slotProps.ref && childProps.ref) merged.ref = composeRefs(slotProps.ref as Ref<unknown>, childProps.ref as Ref<unknown>);
  return cloneElement(child, merged);
}

function composeRefs(...refs: Ref<unknown>[]) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    }
  };
}
