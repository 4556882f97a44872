/**
 * The payment methods module: a company's saved cards. Code outside the module imports it from here
 * only.
 */
export { registerPaymentMethodsModule } from './payment-methods.module.js';
