export { PublisherUsersPage } from './pages/publisher-users-page';
