// Registers this feature's texts when the lazily loaded audit area loads.
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-audit.texts.json';

addTexts(texts);
