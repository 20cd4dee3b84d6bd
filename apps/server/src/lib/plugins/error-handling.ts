import http from 'node:http';
import type { Socket } from 'node:net';
import {
  codeOfIssue,
  fieldErrorsBody,
  type ErrorDetail,
  type FieldErrors,
  type FieldProblem,
  type RequestErrorCode,
} from '@storefront/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { unservedLanguagePrefix } from '../language.ts';
import { HttpError } from '../errors.ts';

/**
 * Every error answer, in one shape: `{"detail": …, "code": …}` for a whole request, or the field
 * shape `{"field": ["message"], "code": "validation_failed", "codes": {…}}` for invalid input, with
 * the security headers every answer carries — whoever raised it: a route (HttpError), a schema
 * (Zod), Fastify itself before any route ran (a malformed percent-encoding, a path parameter over
 * the length limit, a bad content type, a body over the limit or not JSON), the router (404, 405),
 * or Node's HTTP parser (a request it cannot read). 5xx are logged with the request and answered
 * without internals. Bodies are serialised here, never by a route's response schema.
 */

const JSON_TYPE = 'application/json; charset=utf-8';

/** What Fastify's own error codes mean to a client. */
const FASTIFY_CODES: Record<string, { status: number; code: RequestErrorCode; detail: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'invalid_encoding', detail: 'The URL is not validly encoded.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', detail: 'A part of the URL is too long.' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    detail: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Unsupported media type: send application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'bad_request',
    detail: 'The request body does not match its Content-Length.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'malformed_json',
    detail: 'The body is empty but its content type is application/json.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'malformed_json',
    detail: 'The body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'bad_request', detail: 'The content type is not valid.' },
  FST_ERR_CTP_EMPTY_TYPE: { status: 400, code: 'bad_request', detail: 'The content type is empty.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'bad_request', detail: 'The request could not be routed.' },
};

const DEFAULT_CODES: Record<number, RequestErrorCode> = {
  400: 'bad_request',
  401: 'not_authenticated',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'throttled',
  503: 'service_unavailable',
};

function send(reply: FastifyReply, status: number, body: ErrorDetail | FieldErrors): FastifyReply {
  return reply.status(status).type(JSON_TYPE).send(JSON.stringify(body));
}

/** The answer to any error: its status and body (field errors or `{detail, code}`). */
export function errorAnswer(error: FastifyError | Error): {
  status: number;
  body: ErrorDetail | FieldErrors;
} {
  if (error instanceof HttpError) return { status: error.statusCode, body: error.body };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, FieldProblem[]> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
      const message = issue.message ?? 'Invalid value.';
      (fields[key] ??= []).push({
        message,
        code: codeOfIssue(issue.keyword, issue.params as Record<string, unknown>, message),
      });
    }
    return { status: 400, body: fieldErrorsBody(fields) };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { detail: known.detail, code: known.code } };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, body: { detail: error.message, code: DEFAULT_CODES[status] ?? 'bad_request' } };
  }
  if (status === 503) {
    return {
      status,
      body: { detail: 'The service is unavailable; try again shortly.', code: 'service_unavailable' },
    };
  }
  return { status: 500, body: { detail: 'A server error occurred.', code: 'server_error' } };
}

/**
 * Installs the error handler and the not-found handler (404, or 405 with Allow when the path exists
 * for other methods). Both run after the onRequest hooks, so their answers have the security
 * headers; errors raised before those hooks are `frameworkErrorHandler`'s and `clientErrorHandler`'s.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorAnswer(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return send(reply, status, body);
  });

  // A router of every route's path with a dummy handler, to tell "no such path" (404) from "no such
  // method at this path" (405). Same options as the app's router, so both agree on a path.
  const { routerOptions } = app.initialConfig as {
    routerOptions?: FindMyWay.Config<FindMyWay.HTTPVersion.V1>;
  };
  const paths = FindMyWay({
    ignoreTrailingSlash: routerOptions?.ignoreTrailingSlash ?? false,
    ignoreDuplicateSlashes: routerOptions?.ignoreDuplicateSlashes ?? false,
    maxParamLength: routerOptions?.maxParamLength ?? 100,
  });
  const noop = () => {};
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      try {
        paths.on(method.toUpperCase() as HTTPMethod, route.url, noop);
      } catch {
        // Already known (the same path registered again): nothing to add.
      }
    }
  });
  const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const path = request.url.split('?')[0]!;
    const method = request.method.toUpperCase() as HTTPMethod;
    // A route of this method that answered "not found" itself (a missing media file, an unknown
    // product) is a 404; only a path that no route of this method serves is a 405.
    const served =
      paths.find(method, path) !== null || (method === 'HEAD' && paths.find('GET', path) !== null);
    const allowed = served ? [] : METHODS.filter((m) => m !== method && paths.find(m, path) !== null);
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return send(reply, 405, {
        detail: `Method "${request.method}" not allowed.`,
        code: 'method_not_allowed',
      });
    }
    // `/de/api/…`: a language prefix this store does not serve (lib/plugins/edge.ts left it unrewritten).
    const language = unservedLanguagePrefix(path, app.config.languages);
    if (language !== undefined) {
      return send(reply, 404, {
        detail: `The language "${language}" is not served here.`,
        code: 'language_not_found',
      });
    }
    return send(reply, 404, { detail: 'Not found.', code: 'not_found' });
  });
}

/** Fastify's `frameworkErrors` option: errors raised before any hook ran (no security headers yet). */
export function frameworkErrorHandler(headers: [string, string][]) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    const { status, body } = errorAnswer(error);
    send(reply, status, body);
  };
}

/**
 * Fastify's `clientErrorHandler`: Node could not parse the request (bad request line or headers,
 * headers too large, a time-out). Answered on the socket in the same JSON shape, with the security
 * headers, then the connection closes.
 */
export function clientErrorHandler(securityHeaders: [string, string][]) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    let status = 400;
    let body: ErrorDetail = { detail: 'The request could not be read.', code: 'bad_request' };
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      body = { detail: 'The request took too long to arrive.', code: 'bad_request' };
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      status = 431;
      body = { detail: 'The request headers are too large.', code: 'bad_request' };
    }
    const text = JSON.stringify(body);
    const headers = securityHeaders.map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: ${JSON_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n${headers}Connection: close\r\n\r\n${text}`,
    );
  };
}
