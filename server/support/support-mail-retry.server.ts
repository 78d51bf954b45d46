import { resendSupportMessages, type SupportDeps } from "#server/support/support.server.ts";

/** How often a running server mails again the support messages whose mail failed. */
export const SUPPORT_MAIL_RETRY_MS = 15 * 60 * 1000;

export interface SupportMailRetry {
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Retries failed support mail on a timer in every app server. The embedded database admits one process, so the
 * `support:resend` command cannot run beside the server; with several servers, the claim in resendSupportMessages
 * keeps them from mailing a message twice.
 */
export function startSupportMailRetry(deps: SupportDeps, intervalMs: number = SUPPORT_MAIL_RETRY_MS): SupportMailRetry {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = resendSupportMessages(deps)
      .then(({ sent, failed }) => {
        if (sent > 0 || failed > 0) deps.logger.info(`Support mail retry: ${sent} sent, ${failed} still failing`);
      })
      .catch((error: unknown) => deps.logger.error("Support mail retry failed", error))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
