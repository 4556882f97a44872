export { DisabledReason, type DisabledReasonProps } from './disabled-reason';
