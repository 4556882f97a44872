/**
 * The reference data module: the option lists behind GET /api/data. Code outside the module imports
 * it from here only.
 */
export { registerReferenceDataModule } from './reference-data.module.js';
