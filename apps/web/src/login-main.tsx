import '@/lib/styles/public-styles';
import { LoginApp } from '@/app/login-app';
import { mount } from '@/app/mount';

// The login page's entry (login.html): React and Mantine without the router and the query client,
// ~40 KB gzip less than the app's entry for the page most visitors open first.
mount(<LoginApp />);
