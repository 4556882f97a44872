export { HelpMenuItem } from './components/help-menu-item';
export { SupportServices } from './components/support-services';
