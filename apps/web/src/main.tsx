import '@/lib/styles/public-styles';
import { App } from '@/app/app';
import { mount } from '@/app/mount';

mount(<App />);
