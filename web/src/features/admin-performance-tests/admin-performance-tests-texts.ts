// Registers this feature's texts when the lazily loaded performance tests area loads.
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-performance-tests.texts.json';

addTexts(texts);
