/**
 * The address module: address search for the company form (routes, service, repo). Code outside the
 * module imports it from here only.
 */
export { registerAddressModule } from './address.module.js';
