/**
 * The team module: a company's users and invitations. Code outside the module imports it from here
 * only.
 */
export { registerTeamModule } from './team.module.js';
