import { renderPage } from '../page.tsx';
import { OptionsPage } from './options-page.tsx';

renderPage(<OptionsPage />);
