export { registerSearchModule } from './search.module.js';
