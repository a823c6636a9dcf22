// Registers this feature's texts when the lazily loaded moderation area loads.
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-moderation.texts.json';

addTexts(texts);
