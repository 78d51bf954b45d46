import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoaderCircle, MailCheck, Send } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Link } from "#app/lib/page-router.tsx";
import { AuthShell } from "#app/components/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormField, FormNotice, inputClasses } from "#app/components/ui/form-field.tsx";
import { forgotPasswordSchema } from "#common/account-schema.ts";
import { useDeferredValidation } from "#app/lib/forms/deferred-validation.ts";
import { retryAfterHeaders } from "#app/lib/http-headers.ts";
import { seo } from "#app/lib/seo.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { requestPasswordReset } from "#server/auth/sign-in.server.ts";
import { getRequestInfo, getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  const outcome = await requestPasswordReset(getRuntime(context), request, getRequestInfo(context).clientIp, submission.value.email);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }), sentTo: null },
      { status: outcome.status, headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined },
    );
  }
  // The same answer whether or not the address has an account.
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Forgot Password", description: "Get a link to choose a new password.", path: "/auth/forgot-password", noindex: true });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { chrome, siteName } = useRootData();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const validation = useDeferredValidation(() => import("#common/account-schema.ts").then((m) => m.forgotPasswordSchema), { shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "forgot-password-form",
    lastResult: actionData?.result,
    constraint: { email: { required: true } },
    ...validation.options,
  });
  if (actionData?.sentTo) {
    return (
      <AuthShell logo={chrome.logo} siteName={siteName} title="Check your email">
        <div className="flex flex-col items-center gap-4 text-center">
          <MailCheck className="size-12 text-brand-700" aria-hidden />
          <p>
            If an account exists for <strong className="break-all">{actionData.sentTo}</strong>, we sent it a link to choose a
            new password. The link works for one hour.
          </p>
          <Button asChild variant="outline">
            <Link to="/auth">Back to Sign In</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      logo={chrome.logo}
      siteName={siteName}
      title="Forgot your password?"
      description="Enter your email address and we'll send you a link to choose a new one."
    >
      <Form method="post" {...getFormProps(form)} {...validation.formProps} className="space-y-5">
        {form.errors?.length ? <FormNotice tone="error" title="The link could not be sent">{form.errors[0]}</FormNotice> : null}
        <FormField field={fields.email} label="Email">
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" spellCheck={false} className={inputClasses} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          Send Reset Link
        </Button>
        <p className="text-center text-sm">
          <Link to="/auth" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Back to Sign In
          </Link>
        </p>
      </Form>
    </AuthShell>
  );
}
