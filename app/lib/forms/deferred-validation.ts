import type { Submission } from "@conform-to/react";
import { useCallback, useRef, useState } from "react";
import type { ZodType } from "zod";

type Validate<Output> = (context: { formData: FormData }) => Submission<Output>;

/**
 * Conform's client-side validation with the zod schema loaded on the first focus inside the form, not with the
 * page: zod and its Conform adapter are about a fifth of a page's JavaScript, and most visits to a page with a form
 * never touch it. Until the schema arrives (a few milliseconds after the focus) a submission is validated by the
 * server, with the same schema and messages.
 *
 * Usage: `onValidate` goes to useForm, `formProps` onto the <Form> (the focus trigger, and a
 * `data-client-validation` mark once the form validates in the browser).
 */
export function useDeferredValidation<Output>(loadSchema: () => Promise<ZodType<Output>>) {
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
  const formProps = { onFocus, "data-client-validation": validate ? "" : undefined };
  return { onValidate: validate, formProps };
}
