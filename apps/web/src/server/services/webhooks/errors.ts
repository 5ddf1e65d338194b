// Typed errors of the webhook services. Each carries a `code` of the API's error table (api/api-error.ts), so the
// one error mapper turns it into `{"error":{"code","message","details"}}` with the right status.

/** One problem of a request: where (`url`, `events[1]`, `query.cursor`) and what. */
export interface WebhookErrorDetail {
  path: string;
  message: string;
  [key: string]: unknown;
}

/** 404: the webhook, delivery or project does not exist in this tenant, or the actor is restricted to another project. */
export class WebhookNotFoundError extends Error {
  readonly code = 'not_found' as const;
  override readonly name = 'WebhookNotFoundError';
}

/** 400 with field paths. */
export class WebhookValidationError extends Error {
  readonly code = 'validation_failed' as const;
  override readonly name = 'WebhookValidationError';
  constructor(
    message: string,
    readonly details: WebhookErrorDetail[],
  ) {
    super(message);
  }
}

/**
 * 400: the URL may not be reached (DESIGN.md "Private networks"), naming the rule (`metadata`, `link_local`,
 * `private_address`, `scheme`, ...). Same code and details shape as the SSRF refusals of server URLs.
 */
export class WebhookUrlRefusedError extends Error {
  readonly code = 'url_refused' as const;
  override readonly name = 'WebhookUrlRefusedError';
  readonly details: { rule: string; path: string };
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(`url refused (rule ${rule}): ${message}`);
    this.details = { rule, path: 'url' };
  }
}

/** 409: the request conflicts with the webhook's state (redeliver to a disabled webhook, too many webhooks). */
export class WebhookConflictError extends Error {
  readonly code = 'conflict' as const;
  override readonly name = 'WebhookConflictError';
}
