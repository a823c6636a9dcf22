import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstScreen } from './app/api/first-screen';
import { installHttpClient } from './app/auth/install-http-client';
import { initI18n } from './app/i18n/i18n';
import { firstRoutePreload } from './app/router/router';
import { createStore } from './app/state/store';

initI18n();
const { store } = createStore();
installHttpClient(store);
// the boot data from index.html into the cache, and /chat's requests in one wave, before the first render
startFirstScreen(store);

// after the first page's chunks are imported (app/router/router.tsx), so that it renders without suspending
void firstRoutePreload.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  ),
);
