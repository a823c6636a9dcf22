// The provider stack: store (with persisted auth), brand theme, notifications and the router.
import { Provider } from 'react-redux';
import { NoticeStack } from '../components/notices/notice-stack';
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
        <AppRouter />
        <NoticeStack />
      </BrandThemeProvider>
    </Provider>
  );
}
