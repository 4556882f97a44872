export * from './reference.js';
export * from './roles.js';
export * from './organisations.js';
export * from './users.js';
export * from './auth.js';
export * from './files.js';
export * from './interactions.js';
