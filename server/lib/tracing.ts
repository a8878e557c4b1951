/**
 * One request, followed (issue 41, scopes 2 and 3, decision 0071):
 *
 * - a request id on every log line of a request: the proxy's `x-request-id` when it is a safe
 *   token, else a new one, kept in AsyncLocalStorage for the request (log.ts's mixin reads it),
 *   returned as a response header and passed to the API;
 * - traces with OpenTelemetry, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (startTracing):
 *   a server span per request at the web server and at the API (named method + route PATTERN),
 *   a client span per call to the tenant API (W3C `traceparent` passed on, in process or over
 *   HTTP), per database statement (its operation only, never its text or values) and per call
 *   to the card provider. Off, every helper here is a test of one boolean: the API's no-op tracer
 *   is never even asked.
 *
 * Spans carry no personal data: no query strings, no ids from the path, no statement text.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import {
  context,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import type { SpanProcessor } from "@opentelemetry/sdk-trace-base";

type RequestScope = { requestId: string; span?: Span };

const scopes = new AsyncLocalStorage<RequestScope>();
const propagator = new W3CTraceContextPropagator();
const getter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};
const setter: TextMapSetter<Headers> = {
  set: (headers, key, value) => headers.set(key, value),
};

let enabled = false;
const tracer = () => trace.getTracer("keyfree");

/** Whether spans are made (startTracing ran with an exporter). */
export function tracingEnabled(): boolean {
  return enabled;
}

/**
 * Tracing for this process, when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gives its own
 * span processor): OpenTelemetry's Node tracer provider (its AsyncLocalStorage context follows a
 * request across awaits), spans batched to the OTLP HTTP exporter. The SDK is loaded only then.
 * Returns a function that stops it (flushing what is batched), or null when tracing stays off.
 */
export async function startTracing(
  serviceName: "keyfree-web" | "keyfree-api",
  options: {
    processor?: SpanProcessor;
    env?: Record<string, string | undefined>;
  } = {},
): Promise<(() => Promise<void>) | null> {
  const env = options.env ?? process.env;
  if (!options.processor && !env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [{ NodeTracerProvider }, { BatchSpanProcessor }, { resourceFromAttributes }, { ATTR_SERVICE_NAME }] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/sdk-trace-base"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/semantic-conventions"),
  ]);
  let processor = options.processor;
  if (!processor) {
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and _HEADERS) itself, adding /v1/traces.
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    processor = new BatchSpanProcessor(new OTLPTraceExporter());
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [processor],
  });
  provider.register({ propagator });
  enabled = true;
  return async () => {
    enabled = false;
    await provider.shutdown();
    trace.disable();
    context.disable();
  };
}

/** A request id we pass on as given: letters, digits, '.', '_', ':', '-', at most 40 (never a token's shape). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,40}$/;

/** The proxy's request id when it is a safe token, else a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * `run` as one request: its request id (from `x-request-id` or new) for every log line, and when
 * tracing is on a server span, continuing the trace of an incoming `traceparent`. Name the span
 * with nameRequestSpan once the route pattern is known.
 */
export async function inRequestScope<T>(request: Request, run: (scope: RequestScope) => Promise<T>): Promise<T> {
  const scope: RequestScope = {
    requestId: requestIdFrom(request.headers.get("x-request-id")),
  };
  if (!enabled) {
    // The in-process API called during a web request (traceApiCalls passed its id on): the same
    // request, so the same scope, and no second AsyncLocalStorage scope to carry on every promise.
    const current = scopes.getStore();
    if (current?.requestId === scope.requestId) return run(current);
    return scopes.run(scope, () => run(scope));
  }
  const parent = propagator.extract(ROOT_CONTEXT, request.headers, getter);
  const span = tracer().startSpan(
    request.method,
    {
      kind: SpanKind.SERVER,
      attributes: { "http.request.method": request.method },
    },
    parent,
  );
  scope.span = span;
  try {
    return await scopes.run(scope, () => context.with(trace.setSpan(parent, span), () => run(scope)));
  } catch (error) {
    // The status only: an error's message can hold what a tenant typed.
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/** The request's span named by method and route PATTERN (never the path), with its status. */
export function nameRequestSpan(scope: RequestScope, method: string, route: string, status: number): void {
  const span = scope.span;
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttributes({
    "http.route": route,
    "http.response.status_code": status,
  });
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
}

/** The fields log.ts's mixin adds to every line written during a request: its request id and trace id. */
export function requestLogFields(): { requestId?: string; traceId?: string } {
  const scope = scopes.getStore();
  if (!scope) return {};
  const traceId = currentTraceId();
  return traceId ? { requestId: scope.requestId, traceId } : { requestId: scope.requestId };
}

function currentTraceId(): string | undefined {
  if (!enabled) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** What a tenant quotes to support from an error page: the trace id, or the request id when tracing is off. */
export function requestReference(): string | undefined {
  return currentTraceId() ?? scopes.getStore()?.requestId;
}

/** `run` in a client span (a database statement, a card provider's call); only `run` when tracing is off. */
export function withSpan<T>(name: string, attributes: Attributes, run: () => Promise<T>): Promise<T> {
  if (!enabled) return run();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await run();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * The tenant API reached from the web: each call passes the request id on (`x-request-id`) and,
 * with tracing on, is a client span whose context goes as `traceparent`.
 */
export function traceApiCalls<A extends { fetch: (request: Request) => Promise<Response> }>(api: A): A {
  const send = api.fetch;
  return {
    ...api,
    fetch: (request: Request) => {
      const scope = scopes.getStore();
      if (!scope) return send(request);
      const outgoing = withHeaders(request, (headers) => {
        if (!headers.has("x-request-id")) headers.set("x-request-id", scope.requestId);
      });
      if (!enabled) return send(outgoing);
      return withSpan(`tenant API ${request.method}`, { "http.request.method": request.method }, async () => {
        propagator.inject(context.active(), outgoing.headers, setter);
        const response = await send(outgoing);
        trace.getActiveSpan()?.setAttribute("http.response.status_code", response.status);
        return response;
      });
    },
  };
}

/** `request` with its headers changed: in place when they may be, else a copy. */
function withHeaders(request: Request, change: (headers: Headers) => void): Request {
  try {
    change(request.headers);
    return request;
  } catch {
    const headers = new Headers(request.headers);
    change(headers);
    return new Request(request, { headers });
  }
}

/** A database statement's span name: its operation (SELECT, INSERT, BEGIN…), never its text. */
export function statementOperation(statement: unknown): string {
  const text =
    typeof statement === "string" ? statement : typeof (statement as { text?: unknown })?.text === "string" ? (statement as { text: string }).text : "";
  return /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? "query";
}

/** A card provider's call as a span name: "stripe POST /v1/payment_intents/:id/confirm" (ids out of the path). */
export function cardCallName(method: string | undefined, url: string | URL | Request): string {
  const path = new URL(url instanceof Request ? url.url : url).pathname
    .split("/")
    .map((segment) => (/\d/.test(segment) && !/^v\d+$/.test(segment) ? ":id" : segment))
    .join("/");
  return `stripe ${(method ?? "GET").toUpperCase()} ${path}`;
}
