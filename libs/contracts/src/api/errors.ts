import type { z } from 'zod';

/**
 * Every error response is this JSON body (docs/design.md §7): 400 names the field, then 401, 403, 404, 409, 413,
 * 429 and 431 as they apply. Bad input never yields a 500.
 */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

/** The `error` text for each status the API uses, as Nest and Fastify spell them. */
export const HTTP_ERROR_NAMES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
} as const;

export type ErrorStatus = keyof typeof HTTP_ERROR_NAMES;

export const errorBody = (statusCode: ErrorStatus, message: string): ErrorBody => ({
  statusCode,
  error: HTTP_ERROR_NAMES[statusCode],
  message,
});

/**
 * One line per issue. Our schemas already name the field in their messages; a message that does not
 * (zod's defaults for nested values) gets the path in front, so the client always learns which field.
 */
export const describeIssues = (error: z.ZodError): string =>
  error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');

export const validationErrorBody = (error: z.ZodError): ErrorBody => errorBody(400, describeIssues(error));
