export { ApiError, isApiError, type FieldErrors } from './http/api-error';
export {
  buildUrl,
  CSRF_COOKIE_PATH,
  ensureCsrfCookie,
  http,
  request,
  type HttpMethod,
  type QueryValue,
  type RequestOptions,
  type ResponseSchema,
} from './http/client';
