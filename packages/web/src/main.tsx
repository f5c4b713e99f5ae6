import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './global.css';
import App from './App';
import { installGlobalErrorLog } from './utils/error-log';

installGlobalErrorLog();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
