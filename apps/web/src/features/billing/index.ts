export { BillingLayout } from './pages/billing-layout';
export { InvoiceHistoryPage } from './pages/invoice-history-page';
export { TransactionHistoryPage } from './pages/transaction-history-page';
export { CapacityPage } from './pages/capacity-page';
