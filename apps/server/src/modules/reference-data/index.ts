/**
 * The reference data module: the option lists behind GET /api/data. Code outside the module imports
 * it from here only.
 */
export { createReferenceDataRepo } from './reference-data.repo.js';
export { referenceDataRoutes } from './reference-data.routes.js';
export { createReferenceDataService } from './reference-data.service.js';
