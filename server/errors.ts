/** The one error type services throw: an HTTP status and a message fit for the user. */
export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors?: Record<string, string[]>;
  /** Headers every door sends with the refusal (a sign-in's Retry-After, decision 0176). */
  readonly headers?: Record<string, string>;
  constructor(
    status: number,
    message: string,
    options: {
      cause?: unknown;
      fieldErrors?: Record<string, string[]>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

export const notFound = (message = 'Not found') => new AppError(404, message);
