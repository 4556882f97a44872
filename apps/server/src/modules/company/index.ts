/**
 * The company module: a company's own information (routes, service, repo). Code outside the module
 * imports it from here only.
 */
export { registerCompanyModule } from './company.module.js';
