/**
 * The API docs module: the OpenAPI 3.1 document of the public API, generated from the routes'
 * zod schemas, and its reference page at /api/docs. Code outside the module imports it from here.
 */
export { apiDocsRoutes, API_DOCS_CSP } from './api-docs.routes.js';
export { API_KEY_SECURITY_SCHEME, isPublicApiRoute, registerOpenApi } from './openapi.js';
