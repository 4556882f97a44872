/**
 * The files module: uploads and their signed URLs. Code outside the module imports it from here
 * only.
 */
export { createFilesRepo } from './files.repo.js';
export { filesRoutes } from './files.routes.js';
export { createFilesService, extensionOf } from './files.service.js';
export { isFinishedUploadOf } from './finished-upload.js';
export { createUploadUrls } from './upload-urls.js';
