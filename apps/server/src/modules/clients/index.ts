export { registerClientsModule } from './clients.module.js';
