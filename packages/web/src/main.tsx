import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLanguageLoaded } from './i18n';
import './global.css';
import App from './App';
import { installGlobalErrorLog } from './utils/error-log';

installGlobalErrorLog();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The first render waits for the language's strings (at once in Chinese): no flash of the fallback.
void initialLanguageLoaded.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
