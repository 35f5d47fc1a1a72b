import { captureRequestOf } from '../context-menu.ts';
import { renderPage } from '../page.tsx';
import { PopupPage } from './popup-page.tsx';

renderPage(<PopupPage request={captureRequestOf(window.location.search)} />);
