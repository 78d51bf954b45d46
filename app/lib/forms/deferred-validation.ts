import type { Submission } from "@conform-to/react";
import { useCallback, useRef, useState } from "react";
import type { ZodType } from "zod";

type Validate<Output> = (context: { formData: FormData }) => Submission<Output>;
type Moment = "onSubmit" | "onBlur" | "onInput";

/**
 * Conform's client-side validation with the zod schema loaded on the first focus inside the form, not with the
 * page: zod and its Conform adapter are about a fifth of a page's JavaScript, and most visits to a page with a form
 * never touch it. Until the schema arrives (a few milliseconds after the focus) a submission is validated by the
 * server, with the same schema and messages.
 *
 * `timing` is when the form validates once the schema is here. Before that, only a submission is checked: Conform
 * without `onValidate` sends a blur's or a keystroke's check to the server as a submission, which answers 400 (a
 * failed request in the browser's console) for a form that is still being filled in.
 *
 * Usage: `options` goes into useForm, `formProps` onto the <Form> (the focus trigger, and a `data-client-validation`
 * mark once the form validates in the browser).
 */
export function useDeferredValidation<Output>(loadSchema: () => Promise<ZodType<Output>>, timing: { shouldValidate: Moment; shouldRevalidate: Moment }) {
  const [validate, setValidate] = useState<Validate<Output>>();
  const started = useRef(false);
  const loadRef = useRef(loadSchema);
  const onFocus = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([import("@conform-to/zod/v4"), loadRef.current()]).then(
      ([{ parseWithZod }, schema]) => setValidate(() => ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema })),
      (error: unknown) => {
        // Offline or a new deployment: the server still validates every submission.
        started.current = false;
        console.warn("Loading the form's validation failed", error);
      },
    );
  }, []);
  const options = validate
    ? { onValidate: validate, ...timing }
    : { onValidate: undefined, shouldValidate: "onSubmit" as const, shouldRevalidate: "onSubmit" as const };
  const formProps = { onFocus, "data-client-validation": validate ? "" : undefined };
  return { options, formProps };
}
