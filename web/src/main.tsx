import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installHttpClient } from './app/auth/install-http-client';
import { initI18n } from './app/i18n/i18n';
import { createStore } from './app/state/store';

initI18n();
const { store } = createStore();
installHttpClient(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
