import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

// The toast container with its styles, loaded after the first paint (see Providers).
export { Notifications } from '@mantine/notifications';
