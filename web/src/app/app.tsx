// The provider stack: store (with persisted auth), brand theme, notifications and the router.
import { Provider } from 'react-redux';
import { NoticeProvider } from '../components/notices/notice-provider';
import { AppRouter } from './router/router';
import { BrandThemeProvider } from './providers/brand-theme-provider';
import type { AppStore } from './state/store';

interface AppProps {
  store: AppStore;
}

export function App({ store }: AppProps) {
  return (
    <Provider store={store}>
      <BrandThemeProvider>
        <NoticeProvider>
          <AppRouter />
        </NoticeProvider>
      </BrandThemeProvider>
    </Provider>
  );
}
