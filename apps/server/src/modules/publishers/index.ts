export { createPublishersRepo } from './publishers.repo.js';
export { publishersRoutes } from './publishers.routes.js';
export { createPublishersService } from './publishers.service.js';
