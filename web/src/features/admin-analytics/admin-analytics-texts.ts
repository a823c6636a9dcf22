// Registers this feature's texts when the lazily loaded dashboard area loads.
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-analytics.texts.json';

addTexts(texts);
