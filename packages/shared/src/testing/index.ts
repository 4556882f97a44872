// Builders for tests in every workspace; exported as '@fieldbot/shared/testing', never from the main entry.
export { makeCompany, makeUser } from './users';
