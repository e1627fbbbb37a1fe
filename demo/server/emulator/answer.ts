// What an operation handler answers. Its own module: the handlers' context (context.ts) and the idempotency
// store (idempotency.ts, which the state holds) both speak of it, and neither should import the other.

/** What a handler answers: a status and a JSON body. */
export interface OperationAnswer {
  status: number;
  body: unknown;
}
