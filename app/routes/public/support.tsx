import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleAlert, CircleCheck, HelpCircle, LoaderCircle, Mail, Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { Link } from "#app/lib/page-router.tsx";
import { Container, PageHeader } from "#app/components/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { seo } from "#app/lib/seo.ts";
import { rateLimitedText, SUPPORT_LIMITS, supportResultText } from "#common/support-form.ts";
import { supportSchema, type SupportInput } from "#common/support-schema.ts";
import { useDeferredValidation } from "#app/lib/forms/deferred-validation.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { getRequestInfo, getRuntime } from "#server/context.server.ts";
import { submitSupportMessage, supportDeps } from "#server/support/support.server.ts";
import type { Route } from "./+types/support";
import { notify } from "#app/components/toaster.tsx";
import { FormField, inputClasses, textareaClasses } from "#app/components/ui/form-field.tsx";

type Outcome =
  | { kind: "sent" }
  | { kind: "mail-failed" }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  | { kind: "error" };

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntime(context);
  const submission = parseWithZod(await request.formData(), { schema: supportSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), outcome: null }, { status: 400 });
  }
  const reply = (outcome: Outcome, status: number, headers?: HeadersInit) =>
    data({ result: submission.reply({ resetForm: outcome.kind === "sent" }), outcome }, { status, headers });

  try {
    const result = await submitSupportMessage(
      supportDeps(runtime),
      submission.value,
      getRequestInfo(context).clientIp,
    );
    switch (result.status) {
      case "sent":
        return reply({ kind: "sent" }, 200);
      case "invalid":
        return data({ result: submission.reply({ fieldErrors: result.fieldErrors }), outcome: null }, { status: 400 });
      case "rate-limited":
        return reply({ kind: "rate-limited", retryAfterSeconds: result.retryAfterSeconds }, 429, {
          "Retry-After": String(result.retryAfterSeconds),
        });
      case "mail-failed":
        // Stored, but not delivered: the visitor is told to try again (SPEC §8).
        return reply({ kind: "mail-failed" }, 503);
    }
  } catch (error) {
    runtime.logger.error("Handling a support message failed", error);
    return reply({ kind: "error" }, 500);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact Support",
    description:
      "Questions about lessons, your account or the app? Send the support team a message or email us directly, and we'll get back to you soon.",
    path: "/support",
  });

function outcomeText(outcome: Outcome) {
  switch (outcome.kind) {
    case "sent":
      return supportResultText.sent;
    case "mail-failed":
      return supportResultText.mailFailed;
    case "rate-limited":
      return rateLimitedText(outcome.retryAfterSeconds);
    case "error":
      return supportResultText.unexpected;
  }
}

export default function Support({ actionData }: Route.ComponentProps) {
  const { supportEmail } = useRootData();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/support") === true;
  const outcome = actionData?.outcome ?? null;
  const noticeRef = useRef<HTMLDivElement>(null);

  const validation = useDeferredValidation(() => import("#common/support-schema.ts").then((m) => m.supportSchema), { shouldValidate: "onBlur", shouldRevalidate: "onInput" });
  const [form, fields] = useForm<SupportInput>({
    id: "support-form",
    lastResult: actionData?.result,
    constraint: {
      name: { required: true, maxLength: SUPPORT_LIMITS.name },
      email: { required: true, maxLength: SUPPORT_LIMITS.email },
      message: { required: true, maxLength: SUPPORT_LIMITS.message },
    },
    ...validation.options,
  });

  // One toast per server answer (actionData is a new object for each submission), never the same text as the
  // notice on the page (SPEC §8): success is a toast only, every failure the red alert plus the spec's toast.
  useEffect(() => {
    if (!actionData?.outcome) return;
    const { outcome } = actionData;
    if (outcome.kind === "sent") {
      notify({ type: "success", title: supportResultText.sent });
      return;
    }
    // The alert sits above the form; after a submit from the bottom of a small screen, bring it into view.
    noticeRef.current?.scrollIntoView({ block: "nearest" });
    notify({ type: "error", title: supportResultText.toastFailed });
  }, [actionData]);
  // Without JavaScript there is no toast: the page itself says the message was sent.
  const hydrated = useHydrated();
  const notice = outcome && !submitting && (outcome.kind !== "sent" || !hydrated) ? outcome : null;

  return (
    <>
      <PageHeader
        title="Contact Support"
        description="Questions about a lesson, your account or the app? Send us a message and we'll get back to you soon."
      />
      <Container className="grid gap-8 pt-2 pb-16 md:pb-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:gap-12">
        <aside className="order-2 space-y-4 lg:order-1" aria-label="Other ways to get help">
          <div className="rounded-[var(--radius-card)] border border-brand-100 bg-brand-50/60 p-6">
            <Mail className="mb-3 size-7 text-brand-700" aria-hidden />
            <h2 className="text-lg font-bold text-ink">Email us directly</h2>
            <p className="mt-1 text-muted">Prefer your own mail app? Write to us at</p>
            <a
              href={`mailto:${supportEmail}`}
              className="mt-2 inline-block font-semibold break-all text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {supportEmail}
            </a>
          </div>
          <div className="rounded-[var(--radius-card)] border border-brand-100 bg-white p-6">
            <HelpCircle className="mb-3 size-7 text-accent-600" aria-hidden />
            <h2 className="text-lg font-bold text-ink">Quick answers</h2>
            <p className="mt-1 text-muted">
              Many questions about accounts, subscriptions and the app are answered in our{" "}
              <Link to="/faq" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                FAQ
              </Link>
              .
            </p>
          </div>
        </aside>

        <section
          aria-labelledby="support-form-title"
          className="order-1 rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-8 lg:order-2"
        >
          <h2 id="support-form-title" className="text-xl font-bold text-ink">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-muted">All fields are required.</p>

          <div ref={noticeRef} className="scroll-mt-24">
            {notice ? <OutcomeNotice outcome={notice} /> : null}
          </div>

          <Form method="post" preventScrollReset {...getFormProps(form)} {...validation.formProps} className="mt-6 space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField field={fields.name} label="Name">
                <input
                  {...getInputProps(fields.name, { type: "text" })}
                  autoComplete="name"
                  className={inputClasses}
                />
              </FormField>
              <FormField field={fields.email} label="Email">
                <input
                  {...getInputProps(fields.email, { type: "email" })}
                  autoComplete="email"
                  inputMode="email"
                  spellCheck={false}
                  className={inputClasses}
                />
              </FormField>
            </div>
            <FormField field={fields.message} label="Message">
              <textarea
                {...getTextareaProps(fields.message)}
                rows={6}
                className={textareaClasses}
              />
            </FormField>
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
              {submitting ? (
                <>
                  <LoaderCircle className="animate-spin" aria-hidden />
                  Sending...
                </>
              ) : (
                <>
                  <Send aria-hidden />
                  Send Message
                </>
              )}
            </Button>
          </Form>
        </section>
      </Container>
    </>
  );
}

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === "sent") {
    return (
      <div
        role="status"
        className="mt-5 flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
        <p className="font-medium">{outcomeText(outcome)}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="mt-5 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden />
      <p className="font-medium">{outcomeText(outcome)}</p>
    </div>
  );
}
