/**
 * The company module: a company's own information (routes, service, repo). Code outside the module
 * imports it from here only.
 */
export { createCompanyRepo } from './company.repo.js';
export { companyRoutes } from './company.routes.js';
export { createCompanyService } from './company.service.js';
