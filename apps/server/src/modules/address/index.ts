/**
 * The address module: address search for the company form (routes, service, repo). Code outside the
 * module imports it from here only.
 */
export { createAddressRepo } from './address.repo.js';
export { addressRoutes } from './address.routes.js';
export { createAddressService } from './address.service.js';
