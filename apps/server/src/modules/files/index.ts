/**
 * The files module: uploads and their signed URLs. Code outside the module imports it from here
 * only.
 */
export { registerFilesModule } from './files.module.js';
export { extensionOf } from './files.service.js';
export { isFinishedUploadOf } from './finished-upload.js';
