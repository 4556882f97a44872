/**
 * The team module: a company's users and invitations. Code outside the module imports it from here
 * only.
 */
export { createTeamRepo } from './team.repo.js';
export { teamRoutes } from './team.routes.js';
export { createTeamService } from './team.service.js';
