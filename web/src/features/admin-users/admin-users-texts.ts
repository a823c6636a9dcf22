// Registers this feature's texts when the lazily loaded users area loads (keeps the chat bundle small).
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-users.texts.json';

addTexts(texts);
